import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { request, visibleSeed } from "./helpers";

/*
 * What fails around the app (the edge's page cache, the worker's own setup) never leaves a visitor
 * with a bare platform error: the page is rendered without the cache, and a failure nothing else
 * answers is a short page that still carries the security headers.
 */

afterEach(() => vi.restoreAllMocks());

const location = visibleSeed[0]!;

describe("when the edge's page cache fails", () => {
  it.each([
    ["cannot be opened", () => vi.spyOn(caches, "open").mockRejectedValue(new Error("cache down"))],
    [
      "cannot be read",
      () =>
        vi.spyOn(caches, "open").mockResolvedValue({
          match: () => Promise.reject(new Error("cache read failed")),
          put: () => Promise.resolve(),
        } as unknown as Cache),
    ],
    [
      "cannot be written",
      () =>
        vi.spyOn(caches, "open").mockResolvedValue({
          match: () => Promise.resolve(undefined),
          put: () => Promise.reject(new Error("cache write failed")),
        } as unknown as Cache),
    ],
  ])("a visitor still gets the page when it %s", async (_, breakCache) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    breakCache();
    const response = await request(`/locations/${location.slug}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(location.name);
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });
});

describe("a failure outside the app", () => {
  it("answers with a short page and the security headers, not a platform error", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(env.DB, "withSession").mockImplementation(() => {
      throw new Error("D1 unavailable");
    });
    const response = await request("/");
    expect(response.status).toBe(500);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await response.text()).toBe(
      "Something went wrong on our side. Please try again in a moment.",
    );
  });
});
