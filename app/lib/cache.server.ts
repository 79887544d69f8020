/**
 * The one place that owns KV cache keys, their lifetimes and their invalidation. Admin writes call
 * invalidateLocationCaches() so a change shows on the public pages on the next request.
 */

const VERSION = "v1";

export const cacheKeys = {
  visibleLocations: `locations:visible:${VERSION}`,
} as const;

/** The location list is cached for 5 minutes. */
export const LOCATION_LIST_TTL_SECONDS = 5 * 60;

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
  const write = kv.put(key, JSON.stringify(value), { expirationTtl: ttlSeconds });
  if (waitUntil) waitUntil(write);
  else await write;
  return value;
}

export async function invalidateLocationCaches(kv: KVNamespace) {
  await kv.delete(cacheKeys.visibleLocations);
}
