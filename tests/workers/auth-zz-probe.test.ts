import { it } from "vitest";
import { BOT_CHECK, createUser, post } from "./auth-helpers";
it("probe", async () => {
  const user = await createUser();
  await post("/login", { email: user.email, dest: "/members", variant: "login", ...BOT_CHECK });
  const second = await post("/login", { email: user.email, dest: "/members", variant: "login", ...BOT_CHECK });
  const html = await second.text();
  console.log("STATUS", second.status, html.replace(/.*<main/s, "<main").replace(/<footer.*/s, "").slice(0, 3000));
  const i = html.indexOf("Rate");
  console.log("IDX", i, html.slice(i - 200, i + 400));
});
