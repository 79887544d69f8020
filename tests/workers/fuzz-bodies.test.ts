import { describe, expect, it } from "vitest";
import { bodies, json, POST_ENDPOINTS, quietConsole, run, type FuzzStats } from "./fuzz";

describe("the fuzz suite, bodies and methods: no 5xx and no partial rows", () => {
  quietConsole();
  const stats: FuzzStats = { sent: 0, redirectRefusals: 0 };

  it.each(
    POST_ENDPOINTS.flatMap((endpoint) =>
      endpoint.roles.map((role) => [endpoint.path, role, endpoint] as const),
    ),
  )(
    "POST %s as a %s: every kind of body",
    async (path, role, endpoint) => {
      const cases = bodies(endpoint.fields, endpoint.fixed).map((body) => ({
        ...body,
        method: "POST",
        path,
      }));
      expect(await run(cases, role, stats)).toEqual([]);
    },
    120_000,
  );

  it.each(["PUT", "DELETE", "PATCH"])("%s on every endpoint", async (method) => {
    const paths = [...new Set(POST_ENDPOINTS.map((endpoint) => endpoint.path))];
    const cases = paths.map((path) => ({ label: method, method, path, ...json({}) }));
    expect(await run(cases, "admin", stats)).toEqual([]);
  });

  // Runs last (a file's tests run in order): the suite is only as good as its size.
  it("sent at least 500 hostile bodies, redirected refusals among them", () => {
    expect(stats.sent).toBeGreaterThanOrEqual(500);
    expect(stats.redirectRefusals).toBeGreaterThan(0);
  });
});
