import {
  and,
  asc,
  count,
  eq,
  exists,
  gt,
  lt,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { bookingRequests, locations, roomTypes, weeks, type WeekState } from "~/db/schema";
import { givenStay, undecided, waiting } from "~/request-life/rules.server";
import { addDays, type CalendarDate } from "./calendar";
import { type WeekAvailability } from "./week";
import { chargeAmountColumns, holidayPriceColumns, waiverColumns } from "./price-columns.server";

/**
 * The pieces the weeks' queries share: the rate and charge columns a week is priced from, a
 * week's check-out, the nights staff have confirmed, the weeks a stay of the member's own dates
 * reaches into (docs/decisions/012-weeks-and-holiday-rates.md), and a held week's waitlist.
 */

export const pricingColumns = { price: roomTypes.price, ...holidayPriceColumns };

export const chargeColumns = { ...chargeAmountColumns, ...waiverColumns };

/** A rate a week can be offered at. */
export const isPriced = (rate: number | null): rate is number => rate !== null && rate > 0;

/** A week's check-out date, in SQL. */
const weekCheckOut = sql`date(${weeks.checkIn}, '+' || ${weeks.nights} || ' days')`;

/**
 * A confirmed request of the room that shares a night with `checkIn` to `checkOut`: values, or an
 * outer query's columns.
 */
const confirmedNightsIn = (
  roomTypeId: SQLWrapper | string,
  checkIn: SQLWrapper | string,
  checkOut: SQLWrapper | string,
) =>
  and(
    eq(bookingRequests.roomTypeId, roomTypeId),
    givenStay,
    lt(bookingRequests.checkInDate, checkOut),
    gt(bookingRequests.checkOutDate, checkIn),
  );

/** A confirmed request of the week's room takes one of its nights (staff gave them away). */
export const weekNightsConfirmed = (db: Db) =>
  exists(
    db
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .where(confirmedNightsIn(weeks.roomTypeId, weeks.checkIn, weekCheckOut)),
  );

/** A stay of the member's own dates: its room and dates, and the request that asks for it. */
export interface OwnDates {
  roomTypeId: string;
  checkIn: CalendarDate;
  checkOut: CalendarDate;
  requestId?: string;
}

/** The room's weeks that share a night with the stay. */
export function weeksWithin({ roomTypeId, checkIn, checkOut }: OwnDates) {
  return and(
    eq(weeks.roomTypeId, roomTypeId),
    lt(weeks.checkIn, checkOut),
    // No stay is longer than a year: the index reads only the weeks that could reach in.
    gt(weeks.checkIn, addDays(checkIn, -366)),
    sql`${weekCheckOut} > ${checkIn}`,
  );
}

/**
 * Another confirmed request of the room that shares a night with the stay. Its nights may have no
 * week to be booked in (past the calendar's last week, or a room without weeks yet), so the
 * requests themselves say which nights staff have given away.
 */
export const confirmedStaysWithin = (
  db: Db,
  { roomTypeId, checkIn, checkOut, requestId }: OwnDates,
) =>
  db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(
      and(
        confirmedNightsIn(roomTypeId, checkIn, checkOut),
        requestId ? ne(bookingRequests.id, requestId) : undefined,
      ),
    );

/**
 * A room type's weeks within `range`, in check-in order, with what their rates come from (and
 * `extra` columns, such as a member's waitlist columns).
 */
export const pricedWeeks = <Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Db,
  roomTypeId: string,
  range: SQL[],
  extra?: Extra,
) =>
  db
    .select({
      checkIn: weeks.checkIn,
      nights: weeks.nights,
      rate: weeks.rate,
      state: weeks.state,
      timeZone: locations.timeZone,
      ...pricingColumns,
      ...extra,
    })
    .from(weeks)
    .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
    .innerJoin(locations, eq(locations.id, roomTypes.locationId))
    .where(and(eq(weeks.roomTypeId, roomTypeId), ...range))
    .orderBy(asc(weeks.checkIn));

/**
 * Over `weeks`: the week is open to request, or held (by a member's request, or offered to a
 * member waiting) and so open to its waitlist. Booked and closed weeks never free. The state is
 * kept off its index (the unary `+`): the queries read weeks by room and date.
 */
export const openOrHeld = sql`+${weeks.state} IN ('open', 'requested')`;

/**
 * A week as openOrHeld reads it, in JS: open to request, held (its waitlist open), or neither.
 * `onSale`: it has a rate and is ahead of the resort's today.
 */
export function weekAvailability(state: WeekState, onSale: boolean): WeekAvailability {
  if (!onSale) return "unavailable";
  if (state === "open") return "open";
  return state === "requested" ? "held" : "unavailable";
}

/**
 * Columns for a member's view of the weeks a query over `weeks` lists: how many members wait for
 * each held week, and the member's own undecided request for it (a hold, which an own-dates
 * request puts on the weeks it takes, or a place on its waitlist). Correlated subqueries through
 * the requests' week and member indexes: the page's own query, however many weeks it lists.
 */
export const waitlistColumns = (db: Db, memberId: string) => ({
  waiting: sql<number>`CASE WHEN ${weeks.state} = 'requested' THEN (${db
    .select({ waiting: count() })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.weekId, weeks.id), waiting))}) ELSE 0 END`
    .mapWith(Number)
    .as("waiting"),
  ownRequestId: sql<string | null>`CASE WHEN ${weeks.state} = 'requested' THEN (${db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.userId, memberId),
        undecided,
        or(eq(bookingRequests.weekId, weeks.id), eq(bookingRequests.id, weeks.requestId)),
      ),
    )
    .limit(1)}) END`.as("own_request_id"),
});
