import { and, asc, count, desc, eq, notExists, sql, type SQL } from "drizzle-orm";
import { unionAll, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type AppContext } from "~/context";
import { type Db } from "~/db/client.server";
import {
  agentApplications,
  bookingRequests,
  emailDeliveries,
  supportMessages,
  users,
} from "~/db/schema";
import { deliverLater, queuedEmail, queueEmails } from "~/email/deliveries.server";
import { type Toast } from "~/lib/toast.server";
import { nightsBetween } from "./booking";
import { invalidateLocationCaches } from "~/lib/cache.server";
import {
  bookOwnDatesOf,
  bookWeekOf,
  nightsStillFree,
  ownDatesStillOpen,
  releaseWeekOf,
  weekStillFreeFor,
} from "~/weeks/weeks.server";
import { decisionEmail, type BookingDecision } from "./booking.server";
import { placeOf } from "./format";
import { INBOX_PAGE_SIZE, type InboxAction, type InboxFilters, type InboxKind } from "./inbox";
import { type RequestTable } from "./store.server";

/**
 * The staff inbox: booking requests, agent applications and support messages in one list, and the
 * one-way transitions staff make on them (new → confirmed | declined, new → handled). Each
 * transition is a conditional update (`WHERE status = 'new'`), so a double submit or two admins at
 * once apply one transition, never two.
 */

const TABLES = {
  booking: bookingRequests,
  "agent-application": agentApplications,
  "support-message": supportMessages,
} as const satisfies Record<InboxKind, RequestTable>;

/** The requests of one kind that the filters let through, as rows of the inbox's union. */
function matchingOf(db: Db, filters: InboxFilters, kind: InboxKind) {
  const table = TABLES[kind];
  const byKind = filters.kind === "all" || filters.kind === kind ? undefined : sql`0`;
  // A status a kind never has matches none of its requests.
  const byStatus = filters.status === "all" ? undefined : sql`${table.status} = ${filters.status}`;
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
      .where(eq(TABLES[kind].status, "new"));

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
      .leftJoin(users, eq(users.id, bookingRequests.userId)),
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

export type TransitionResult =
  /** `waitlisted`: after a week's request is declined, the first request waiting for that week. */
  | { ok: true; waitlisted?: { name: string; email: string } | null }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "already-handled"; status: string; handledBy: string | null }
  /** A request for the member's own dates, over a week held, booked or closed since it was sent. */
  | { ok: false; reason: "dates-taken" }
  /** A request for a week another request holds or has booked, or that was closed. */
  | { ok: false; reason: "week-taken" };

const DONE_MESSAGES = {
  confirm: "Booking confirmed",
  decline: "Booking declined",
  handle: "Marked as handled",
} as const satisfies Record<InboxAction["intent"], string>;

/** What staff are told after an action: done, or why not. */
export function transitionToast(action: InboxAction, result: TransitionResult): Toast {
  if (result.ok) {
    const next = result.waitlisted;
    return {
      type: "success",
      message: next
        ? `${DONE_MESSAGES[action.intent]}. The week is open again; first on its waitlist: ${next.name} (${next.email})`
        : DONE_MESSAGES[action.intent],
    };
  }
  if (result.reason === "not-found") return { type: "error", message: "Request not found" };
  if (result.reason === "week-taken") {
    return {
      type: "error",
      message:
        "Not confirmed: another request holds or has booked this week, or it was closed. Decline it, or offer the member another week.",
    };
  }
  if (result.reason === "dates-taken") {
    return {
      type: "error",
      message:
        "Not confirmed: these dates take a night already booked for another request, or of a week held or closed since this one was sent. Decline it, or free those nights first.",
    };
  }
  const what = action.intent === "handle" ? "This request was" : "This booking was";
  const by = result.handledBy ? ` by ${result.handledBy}` : "";
  return { type: "error", message: `${what} already ${result.status}${by}` };
}

/** Why a transition did not happen: the request as it is now, or none. */
function refusal(
  current: { status: string; handledBy: string | null } | undefined,
): TransitionResult {
  if (!current) return { ok: false, reason: "not-found" };
  return {
    ok: false,
    reason: "already-handled",
    status: current.status,
    handledBy: current.handledBy,
  };
}

/**
 * Confirms or declines a new booking request and queues the e-mail to the guest in the same D1
 * batch: the update applies only while the request is new, and the e-mail is stored only if this
 * very update happened (the row now carries this admin and this moment, and no e-mail for this
 * moment exists yet). The e-mail is then sent in the background and retried until sent.
 */
export async function decideBooking(
  app: AppContext,
  {
    id,
    decision,
    adminEmail,
    note,
  }: { id: string; decision: BookingDecision; adminEmail: string; note?: string },
): Promise<TransitionResult> {
  const { db, site, now } = app;
  const [booking] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
  if (booking?.status !== "new") return refusal(booking);

  const email = queuedEmail(decisionEmail(booking, decision, { note, site }));
  const handledAt = now.toISOString();
  const decidedNow: SQL | undefined = and(
    eq(bookingRequests.id, id),
    eq(bookingRequests.status, decision),
    eq(bookingRequests.handledBy, adminEmail),
    eq(bookingRequests.handledAt, handledAt),
    notExists(
      db
        .select({ id: emailDeliveries.id })
        .from(emailDeliveries)
        .where(
          and(
            eq(emailDeliveries.requestKind, "booking"),
            eq(emailDeliveries.requestId, bookingRequests.id),
            eq(emailDeliveries.createdAt, bookingRequests.handledAt),
          ),
        ),
    ),
  );
  // A request for the member's own dates is confirmed only while the weeks it takes are open,
  // and then books them: two members never hold the same nights.
  const ownDates =
    decision === "confirmed" && !booking.weekId
      ? {
          roomTypeId: booking.roomTypeId,
          checkIn: booking.checkInDate,
          checkOut: booking.checkOutDate,
          requestId: id,
        }
      : null;
  // A request for a week is confirmed only while the week is its to book, and then books it.
  const week =
    decision === "confirmed" && booking.weekId ? { weekId: booking.weekId, requestId: id } : null;
  const [update, [current], queued, weekChange] = await db.batch([
    db
      .update(bookingRequests)
      .set({ status: decision, handledBy: adminEmail, handledAt })
      .where(
        and(
          eq(bookingRequests.id, id),
          eq(bookingRequests.status, "new"),
          ownDates
            ? ownDatesStillOpen(db, ownDates)
            : week
              ? weekStillFreeFor(db, week)
              : undefined,
          decision === "confirmed"
            ? nightsStillFree(db, {
                roomTypeId: booking.roomTypeId,
                checkIn: booking.checkInDate,
                checkOut: booking.checkOutDate,
                requestId: id,
              })
            : undefined,
        ),
      ),
    db
      .select({ status: bookingRequests.status, handledBy: bookingRequests.handledBy })
      .from(bookingRequests)
      .where(eq(bookingRequests.id, id)),
    ...queueEmails(
      db,
      { table: bookingRequests, where: decidedNow },
      { kind: "booking", requestId: id, emails: [email], now },
    ),
    // The week the request holds is booked, or open again (a no-op when another admin decided).
    ownDates
      ? bookOwnDatesOf(db, ownDates, handledAt)
      : week
        ? bookWeekOf(db, week, handledAt)
        : releaseWeekOf(db, id, now),
  ]);

  if (update.meta.changes === 0) {
    if (current?.status !== "new") return refusal(current);
    if (ownDates) return { ok: false, reason: "dates-taken" };
    if (week) return { ok: false, reason: "week-taken" };
    return refusal(current);
  }
  // A waitlist request holds no week: deciding it leaves the catalogue's pages as they are.
  if ((weekChange?.meta.changes ?? 0) > 0)
    app.ctx.waitUntil(invalidateLocationCaches(app.env.CACHE));
  const waitlisted =
    decision === "declined" && booking.weekId && !booking.waitlist
      ? await firstOnWaitlist(db, booking.weekId)
      : null;
  if ((queued?.meta.changes ?? 0) > 0) {
    deliverLater(app, [email], `booking ${id} ${decision}`);
  }
  return { ok: true, waitlisted };
}

/** The oldest request still waiting for a week on its waitlist, for staff to offer it to. */
async function firstOnWaitlist(db: Db, weekId: string) {
  const [first] = await db
    .select({
      firstName: bookingRequests.firstName,
      lastName: bookingRequests.lastName,
      email: bookingRequests.email,
    })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.weekId, weekId),
        eq(bookingRequests.waitlist, true),
        eq(bookingRequests.status, "new"),
      ),
    )
    .orderBy(asc(bookingRequests.createdAt))
    .limit(1);
  return first ? { name: `${first.firstName} ${first.lastName}`, email: first.email } : null;
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
