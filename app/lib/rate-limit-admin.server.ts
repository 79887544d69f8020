import { readRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";

/**
 * Admin tools for the admin-check rate limit (an admin sees the status and
 * triggers a cleanup). Counter keys are `rate:admin-check:{email}:{operation}:{windowStart}`
 * (see rate-limit.server.ts and checkAdmin in auth/guards.server.ts).
 */

const ADMIN_CHECK_PREFIX = `rate:${RATE_LIMITS.adminCheck.name}:`;

/** Where one admin's counters start: the e-mail is followed by ":" so a@x.com never matches ba@x.com. */
const prefixFor = (email: string) => `${ADMIN_CHECK_PREFIX}${email}:`;

async function listKeys(kv: KVNamespace, prefix: string) {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await kv.list({ prefix, cursor });
    for (const key of page.keys) keys.push(key.name);
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return keys;
}

/**
 * The operations this admin has admin-check counters for (any window still stored), e.g.
 * "/admin/featured" or "/api/manage-users".
 */
async function adminCheckOperations(kv: KVNamespace, email: string) {
  const prefix = prefixFor(email);
  const operations = new Set<string>();
  for (const name of await listKeys(kv, prefix)) {
    const rest = name.slice(prefix.length);
    const cut = rest.lastIndexOf(":");
    if (cut > 0) operations.add(rest.slice(0, cut));
  }
  return [...operations];
}

/** Deletes every admin-check counter of this admin (every operation, every window); returns how many. */
export async function clearAdminCheckCounters(kv: KVNamespace, email: string) {
  const keys = await listKeys(kv, prefixFor(email));
  await Promise.all(keys.map((key) => kv.delete(key)));
  return keys.length;
}

/**
 * The admin operations the check counts, by their key's operation part: the first two path
 * segments of the request (checkAdmin in auth/guards.server.ts).
 */
const OPERATIONS: ReadonlyArray<{ operation: string; label: string }> = [
  { operation: "/admin", label: "Locations" },
  { operation: "/admin/overview", label: "Checklist" },
  { operation: "/admin/featured", label: "Featured Order" },
  { operation: "/admin/images", label: "Images" },
  { operation: "/admin/requests", label: "Requests" },
  { operation: "/admin/users", label: "Users" },
  { operation: "/admin/rate-limits", label: "Rate limits" },
  { operation: "/api/manage-users", label: "Users API" },
];

/**
 * This admin's admin-check counts in the current window: one row for each admin operation, and
 * one for any other operation a counter is stored for.
 */
export async function adminCheckStatus(kv: KVNamespace, email: string, now = Date.now()) {
  const rule = RATE_LIMITS.adminCheck;
  const labels = new Map(OPERATIONS.map((item) => [item.operation, item.label]));
  // Any other operation this admin has a counter for is shown too: a page added later, or the
  // `.data` requests of client-side navigations when they are counted apart.
  const others = (await adminCheckOperations(kv, email))
    .filter((operation) => !labels.has(operation))
    .sort()
    .map((operation) => {
      const page = labels.get(operation.replace(/\.data$/, ""));
      return {
        operation,
        label: page && operation.endsWith(".data") ? `${page} (in-app navigation)` : operation,
      };
    });
  const rows = await Promise.all(
    [...OPERATIONS, ...others].map(async (item) => {
      const status = await readRateLimit(kv, rule, `${email}:${item.operation}`, now);
      return { ...item, count: status.count, windowEndsAt: status.windowEndsAt };
    }),
  );
  return { rows, windowEndsAt: rows[0]?.windowEndsAt ?? null };
}

export type AdminCheckRow = Awaited<ReturnType<typeof adminCheckStatus>>["rows"][number];
