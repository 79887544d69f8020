import { and, eq, lte, sql } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";

/**
 * The one place for rate limits. Each counter is a D1 row counted by one upsert that returns the
 * new count, so simultaneous calls each get their own number and a limit holds exactly, even from
 * many edge locations at once (KV, eventually consistent, could not promise that). A window
 * starts at the first counted call: no burst at a window's edge doubles the limit.
 */

export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
  /** Log a warning once a subject goes above this many calls in a window. */
  warnAbove?: number;
}

export const RATE_LIMITS = {
  /** More than 50 admin checks per 60 s per key → not authorized; above 10, a warning is logged. */
  adminCheck: { name: "admin-check", limit: 50, windowSeconds: 60, warnAbove: 10 },
  /** Sign-in link requests from one IP address (each e-mail address also waits 60 s per link). */
  magicLinkPerIp: { name: "magic-link-ip", limit: 10, windowSeconds: 600 },
  /** Booking requests, agent applications and support messages from one IP address. */
  requestFormsPerIp: { name: "request-forms-ip", limit: 20, windowSeconds: 600 },
  /** Authenticator codes tried against one factor; a right code starts the count again. */
  totpAttempts: { name: "totp-attempts", limit: 5, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  limit: number;
  retryAfterSeconds: number;
}

const retryAfterSeconds = (resetsAt: number, now: number) =>
  Math.max(1, Math.ceil((resetsAt - now) / 1000));

/** Counts one call for `subject` and says whether it is within the rule. */
export async function hitRateLimit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
  now: number,
): Promise<RateLimitResult> {
  const resetsAt = now + rule.windowSeconds * 1000;
  // An expired window starts again at this call; otherwise the count goes up by one.
  const expired = sql`${rateLimits.resetsAt} <= ${now}`;
  const [counter] = await db
    .insert(rateLimits)
    .values({ rule: rule.name, subject, hits: 1, resetsAt })
    .onConflictDoUpdate({
      target: [rateLimits.rule, rateLimits.subject],
      set: {
        hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
        resetsAt: sql`CASE WHEN ${expired} THEN ${resetsAt} ELSE ${rateLimits.resetsAt} END`,
      },
    })
    .returning({ hits: rateLimits.hits, resetsAt: rateLimits.resetsAt });
  const count = counter?.hits ?? 1;
  if (rule.warnAbove !== undefined && count > rule.warnAbove) {
    console.warn(`rate limit ${rule.name}: ${count} calls for ${subject} in this window`);
  }
  return {
    allowed: count <= rule.limit,
    count,
    limit: rule.limit,
    retryAfterSeconds: retryAfterSeconds(counter?.resetsAt ?? resetsAt, now),
  };
}

/** Forgets `subject`'s count (a right authenticator code, for example). */
export async function clearRateLimit(db: Db, rule: RateLimitRule, subject: string) {
  await db
    .delete(rateLimits)
    .where(and(eq(rateLimits.rule, rule.name), eq(rateLimits.subject, subject)));
}

/** Deletes the counters whose window has ended (the cron does it); returns how many. */
export async function deleteExpiredRateLimits(db: Db, now: number) {
  const deleted = await db
    .delete(rateLimits)
    .where(lte(rateLimits.resetsAt, now))
    .returning({ rule: rateLimits.rule });
  return deleted.length;
}
