import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAppContext } from "~/context";
import {
  CATALOGUE_TTL_SECONDS,
  cacheKeys,
  catalogueVersion,
  invalidateLocationCaches,
} from "~/lib/cache.server";
import { getVisibleLocationSummaries } from "~/catalogue/location-reads.server";
import { countingD1, ORIGIN, request, visibleSeed } from "./helpers";

/** A KV binding that notes the key of every read made through it. */
function countingKv(kv: KVNamespace) {
  const reads: string[] = [];
  const counted = new Proxy(kv, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (key === "get" || key === "getWithMetadata") {
        return (name: string, ...rest: unknown[]) => {
          reads.push(name);
          return value.call(target, name, ...rest);
        };
      }
      return value.bind(target);
    },
  });
  return { kv: counted, reads };
}

/** The list as one request reads it, through bindings that count its KV reads and D1 calls. */
async function readListCounted() {
  const { kv, reads } = countingKv(env.CACHE);
  const { db, calls } = countingD1(env.DB);
  const ctx = createExecutionContext();
  const app = createAppContext({ env: { ...env, CACHE: kv, DB: db }, ctx }, new Request(ORIGIN));
  const list = await getVisibleLocationSummaries(app);
  await waitOnExecutionContext(ctx);
  return { list, reads, calls };
}

describe("visible-location list cache", () => {
  it("loads the list in one D1 batch and stores it in KV", async () => {
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

  it("a warm isolate keeps the list it read: the next request reads neither KV's copy nor D1", async () => {
    await invalidateLocationCaches(env.CACHE);
    const listKey = cacheKeys.visibleLocations(await catalogueVersion(env.CACHE));
    const first = await readListCounted();
    expect(first.calls).toEqual({ batch: 1, statements: 0 });

    // A thousand locations are over a megabyte of JSON: read and parsed once, not per request.
    const next = await readListCounted();
    expect(next.list).toEqual(first.list);
    expect(next.reads).not.toContain(listKey);
    expect(next.calls).toEqual({ batch: 0, statements: 0 });
  });

  describe("with the clock moved on", () => {
    afterEach(() => vi.useRealTimers());

    it("the isolate's copy lives no longer than the cached list it came from", async () => {
      await invalidateLocationCaches(env.CACHE);
      const listKey = cacheKeys.visibleLocations(await catalogueVersion(env.CACHE));
      await readListCounted();
      vi.useFakeTimers({ toFake: ["Date"] });
      // Read last before its final minute, when a read would renew it (below).
      vi.advanceTimersByTime(CATALOGUE_TTL_SECONDS * 1000 - 61_000);
      expect((await readListCounted()).reads).not.toContain(listKey);
      vi.advanceTimersByTime(62_000);
      expect((await readListCounted()).reads).toContain(listKey);
    });

    it("a request in the list's last minute renews it after answering, so none waits on D1 when it would have expired", async () => {
      await invalidateLocationCaches(env.CACHE);
      const listKey = cacheKeys.visibleLocations(await catalogueVersion(env.CACHE));
      const first = await readListCounted();
      expect(first.calls).toEqual({ batch: 1, statements: 0 });
      const stored = async () =>
        (await env.CACHE.getWithMetadata<unknown, { expiresAt: number }>(listKey, "json")).metadata!
          .expiresAt;
      const firstExpiry = await stored();
      vi.useFakeTimers({ toFake: ["Date"] });

      // Early in its life the list is only read.
      vi.advanceTimersByTime(60_000);
      expect((await readListCounted()).calls).toEqual({ batch: 0, statements: 0 });

      // In its last minute, two requests at once: each answers from the copy it has, and one
      // reads the list again in the background (after the answer, in waitUntil).
      vi.advanceTimersByTime(CATALOGUE_TTL_SECONDS * 1000 - 60_000 - 30_000);
      const [one, other] = await Promise.all([readListCounted(), readListCounted()]);
      expect(one.list).toEqual(first.list);
      expect(other.list).toEqual(first.list);
      expect(one.calls.batch + other.calls.batch).toBe(1);
      // Stored for a whole life from now, 30 s before the first copy would have ended.
      const renewedAfter = (await stored()) - firstExpiry;
      expect(renewedAfter).toBeGreaterThanOrEqual(CATALOGUE_TTL_SECONDS * 1000 - 30_000);
      expect(renewedAfter).toBeLessThan(CATALOGUE_TTL_SECONDS * 1000 - 29_000);

      // Past the first copy's end, the renewed one answers: no KV read, no D1.
      vi.advanceTimersByTime(60_000);
      const later = await readListCounted();
      expect(later.reads).not.toContain(listKey);
      expect(later.calls).toEqual({ batch: 0, statements: 0 });
    });
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
