import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type Cookie } from "@playwright/test";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { signSessionToken } from "../../../app/auth/signing-keys.server";
import { sessions, totpFactors, users, type UserRole } from "../../../app/db/schema";
import { E2E_PERSIST_DIR } from "./server";

/**
 * The browser tests' sign-in fixture, after the Epic Stack's: accounts and sessions are stored
 * directly in the test server's local D1 database, and each test signs its own session cookie
 * with the server's key. Only the tests of sign-in itself go through e-mail.
 *
 * The local D1 database is one SQLite file that the server also opens, and the server does not
 * wait on another process's lock: rows are written only while it serves nothing (global setup).
 * Session ids are derived from a name, so the setup that stores them and the tests that use them
 * agree without passing anything.
 */

export interface TestAccount {
  email: string;
  role: UserRole;
  /** Has a verified authenticator app: its sessions start before the code (aal1). */
  authenticator?: true;
}

const SESSION_MS = 24 * 60 * 60 * 1000;
/** A fixed base32 secret: the browser tests never enter a code, they only need the factor. */
const AUTHENTICATOR_SECRET = "JBSWY3DPEHPK3PXP";

const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);
const userId = (account: TestAccount) => `user-e2e-${digest(account.email)}`;
const sessionId = (account: TestAccount, name: string) => digest(`${account.email} ${name}`);

/** The test server's local D1 database (miniflare keeps it as one SQLite file), through drizzle. */
function openDatabase() {
  const dir = join(E2E_PERSIST_DIR, "v3/d1/miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find(
    (name) => name.endsWith(".sqlite") && name !== "metadata.sqlite",
  );
  if (!file) throw new Error(`No local D1 database in ${dir}: is the test server running?`);
  const sqlite = new DatabaseSync(join(dir, file));
  sqlite.exec("PRAGMA busy_timeout = 5000");
  const db = drizzle(async (query, params, method) => {
    const statement = sqlite.prepare(query);
    if (method === "run") {
      statement.run(...params);
      return { rows: [] };
    }
    statement.setReturnArrays(true);
    if (method === "get")
      return { rows: (statement.get(...params) as unknown[] | undefined) ?? [] };
    return { rows: statement.all(...params) };
  });
  return { db, close: () => sqlite.close() };
}

/** Stores each account (when missing) with one session per name. Run while the server is idle. */
export async function storeSessions(wanted: Array<{ account: TestAccount; names: string[] }>) {
  const { db, close } = openDatabase();
  try {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + SESSION_MS).toISOString();
    for (const { account, names } of wanted) {
      const [user] = await db
        .insert(users)
        .values({ id: userId(account), email: account.email, role: account.role })
        .onConflictDoUpdate({ target: users.email, set: { role: account.role } })
        .returning({ id: users.id });
      if (user?.id !== userId(account)) {
        throw new Error(
          `${account.email} exists with another id: start the test server on a fresh state`,
        );
      }
      if (account.authenticator) {
        await db
          .insert(totpFactors)
          .values({
            id: `factor-${userId(account)}`,
            userId: userId(account),
            secret: AUTHENTICATOR_SECRET,
            status: "verified",
            verifiedAt: now.toISOString(),
          })
          .onConflictDoNothing();
      }
      for (const name of names) {
        await db
          .insert(sessions)
          .values({
            id: sessionId(account, name),
            userId: userId(account),
            aal: "aal1",
            lastSeenAt: now.toISOString(),
            expiresAt,
          })
          .onConflictDoNothing();
      }
    }
  } finally {
    close();
  }
}

function signingKey() {
  const match = readFileSync(".dev.vars", "utf8").match(/^SESSION_SIGNING_KEY='(.+)'$/m);
  if (!match?.[1]) throw new Error("No SESSION_SIGNING_KEY in .dev.vars (npm test creates it)");
  return match[1];
}

/** The cookie of the session that storeSessions stored for `account` under `name`. */
export async function sessionCookie(
  account: TestAccount,
  name: string,
  baseURL: string,
): Promise<Cookie> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_MS);
  const token = await signSessionToken(
    { SESSION_SIGNING_KEY: signingKey(), SESSION_PREVIOUS_PUBLIC_KEYS: undefined },
    { sid: sessionId(account, name), sub: userId(account) },
    expiresAt,
    now,
  );
  return {
    name: "__session",
    value: token,
    domain: new URL(baseURL).hostname,
    path: "/",
    expires: Math.floor(expiresAt.getTime() / 1000),
    httpOnly: true,
    secure: false,
    sameSite: "Lax",
  };
}
