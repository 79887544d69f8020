import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createAppContext } from "~/context";
import { cacheKeys, catalogueVersion, invalidateLocationCaches } from "~/lib/cache.server";
import { getVisibleLocationSummaries } from "~/catalogue/location-reads.server";
import { countingD1, ORIGIN, request, visibleSeed } from "./helpers";

describe("visible-location list cache", () => {
  it("loads the list in one D1 batch, then serves it from KV with no D1 query", async () => {
    await invalidateLocationCaches(env.CACHE);
    const { db, calls } = countingD1(env.DB);
    const ctx = createExecutionContext();
    const cloudflare = createAppContext({ env: { ...env, DB: db }, ctx }, new Request(ORIGIN));

    // The catalogue as it stands (other test files of this worker add to the seed).
    const visible = await env.DB.prepare(
      "SELECT count(*) AS n FROM locations WHERE hidden = 0",
    ).first<{ n: number }>();
    const first = await getVisibleLocationSummaries(cloudflare);
    await waitOnExecutionContext(ctx);
    expect(first).toHaveLength(visible!.n);
    expect(first.length).toBeGreaterThanOrEqual(visibleSeed.length);
    expect(calls).toEqual({ batch: 1, statements: 0 });
    const version = await catalogueVersion(env.CACHE);
    expect(await env.CACHE.get(cacheKeys.visibleLocations(version))).not.toBeNull();

    const second = await getVisibleLocationSummaries(cloudflare);
    expect(second).toEqual(first);
    expect(calls).toEqual({ batch: 1, statements: 0 });
  });

  it("keeps serving the cached page until the cache is invalidated", async () => {
    await invalidateLocationCaches(env.CACHE);
    const ctx = createExecutionContext();
    await getVisibleLocationSummaries(createAppContext({ env, ctx }, new Request(ORIGIN)));
    await waitOnExecutionContext(ctx);

    await env.DB.prepare(
      "INSERT INTO locations (id, name, slug, country) VALUES ('loc-cache-test', 'Cache Test Retreat', 'cache-test-retreat', 'Aruba')",
    ).run();
    try {
      expect(await (await request("/locations")).text()).not.toContain("Cache Test Retreat");
      await invalidateLocationCaches(env.CACHE);
      expect(await (await request("/locations")).text()).toContain("Cache Test Retreat");
    } finally {
      await env.DB.prepare("DELETE FROM locations WHERE id = 'loc-cache-test'").run();
      await invalidateLocationCaches(env.CACHE);
    }
  });
});
