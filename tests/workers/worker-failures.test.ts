import { env } from "cloudflare:workers";
import { RouterContextProvider, UNSAFE_ErrorResponseImpl } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import { listFeatured } from "~/catalogue/featured.server";
import { createDb } from "~/db/client.server";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { createUser, signIn } from "./auth-helpers";
import { ORIGIN, post, request, visibleSeed, visibleText } from "./helpers";

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

describe("when storage refuses an admin's write", () => {
  /** D1 as the app sees it, whose batches (every write here) fail. */
  function failWrites() {
    const withSession = env.DB.withSession.bind(env.DB);
    vi.spyOn(env.DB, "withSession").mockImplementation((constraint) => {
      const session = withSession(constraint);
      return new Proxy(session, {
        get(target, key) {
          if (key === "batch") return () => Promise.reject(new Error("D1 write failed"));
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    });
  }

  it("answers 503 (nothing kept, trying again is safe) with the admin's words", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const admin = await createUser("admin");
    const cookie = await signIn(admin.id);
    failWrites();
    const name = `Unstored Cove ${crypto.randomUUID().slice(0, 8)}`;
    // As the page's scripts send them (.data): the action's own answer, without the page's reads.
    const created = await post(
      "/admin.data?index&new=1",
      { intent: "create-location", name, country: "United States", minimumNights: "7" },
      cookie,
    );
    expect(created.status).toBe(503);
    // The order as it stands (the save is refused as stale otherwise): only its write fails.
    const order = await listFeatured(createDb(env.DB));
    const body = new URLSearchParams([["intent", "save"], ...order.map(({ id }) => ["ids", id])]);
    const featured = await request("/admin/featured.data", {
      method: "POST",
      body,
      headers: { Origin: ORIGIN, Cookie: cookie },
      redirect: "manual",
    });
    expect(featured.status).toBe(503);
    vi.restoreAllMocks();
    const stored = await env.DB.prepare("SELECT count(*) AS count FROM locations WHERE name = ?")
      .bind(name)
      .first<{ count: number }>();
    expect(stored?.count).toBe(0);
  });
});

describe("when storage cannot be read", () => {
  /**
   * D1 as the app sees it, whose every query fails, and a KV cache that holds nothing: a new
   * catalogue version, which no isolate has read either.
   */
  async function failReads() {
    await invalidateLocationCaches(env.CACHE);
    const withSession = env.DB.withSession.bind(env.DB);
    vi.spyOn(env.DB, "withSession").mockImplementation((constraint) => {
      const session = withSession(constraint);
      return new Proxy(session, {
        get(target, key) {
          if (key === "prepare" || key === "batch") {
            return () => {
              throw new Error("D1 read failed");
            };
          }
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    });
    vi.spyOn(env.CACHE, "getWithMetadata").mockResolvedValue({
      value: null,
      metadata: null,
      cacheStatus: null,
    } as never);
  }

  it.each([
    ["/", ["Error loading locations: Failed to load featured locations", "Welcome home"]],
    ["/locations", ["Error loading locations: Failed to load location data", "Our Locations"]],
    [`/locations/${location.slug}`, ["Error: Failed to load location details"]],
  ])("%s answers 503 with the page's own words, and is not stored", async (path, shown) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await failReads();
    const response = await request(path, { headers: { Cookie: "seen=1" } });
    expect(response.status).toBe(503);
    expect(response.headers.get("Cache-Control")).not.toMatch(/public|s-maxage/);
    const text = visibleText(await response.text());
    for (const words of shown) expect(text).toContain(words);
  });

  it("a location page says in its title that it is unavailable, not that it does not exist", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await failReads();
    const response = await request(`/locations/${location.slug}`, {
      headers: { Cookie: "seen=1" },
    });
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain("<title>Location unavailable |");
    expect(html).not.toContain("Location not found");
    // Nor does it name another address as its own, as a page that is gone would.
    expect(html).not.toContain('rel="canonical"');
  });
});

describe("the server's error log", () => {
  const request = new Request(ORIGIN);

  it("keeps to the server's own failures: the router's refusal of a request (a POST to a page without a form) is the client's", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const refusal = new UNSAFE_ErrorResponseImpl(
      405,
      "Method Not Allowed",
      new Error('You made a POST request to "/" but did not provide an `action`'),
      true,
    );
    handleError(refusal, { request, params: {}, context: new RouterContextProvider() });
    expect(logged).not.toHaveBeenCalled();

    const failure = new Error("D1 read failed");
    handleError(failure, { request, params: {}, context: new RouterContextProvider() });
    expect(logged).toHaveBeenCalledWith(failure);
  });
});
