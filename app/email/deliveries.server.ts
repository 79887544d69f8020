import { and, asc, eq, lte } from "drizzle-orm";
import { createDb } from "~/db/client.server";
import { emailDeliveries, type RequestKind } from "~/db/schema";
import { sendEmail, type EmailMessage } from "./email.server";

/**
 * E-mails about requests are stored in the same D1 batch as the request (see queuedEmailStatements)
 * and sent afterwards: at once in the background, and by the scheduled handler until they go.
 * Retries back off from 1 minute to 6 hours; after 12 attempts a delivery is marked failed.
 */
export const MAX_ATTEMPTS = 12;
const LEASE_MS = 2 * 60 * 1000;

export function retryDelayMs(attempts: number) {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

export interface QueuedEmail extends EmailMessage {
  id: string;
}

export function queuedEmail(message: EmailMessage): QueuedEmail {
  return { id: crypto.randomUUID(), ...message };
}

/**
 * Statements that store `emails` for a request, but only if the request row `requestId` exists in
 * `table` — so a replayed request (not inserted again) queues nothing. Run them in the request's
 * batch: the request and its e-mails are stored together or not at all.
 */
export function queuedEmailStatements(
  d1: D1Database,
  table: "booking_requests" | "agent_applications" | "support_messages",
  kind: RequestKind,
  requestId: string,
  emails: QueuedEmail[],
  now = new Date(),
) {
  return emails.map((email) =>
    d1
      .prepare(
        `INSERT INTO email_deliveries (id, request_kind, request_id, "to", subject, text, html, status, attempts, next_attempt_at, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, 'pending', 0, ?8, ?8
         WHERE EXISTS (SELECT 1 FROM ${table} WHERE id = ?3)`,
      )
      .bind(
        email.id,
        kind,
        requestId,
        email.to,
        email.subject,
        email.text,
        email.html,
        now.toISOString(),
      ),
  );
}

/** Claims a due delivery for a while so a concurrent run does not send it twice. */
async function claim(env: Env, id: string, now: Date) {
  const db = createDb(env.DB);
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
export async function deliver(env: Env, ids: string[], now = new Date()) {
  const db = createDb(env.DB);
  let sent = 0;
  for (const id of ids) {
    const delivery = await claim(env, id, now);
    if (!delivery) continue;
    const attempts = delivery.attempts + 1;
    try {
      await sendEmail(env, {
        to: delivery.to,
        subject: delivery.subject,
        text: delivery.text,
        html: delivery.html,
      });
      await db
        .update(emailDeliveries)
        .set({ status: "sent", attempts, sentAt: new Date().toISOString(), lastError: null })
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
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
        })
        .where(eq(emailDeliveries.id, id));
    }
  }
  return sent;
}

/** The scheduled handler's job: send every delivery whose time has come. */
export async function deliverDueEmails(env: Env, now = new Date(), limit = 50) {
  const due = await createDb(env.DB)
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
    env,
    due.map((row) => row.id),
    now,
  );
}
