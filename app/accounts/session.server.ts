import { and, eq, sql } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { sessions, totpFactors, users, type UserRole } from "~/db/schema";
import { siteCookie, type CookieEnv } from "~/lib/cookies.server";
import { z } from "~/lib/zod";
import { signSessionToken, verifySessionToken } from "./signing-keys.server";

/** The session's JWT, which its own key signs; no script reads it. */
const sessionCookie = siteCookie("__session", z.string().min(1).max(4096));
export const SESSION_COOKIE = sessionCookie.name;

/**
 * Lifetimes. A session ends after 7 days without a visit (idle) and 30 days after sign-in
 * (absolute). While it is used, its token is renewed on the server every 45 minutes (the
 * refresh timer), which also records the visit.
 */
const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_RENEW_AFTER_MS = 45 * 60 * 1000;

export type Aal = "aal1" | "aal2";

export interface Auth {
  user: { id: string; email: string; role: UserRole };
  session: { id: string; aal: Aal; expiresAt: string };
  /** Whether the user has a verified authenticator app: then admin work needs aal2. */
  hasVerifiedFactor: boolean;
}

function randomId(bytes = 16) {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buffer, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function clearSessionCookie(env: CookieEnv) {
  return sessionCookie.clear(env);
}

/**
 * The JSON API's clients send the session as `Authorization: Bearer`; pages and forms take only
 * the cookie, which the browser guards (SameSite, HttpOnly), never a header a script could set.
 */
const BEARER_PATHS = /^\/api\//;

/** An API client's `Authorization: Bearer` token; null anywhere but the JSON API. */
function bearerToken(request: Request) {
  if (!BEARER_PATHS.test(new URL(request.url).pathname)) return null;
  const authorization = request.headers.get("Authorization");
  return authorization?.startsWith("Bearer ") ? authorization.slice(7).trim() || null : null;
}

/**
 * The session token of `request` (a Bearer token on the JSON API, else the cookie), and the header
 * that clears a cookie that turns out bad (null for a Bearer token or no cookie).
 */
async function readSessionToken(env: CookieEnv, request: Request) {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, clear: null };
  const { value, clear } = await sessionCookie.readWithClear(env, request);
  return { token: value, clear };
}

type KeyEnv = Pick<Env, "SESSION_SIGNING_KEY" | "SESSION_PREVIOUS_PUBLIC_KEYS" | "APP_ENV">;

/**
 * What the session functions need: the signing keys and the request's database client, so a
 * sign-in's rows are read back through the same D1 session (the bookmark covers them).
 */
interface SessionApp {
  env: KeyEnv;
  db: Db;
  now: Date;
}

async function sessionSetCookie(
  env: KeyEnv,
  ids: { sid: string; sub: string },
  absoluteExpiry: Date,
  now: Date,
) {
  const expires = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absoluteExpiry.getTime()));
  const token = await signSessionToken(env, ids, expires, now);
  return sessionCookie.write(
    env,
    token,
    Math.max(0, Math.floor((expires.getTime() - now.getTime()) / 1000)),
  );
}

/** Starts a session (a fresh id at every sign-in) and returns its Set-Cookie header. */
export async function createSession(
  { env, db, now }: SessionApp,
  userId: string,
  { aal = "aal1" }: { aal?: Aal } = {},
) {
  const id = randomId();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await db.batch([
    db.insert(sessions).values({
      id,
      userId,
      aal,
      lastSeenAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    }),
    db.update(users).set({ lastSignInAt: now.toISOString() }).where(eq(users.id, userId)),
  ]);
  return sessionSetCookie(env, { sid: id, sub: userId }, expiresAt, now);
}

/** Raises a session to aal2 after a TOTP code and returns the renewed cookie. */
export async function elevateSession({ env, db, now }: SessionApp, auth: Auth) {
  await db.update(sessions).set({ aal: "aal2" }).where(eq(sessions.id, auth.session.id));
  return sessionSetCookie(
    env,
    { sid: auth.session.id, sub: auth.user.id },
    new Date(auth.session.expiresAt),
    now,
  );
}

export async function destroySession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export interface LoadedAuth {
  auth: Auth | null;
  /** A renewed cookie, or one that clears a bad or ended session; null when nothing changes. */
  setCookie: string | null;
}

/**
 * Who is making this request: verifies the token's signature, then checks in one D1 query that
 * its session still exists and has not expired (sign-out and user removal end it at once).
 */
export async function loadAuth(
  { env, db, now }: SessionApp,
  request: Request,
): Promise<LoadedAuth> {
  const { token, clear } = await readSessionToken(env, request);
  // A cookie that is not a session's reads as none, and is cleared.
  const refuse = (): LoadedAuth => ({ auth: null, setCookie: clear });
  if (!token) return refuse();
  const fromCookie = clear !== null;

  let claims;
  try {
    claims = await verifySessionToken(env, token, now);
  } catch {
    return refuse();
  }

  // One query (not a batch: drizzle's D1 batch maps joined columns of the same name wrongly).
  const rows = await db
    .select({
      sessionId: sessions.id,
      aal: sessions.aal,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      role: users.role,
      verifiedFactors: sql<number>`(SELECT count(*) FROM ${totpFactors} WHERE ${totpFactors.userId} = ${users.id} AND ${totpFactors.status} = 'verified')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sid), eq(users.id, claims.sub)));
  const row = rows[0];
  const nowMs = now.getTime();
  if (
    !row ||
    Date.parse(row.expiresAt) <= nowMs ||
    Date.parse(row.lastSeenAt) + SESSION_IDLE_MS <= nowMs
  ) {
    if (row) await destroySession(db, row.sessionId);
    return refuse();
  }

  const auth: Auth = {
    user: { id: row.userId, email: row.email, role: row.role },
    session: { id: row.sessionId, aal: row.aal, expiresAt: row.expiresAt },
    hasVerifiedFactor: row.verifiedFactors > 0,
  };

  let setCookie: string | null = null;
  if (fromCookie && nowMs - claims.iat * 1000 >= SESSION_RENEW_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now.toISOString() })
      .where(eq(sessions.id, row.sessionId));
    setCookie = await sessionSetCookie(
      env,
      { sid: row.sessionId, sub: row.userId },
      new Date(row.expiresAt),
      now,
    );
  }
  return { auth, setCookie };
}
