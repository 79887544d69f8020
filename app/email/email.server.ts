// The one place e-mail leaves the app. With RESEND_API_KEY it goes out through Resend; without it
// (local development on this machine) it is kept in the outbox_emails table and shown on /dev/outbox.
import { desc, eq, sql } from "drizzle-orm";
import { Resend } from "resend";
import { type Db } from "~/db/client.server";
import { outboxEmails, type EmailAttachment, type EmailHeaders } from "~/db/schema";
import { isLocalHostname } from "~/lib/local-development.server";
import { configuredSiteOrigin } from "~/lib/site.server";
import { firstUrl, linksIn } from "./links";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** It carries a link that signs someone in (a sign-in link, an invitation). */
  signsIn?: boolean;
  /** Files sent with it (a confirmation's calendar entry). */
  attachments?: EmailAttachment[] | null;
  /** Headers besides the usual (an alert's one-click unsubscribe). */
  headers?: EmailHeaders | null;
}

export interface SentEmail {
  id: string;
  via: "resend" | "outbox";
}

/**
 * The settings e-mail needs (any worker Env fits); the signing key opens the sealed body of an
 * e-mail that signs someone in (sealed-body.server.ts).
 */
type EmailEnv = Pick<Env, "EMAIL_FROM" | "APP_ENV" | "SESSION_SIGNING_KEY" | "SITE_URL"> & {
  RESEND_API_KEY?: string;
};

/** What sending needs: the settings, and the database the dev outbox is kept in. */
export interface Mailer {
  env: EmailEnv;
  db: Db;
}

const RESEND_TIMEOUT_MS = 10_000;

/**
 * Sends the message, or in local development without a Resend key stores it in the dev outbox.
 * Outside development it throws until SITE_URL is a web address: the links the site writes would
 * otherwise lead to whatever host a request came through.
 * Throws when Resend rejects the message or cannot be reached, and without a key unless APP_ENV is
 * development and, for a message that signs someone in, its links are to this machine: a
 * deployed worker left on development writes links to its public host, and the outbox's log line
 * would leak them. (Other messages may quote a visitor's links, wherever they point.)
 * Callers decide what to tell the user (a queued e-mail stays pending, for the retry job).
 * (Resend's client always uses the global fetch: tests mock globalThis.fetch.)
 */
export async function sendEmail({ env, db }: Mailer, message: EmailMessage): Promise<SentEmail> {
  if (env.APP_ENV !== "development" && !configuredSiteOrigin(env)) {
    throw new Error(
      `Cannot send e-mail: SITE_URL ${env.SITE_URL ? `(${JSON.stringify(env.SITE_URL)}) is not an http(s) address` : "is not set"}, so its links would lead to whatever host a request came through. Set SITE_URL to the site's address.`,
    );
  }
  if (env.RESEND_API_KEY) return sendWithResend(env.RESEND_API_KEY, env.EMAIL_FROM, message);
  if (env.APP_ENV !== "development" || (message.signsIn && !linksStayHere(message.text))) {
    throw new Error(
      "Cannot send e-mail: RESEND_API_KEY is not set (the dev outbox is for this machine only).",
    );
  }
  return saveToOutbox(db, message);
}

const linksStayHere = (text: string) =>
  linksIn(text).every((url) => isLocalHostname(new URL(url).hostname));

async function sendWithResend(
  apiKey: string,
  from: string,
  message: EmailMessage,
): Promise<SentEmail> {
  if (!from) throw new Error("Cannot send e-mail: EMAIL_FROM is not set.");
  const resend = new Resend(apiKey);
  // Resend takes where replies go as a field of its own, not as a header.
  const { "Reply-To": replyTo, ...headers } = message.headers ?? {};
  const { data, error } = await resend.emails.send(
    {
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(replyTo ? { replyTo } : {}),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(message.attachments?.length
        ? {
            attachments: message.attachments.map(({ filename, contentType, content }) => ({
              filename,
              contentType,
              content: base64(content),
            })),
          }
        : {}),
    },
    { signal: AbortSignal.timeout(RESEND_TIMEOUT_MS) },
  );
  if (error) {
    const status = error.statusCode ? ` (HTTP ${error.statusCode})` : "";
    throw new Error(`Resend did not send the e-mail${status}: ${error.name}: ${error.message}`);
  }
  if (!data?.id) throw new Error("Resend did not send the e-mail: the response had no id.");
  return { id: data.id, via: "resend" };
}

/** Resend takes an attachment's bytes as base64: the text's UTF-8 bytes. */
function base64(text: string) {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function saveToOutbox(db: Db, message: EmailMessage): Promise<SentEmail> {
  const id = crypto.randomUUID();
  await db.insert(outboxEmails).values({
    id,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments?.length ? message.attachments : null,
    headers: message.headers ?? null,
  });
  const link = firstUrl(message.text);
  console.log(
    `[dev outbox] to ${message.to}: "${message.subject}"${link ? ` ${link}` : ""} (see /dev/outbox)`,
  );
  return { id, via: "outbox" };
}

/** The outbox, newest first; only the e-mails to `to` when given. */
export async function listOutbox(db: Db, { limit = 20, to }: { limit?: number; to?: string } = {}) {
  return await db
    .select()
    .from(outboxEmails)
    .where(to ? eq(outboxEmails.to, to) : undefined)
    // rowid breaks ties between e-mails stored in the same millisecond.
    .orderBy(desc(outboxEmails.createdAt), sql`rowid desc`)
    .limit(limit);
}
