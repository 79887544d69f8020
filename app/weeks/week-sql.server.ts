import { and, asc, eq, exists, gt, lt, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { bookingRequests, locations, roomTypes, weeks } from "~/db/schema";
import { addDays, type CalendarDate } from "./calendar";
import { chargeAmountColumns, holidayPriceColumns, waiverColumns } from "./price-columns.server";

/**
 * The pieces the weeks' queries share: the rate and charge columns a week is priced from, a
 * week's check-out, the nights staff have confirmed, and the weeks a stay of the member's own
 * dates reaches into (docs/decisions/012-weeks-and-holiday-rates.md).
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
    eq(bookingRequests.status, "confirmed"),
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

/** A room type's weeks within `range`, in check-in order, with what their rates come from. */
export const pricedWeeks = (db: Db, roomTypeId: string, ...range: SQL[]) =>
  db
    .select({
      checkIn: weeks.checkIn,
      nights: weeks.nights,
      rate: weeks.rate,
      state: weeks.state,
      timeZone: locations.timeZone,
      ...pricingColumns,
    })
    .from(weeks)
    .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
    .innerJoin(locations, eq(locations.id, roomTypes.locationId))
    .where(and(eq(weeks.roomTypeId, roomTypeId), ...range))
    .orderBy(asc(weeks.checkIn));
