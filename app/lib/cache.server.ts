/**
 * The one place that owns cache keys, their lifetimes and their invalidation. Every cached copy of
 * the catalogue (the KV lists and location details, the edge's copies of visitors' pages) is
 * stored under the catalogue's cache version; an admin write calls invalidateLocationCaches(),
 * which starts a new version, so a change shows on the public pages on the next request and the
 * old copies simply expire.
 */

const VERSION_KEY = "catalogue:version";
const INITIAL_VERSION = "v1";

export const cacheKeys = {
  /**
   * The list of visible locations; "3": the shape with room sizes and currency, not read from
   * older copies.
   */
  visibleLocations: (version: string) => `locations:visible:3:${version}`,
  /**
   * A location's public detail (no prices), by the slug or id it was asked for; "2": the shape
   * with its check-in and check-out times and currency, not read from older copies.
   */
  locationDetail: (version: string, slugOrId: string) => `location:2:${version}:${slugOrId}`,
  /**
   * The rooms with an open week in a month (YYYY-MM: one of the 18 the list offers); "2": the
   * shape with each room's currency, not read from older copies.
   */
  monthRooms: (version: string, month: string) => `month-rooms:2:${version}:${month}`,
  /** The months with an open week, of the 18 the list offers from `from` (YYYY-MM). */
  openMonths: (version: string, from: string) => `open-months:${version}:${from}`,
} as const;

/** Cached catalogue data lives 5 minutes at most, however rarely the catalogue changes. */
export const CATALOGUE_TTL_SECONDS = 5 * 60;

/** The current catalogue version: part of every cached copy's key. */
export async function catalogueVersion(kv: KVNamespace) {
  return (await kv.get(VERSION_KEY)) ?? INITIAL_VERSION;
}

/** The catalogue version for one request: read once, however many caches ask for it. */
export function requestCatalogueVersion(kv: KVNamespace) {
  let version: Promise<string> | undefined;
  return () => (version ??= catalogueVersion(kv));
}

/**
 * This isolate's parsed copies of what it read from or stored in KV, by key. A request that a warm
 * isolate serves neither reads KV nor parses JSON again: the list of a thousand locations is over a
 * megabyte of it. Keys carry the catalogue version, so a change still shows on the next request;
 * a copy lives no longer than the KV entry it came from. Only resolved values are kept (a promise
 * another request started may be cancelled with it), frozen, since requests share them.
 */
const isolateCopies = new Map<string, { value: unknown; expiresAt: number }>();
/** The list and the location pages being read; past it, the oldest copy goes first. */
const ISOLATE_COPIES_LIMIT = 100;

function keepInIsolate(key: string, value: unknown, expiresAt: number) {
  isolateCopies.delete(key);
  if (expiresAt <= Date.now()) return;
  isolateCopies.set(key, { value: deepFreeze(value), expiresAt });
  if (isolateCopies.size > ISOLATE_COPIES_LIMIT) {
    isolateCopies.delete(isolateCopies.keys().next().value!);
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** When a KV entry expires, as stored beside it (entries stored without it are not kept). */
type CacheMetadata = { expiresAt: number };

/**
 * A copy read in its last RENEW_WITHIN_SECONDS is loaded again after the answer (in waitUntil),
 * once per isolate at a time: while requests keep coming, no visitor waits on the rebuild (at a
 * thousand resorts, 95 ms of SQLite for one month's rooms), and no copy is served past its life.
 */
const RENEW_WITHIN_SECONDS = 60;
const renewing = new Set<string>();

/**
 * Stores a loaded value in KV and in the isolate for `ttlSeconds`. Nothing is stored for a missing
 * location (null): the next request asks again.
 */
async function store<T>(
  kv: KVNamespace,
  key: string,
  ttlSeconds: number,
  value: T,
  waitUntil?: (promise: Promise<unknown>) => void,
) {
  if (value === null) return;
  const expiresAt = Date.now() + ttlSeconds * 1000;
  const write = kv.put(key, JSON.stringify(value), {
    expirationTtl: ttlSeconds,
    metadata: { expiresAt } satisfies CacheMetadata,
  });
  if (waitUntil) waitUntil(write);
  else await write;
  keepInIsolate(key, value, expiresAt);
}

function renewWhenDue<T>(
  kv: KVNamespace,
  key: string,
  ttlSeconds: number,
  expiresAt: number,
  load: () => Promise<T>,
  waitUntil?: (promise: Promise<unknown>) => void,
) {
  if (!waitUntil || renewing.has(key)) return;
  if (expiresAt - Date.now() > RENEW_WITHIN_SECONDS * 1000) return;
  renewing.add(key);
  waitUntil(
    load()
      .then((value) => store(kv, key, ttlSeconds, value))
      // A failed renewal leaves the copy to end as it would have: the request after reads afresh.
      .catch((error: unknown) => console.error(`cache: renewing ${key} failed`, error))
      .finally(() => renewing.delete(key)),
  );
}

/** `load`'s value: this isolate's copy, else KV's, else loaded and stored. */
export async function cachedJson<T>(
  kv: KVNamespace,
  key: string,
  ttlSeconds: number,
  load: () => Promise<T>,
  waitUntil?: (promise: Promise<unknown>) => void,
): Promise<T> {
  const copy = isolateCopies.get(key);
  if (copy && copy.expiresAt > Date.now()) {
    renewWhenDue(kv, key, ttlSeconds, copy.expiresAt, load, waitUntil);
    return copy.value as T;
  }
  const hit = await kv.getWithMetadata<T, CacheMetadata>(key, "json");
  if (hit.value !== null) {
    const expiresAt = hit.metadata?.expiresAt ?? 0;
    keepInIsolate(key, hit.value, expiresAt);
    renewWhenDue(kv, key, ttlSeconds, expiresAt, load, waitUntil);
    return hit.value;
  }
  const value = await load();
  await store(kv, key, ttlSeconds, value, waitUntil);
  return value;
}

/** Starts a new catalogue version: every cached list, detail and page is read afresh. */
export async function invalidateLocationCaches(kv: KVNamespace) {
  await kv.put(VERSION_KEY, `v${Date.now().toString(36)}${crypto.randomUUID().slice(0, 8)}`);
}
