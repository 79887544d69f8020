import { and, eq, gt, sql } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { RATE_LIMITS } from "~/lib/rate-limit.server";

/**
 * Admin tools for the admin-check rate limit (an admin sees the status and triggers a cleanup).
 * Its counters' subjects are `{email}:{operation}` (checkAdmin in app/accounts/guards.server.ts).
 */

const rule = RATE_LIMITS.adminCheck;

/** One admin's counters: the e-mail is followed by ":" so a@x.com never matches ba@x.com. */
function countersOf(email: string) {
  const prefix = `${email}:`;
  return and(
    eq(rateLimits.rule, rule.name),
    sql`substr(${rateLimits.subject}, 1, ${prefix.length}) = ${prefix}`,
  );
}

/** Deletes every admin-check counter of this admin (every operation); returns how many. */
export async function clearAdminCheckCounters(db: Db, email: string) {
  const deleted = await db
    .delete(rateLimits)
    .where(countersOf(email))
    .returning({ subject: rateLimits.subject });
  return deleted.length;
}

/**
 * The admin operations the check counts, by their key's operation part: the first two path
 * segments of the request (checkAdmin in app/accounts/guards.server.ts).
 */
export const ADMIN_OPERATIONS: ReadonlyArray<{ operation: string; label: string }> = [
  { operation: "/admin", label: "Locations" },
  { operation: "/admin/overview", label: "Checklist" },
  { operation: "/admin/catalogue.csv", label: "Catalogue export" },
  { operation: "/admin/featured", label: "Featured Order" },
  { operation: "/admin/images", label: "Images" },
  { operation: "/admin/requests", label: "Requests" },
  { operation: "/admin/calendar", label: "Calendar" },
  { operation: "/admin/demand", label: "Demand" },
  { operation: "/admin/demand.csv", label: "Demand export" },
  { operation: "/admin/weeks", label: "Weeks" },
  { operation: "/admin/users", label: "Users" },
  { operation: "/admin/rate-limits", label: "Rate limits" },
  { operation: "/api/manage-users", label: "Users API" },
];

/**
 * This admin's admin-check counts in their current windows: one row for each admin operation, and
 * one for any other operation a counter is stored for.
 */
export async function adminCheckStatus(db: Db, email: string, now: number) {
  const counters = await db
    .select({ subject: rateLimits.subject, hits: rateLimits.hits, resetsAt: rateLimits.resetsAt })
    .from(rateLimits)
    .where(and(countersOf(email), gt(rateLimits.resetsAt, now)));
  const current = new Map(
    counters.map((counter) => [counter.subject.slice(email.length + 1), counter]),
  );
  const labels = new Map(ADMIN_OPERATIONS.map((item) => [item.operation, item.label]));
  // Any other operation this admin has a counter for is shown too: a page added later, or the
  // `.data` requests of client-side navigations when they are counted apart.
  const others = [...current.keys()]
    .filter((operation) => !labels.has(operation))
    .sort()
    .map((operation) => {
      const page = labels.get(operation.replace(/\.data$/, ""));
      return {
        operation,
        label: page && operation.endsWith(".data") ? `${page} (in-app navigation)` : operation,
      };
    });
  return [...ADMIN_OPERATIONS, ...others].map((item) => {
    const counter = current.get(item.operation);
    return {
      ...item,
      count: counter?.hits ?? 0,
      windowEndsAt: counter ? new Date(counter.resetsAt).toISOString() : null,
    };
  });
}

export type AdminCheckRow = Awaited<ReturnType<typeof adminCheckStatus>>[number];
