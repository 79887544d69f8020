import { expect, test, type Page } from "@playwright/test";
import { writeFile } from "node:fs/promises";
import { seedLocations } from "../../scripts/seed/data";
import { ACCOUNTS, signIn } from "./support/accounts";
import { holdHydration, isHydrated } from "./support/hydration";

/**
 * A slow phone shows the page before its scripts run: what a person types or chooses in that
 * time must survive the scripts taking over, on every form and filter.
 */

/**
 * Opens `path` with its scripts held back, lets `act` fill the page as served, then lets the
 * scripts run and waits until React has taken the page over and settled.
 */
async function beforeHydration(page: Page, path: string, act: () => Promise<void>) {
  const release = await holdHydration(page);
  await page.goto(path, { waitUntil: "commit" });
  await act();
  expect(await isHydrated(page), "hydrated before its script was let through").toBe(false);
  await release();
  // Effects run after hydration, and a render they cause follows within a frame or two.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
  );
}

const hawaii = seedLocations.find((location) => location.state === "Hawaii" && !location.hidden)!;

test("a filter chosen and a search typed on /locations are applied once the scripts run", async ({
  page,
}) => {
  await beforeHydration(page, "/locations", async () => {
    await page.getByLabel("Country", { exact: true }).selectOption({ label: "United States" });
    await page.getByLabel("Search", { exact: true }).fill(hawaii.name);
  });
  await expect(page).toHaveURL(
    `/locations?country=united-states&q=${encodeURIComponent(hawaii.name).replaceAll("%20", "+")}`,
  );
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue("united-states");
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue(hawaii.name);
  await expect(page.getByRole("link", { name: new RegExp(hawaii.name) })).toBeVisible();
});

test("what is typed into the contact form stays", async ({ page }) => {
  await beforeHydration(page, "/contact", async () => {
    await page.getByLabel("First name").fill("Ada");
    await page.getByRole("textbox", { name: "Message" }).fill("Typed before the scripts ran.");
  });
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(
    "Typed before the scripts ran.",
  );
});

test("long text typed before the scripts run is counted once they do", async ({ page }) => {
  const answer = "I have planned group trips for years.";
  await beforeHydration(page, "/agents", async () => {
    await page.getByLabel("Why would you thrive at our agency?").fill(answer);
  });
  await expect(page.getByText(`${answer.length} / 50 characters minimum`)).toBeVisible();

  await beforeHydration(page, "/contact", async () => {
    await page.getByRole("textbox", { name: "Message" }).fill("m".repeat(4700));
  });
  await expect(page.getByText("4,700 of 5,000 characters", { exact: true })).toBeVisible();
});

test("the bot check ticked before the scripts run lets the sign-in form send", async ({ page }) => {
  await beforeHydration(page, "/login", async () => {
    await page.getByLabel("Email").fill("early-ticker@example.com");
    await page.getByLabel("I'm not a robot").check();
  });
  await expect(page.getByLabel("I'm not a robot")).toBeChecked();
  await expect(page.getByRole("button", { name: "Send magic link" })).toBeEnabled();
});

test("a member's guests and dates on /book stay and count", async ({ page, context, baseURL }) => {
  await signIn(context, ACCOUNTS.member, "searches by price", baseURL!);
  await beforeHydration(page, `/book?location=${hawaii.slug}`, async () => {
    await page.getByLabel("Adults").selectOption("3");
    await page.getByLabel("Children (ages 2-12)").selectOption("1");
  });
  await expect(page.getByLabel("Adults")).toHaveValue("3");
  await expect(page.getByText("Total guests: 4")).toBeVisible();
});

test("another room chosen on a week's booking form before the scripts run leaves that week for the room's own", async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, ACCOUNTS.member, "searches by price", baseURL!);
  // Found in a tab of its own: this one's first load must be the one whose scripts are held.
  const locationPage = await context.newPage();
  await locationPage.goto(`/locations/${hawaii.slug}`);
  const weekHref = await locationPage
    .getByRole("link", { name: /^Request the week of/ })
    .first()
    .getAttribute("href");
  await locationPage.close();
  let otherRoom = "";
  await beforeHydration(page, weekHref!, async () => {
    // The page is still arriving (its first bytes are enough to act on): once the form's last
    // control is there, the room list above it is whole.
    await page
      .getByRole("button", { name: "Submit Booking Request" })
      .waitFor({ state: "attached" });
    const room = page.getByLabel("Room type");
    const chosen = new URL(weekHref!, baseURL).searchParams.get("roomType");
    const rooms = await room
      .locator("option")
      .evaluateAll((options) => options.map((option) => option.getAttribute("value") ?? ""));
    otherRoom = rooms.find((value) => value && value !== chosen)!;
    await room.selectOption(otherRoom);
  });
  // As choosing it with the scripts running does: the other room, none of the first one's weeks.
  await expect(page).toHaveURL(
    `/book?${new URLSearchParams({ location: hawaii.slug, roomType: otherRoom })}`,
  );
  await expect(page.getByLabel("Room type")).toHaveValue(otherRoom);
});

test("an admin's place and location search stay", async ({ page, context, baseURL }) => {
  await signIn(context, ACCOUNTS.placeRules, "place rules", baseURL!);
  await beforeHydration(page, "/admin?new=1", async () => {
    await page.getByLabel("Country").selectOption("Mexico");
    await page.getByLabel("Search locations").fill("zzz");
  });
  await expect(page.getByLabel("Country")).toHaveValue("Mexico");
  // Mexico has no states: the rules apply to what was chosen.
  await expect(page.getByLabel("State")).toHaveCount(0);
  await expect(page.getByLabel("Search locations")).toHaveValue("zzz");
});

test("an admin's change made before the scripts run still asks before the page is left", async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, ACCOUNTS.placeRules, "place rules", baseURL!);
  await beforeHydration(page, "/admin?new=1", async () => {
    await page.getByLabel("Country").selectOption("Mexico");
  });
  const asked = new Promise<string>((resolve) =>
    page.once("dialog", async (dialog) => {
      resolve(dialog.message());
      await dialog.dismiss();
    }),
  );
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Checklist" })
    .click();
  expect(await asked).toContain("You have unsaved changes.");
  await expect(page).toHaveURL("/admin?new=1");
  await expect(page.getByLabel("Country")).toHaveValue("Mexico");
});

test("an admin's location search typed before the scripts run is applied to the list", async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, ACCOUNTS.placeRules, "place rules", baseURL!);
  await beforeHydration(page, "/admin", async () => {
    await page.getByLabel("Search locations").fill("zzz");
  });
  await expect(page).toHaveURL("/admin?q=zzz");
  await expect(page.getByLabel("Search locations")).toHaveValue("zzz");
  await expect(
    page.locator('section[aria-labelledby="picker-heading"]').getByText("No locations found"),
  ).toBeVisible();
});

test("an admin's new country chosen before the scripts run clears the state and island it replaced", async ({
  page,
  context,
  baseURL,
}) => {
  const maui = seedLocations.find(
    (location) => location.state === "Hawaii" && location.city === "Maui" && !location.hidden,
  )!;
  await signIn(context, ACCOUNTS.placeRules, "place rules", baseURL!);
  await beforeHydration(page, `/admin?location=${maui.id}`, async () => {
    await page.getByLabel("Country").selectOption("US Virgin Islands");
  });
  await expect(page.getByLabel("Country")).toHaveValue("US Virgin Islands");
  await expect(page.getByLabel("State")).toHaveCount(0);
  await expect(page.getByLabel("City")).toHaveValue("");
  await expect(page.getByLabel("Island")).toHaveCount(0);
});

test("an island typed into City before the scripts run, still being typed in, becomes the island chosen; nothing is sent", async ({
  page,
  context,
  baseURL,
}) => {
  const mainland = seedLocations.find(
    (location) => location.country === "United States" && location.state !== "Hawaii",
  )!;
  await signIn(context, ACCOUNTS.placeRules, "place rules", baseURL!);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await beforeHydration(page, `/admin?location=${mainland.id}`, async () => {
    await page.getByLabel("Name", { exact: true }).fill("Renamed before the scripts");
    await page.getByLabel("State").selectOption("Hawaii");
    // The hint says the city is an island: typed, and the field keeps the focus.
    await page.getByLabel("City").fill("Maui");
  });
  await expect(page.getByLabel("Island")).toHaveValue("Maui");
  await expect(page.getByLabel("Island")).toBeFocused();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Renamed before the scripts");
  expect(posts).toEqual([]);
});

test("a filter chosen while React takes the page over is applied, not put back", async ({
  page,
  context,
}) => {
  // A slow phone: hydration takes long enough to choose in the middle of it.
  const devtools = await context.newCDPSession(page);
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: 10 });
  // React has started on the document, and the page's last element is not yet its own. On a busy
  // machine a load can slip past that moment before the test sees it: then it loads again.
  let midHydration = false;
  for (let load = 0; load < 5 && !midHydration; load++) {
    await page.goto("/locations", { waitUntil: "commit" });
    await page.waitForFunction(
      () => Object.keys(document).some((key) => key.startsWith("__reactContainer")),
      null,
      { polling: 5 },
    );
    midHydration = await page.evaluate(
      () =>
        !Object.keys(document.querySelector("footer")!).some((key) =>
          key.startsWith("__reactFiber"),
        ),
    );
  }
  expect(midHydration).toBe(true);
  await page.getByLabel("Guests").selectOption("8");
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await expect(page).toHaveURL("/locations?guests=8");
  await expect(page.getByLabel("Guests")).toHaveValue("8");
});

test("photos an admin chooses before the scripts run are listed, ready to upload", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await signIn(context, ACCOUNTS.placeRules, "place rules", baseURL!);
  const photo = testInfo.outputPath("early.png");
  // The smallest PNG there is: one white pixel.
  await writeFile(
    photo,
    Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=",
      "base64",
    ),
  );
  const maui = seedLocations.find((location) => location.city === "Maui" && !location.hidden)!;
  await beforeHydration(page, `/admin?location=${maui.id}`, async () => {
    await page.getByLabel("Choose images to upload").first().setInputFiles(photo);
  });
  await expect(page.getByText("1 image selected").first()).toBeVisible();
  await expect(page.getByText("early.png").first()).toBeVisible();
});
