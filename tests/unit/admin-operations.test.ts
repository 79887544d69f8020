import { type RouteConfigEntry } from "@react-router/dev/routes";
import { expect, it } from "vitest";
import routes from "~/routes";
import { ADMIN_OPERATIONS } from "~/lib/rate-limit-admin.server";

/** Every route's full path, its parents' paths before it. */
function paths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    return [path, ...paths(entry.children ?? [], path)];
  });
}

it("the rate-limit page names every admin operation the admin check counts", () => {
  // The check counts by the first two segments of the path (checkAdmin in guards.server.ts).
  const counted = new Set(
    paths(routes)
      .filter((path) => path.startsWith("/admin") || path === "/api/manage-users")
      .map((path) => path.split("/").slice(0, 3).join("/")),
  );
  const named = ADMIN_OPERATIONS.map((item) => item.operation);
  expect([...counted].sort()).toEqual([...named].sort());
});
