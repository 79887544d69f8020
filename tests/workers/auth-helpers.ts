import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createAppContext } from "~/context";
import { decodeJwt } from "jose";
import { createCookie } from "react-router";
import { requestMagicLink } from "~/accounts/magic-link.server";
import { createSession, type Aal } from "~/accounts/session.server";
import { appAt, cookiePair, emailsTo, ORIGIN, testApp, uniqueEmail } from "./helpers";

export const MESSAGES = {
  checkEmail: "Check your email",
  sentTo: "We sent a sign-in link to the address",
  expired: "The magic link has expired or is invalid. Please request a new one.",
  rateLimited: (seconds: number) =>
    `Rate limited. Please wait ${seconds} seconds before requesting another magic link. Do not click the button again until the timer expires.`,
  accessDenied: "Access denied. You are not authorized to view this page.",
  notAuthorized: (email: string) => `Access denied. The email ${email} is not authorized.`,
  noSession: "No authenticated session found",
  invalidCode:
    "That code is not valid. Enter the current 6-digit code from your authenticator app.",
};

export interface TestUser {
  id: string;
  email: string;
}

/** The seeded member (scripts/seed/seed.ts), for a test that only needs an account to exist. */
export const SEEDED_MEMBER: TestUser = { id: "user-member", email: "member@example.com" };

/** A new account of its own, so no test depends on another's sessions, tokens or rate limits. */
export async function createUser(role: "member" | "admin" = "member"): Promise<TestUser> {
  const user = { id: `user-${crypto.randomUUID()}`, email: uniqueEmail(role) };
  await env.DB.prepare("INSERT INTO users (id, email, role) VALUES (?, ?, ?)")
    .bind(user.id, user.email, role)
    .run();
  return user;
}

/**
 * Signs a user in without e-mail (at `now`, or when the site's clock says): the Cookie header
 * value of a new session.
 */
export async function signIn(userId: string, { aal, now }: { aal?: Aal; now?: Date } = {}) {
  return cookiePair(await createSession(now ? appAt(now) : testApp, userId, { aal }));
}

/** The response's `__session` Set-Cookie header, if any. */
export function sessionSetCookie(response: Response) {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith("__session=")) ?? null;
}

/** Whether a Set-Cookie header ends the session (the cookie emptied and expired). */
export function clearsSession(setCookie: string) {
  return /^__session=;.*Max-Age=0/.test(setCookie);
}

/** The session cookie as the server encodes it: React Router's cookie, holding the JWT. */
const sessionCookie = createCookie("__session");

/** The session token (a JWT) inside a `__session` cookie or Set-Cookie header. */
export async function sessionTokenOf(cookie: string) {
  return String(await sessionCookie.parse(cookiePair(cookie)));
}

/** The Cookie header that carries `token` as the session. */
export async function sessionCookieOf(token: string) {
  return cookiePair(await sessionCookie.serialize(token));
}

/** The session id (sid claim) inside a `__session` cookie or Set-Cookie header. */
export async function sessionIdOf(cookie: string) {
  return String(decodeJwt(await sessionTokenOf(cookie)).sid);
}

export async function sessionRows(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, aal, last_seen_at, expires_at FROM sessions WHERE user_id = ?",
  )
    .bind(userId)
    .all<{ id: string; aal: string; last_seen_at: string; expires_at: string }>();
  return results;
}

export async function sessionRow(sessionId: string) {
  return env.DB.prepare(
    "SELECT id, user_id, aal, last_seen_at, expires_at FROM sessions WHERE id = ?",
  )
    .bind(sessionId)
    .first<{
      id: string;
      user_id: string;
      aal: string;
      last_seen_at: string;
      expires_at: string;
    }>();
}

export async function countRows(table: "users" | "sessions" | "login_tokens" | "outbox_emails") {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}

export async function userExists(id: string) {
  return (await env.DB.prepare("SELECT 1 FROM users WHERE id = ?").bind(id).first()) !== null;
}

export async function tokenRows(email: string) {
  const { results } = await env.DB.prepare(
    "SELECT token_hash, email, created_at, expires_at FROM login_tokens WHERE email = ?",
  )
    .bind(email)
    .all<{ token_hash: string; email: string; created_at: string; expires_at: string }>();
  return results;
}

/** The sign-in link in an e-mail's text. */
export function signInLink(text: string) {
  const match = text.match(/https?:\/\/\S+\/auth\/callback\?\S+/);
  if (!match) throw new Error(`no sign-in link in: ${text}`);
  return new URL(match[0]);
}

/**
 * Requests a sign-in link for a known address through the module (as of `now`, or when the site's
 * clock says), waits for its e-mail and returns the raw token from the link.
 */
export async function issueToken(
  email: string,
  { now, dest = "/members" }: { now?: Date; dest?: string } = {},
) {
  const ctx = createExecutionContext();
  const outcome = await requestMagicLink(
    { ...createAppContext({ env, ctx }, new Request(ORIGIN)), ...(now && { now }) },
    { email, dest },
  );
  await waitOnExecutionContext(ctx);
  if (outcome.status !== "sent") throw new Error(`no link issued: ${JSON.stringify(outcome)}`);
  const mails = await emailsTo(email);
  const last = mails[mails.length - 1];
  if (!last) throw new Error(`no e-mail to ${email}`);
  const token = signInLink(last.text).searchParams.get("token");
  if (!token) throw new Error("the link has no token");
  return token;
}

export async function sha256Hex(value: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
