import { type RouteConfigEntry } from "@react-router/dev/routes";
import { expect, it, vi } from "vitest";

function paths(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [entry.path ?? "", ...paths(entry.children ?? [])]);
}

/** The route map as a build made with `env` reads it (app/routes.ts is read once per build). */
async function routePaths(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  try {
    return paths((await import("../../app/routes")).default);
  } finally {
    vi.unstubAllEnvs();
  }
}

it("a build for deployment has no route of the development tooling", async () => {
  expect(await routePaths({})).toContain("dev/d1-queries");
  const deployed = await routePaths({ VITE_DEPLOY: "1" });
  expect(deployed).not.toContain("dev/d1-queries");
  // The local checkout stands in for Stripe's on this machine only.
  expect(await routePaths({})).toContain("dev/checkout/:sessionId");
  expect(deployed).not.toContain("dev/checkout/:sessionId");
  expect(deployed).toContain("webhooks/stripe");
  expect(deployed).toContain("locations");
});
