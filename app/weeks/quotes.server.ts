import { and, eq } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { bookingRequests, locations, roomTypes, weeks } from "~/db/schema";
import { undecided } from "~/request-life/rules.server";
import { addDays, daysBetween, isCalendarDate, localDate, type CalendarDate } from "./calendar";
import { stayTimes, WEEK_MESSAGES, type QuotedWeek } from "./week";
import { estimatedTotal, nightlyCharges, ownDatesRate, weekRate } from "./rates";
import { nextOpenWeeks } from "./open-weeks.server";
import {
  pricingColumns,
  chargeColumns,
  isPriced,
  weekNightsConfirmed,
  type OwnDates,
  weeksWithin,
  confirmedStaysWithin,
} from "./week-sql.server";

/**
 * What the booking form offers: a week or a stay of the member's own dates, priced (its rate, the
 * nightly charges, the estimated total), and whether it may be asked for.
 */

/**
 * The week of `roomTypeId` that checks in on `checkIn`, priced, as it stands at `now`; null when
 * there is none. A week over nights staff confirmed for another request's own dates reads as
 * booked, whatever its row says (a week the calendar or its import added over them later).
 */
export async function quoteWeek(
  db: Db,
  { roomTypeId, checkIn, now }: { roomTypeId: string; checkIn: CalendarDate; now: Date },
): Promise<QuotedWeek | null> {
  const [row] = await db
    .select({
      id: weeks.id,
      checkIn: weeks.checkIn,
      nights: weeks.nights,
      rate: weeks.rate,
      state: weeks.state,
      timeZone: locations.timeZone,
      checkInTime: locations.checkInTime,
      checkOutTime: locations.checkOutTime,
      currency: locations.currency,
      nightsBooked: weekNightsConfirmed(db).mapWith(Boolean),
      ...pricingColumns,
      ...chargeColumns,
    })
    .from(weeks)
    .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
    .innerJoin(locations, eq(locations.id, roomTypes.locationId))
    .where(and(eq(weeks.roomTypeId, roomTypeId), eq(weeks.checkIn, checkIn)))
    .limit(1);
  if (!row) return null;
  const rate = weekRate(row, row);
  return {
    id: row.id,
    checkIn: row.checkIn,
    checkOut: addDays(row.checkIn, row.nights),
    nights: row.nights,
    state: row.nightsBooked
      ? ("booked" as const)
      : row.state === "open" && !isPriced(rate)
        ? // A week without a rate is not offered.
          ("closed" as const)
        : row.state,
    begun: row.checkIn <= localDate(now, row.timeZone),
    times: stayTimes({
      checkInDate: row.checkIn,
      checkOutDate: addDays(row.checkIn, row.nights),
      checkInTime: row.checkInTime,
      checkOutTime: row.checkOutTime,
      timeZone: row.timeZone,
    }),
    currency: row.currency,
    rate,
    charges: nightlyCharges(row),
    estimatedTotal: estimatedTotal(rate, row.nights, row),
  };
}

/**
 * A stay of the member's own dates as the form quotes it and the server takes it: what keeps it
 * from being asked for (a night staff confirmed for another request, a night of a week that is
 * not open, or fewer nights than the resort's minimum; staff arrange such dates around open weeks
 * only), and its estimate (each night's share of its week's rate, and the nightly charges). Null
 * for a room that is not in the catalogue. One batch.
 */
export async function quoteOwnDates(db: Db, stay: OwnDates) {
  const [[room], within, [booked]] = await db.batch([
    db
      .select({
        minimumNights: locations.minimumNights,
        currency: locations.currency,
        ...pricingColumns,
        ...chargeColumns,
      })
      .from(roomTypes)
      .innerJoin(locations, eq(locations.id, roomTypes.locationId))
      .where(eq(roomTypes.id, stay.roomTypeId))
      .limit(1),
    db
      .select({
        checkIn: weeks.checkIn,
        nights: weeks.nights,
        rate: weeks.rate,
        state: weeks.state,
      })
      .from(weeks)
      .where(weeksWithin(stay)),
    confirmedStaysWithin(db, stay).limit(1),
  ]);
  if (!room) return null;
  const nights = daysBetween(stay.checkIn, stay.checkOut);
  const rate = ownDatesRate(room, within, stay.checkIn, stay.checkOut);
  const problem = booked
    ? WEEK_MESSAGES.nightsBooked
    : within.some((week) => week.state !== "open")
      ? WEEK_MESSAGES.datesTaken
      : nights < room.minimumNights
        ? WEEK_MESSAGES.minimumStay(room.minimumNights)
        : null;
  return {
    problem,
    nights,
    currency: room.currency,
    rate,
    charges: nightlyCharges(room),
    estimatedTotal: estimatedTotal(rate, nights, room),
  };
}

export type OwnDatesQuote = NonNullable<Awaited<ReturnType<typeof quoteOwnDates>>>;

/**
 * The week a booking link asks for (`?week=`), as the form offers it to `userId`: the quote when
 * it is open and ahead, else why not (taken, asked for already by this member, or not a week of
 * this room) with the room's next open weeks.
 */
export async function weekOnOffer(
  db: Db,
  {
    roomTypeId,
    asked,
    userId,
    now,
  }: { roomTypeId: string; asked: string | null; userId: string; now: Date },
) {
  if (asked === null) return null;
  const [quote, nextWeeks, [ownRequest]] = await Promise.all([
    isCalendarDate(asked) ? quoteWeek(db, { roomTypeId, checkIn: asked, now }) : null,
    nextOpenWeeks(db, roomTypeId, now),
    isCalendarDate(asked) ? undecidedRequestFor(db, { roomTypeId, checkIn: asked, userId }) : [],
  ]);
  // A booked week has no waitlist: it does not free again.
  const bookable = quote && !quote.begun && quote.state !== "closed" && quote.state !== "booked";
  if (bookable && quote.state === "open") {
    return { quote, problem: null, ownRequestId: null, nextWeeks: [] };
  }
  // The member's own hold or waitlist request (Back after sending, a second tab): nothing to ask.
  const ownRequestId = bookable && ownRequest ? ownRequest.id : null;
  return {
    // A held week is still shown, for its waitlist.
    quote: bookable ? quote : null,
    problem: ownRequestId
      ? WEEK_MESSAGES.alreadyAsked
      : bookable || quote?.state === "booked"
        ? WEEK_MESSAGES.taken
        : WEEK_MESSAGES.notFound,
    ownRequestId,
    nextWeeks,
  };
}

/** A member's undecided request (a hold, a waitlist place or an offer) for a room's week. */
const undecidedRequestFor = (
  db: Db,
  { roomTypeId, checkIn, userId }: { roomTypeId: string; checkIn: CalendarDate; userId: string },
) =>
  db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .innerJoin(weeks, eq(weeks.id, bookingRequests.weekId))
    .where(
      and(
        eq(weeks.roomTypeId, roomTypeId),
        eq(weeks.checkIn, checkIn),
        eq(bookingRequests.userId, userId),
        undecided,
      ),
    )
    .limit(1);
