import { and, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { unionAll, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type Db } from "~/db/client.server";
import {
  agentApplications,
  bookingRequests,
  emailDeliveries,
  supportMessages,
  users,
  weeks,
} from "~/db/schema";
import { type Toast } from "~/lib/toast.server";
import { nightsBetween } from "./booking";
import { type RequestChangeResult } from "./booking-life.server";
import { HOLD_HOURS } from "~/weeks/week";
import { placeOf } from "./format";
import {
  INBOX_PAGE_SIZE,
  type InboxAction,
  type InboxFilters,
  type InboxKind,
  type InboxStatus,
} from "./inbox";
import { type RequestTable } from "./store.server";

/**
 * The staff inbox: booking requests, agent applications and support messages in one list, what
 * staff are told after acting on one, and marking a message handled (a booking's changes are
 * booking-life.server.ts). Marking is a conditional update (`WHERE status = 'new'`), so a double
 * submit or two admins at once mark it once.
 */

const TABLES = {
  booking: bookingRequests,
  "agent-application": agentApplications,
  "support-message": supportMessages,
} as const satisfies Record<InboxKind, RequestTable>;

/** The booking statuses each of the inbox's filters shows. */
const BOOKING_FILTERS = {
  new: and(eq(bookingRequests.status, "new"), eq(bookingRequests.waitlist, false)),
  waitlist: or(
    and(eq(bookingRequests.status, "new"), eq(bookingRequests.waitlist, true)),
    eq(bookingRequests.status, "offered"),
  ),
  lapsed: inArray(bookingRequests.status, ["lapsed", "passed"]),
  decided: inArray(bookingRequests.status, ["confirmed", "declined", "withdrawn", "closed"]),
  handled: sql`0`,
} satisfies Record<InboxStatus, SQL | undefined>;

/** The messages' statuses each filter shows (a message is new or handled). */
const messageFilter = (table: RequestTable, status: InboxStatus) =>
  status === "new" || status === "handled" ? sql`${table.status} = ${status}` : sql`0`;

/** The requests of one kind that the filters let through, as rows of the inbox's union. */
function matchingOf(db: Db, filters: InboxFilters, kind: InboxKind) {
  const table = TABLES[kind];
  const byKind = filters.kind === "all" || filters.kind === kind ? undefined : sql`0`;
  const byStatus =
    filters.status === "all"
      ? undefined
      : kind === "booking"
        ? BOOKING_FILTERS[filters.status]
        : messageFilter(table, filters.status);
  return db
    .select({ kind: sql<InboxKind>`${kind}`.as("kind"), id: table.id, createdAt: table.createdAt })
    .from(table)
    .where(and(byKind, byStatus));
}

/** Who sent a request, and who handled it. */
function senderColumns(table: RequestTable) {
  return {
    id: table.id,
    createdAt: table.createdAt,
    firstName: table.firstName,
    lastName: table.lastName,
    email: table.email,
    phone: table.phone,
    handledBy: table.handledBy,
    handledAt: table.handledAt,
    // Aliased: D1 returns a batch's rows keyed by column name, and the request has an email too.
    accountEmail: sql<string | null>`${users.email}`.as("account_email"),
  };
}

/**
 * One page of the inbox, newest first, with each request's e-mail delivery state, the total for
 * the filters and the waiting ("new") counts per kind, in one D1 batch.
 */
export async function listInbox(db: Db, filters: InboxFilters) {
  const matching = db
    .$with("matching")
    .as(
      unionAll(
        matchingOf(db, filters, "booking"),
        matchingOf(db, filters, "agent-application"),
        matchingOf(db, filters, "support-message"),
      ),
    );
  const page = db.$with("page").as((qb) =>
    qb
      .select()
      .from(matching)
      .orderBy(desc(matching.createdAt), desc(matching.id))
      .limit(INBOX_PAGE_SIZE)
      .offset((filters.page - 1) * INBOX_PAGE_SIZE),
  );
  const inPage = db.with(matching, page);
  const onPage = (kind: InboxKind, id: SQLiteColumn) => and(eq(page.kind, kind), eq(page.id, id));
  const waitingOf = (kind: InboxKind) =>
    db
      .select({ kind: sql<InboxKind>`${kind}`.as("kind"), waiting: count() })
      .from(TABLES[kind])
      .where(kind === "booking" ? BOOKING_FILTERS.new : eq(TABLES[kind].status, "new"));

  const [order, bookings, applications, messages, deliveries, [matched], waiting] = await db.batch([
    inPage
      .select({ kind: page.kind, id: page.id })
      .from(page)
      .orderBy(desc(page.createdAt), desc(page.id)),
    inPage
      .select({
        ...senderColumns(bookingRequests),
        status: bookingRequests.status,
        locationName: bookingRequests.locationName,
        locationCity: bookingRequests.locationCity,
        locationState: bookingRequests.locationState,
        locationCountry: bookingRequests.locationCountry,
        roomTypeName: bookingRequests.roomTypeName,
        roomTypeBedrooms: bookingRequests.roomTypeBedrooms,
        roomTypeBathrooms: bookingRequests.roomTypeBathrooms,
        roomTypePrice: bookingRequests.roomTypePrice,
        currency: bookingRequests.currency,
        weekId: bookingRequests.weekId,
        weekRate: bookingRequests.weekRate,
        estimatedTotal: bookingRequests.estimatedTotal,
        waitlist: bookingRequests.waitlist,
        changedAt: bookingRequests.changedAt,
        staffNote: bookingRequests.staffNote,
        heldUntil: weeks.heldUntil,
        checkInDate: bookingRequests.checkInDate,
        checkOutDate: bookingRequests.checkOutDate,
        adults: bookingRequests.adults,
        children: bookingRequests.children,
        infants: bookingRequests.infants,
        specialRequests: bookingRequests.specialRequests,
        referralCode: bookingRequests.referralCode,
      })
      .from(page)
      .innerJoin(bookingRequests, onPage("booking", bookingRequests.id))
      .leftJoin(users, eq(users.id, bookingRequests.userId))
      // The week it holds, or is offered: until when.
      .leftJoin(
        weeks,
        and(eq(weeks.id, bookingRequests.weekId), eq(weeks.requestId, bookingRequests.id)),
      ),
    inPage
      .select({
        ...senderColumns(agentApplications),
        status: agentApplications.status,
        isCurrentAgent: agentApplications.isCurrentAgent,
        currentOccupation: agentApplications.currentOccupation,
        whyThrive: agentApplications.whyThrive,
      })
      .from(page)
      .innerJoin(agentApplications, onPage("agent-application", agentApplications.id))
      .leftJoin(users, eq(users.id, agentApplications.userId)),
    inPage
      .select({
        ...senderColumns(supportMessages),
        status: supportMessages.status,
        message: supportMessages.message,
      })
      .from(page)
      .innerJoin(supportMessages, onPage("support-message", supportMessages.id))
      .leftJoin(users, eq(users.id, supportMessages.userId)),
    inPage
      .select({
        requestKind: emailDeliveries.requestKind,
        requestId: emailDeliveries.requestId,
        to: emailDeliveries.to,
        subject: emailDeliveries.subject,
        status: emailDeliveries.status,
        attempts: emailDeliveries.attempts,
      })
      .from(page)
      .innerJoin(
        emailDeliveries,
        and(eq(emailDeliveries.requestKind, page.kind), eq(emailDeliveries.requestId, page.id)),
      )
      // rowid keeps the order of e-mails stored in the same batch.
      .orderBy(emailDeliveries.createdAt, sql`${emailDeliveries}.rowid`),
    db.with(matching).select({ total: count() }).from(matching),
    unionAll(waitingOf("booking"), waitingOf("agent-application"), waitingOf("support-message")),
  ]);

  const emailsOf = new Map<
    string,
    Omit<(typeof deliveries)[number], "requestKind" | "requestId">[]
  >();
  for (const { requestKind, requestId, ...email } of deliveries) {
    const key = `${requestKind}:${requestId}`;
    emailsOf.set(key, [...(emailsOf.get(key) ?? []), email]);
  }
  const emails = (kind: InboxKind, id: string) => emailsOf.get(`${kind}:${id}`) ?? [];

  const loaded = [
    ...bookings.map((row) => ({
      ...row,
      kind: "booking" as const,
      place: placeOf({
        city: row.locationCity,
        state: row.locationState,
        country: row.locationCountry,
      }),
      nights: nightsBetween(row.checkInDate, row.checkOutDate),
      emails: emails("booking", row.id),
    })),
    ...applications.map((row) => ({
      ...row,
      kind: "agent-application" as const,
      emails: emails("agent-application", row.id),
    })),
    ...messages.map((row) => ({
      ...row,
      kind: "support-message" as const,
      emails: emails("support-message", row.id),
    })),
  ];
  const byKey = new Map(loaded.map((item) => [`${item.kind}:${item.id}`, item]));
  const newCounts: Record<InboxKind, number> = {
    booking: 0,
    "agent-application": 0,
    "support-message": 0,
  };
  for (const row of waiting) newCounts[row.kind] = row.waiting;

  const total = matched?.total ?? 0;
  return {
    items: order.flatMap(({ kind, id }) => byKey.get(`${kind}:${id}`) ?? []),
    page: filters.page,
    pages: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
    total,
    /** Requests waiting for staff, per kind (whatever the filters). */
    newCounts,
  };
}

export type InboxItem = Awaited<ReturnType<typeof listInbox>>["items"][number];
export type EmailState = InboxItem["emails"][number];

/** What a staff action came to: a booking's change (see booking-life.server.ts), or a message's. */
export type TransitionResult =
  | RequestChangeResult
  | {
      ok: false;
      reason: "already-handled";
      status: "handled";
      waitlist: false;
      handledBy: string | null;
    };

const DONE_MESSAGES = {
  confirm: "Booking confirmed",
  decline: "Booking declined",
  handle: "Marked as handled",
} as const satisfies Record<InboxAction["intent"], string>;

/** Why a booking can no longer be decided, by what became of it. */
const ENDED_MESSAGES: Partial<Record<string, string>> = {
  offered:
    "Not possible now: the week is offered to this member, who has not requested it yet. It comes back here once they do.",
  lapsed: `This request lapsed: no decision came within ${HOLD_HOURS} hours, and its week went to the next member waiting or opened again.`,
  passed: "This member did not request the week offered to them in time: the offer passed.",
  closed: "This place on the waitlist is closed: the week was booked, or is no longer offered.",
};

/** What staff are told after an action: done, or why not. */
export function transitionToast(action: InboxAction, result: TransitionResult): Toast {
  if (result.ok) {
    const freed = result.freed?.offered
      ? ". The week was offered to the first member on its waitlist"
      : result.freed?.opened
        ? ". The week is open again"
        : "";
    return { type: "success", message: `${DONE_MESSAGES[action.intent]}${freed}` };
  }
  switch (result.reason) {
    case "not-found":
      return { type: "error", message: "Request not found" };
    case "week-taken":
      return {
        type: "error",
        message:
          "Not confirmed: another request holds or has booked this week, or it was closed. Decline it, or offer the member another week.",
      };
    case "dates-taken":
      return {
        type: "error",
        message:
          "Not confirmed: these dates take a night already booked for another request, or of a week held or closed since this one was sent. Decline it, or free those nights first.",
      };
    case "begun":
    case "offer-ended":
      return { type: "error", message: "This request can no longer change" };
    case "already-handled": {
      if (result.status === "withdrawn") {
        const what = result.waitlist ? "left the waitlist" : "withdrew this request";
        return { type: "error", message: `The member ${what}: there is nothing to decide.` };
      }
      const ended = ENDED_MESSAGES[result.status];
      if (ended) return { type: "error", message: ended };
      const what = action.intent === "handle" ? "This request was" : "This booking was";
      const by = result.handledBy ? ` by ${result.handledBy}` : "";
      return { type: "error", message: `${what} already ${result.status}${by}` };
    }
  }
}

/** Why a message was not marked handled: the message as it is now, or none. */
function refusal(
  current: { status: "new" | "handled"; handledBy: string | null } | undefined,
): TransitionResult {
  // A message is either new (then it was marked) or handled.
  if (current?.status !== "handled") return { ok: false, reason: "not-found" };
  return {
    ok: false,
    reason: "already-handled",
    status: current.status,
    waitlist: false,
    handledBy: current.handledBy,
  };
}

/** Marks a new agent application or support message handled (no e-mail). */
export async function markHandled(
  db: Db,
  {
    kind,
    id,
    adminEmail,
  }: { kind: "agent-application" | "support-message"; id: string; adminEmail: string },
  now: Date,
): Promise<TransitionResult> {
  const table = TABLES[kind];
  const [update, [current]] = await db.batch([
    db
      .update(table)
      .set({ status: "handled", handledBy: adminEmail, handledAt: now.toISOString() })
      .where(and(eq(table.id, id), eq(table.status, "new"))),
    db
      .select({ status: table.status, handledBy: table.handledBy })
      .from(table)
      .where(eq(table.id, id)),
  ]);
  return update.meta.changes > 0 ? { ok: true } : refusal(current);
}
