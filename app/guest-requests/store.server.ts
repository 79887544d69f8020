import { and, eq, isNull } from "drizzle-orm";
import { type BatchItem } from "drizzle-orm/batch";
import { type z } from "zod";
import { type AppContext } from "~/context";
import { namedBatch } from "~/db/named-batch.server";
import {
  type agentApplications,
  type bookingRequests,
  type RequestKind,
  type supportMessages,
} from "~/db/schema";
import { deliverLater, queuedEmail, queueEmails, type EmailDraft } from "~/email/deliveries.server";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { DomainError } from "~/lib/errors.server";
import { type SiteConfig } from "~/lib/site.server";

/**
 * The one way a request is stored: its row and the e-mails about it (one to staff; a receipt to a
 * signed-in sender) in one D1 batch, so both are stored or neither. Each kind of request is
 * described once (app/guest-requests/*.server.ts): its form, its table, its row and its e-mails.
 */

export type RequestTable =
  | typeof bookingRequests
  | typeof agentApplications
  | typeof supportMessages;

/** What every request form sends, whatever its kind: a visitor's form asks for an address. */
export interface SenderInput {
  email?: string | undefined;
  idempotencyKey?: string | undefined;
}

/** Who sends a request: a signed-in account, or a visitor. */
export type Sender = { id: string; email: string } | null;

/**
 * What the store gives every request's row: its id, its one-time key, the signed-in sender, and
 * the address the request is answered at.
 */
interface RequestKeys {
  id: string;
  idempotencyKey: string;
  userId: string | null;
  email: string;
}

type RequestRow<Table extends RequestTable> = Table["$inferInsert"];

export interface RequestKindDefinition<Table extends RequestTable, Input extends SenderInput> {
  kind: RequestKind;
  /** How log lines name it. */
  label: string;
  table: Table;
  /** The form's schema as the server applies it at `now` (made per request: it may depend on the date). */
  schema: (now: Date) => z.ZodType<Input>;
  /** The row from the parsed form and the keys; a DomainError refuses the request with its message. */
  toRow: (
    app: AppContext,
    input: Input,
    keys: RequestKeys,
  ) => RequestRow<Table> | Promise<RequestRow<Table>>;
  /** The e-mail to staff and the receipt to the sender. */
  emails: (row: RequestRow<Table>, site: SiteConfig) => EmailDraft[];
  /** What the request takes hold of (a week), if anything: see RequestClaim. */
  claim?: (app: AppContext, row: RequestRow<Table>) => RequestClaim | null;
  messages: {
    /** The page's form message when the request could not be stored. */
    notStored: string;
    /** The same in short: the page's toast, and the JSON endpoint's answer. */
    notStoredShort: string;
    /** The JSON endpoint's answer once the request is stored (for kinds that have one). */
    received?: string;
  };
  /**
   * Where the page sends the sender once the request is stored, with a toast. Without it the page
   * shows its own success screen.
   */
  confirmation?: { path: string; toast: string };
}

/**
 * Something only one request may hold (a week). In the request's own batch, `take` runs first and
 * changes a row only if the thing is still free; `undo` runs last and removes the request and its
 * e-mails again if the request holds not what it must. The batch is one transaction, so no one
 * ever sees a request without its hold, and the sender of a request so removed gets `refusal`.
 */
interface RequestClaim {
  take: BatchItem<"sqlite">;
  undo: BatchItem<"sqlite">[];
  refusal: DomainError;
  /** The catalogue's cached pages show it (a held week), so taking it starts a new cache version. */
  shownInCatalogue: boolean;
}

export interface StoredRequest {
  id: string;
  /** False when the one-time key had been used: the earlier request stands, nothing new. */
  created: boolean;
  /** The address the request is answered at. */
  email: string;
}

/**
 * The address a request is answered at: a signed-in sender's own, whatever the form said, and a
 * visitor's as typed (for staff to reply to by hand; the site itself never mails it: mayMail).
 */
function answerAddress(sender: Sender, input: SenderInput) {
  const email = sender?.email ?? input.email;
  if (!email) throw new DomainError("invalid", "Please sign in to send this request.");
  return email.toLowerCase();
}

/**
 * No form mails an address its sender has not shown to be theirs, by signing in with it: a
 * visitor's request is mailed to staff only (the page says where staff will reply), so nobody can
 * have the site write to a stranger.
 */
const mayMail = (sender: Sender, draft: EmailDraft, site: SiteConfig) =>
  sender !== null || draft.to === site.staffEmail;

/**
 * Stores a request and its e-mails, then sends the e-mails after the response. A replayed one-time
 * key stores nothing (the key is unique in its table) and answers with the first request's id.
 */
export async function storeRequest<Table extends RequestTable, Input extends SenderInput>(
  app: AppContext,
  { kind, table, toRow, emails: emailsAbout, claim: claimOf }: RequestKindDefinition<Table, Input>,
  input: Input,
  sender: Sender,
): Promise<StoredRequest> {
  const { db, site } = app;
  const id = crypto.randomUUID();
  const idempotencyKey = input.idempotencyKey ?? id;
  const userId = sender?.id ?? null;
  const email = answerAddress(sender, input);
  let row: RequestRow<Table>;
  try {
    row = await toRow(app, input, { id, idempotencyKey, userId, email });
  } catch (error) {
    // The same form sent again once its request is stored (a double click, a retry, Back and
    // send) answers with that request, not with the refusal its own hold now causes.
    if (!(error instanceof DomainError) || !input.idempotencyKey) throw error;
    const [earlier] = await db
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(table.idempotencyKey, idempotencyKey),
          userId === null ? isNull(table.userId) : eq(table.userId, userId),
        ),
      );
    if (!earlier) throw error;
    return { id: earlier.id, created: false, email };
  }
  const emails = emailsAbout(row, site)
    .filter((draft) => mayMail(sender, draft, site))
    .map((draft) => queuedEmail(draft));
  const claim = claimOf?.(app, row) ?? null;

  const queued = queueEmails(
    db,
    { table, where: eq(table.id, id) },
    { kind, requestId: id, emails, now: app.now },
  );
  const { inserted, stored, kept } = await namedBatch(db, {
    inserted: db
      .insert(table)
      .values({ ...row, createdAt: app.now.toISOString() })
      .onConflictDoNothing({ target: table.idempotencyKey }),
    stored: db.select({ id: table.id }).from(table).where(eq(table.idempotencyKey, idempotencyKey)),
    queued,
    take: claim?.take,
    undo: claim?.undo,
    // Whether the request stands once its claim is settled.
    kept: db.select({ id: table.id }).from(table).where(eq(table.id, id)),
  });
  const created = inserted.meta.changes > 0;
  // A replayed key answers with the first request, whatever became of what it held.
  if (created && claim) {
    if (kept.length === 0) throw claim.refusal;
    if (claim.shownInCatalogue) app.ctx.waitUntil(invalidateLocationCaches(app.env.CACHE));
  }
  const storedId = stored[0]?.id ?? id;
  if (created) deliverLater(app, emails, `${kind} ${storedId}`);
  return { id: storedId, created, email };
}

/** "Label: value" for the e-mails about a request; a missing value is a dash. */
export const emailLine = (label: string, value: string | number | null | undefined) =>
  `${label}: ${value === null || value === undefined || value === "" ? "—" : value}`;
