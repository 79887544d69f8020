import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { unionAll, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type Db } from "~/db/client.server";
import {
  agentApplications,
  bookingRequests,
  type BookingStatus,
  emailDeliveries,
  supportMessages,
  users,
  weeks,
} from "~/db/schema";
import { zonedTime } from "~/lib/zoned-time";
import { nightsBetween } from "./booking";
import { placeOf } from "./format";
import {
  INBOX_KINDS,
  INBOX_PAGE_SIZE,
  type InboxFilters,
  type InboxKind,
  type InboxStatus,
} from "./inbox";
import { type RequestTable } from "./store.server";

/**
 * The staff inbox, as staff see it: booking requests, agent applications and support messages in
 * one list, filtered and a page at a time, with each request's e-mails and the waiting counts. What
 * staff decide, and are told after, is inbox-decisions.server.ts.
 */

/** The table of each kind of request the inbox lists (and inbox-decisions.server.ts marks). */
export const INBOX_TABLES = {
  booking: bookingRequests,
  "agent-application": agentApplications,
  "support-message": supportMessages,
} as const satisfies Record<InboxKind, RequestTable>;

/** A booking for staff to decide: new, holding its week (not waiting on a waitlist). */
const newBooking = and(eq(bookingRequests.status, "new"), eq(bookingRequests.waitlist, false));
const inStatus = (status: BookingStatus) => eq(bookingRequests.status, status);

/**
 * The booking statuses each of the inbox's filters shows, a condition for each status: each is read
 * through the (status, created_at) index in order and the pieces merged, where `status IN (…)` had
 * SQLite sort every request of those statuses for a page.
 */
const BOOKING_FILTERS = {
  new: [newBooking],
  waitlist: [
    and(eq(bookingRequests.status, "new"), eq(bookingRequests.waitlist, true)),
    inStatus("offered"),
  ],
  lapsed: [inStatus("lapsed"), inStatus("passed")],
  unpaid: [inStatus("confirmed")],
  paid: [inStatus("paid")],
  "payment-lapsed": [inStatus("payment-lapsed")],
  decided: [inStatus("declined"), inStatus("withdrawn"), inStatus("closed")],
  handled: [sql`0`],
} satisfies Record<InboxStatus, Array<SQL | undefined>>;

/** The messages' statuses each filter shows (a message is new or handled). */
const messageFilter = (table: RequestTable, status: InboxStatus) =>
  status === "new" || status === "handled" ? sql`${table.status} = ${status}` : sql`0`;

/** The requests of one kind that the filters let through, as the pieces of the inbox's union. */
function matchingOf(db: Db, filters: InboxFilters, kind: InboxKind) {
  const table = INBOX_TABLES[kind];
  const byKind = filters.kind === "all" || filters.kind === kind ? undefined : sql`0`;
  const byStatus =
    filters.status === "all"
      ? [undefined]
      : kind === "booking"
        ? BOOKING_FILTERS[filters.status]
        : [messageFilter(table, filters.status)];
  const byId = filters.request ? eq(table.id, filters.request) : undefined;
  return byStatus.map((status) =>
    db
      .select({
        kind: sql<InboxKind>`${kind}`.as("kind"),
        id: table.id,
        createdAt: table.createdAt,
      })
      .from(table)
      .where(and(byKind, status, byId)),
  );
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
 * The requests the filters let through (`matching`) and the page of them shown (`page`), newest
 * first: each table is read in its order of arrival (its created_at index) and the three merged, so
 * a page costs the same however many requests were ever sent.
 */
function inboxPage(db: Db, filters: InboxFilters) {
  const [first, second, ...rest] = INBOX_KINDS.flatMap((kind) => matchingOf(db, filters, kind));
  const matching = db.$with("matching").as(unionAll(first!, second!, ...rest));
  const page = db.$with("page").as((qb) =>
    qb
      .select()
      .from(matching)
      .orderBy(desc(matching.createdAt), desc(matching.id))
      .limit(INBOX_PAGE_SIZE)
      .offset((filters.page - 1) * INBOX_PAGE_SIZE),
  );
  return { matching, page, inPage: db.with(matching, page) };
}

/** The page's requests in the order shown: each by its kind and id. */
export function inboxOrderQuery(db: Db, filters: InboxFilters) {
  const { page, inPage } = inboxPage(db, filters);
  return inPage
    .select({ kind: page.kind, id: page.id })
    .from(page)
    .orderBy(desc(page.createdAt), desc(page.id));
}

/**
 * One page of the inbox, newest first, with each request's e-mail delivery state, the total for
 * the filters and the waiting ("new") counts per kind, in one D1 batch.
 */
export async function listInbox(db: Db, filters: InboxFilters) {
  const { matching, page, inPage } = inboxPage(db, filters);
  const onPage = (kind: InboxKind, id: SQLiteColumn) => and(eq(page.kind, kind), eq(page.id, id));
  const waitingOf = (kind: InboxKind) =>
    db
      .select({ kind: sql<InboxKind>`${kind}`.as("kind"), waiting: count() })
      .from(INBOX_TABLES[kind])
      .where(kind === "booking" ? newBooking : eq(INBOX_TABLES[kind].status, "new"));

  const [order, bookings, applications, messages, deliveries, [matched], waiting] = await db.batch([
    inboxOrderQuery(db, filters),
    inPage
      .select({
        ...senderColumns(bookingRequests),
        status: bookingRequests.status,
        locationName: bookingRequests.locationName,
        locationCity: bookingRequests.locationCity,
        locationState: bookingRequests.locationState,
        locationCountry: bookingRequests.locationCountry,
        locationTimeZone: bookingRequests.locationTimeZone,
        roomTypeName: bookingRequests.roomTypeName,
        roomTypeBedrooms: bookingRequests.roomTypeBedrooms,
        roomTypeBathrooms: bookingRequests.roomTypeBathrooms,
        roomTypePrice: bookingRequests.roomTypePrice,
        currency: bookingRequests.currency,
        weekId: bookingRequests.weekId,
        weekRate: bookingRequests.weekRate,
        estimatedTotal: bookingRequests.estimatedTotal,
        quotedCharges: bookingRequests.quotedCharges,
        waitlist: bookingRequests.waitlist,
        changedAt: bookingRequests.changedAt,
        staffNote: bookingRequests.staffNote,
        amountDue: bookingRequests.amountDue,
        payBy: bookingRequests.payBy,
        paymentNote: bookingRequests.paymentNote,
        paymentReference: bookingRequests.paymentReference,
        paymentProcessingSince: bookingRequests.paymentProcessingSince,
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
  // When it came and was handled, ready to show: a booking's in its resort's zone; a message or
  // an application, which belongs to no resort, in UTC (the page adds the reader's own time).
  const timesOf = (
    row: { createdAt: string; handledAt: string | null; changedAt?: string | null },
    timeZone = "UTC",
  ) => {
    const handled = row.handledAt ?? row.changedAt ?? null;
    return {
      received: zonedTime(row.createdAt, timeZone),
      handled: handled ? zonedTime(handled, timeZone) : null,
    };
  };

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
      times: {
        ...timesOf(row, row.locationTimeZone),
        heldUntil: row.heldUntil ? zonedTime(row.heldUntil, row.locationTimeZone) : null,
        payBy: row.payBy ? zonedTime(row.payBy, row.locationTimeZone) : null,
        paymentProcessing: row.paymentProcessingSince
          ? zonedTime(row.paymentProcessingSince, row.locationTimeZone)
          : null,
      },
    })),
    ...applications.map((row) => ({
      ...row,
      kind: "agent-application" as const,
      emails: emails("agent-application", row.id),
      times: { ...timesOf(row), heldUntil: null, payBy: null, paymentProcessing: null },
    })),
    ...messages.map((row) => ({
      ...row,
      kind: "support-message" as const,
      emails: emails("support-message", row.id),
      times: { ...timesOf(row), heldUntil: null, payBy: null, paymentProcessing: null },
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
