import { and, asc, eq, lte, sql, type SQL } from "drizzle-orm";
import { type SQLiteTable } from "drizzle-orm/sqlite-core";
import { type Db } from "~/db/client.server";
import {
  emailDeliveries,
  type EmailAttachment,
  type EmailHeaders,
  type EmailDelivery,
  type EmailKind,
  LINK_EMAIL_KINDS,
} from "~/db/schema";
import { type EmailMessage, type Mailer, sendEmail } from "./email.server";
import { emailHtml, emailText, type EmailContent } from "./layout.server";
import { isSealed, openEmailBody } from "./sealed-body.server";

/**
 * Every e-mail is stored in the same D1 batch as the write that causes it (see queueEmails) and
 * sent afterwards: at once in the background, and by the scheduled handler until it goes. Retries
 * back off from 1 minute to 6 hours; after 12 attempts a delivery is marked failed. A sign-in link
 * or invitation is only worth sending while its link works (1 hour); its body (the link) waits
 * sealed (sealed-body.server.ts) and is erased once it is sent or given up.
 */
const MAX_ATTEMPTS = 12;
const LEASE_MS = 2 * 60 * 1000;
const LINK_LIFETIME_MS = 60 * 60 * 1000;

const carriesLink = (delivery: EmailDelivery) =>
  (LINK_EMAIL_KINDS as readonly string[]).includes(delivery.requestKind);

/** What is kept of a finished delivery: a link that signs someone in is not. */
const finishedBody = (delivery: EmailDelivery) =>
  carriesLink(delivery) ? { text: "", html: "" } : {};

function retryDelayMs(attempts: number) {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

/** An e-mail about a request: who gets it, its subject and the content of its layout. */
export interface EmailDraft {
  to: string;
  subject: string;
  content: EmailContent;
  attachments?: EmailAttachment[];
  headers?: EmailHeaders;
}

export interface QueuedEmail extends EmailMessage {
  id: string;
}

/**
 * The draft rendered (HTML and plain text) with the id its delivery is stored under: `id` names
 * the event the e-mail tells of, when that event can happen only once (a change run twice then
 * stores its e-mail once).
 */
export function queuedEmail(
  { to, subject, content, attachments, headers }: EmailDraft,
  id: string = crypto.randomUUID(),
): QueuedEmail {
  return {
    id,
    to,
    subject,
    attachments: attachments ?? null,
    headers: headers ?? null,
    text: emailText(content),
    html: emailHtml(content),
  };
}

/**
 * Statements that queue `emails` about a request, each stored only if `where` finds the request's
 * row in `table` at that moment. Run them in the batch of the write they belong to: they see that
 * write, so e-mails are queued exactly when it happened (a request inserted, not replayed; a
 * decision made, not already taken).
 */
export function queueEmails(
  db: Db,
  { table, where }: { table: SQLiteTable; where: SQL | undefined },
  {
    kind,
    requestId,
    emails,
    now,
  }: { kind: EmailKind; requestId: string; emails: QueuedEmail[]; now: Date },
) {
  if ((LINK_EMAIL_KINDS as readonly string[]).includes(kind) && !emails.every(isSealed)) {
    throw new Error("An e-mail that signs someone in is stored sealed (sealEmailBody).");
  }
  const at = now.toISOString();
  return emails.map((email) =>
    db
      .insert(emailDeliveries)
      .select(
        db
          .select({
            id: sql`${email.id}`.as("id"),
            requestKind: sql`${kind}`.as("request_kind"),
            requestId: sql`${requestId}`.as("request_id"),
            to: sql`${email.to}`.as("to"),
            subject: sql`${email.subject}`.as("subject"),
            text: sql`${email.text}`.as("text"),
            html: sql`${email.html}`.as("html"),
            attachments: sql`${email.attachments ? JSON.stringify(email.attachments) : null}`.as(
              "attachments",
            ),
            headers: sql`${email.headers ? JSON.stringify(email.headers) : null}`.as("headers"),
            status: sql`'pending'`.as("status"),
            attempts: sql`0`.as("attempts"),
            nextAttemptAt: sql`${at}`.as("next_attempt_at"),
            lastError: sql`null`.as("last_error"),
            sentAt: sql`null`.as("sent_at"),
            createdAt: sql`${at}`.as("created_at"),
          })
          .from(table)
          // Always a WHERE: SQLite reads an upsert's ON CONFLICT after a bare FROM as a join's ON.
          .where(where ?? sql`1`),
      )
      .onConflictDoNothing({ target: emailDeliveries.id }),
  );
}

/** Claims a due delivery for a while so a concurrent run does not send it twice. */
async function claim(db: Db, id: string, now: Date) {
  const [claimed] = await db
    .update(emailDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS).toISOString() })
    .where(
      and(
        eq(emailDeliveries.id, id),
        eq(emailDeliveries.status, "pending"),
        lte(emailDeliveries.nextAttemptAt, now.toISOString()),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** Sends the given pending deliveries that are due; returns how many went out. */
async function deliver(mailer: Mailer, ids: string[], now: Date) {
  const { db } = mailer;
  let sent = 0;
  for (const id of ids) {
    const delivery = await claim(db, id, now);
    if (!delivery) continue;
    const attempts = delivery.attempts + 1;
    const giveUp = (lastError: string) =>
      db
        .update(emailDeliveries)
        .set({ status: "failed", lastError, text: "", html: "" })
        .where(eq(emailDeliveries.id, id));
    if (
      carriesLink(delivery) &&
      now.getTime() - Date.parse(delivery.createdAt) > LINK_LIFETIME_MS
    ) {
      await giveUp("The link expired before it could be sent.");
      continue;
    }
    const body = await openEmailBody(mailer.env, delivery).catch(() => null);
    if (!body) {
      await giveUp("The link was sealed under another key and cannot be opened.");
      continue;
    }
    try {
      await sendEmail(mailer, {
        to: delivery.to,
        subject: delivery.subject,
        ...body,
        attachments: delivery.attachments,
        headers: delivery.headers,
        signsIn: carriesLink(delivery),
      });
      await db
        .update(emailDeliveries)
        .set({
          status: "sent",
          attempts,
          sentAt: now.toISOString(),
          lastError: null,
          ...finishedBody(delivery),
        })
        .where(eq(emailDeliveries.id, id));
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`e-mail ${id} (attempt ${attempts}) failed: ${message}`);
      await db
        .update(emailDeliveries)
        .set({
          attempts,
          lastError: message.slice(0, 500),
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
          ...(attempts >= MAX_ATTEMPTS ? finishedBody(delivery) : {}),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
        })
        .where(eq(emailDeliveries.id, id));
    }
  }
  return sent;
}

/**
 * Sends the queued e-mails after the response (the visitor never waits for e-mail); one that
 * fails stays pending for the scheduled handler. `now` is the moment they were queued.
 */
export function deliverLater(
  { env, db, ctx, now }: Mailer & { ctx: ExecutionContext; now: Date },
  emails: QueuedEmail[],
  what: string,
) {
  ctx.waitUntil(
    deliver(
      { env, db },
      emails.map((email) => email.id),
      now,
    ).catch((error) => console.error(`${what}: e-mails will be retried`, error)),
  );
}

/** The scheduled handler's job: send every delivery whose time has come. */
export async function deliverDueEmails(mailer: Mailer, now: Date, limit = 50) {
  const due = await mailer.db
    .select({ id: emailDeliveries.id })
    .from(emailDeliveries)
    .where(
      and(
        eq(emailDeliveries.status, "pending"),
        lte(emailDeliveries.nextAttemptAt, now.toISOString()),
      ),
    )
    .orderBy(asc(emailDeliveries.nextAttemptAt))
    .limit(limit);
  return deliver(
    mailer,
    due.map((row) => row.id),
    now,
  );
}
