import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { createCookie } from "react-router";
import { signSessionToken } from "../app/accounts/signing-keys.server.ts";
import { sessions, totpFactors, users, type UserRole } from "../app/db/schema.ts";
import { now as clockNow } from "../app/lib/clock.server.ts";

/**
 * Signed-in sessions on a local server's state, after the Epic Stack's test fixture: accounts and
 * sessions are stored directly in its local D1 database, and each session's cookie is signed with
 * the key in .dev.vars. For the browser tests and the benchmark; sign-in itself goes through e-mail.
 *
 * The local D1 database is one SQLite file that the server also opens, and the server does not
 * wait on another process's lock: rows are written only while it serves nothing. Session ids are
 * derived from a name, so the step that stores them and the ones that use them agree without
 * passing anything.
 */

export interface LocalAccount {
  email: string;
  role: UserRole;
  /** Has a verified authenticator app: its sessions start before the code (aal1). */
  authenticator?: true;
}

export const SESSION_MS = 24 * 60 * 60 * 1000;
/** A fixed base32 secret: no one enters a code, the sessions only need the factor. */
const AUTHENTICATOR_SECRET = "JBSWY3DPEHPK3PXP";

const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);
const userId = (account: LocalAccount) => `user-e2e-${digest(account.email)}`;
const sessionId = (account: LocalAccount, name: string) => digest(`${account.email} ${name}`);

/** A server's local D1 database (miniflare keeps it as one SQLite file), through drizzle. */
function openDatabase(persistDir: string) {
  const dir = join(persistDir, "v3/d1/miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find(
    (name) => name.endsWith(".sqlite") && name !== "metadata.sqlite",
  );
  if (!file) throw new Error(`No local D1 database in ${dir}: was the state prepared?`);
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

/** The local server's clock: TEST_NOW, when set, is its moment (app/lib/clock.server.ts). */
const localNow = () => clockNow({ APP_ENV: "development", TEST_NOW: process.env.TEST_NOW });

/** Stores each account (when missing) with one session per name. Run while the server is idle. */
export async function storeSessions(
  persistDir: string,
  wanted: Array<{ account: LocalAccount; names: string[] }>,
) {
  const { db, close } = openDatabase(persistDir);
  try {
    const now = localNow();
    const expiresAt = new Date(now.getTime() + SESSION_MS).toISOString();
    for (const { account, names } of wanted) {
      const [user] = await db
        .insert(users)
        .values({ id: userId(account), email: account.email, role: account.role })
        .onConflictDoUpdate({ target: users.email, set: { role: account.role } })
        .returning({ id: users.id });
      if (user?.id !== userId(account)) {
        throw new Error(`${account.email} exists with another id: start on a fresh state`);
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

/**
 * The session cookie of the session that storeSessions stored for `account` under `name`: its
 * signed token, encoded as the server writes it (React Router's cookie, app/lib/cookies.server.ts).
 */
export async function sessionCookie(account: LocalAccount, name: string, expiresAt: Date) {
  const token = await signSessionToken(
    { SESSION_SIGNING_KEY: signingKey(), SESSION_PREVIOUS_PUBLIC_KEYS: undefined },
    { sid: sessionId(account, name), sub: userId(account) },
    expiresAt,
    localNow(),
  );
  const [pair] = (await createCookie("__session").serialize(token)).split(";");
  const [cookieName, value] = pair!.split("=") as [string, string];
  return { name: cookieName, value, header: pair! };
}
