import { type Cookie } from "@playwright/test";
import {
  SESSION_MS,
  sessionCookie as localSessionCookie,
  storeSessions as storeLocalSessions,
  type LocalAccount,
} from "../../../scripts/local-sessions";
import { E2E_PERSIST_DIR } from "./server";
import { testNow } from "./clock";

/**
 * The browser tests' sign-in fixture: sessions stored in the test server's local D1 database
 * before any test runs (global setup), and signed cookies for them (scripts/local-sessions.ts).
 */

export type TestAccount = LocalAccount;

/** Stores each account (when missing) with one session per name. Run while the server is idle. */
export function storeSessions(wanted: Array<{ account: TestAccount; names: string[] }>) {
  return storeLocalSessions(E2E_PERSIST_DIR, wanted);
}

/** The cookie of the session that storeSessions stored for `account` under `name`. */
export async function sessionCookie(
  account: TestAccount,
  name: string,
  baseURL: string,
): Promise<Cookie> {
  const expiresAt = new Date(testNow().getTime() + SESSION_MS);
  const cookie = await localSessionCookie(account, name, expiresAt);
  return {
    name: cookie.name,
    value: cookie.value,
    domain: new URL(baseURL).hostname,
    path: "/",
    expires: Math.floor(expiresAt.getTime() / 1000),
    httpOnly: true,
    secure: false,
    sameSite: "Lax",
  };
}
