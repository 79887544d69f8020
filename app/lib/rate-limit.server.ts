/**
 * The one place for rate limits. Counters are fixed windows in KV: cheap and global, but
 * approximate (KV is eventually consistent), which suits abuse limits. A limit that must hold
 * exactly (the 60 s between sign-in links) is checked in D1 instead (see magic-link.server.ts).
 */

export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
  /** Log a warning once a key goes above this many calls in a window. */
  warnAbove?: number;
}

export const RATE_LIMITS = {
  /** More than 50 admin checks per 60 s per key → not authorized; above 10, a warning is logged. */
  adminCheck: { name: "admin-check", limit: 50, windowSeconds: 60, warnAbove: 10 },
  /** Sign-in link requests from one IP address. */
  magicLinkPerIp: { name: "magic-link-ip", limit: 10, windowSeconds: 600 },
  /** Booking requests, agent applications and support messages from one IP address. */
  requestFormsPerIp: { name: "request-forms-ip", limit: 20, windowSeconds: 600 },
} satisfies Record<string, RateLimitRule>;

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  limit: number;
  retryAfterSeconds: number;
}

function windowOf(rule: RateLimitRule, now: number) {
  const length = rule.windowSeconds * 1000;
  const start = Math.floor(now / length) * length;
  return { start, end: start + length };
}

const counterKey = (rule: RateLimitRule, key: string, windowStart: number) =>
  `rate:${rule.name}:${key}:${windowStart}`;

/** Counts one call for `key` and says whether it is within the rule. */
export async function hitRateLimit(
  kv: KVNamespace,
  rule: RateLimitRule,
  key: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const window = windowOf(rule, now);
  const storageKey = counterKey(rule, key, window.start);
  const count = Number((await kv.get(storageKey)) ?? 0) + 1;
  try {
    await kv.put(storageKey, String(count), {
      expirationTtl: Math.max(60, rule.windowSeconds * 2),
    });
  } catch (error) {
    // KV refuses more than one write per second to a key; the count is approximate anyway.
    console.warn(`rate limit ${rule.name}: counter not written`, error);
  }
  if (rule.warnAbove !== undefined && count > rule.warnAbove) {
    console.warn(`rate limit ${rule.name}: ${count} calls for ${key} in this window`);
  }
  return {
    allowed: count <= rule.limit,
    count,
    limit: rule.limit,
    retryAfterSeconds: Math.ceil((window.end - now) / 1000),
  };
}

/** The current window's count for `key`, without counting a call. */
export async function readRateLimit(
  kv: KVNamespace,
  rule: RateLimitRule,
  key: string,
  now = Date.now(),
) {
  const window = windowOf(rule, now);
  const count = Number((await kv.get(counterKey(rule, key, window.start))) ?? 0);
  return { count, limit: rule.limit, windowEndsAt: new Date(window.end).toISOString() };
}
