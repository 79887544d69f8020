import { and, desc, eq, exists, gt, lt, notExists, sql } from "drizzle-orm";
import { type AppContext } from "~/context";
import { type Db } from "~/db/client.server";
import { loginTokens, users } from "~/db/schema";
import { deliverLater, type EmailDraft, queuedEmail, queueEmails } from "~/email/deliveries.server";
import { sealEmailBody } from "~/email/sealed-body.server";
import { ensureAdminAccount, normalizeEmail } from "~/accounts/users.server";

/** A link lives 1 hour; an address gets at most one link a minute. */
const MAGIC_LINK_TTL_MS = 60 * 60 * 1000;
const MAGIC_LINK_SPACING_MS = 60 * 1000;

function randomToken() {
  // 256 random bits, base64url.
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

async function hashToken(token: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function magicLinkUrl(origin: string, token: string, dest: string) {
  const url = new URL("/auth/callback", origin);
  url.searchParams.set("token", token);
  url.searchParams.set("dest", dest);
  return url.toString();
}

export type MagicLinkRequest =
  | { status: "sent" }
  | { status: "rate-limited"; retryAfterSeconds: number };

function signInEmail(
  { siteName }: AppContext["site"],
  to: string,
  url: string,
  invitation: boolean,
): EmailDraft {
  return {
    to,
    subject: invitation ? `Your invitation to ${siteName}` : `Your ${siteName} sign-in link`,
    content: {
      siteName,
      heading: invitation ? `You're invited to ${siteName}` : "Your sign-in link",
      paragraphs: [
        invitation
          ? `You have been invited to become a member of ${siteName}: luxury resort stays at insider rates. Use the button below to sign in.`
          : `Use the button below to sign in to ${siteName}.`,
        "The link works once and expires in 1 hour. Later, sign in any time from the Sign in page with this e-mail address.",
        invitation ? "" : "If you did not ask for it, you can ignore this e-mail.",
      ].filter(Boolean),
      action: { label: "Sign in", url },
    },
  };
}

/**
 * Stores a new one-time token for `email` and its e-mail, unless a link was issued within the
 * last 60 s, then sends the e-mail after the response (retried by the cron if it fails). One
 * batch: the spacing holds exactly for simultaneous requests, and the e-mail is queued only with
 * its token and only to an existing account (the work is the same either way).
 */
async function issueLoginLink(
  app: AppContext,
  input: { email: string; dest: string; invitation: boolean },
): Promise<MagicLinkRequest> {
  const { db, now } = app;
  const { email } = input;
  const token = randomToken();
  const tokenHash = await hashToken(token);
  const nowIso = now.toISOString();
  const spacingStart = new Date(now.getTime() - MAGIC_LINK_SPACING_MS).toISOString();
  const recent = and(eq(loginTokens.email, email), gt(loginTokens.createdAt, spacingStart));
  const message = queuedEmail(
    signInEmail(
      app.site,
      email,
      magicLinkUrl(app.site.origin, token, input.dest),
      input.invitation,
    ),
  );
  const stored = { ...message, ...(await sealEmailBody(app.env, message)) };
  const [, inserted, newest] = await db.batch([
    db
      .delete(loginTokens)
      .where(and(eq(loginTokens.email, email), lt(loginTokens.expiresAt, nowIso))),
    // One statement: a link is stored only if none was issued in the last minute. (drizzle checks
    // that the selected fields are the table's columns, in order.)
    db.insert(loginTokens).select(
      db
        .select({
          tokenHash: sql<string>`${tokenHash}`.as("token_hash"),
          email: sql<string>`${email}`.as("email"),
          createdAt: sql<string>`${nowIso}`.as("created_at"),
          expiresAt: sql<string>`${new Date(now.getTime() + MAGIC_LINK_TTL_MS).toISOString()}`.as(
            "expires_at",
          ),
        })
        .from(sql`(SELECT 1)`)
        .where(notExists(db.select({ email: loginTokens.email }).from(loginTokens).where(recent))),
    ),
    db
      .select({ createdAt: loginTokens.createdAt })
      .from(loginTokens)
      .where(recent)
      .orderBy(desc(loginTokens.createdAt))
      .limit(1),
    ...queueEmails(
      db,
      {
        table: loginTokens,
        where: and(
          eq(loginTokens.tokenHash, tokenHash),
          exists(db.select({ id: users.id }).from(users).where(eq(users.email, email))),
        ),
      },
      {
        kind: input.invitation ? "invitation" : "sign-in",
        requestId: tokenHash,
        emails: [stored],
        now,
      },
    ),
  ]);
  if (inserted.meta.changes === 0) {
    const last = newest[0]?.createdAt;
    const lastMs = last ? Date.parse(last) : now.getTime();
    return {
      status: "rate-limited",
      retryAfterSeconds: Math.max(
        1,
        Math.ceil((lastMs + MAGIC_LINK_SPACING_MS - now.getTime()) / 1000),
      ),
    };
  }
  deliverLater(app, [message], input.invitation ? "invitation" : "sign-in link");
  return { status: "sent" };
}

/**
 * Issues a sign-in link. Every address gets the same answer and the same work, known or not
 * (no account enumeration); only a known account is e-mailed.
 */
export async function requestMagicLink(
  app: AppContext,
  input: { email: string; dest: string },
): Promise<MagicLinkRequest> {
  const { env, db } = app;
  const email = normalizeEmail(input.email);
  // An address on the admin list gets its admin account here, before its link is queued.
  await ensureAdminAccount(db, env, email);
  return issueLoginLink(app, { ...input, email, invitation: false });
}

/** Queues an invited member's sign-in link that lands on /members. */
export function sendInvitation(
  app: AppContext,
  input: { email: string; newAccount: boolean },
): Promise<MagicLinkRequest> {
  return issueLoginLink(app, {
    email: normalizeEmail(input.email),
    dest: "/members",
    // An account that exists already (an admin's, say) gets a sign-in link, not a welcome.
    invitation: input.newAccount,
  });
}

/** Uses a sign-in link once. Returns the account it signs in, or null if expired, used or unknown. */
export async function consumeMagicLink(db: Db, token: string, now: Date) {
  if (!token || token.length > 200) return null;
  // Deleting the row is the claim: of two clicks, only one gets it back.
  const [claimed] = await db
    .delete(loginTokens)
    .where(eq(loginTokens.tokenHash, await hashToken(token)))
    .returning();
  if (!claimed || Date.parse(claimed.expiresAt) <= now.getTime()) return null;
  const [user] = await db.select().from(users).where(eq(users.email, claimed.email));
  return user ?? null;
}
