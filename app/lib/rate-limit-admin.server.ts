import { RATE_LIMITS } from "~/lib/rate-limit.server";

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
export async function adminCheckOperations(kv: KVNamespace, email: string) {
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
