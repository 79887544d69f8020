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
  /** The list of visible locations; "2": the shape with room sizes, not read from older copies. */
  visibleLocations: (version: string) => `locations:visible:2:${version}`,
  /** A location's public detail (no prices), by the slug or id it was asked for. */
  locationDetail: (version: string, slugOrId: string) => `location:${version}:${slugOrId}`,
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

export async function cachedJson<T>(
  kv: KVNamespace,
  key: string,
  ttlSeconds: number,
  load: () => Promise<T>,
  waitUntil?: (promise: Promise<unknown>) => void,
): Promise<T> {
  const hit = await kv.get<T>(key, "json");
  if (hit !== null) return hit;
  const value = await load();
  // Nothing is stored for a missing location: the next request asks again.
  if (value === null) return value;
  const write = kv.put(key, JSON.stringify(value), { expirationTtl: ttlSeconds });
  if (waitUntil) waitUntil(write);
  else await write;
  return value;
}

/** Starts a new catalogue version: every cached list, detail and page is read afresh. */
export async function invalidateLocationCaches(kv: KVNamespace) {
  await kv.put(VERSION_KEY, `v${Date.now().toString(36)}${crypto.randomUUID().slice(0, 8)}`);
}
