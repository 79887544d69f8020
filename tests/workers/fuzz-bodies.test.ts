import { describe, expect, it } from "vitest";
import { bodies, json, POST_ENDPOINTS, quietConsole, run, type FuzzStats } from "./fuzz";

/**
 * Admin pages whose forms, sent without JavaScript, are refused with a redirect back to the page
 * and the error in a toast; every other refusal is a 4xx.
 */
const REFUSED_BY_REDIRECT = ["/admin", "/admin/requests", "/admin/images"];

const bodyCases = POST_ENDPOINTS.flatMap((endpoint) =>
  endpoint.roles.map((role) => ({
    path: endpoint.path,
    role,
    cases: bodies(endpoint.fields, endpoint.fixed).map((body) => ({
      ...body,
      method: "POST",
      path: endpoint.path,
    })),
  })),
);
const paths = [...new Set(POST_ENDPOINTS.map((endpoint) => endpoint.path))];
const METHODS = ["PUT", "DELETE", "PATCH"];

describe("the fuzz suite, bodies and methods: no 5xx and no partial rows", () => {
  quietConsole();

  it("sends at least 500 hostile bodies", () => {
    const count = bodyCases.reduce((sum, { cases }) => sum + cases.length, 0);
    expect(count + paths.length * METHODS.length).toBeGreaterThanOrEqual(500);
  });

  it.each(bodyCases.map(({ path, role, cases }) => [path, role, cases] as const))(
    "POST %s as a %s: every kind of body",
    async (path, role, cases) => {
      const stats: FuzzStats = { redirectRefusals: 0 };
      expect(await run(cases, role, stats)).toEqual([]);
      expect(stats.redirectRefusals > 0).toBe(
        role === "admin" && REFUSED_BY_REDIRECT.includes(path),
      );
    },
    120_000,
  );

  it.each(METHODS)("%s on every endpoint", async (method) => {
    const cases = paths.map((path) => ({ label: method, method, path, ...json({}) }));
    expect(await run(cases, "admin", { redirectRefusals: 0 })).toEqual([]);
  });
});
