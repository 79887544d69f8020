import {
  and,
  asc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  lt,
  lte,
  ne,
  notExists,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { bookingRequests, emailDeliveries, locations, roomTypes, weeks } from "~/db/schema";
import {
  addDays,
  addMonths,
  daysBetween,
  earliestLocalDate,
  isCalendarDate,
  localDate,
  LATEST_CHECK_IN_DAYS,
  todayUtc,
  type CalendarDate,
} from "./calendar";
import { type WeekRangeValues } from "./calendar-form";
import { shownMonth, type CalendarMonth } from "./month";
import { openSeasonStatement, SEASON_MONTHS } from "./season";
import { stayCalendar } from "./ical";
import {
  HOLD_HOURS,
  WEEK_MESSAGES,
  type CalendarWeek,
  type MonthWeek,
  type OpenWeek,
  type QuotedWeek,
} from "./week";
import { estimatedTotal, nightlyCharges, ownDatesRate, weekRate } from "./rates";
import { weekHasRate } from "./week-rate-sql.server";
import { chargeAmountColumns, holidayPriceColumns, waiverColumns } from "./price-columns.server";
import { formatDateTime } from "~/guest-requests/format";

/**
 * The weeks of the catalogue: which are open, what each costs, and the hold a member's request
 * puts on one (docs/decisions/012-weeks-and-holiday-rates.md).
 */

/** How many open weeks a room option lists on a location page. */
const WEEKS_SHOWN = 6;

const pricingColumns = { price: roomTypes.price, ...holidayPriceColumns };

const chargeColumns = { ...chargeAmountColumns, ...waiverColumns };

/**
 * The query behind openWeeksByRoom. It starts from the location's room types: `state` is kept
 * off its index (the unary `+`), which SQLite without table statistics would otherwise start
 * from, reading every open week of the catalogue for one location's.
 */
export function openWeeksQuery(db: Db, locationKey: string, now: Date) {
  const ranked = db
    .select({
      roomTypeId: weeks.roomTypeId,
      checkIn: weeks.checkIn,
      nights: weeks.nights,
      rate: weeks.rate,
      timeZone: locations.timeZone,
      ...pricingColumns,
      position:
        sql<number>`row_number() over (partition by ${weeks.roomTypeId} order by ${weeks.checkIn})`.as(
          "position",
        ),
    })
    .from(weeks)
    .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
    .innerJoin(locations, eq(locations.id, roomTypes.locationId))
    .where(
      and(
        or(eq(locations.slug, locationKey), eq(locations.id, locationKey)),
        eq(roomTypes.published, true),
        sql`+${weeks.state} = 'open'`,
        weekHasRate,
        gt(weeks.checkIn, earliestLocalDate(now)),
      ),
    )
    .as("ranked");
  // One more than shown: the first may check in on the resort's today (weeks do not overlap, so
  // no second one falls between the earliest date anywhere and the resort's).
  return db
    .select()
    .from(ranked)
    .where(sql`${ranked.position} <= ${WEEKS_SHOWN + 1}`)
    .orderBy(asc(ranked.roomTypeId), asc(ranked.checkIn));
}

/**
 * The next open weeks (after the resort's today) of each room type of a visible location, by room
 * type id: one query, at most WEEKS_SHOWN per room. Rates only `withRates` (prices are for
 * members).
 */
export async function openWeeksByRoom(
  db: Db,
  locationKey: string,
  { now, withRates }: { now: Date; withRates: boolean },
) {
  const rows = await openWeeksQuery(db, locationKey, now);
  const byRoom: Record<string, OpenWeek[]> = {};
  for (const row of rows) {
    if (row.checkIn <= localDate(now, row.timeZone)) continue;
    if ((byRoom[row.roomTypeId]?.length ?? 0) >= WEEKS_SHOWN) continue;
    const week: OpenWeek = {
      checkIn: row.checkIn,
      checkOut: addDays(row.checkIn, row.nights),
      nights: row.nights,
    };
    if (withRates) week.rate = weekRate(row, row);
    (byRoom[row.roomTypeId] ??= []).push(week);
  }
  return byRoom;
}

/** A rate a week can be offered at. */
const isPriced = (rate: number | null): rate is number => rate !== null && rate > 0;

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
const weekNightsConfirmed = (db: Db) =>
  exists(
    db
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .where(confirmedNightsIn(weeks.roomTypeId, weeks.checkIn, weekCheckOut)),
  );

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
    checkInTime: row.checkInTime,
    checkOutTime: row.checkOutTime,
    currency: row.currency,
    rate,
    charges: nightlyCharges(row),
    estimatedTotal: estimatedTotal(rate, row.nights, row),
  };
}

/** A stay of the member's own dates: its room and dates, and the request that asks for it. */
interface OwnDates {
  roomTypeId: string;
  checkIn: CalendarDate;
  checkOut: CalendarDate;
  requestId?: string;
}

/** The room's weeks that share a night with the stay. */
function weeksWithin({ roomTypeId, checkIn, checkOut }: OwnDates) {
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
const confirmedStaysWithin = (db: Db, { roomTypeId, checkIn, checkOut, requestId }: OwnDates) =>
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

/** The room's weeks the stay shares a night with that are not open. */
const unavailableWeeksWithin = (db: Db, stay: OwnDates) =>
  db
    .select({ id: weeks.id })
    .from(weeks)
    .where(and(weeksWithin(stay), ne(weeks.state, "open")));

/** The room's weeks the stay shares a night with that its request does not hold. */
const weeksWithinNotHeldBy = (db: Db, stay: Required<OwnDates>) =>
  db
    .select({ id: weeks.id })
    .from(weeks)
    .where(
      and(
        weeksWithin(stay),
        or(
          ne(weeks.state, "requested"),
          sql`coalesce(${weeks.requestId}, '') <> ${stay.requestId}`,
        ),
      ),
    );

/**
 * A request for the member's own dates holds the weeks it takes a night of, as a request for a
 * week holds its week: `take` holds them all, only if all are open (one statement, so of members
 * asking at once for nights of one week exactly one gets them, and `unless` keeps it from holding
 * any); `refused` is true when it holds not all of them, for the request's `undo`.
 */
export function holdOwnDates(
  db: Db,
  { stay, now, unless }: { stay: Required<OwnDates>; now: Date; unless: SQL | undefined },
) {
  return {
    take: db
      .update(weeks)
      .set({
        state: "requested",
        requestId: stay.requestId,
        heldUntil: new Date(now.getTime() + HOLD_HOURS * 3_600_000).toISOString(),
        updatedAt: now.toISOString(),
      })
      .where(
        and(
          weeksWithin(stay),
          eq(weeks.state, "open"),
          notExists(unavailableWeeksWithin(db, stay)),
          unless ? sql`not ${unless}` : undefined,
        ),
      ),
    refused: exists(weeksWithinNotHeldBy(db, stay)),
  };
}

/**
 * For the confirming update: every week the stay takes a night of is still its own (held by it,
 * or open). Another member's hold or a closed week keeps it from being confirmed.
 */
export const ownDatesStillOpen = (db: Db, stay: Required<OwnDates>) =>
  notExists(
    db
      .select({ id: weeks.id })
      .from(weeks)
      .where(
        and(
          weeksWithin(stay),
          ne(weeks.state, "open"),
          or(
            ne(weeks.state, "requested"),
            sql`coalesce(${weeks.requestId}, '') <> ${stay.requestId}`,
          ),
        ),
      ),
  );

/**
 * For the confirming update of any request: no other confirmed request of the room shares one of
 * its nights. In the update itself, so of requests confirmed at once only the first applies.
 */
export const nightsStillFree = (db: Db, stay: Required<OwnDates>) =>
  notExists(confirmedStaysWithin(db, stay));

/**
 * Staff confirmed a request for the member's own dates (at `handledAt`): the weeks it takes a
 * night of (held by it, or open) are booked for it, so no other member can ask for them.
 */
export const bookOwnDatesOf = (db: Db, stay: Required<OwnDates>, handledAt: string) =>
  db
    .update(weeks)
    .set({ state: "booked", requestId: stay.requestId, heldUntil: null, updatedAt: handledAt })
    .where(
      and(
        weeksWithin(stay),
        or(
          eq(weeks.state, "open"),
          and(eq(weeks.state, "requested"), eq(weeks.requestId, stay.requestId)),
        ),
        confirmedAt(db, stay.requestId, handledAt),
      ),
    );

/** The request was confirmed at `handledAt`: by this very decision, not another admin's. */
const confirmedAt = (db: Db, requestId: string, handledAt: string) =>
  exists(
    db
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .where(
        and(
          eq(bookingRequests.id, requestId),
          eq(bookingRequests.status, "confirmed"),
          eq(bookingRequests.handledAt, handledAt),
        ),
      ),
  );

/** A request for one week (held by it, or a place on its waitlist). */
interface WeekStay {
  weekId: string;
  requestId: string;
}

/**
 * The week is the request's to book: held by it, or open (its hold lapsed with no one holding the
 * week since, or the week freed for a place on its waitlist). Another member's hold or booking is
 * never taken over, nor a closed week.
 */
const weekFreeFor = ({ weekId, requestId }: WeekStay) =>
  and(
    eq(weeks.id, weekId),
    or(eq(weeks.state, "open"), and(eq(weeks.state, "requested"), eq(weeks.requestId, requestId))),
  );

/** For the confirming update of a request for a week: the week is still its to book. */
export const weekStillFreeFor = (db: Db, stay: WeekStay) =>
  exists(db.select({ id: weeks.id }).from(weeks).where(weekFreeFor(stay)));

/** Staff confirmed a request for a week (at `handledAt`): the week is booked for it. */
export const bookWeekOf = (db: Db, stay: WeekStay, handledAt: string) =>
  db
    .update(weeks)
    .set({ state: "booked", requestId: stay.requestId, heldUntil: null, updatedAt: handledAt })
    .where(and(weekFreeFor(stay), confirmedAt(db, stay.requestId, handledAt)));

/**
 * The next open weeks of one room type after the resort's today, for a member whose week was
 * taken (one more is read: the first may check in on the resort's today).
 */
async function nextOpenWeeks(db: Db, roomTypeId: string, now: Date) {
  const rows = await db
    .select({ checkIn: weeks.checkIn, nights: weeks.nights, timeZone: locations.timeZone })
    .from(weeks)
    .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
    .innerJoin(locations, eq(locations.id, roomTypes.locationId))
    .where(
      and(
        eq(weeks.roomTypeId, roomTypeId),
        eq(weeks.state, "open"),
        gt(weeks.checkIn, earliestLocalDate(now)),
        weekHasRate,
      ),
    )
    .orderBy(asc(weeks.checkIn))
    .limit(WEEKS_SHOWN + 1);
  return rows
    .filter((row) => row.checkIn > localDate(now, row.timeZone))
    .slice(0, WEEKS_SHOWN)
    .map(({ checkIn, nights }) => ({ checkIn, nights, checkOut: addDays(checkIn, nights) }));
}

/**
 * The statements that make a stored booking request hold its week, for the request's own batch:
 * `take` holds the week only if it is still open (one conditional statement, so of many members
 * asking at once exactly one gets it); `undo`, run after the request and its e-mails are inserted,
 * removes them again when `take` changed nothing. The batch is one transaction: nobody ever sees
 * a request that does not hold its week.
 */
export function holdWeekStatements(
  db: Db,
  { weekId, requestId, now }: { weekId: string; requestId: string; now: Date },
) {
  const heldByRequest = db
    .select({ id: weeks.id })
    .from(weeks)
    .where(and(eq(weeks.id, weekId), eq(weeks.requestId, requestId)));
  const notHeld = sql`not exists ${heldByRequest}`;
  return {
    take: db
      .update(weeks)
      .set({
        state: "requested",
        requestId,
        heldUntil: new Date(now.getTime() + HOLD_HOURS * 3_600_000).toISOString(),
        updatedAt: now.toISOString(),
      })
      .where(and(eq(weeks.id, weekId), eq(weeks.state, "open"))),
    undo: withdrawRequestStatements(db, requestId, notHeld),
  };
}

/**
 * The statements that remove a booking request just inserted, and its e-mails, when `refused`
 * holds: the `undo` of a request's claim, run last in the request's own batch.
 */
export function withdrawRequestStatements(db: Db, requestId: string, refused: SQL) {
  return [
    db
      .delete(emailDeliveries)
      .where(
        and(
          eq(emailDeliveries.requestKind, "booking"),
          eq(emailDeliveries.requestId, requestId),
          refused,
        ),
      ),
    db.delete(bookingRequests).where(and(eq(bookingRequests.id, requestId), refused)),
  ];
}

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
        inArray(bookingRequests.status, ["new", "offered"]),
      ),
    )
    .limit(1);

/** A new secret for a room type's staff calendar feed: the old address stops working. */
export async function renewCalendarToken(db: Db, roomTypeId: string) {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
  const [updated] = await db
    .update(roomTypes)
    .set({ calendarToken: token })
    .where(eq(roomTypes.id, roomTypeId))
    .returning({ locationId: roomTypes.locationId });
  return updated ? { token, locationId: updated.locationId } : null;
}

/** What a feed's address may carry: the 43 characters of a token. */
const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The staff calendar of a room type, by its feed's secret: its requested and booked weeks (from a
 * month back), each with the guest's name; null for an unknown or revoked secret.
 */
export async function roomCalendar(
  db: Db,
  { token, siteName, now }: { token: string; siteName: string; now: Date },
) {
  if (!CALENDAR_TOKEN.test(token)) return null;
  const [room] = await db
    .select({
      id: roomTypes.id,
      name: roomTypes.name,
      locationName: locations.name,
      checkInTime: locations.checkInTime,
      checkOutTime: locations.checkOutTime,
      timeZone: locations.timeZone,
    })
    .from(roomTypes)
    .innerJoin(locations, eq(locations.id, roomTypes.locationId))
    .where(eq(roomTypes.calendarToken, token))
    .limit(1);
  if (!room) return null;
  const taken = await db
    .select({
      id: weeks.id,
      checkIn: weeks.checkIn,
      nights: weeks.nights,
      state: weeks.state,
      heldUntil: weeks.heldUntil,
      firstName: bookingRequests.firstName,
      lastName: bookingRequests.lastName,
      email: bookingRequests.email,
      requestId: bookingRequests.id,
      status: bookingRequests.status,
    })
    .from(weeks)
    .leftJoin(bookingRequests, eq(bookingRequests.id, weeks.requestId))
    .where(
      and(
        eq(weeks.roomTypeId, room.id),
        inArray(weeks.state, ["requested", "booked"]),
        gt(weeks.checkIn, addDays(todayUtc(now), -31)),
      ),
    )
    .orderBy(asc(weeks.checkIn));
  return stayCalendar(
    `${siteName}: ${room.locationName}, ${room.name}`,
    taken.map((week) => {
      const guest = week.firstName ? `${week.firstName} ${week.lastName}` : "a guest";
      return {
        uid: `${week.id}@weeks`,
        checkIn: week.checkIn,
        checkOut: addDays(week.checkIn, week.nights),
        checkInTime: room.checkInTime,
        checkOutTime: room.checkOutTime,
        timeZone: room.timeZone,
        // As the inbox and the member's page say it: a held week may be offered to a waitlist.
        summary:
          week.state === "booked"
            ? `Booked: ${guest}`
            : week.status === "offered"
              ? `Offered: ${guest}`
              : `Requested: ${guest}`,
        location: room.locationName,
        description: [
          `${room.locationName}, ${room.name}`,
          week.state === "requested" && week.heldUntil
            ? `${week.status === "offered" ? "Offered" : "Held"} until ${formatDateTime(week.heldUntil)}`
            : null,
          week.email ? `Guest: ${week.email}` : null,
          week.requestId ? `Request id: ${week.requestId}` : null,
        ]
          .filter(Boolean)
          .join("\n"),
        tentative: week.state === "requested",
      };
    }),
  );
}

/** A room type's weeks within `range`, in check-in order, with what their rates come from. */
const pricedWeeks = (db: Db, roomTypeId: string, ...range: SQL[]) =>
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

/**
 * The weeks of a room type a member may ask for (after the resort's today, to the latest check-in,
 * past the SEASON_MONTHS an admin opens: an import may add later ones), for the admin's calendar.
 */
export async function roomCalendarWeeks(
  db: Db,
  roomTypeId: string,
  now: Date,
): Promise<CalendarWeek[]> {
  const earliest = earliestLocalDate(now);
  const rows = await pricedWeeks(
    db,
    roomTypeId,
    gt(weeks.checkIn, earliest),
    lte(weeks.checkIn, addDays(earliest, LATEST_CHECK_IN_DAYS + 2)),
  );
  // Each row held to its resort's own today (one zone: the rows are one room's).
  const offerable = (row: (typeof rows)[number]) => {
    const today = localDate(now, row.timeZone);
    return row.checkIn > today && row.checkIn <= addDays(today, LATEST_CHECK_IN_DAYS);
  };
  return rows.filter(offerable).map((row) => ({
    checkIn: row.checkIn,
    checkOut: addDays(row.checkIn, row.nights),
    nights: row.nights,
    state: row.state,
    rate: weekRate(row, row),
    ownRate: row.rate !== null,
  }));
}

/**
 * Sets the weeks of a room type that check in from `from` to `to` and after the resort's `today`:
 * open or closed, a rate of the admin's own or the default again, in one statement. As in a
 * weeks import, a requested or booked week keeps its state (only a member's request and staff
 * change it), and takes the new rate; a week over nights staff confirmed for a member's own dates
 * is not opened (it is closed).
 */
export async function setWeekRange(
  db: Db,
  roomTypeId: string,
  { from, to, state, rate, defaultRate }: WeekRangeValues,
  { now, today }: { now: Date; today: CalendarDate },
) {
  const changed = await db
    .update(weeks)
    .set({
      ...(state !== "keep" && {
        state: sql`case
          when ${weeks.state} in ('requested', 'booked') then ${weeks.state}
          ${state === "open" ? sql`when ${weekNightsConfirmed(db)} then 'closed'` : sql``}
          else ${state} end`,
      }),
      ...(defaultRate ? { rate: null } : rate !== undefined && { rate }),
      updatedAt: now.toISOString(),
    })
    .where(
      and(
        eq(weeks.roomTypeId, roomTypeId),
        // The weeks the resort still offers: a week that has begun is history.
        gt(weeks.checkIn, today),
        gte(weeks.checkIn, from),
        lte(weeks.checkIn, to),
      ),
    )
    .returning({ state: weeks.state });
  // Weeks that did not take the state asked for: held by a request, booked, or over booked nights.
  const held = state === "keep" ? 0 : changed.filter((week) => week.state !== state).length;
  // A held week counts as updated only when it took a new rate: its state stays as it is.
  const rateSet = defaultRate || rate !== undefined;
  return { weeks: rateSet ? changed.length : changed.length - held, held };
}

/**
 * Opens SEASON_MONTHS of Saturday weeks after the resort's `today` for one room type (a week that
 * checks in today is not offered any more; existing weeks stay): how many were added open, and
 * how many closed over nights already booked.
 */
export async function openRoomSeason(db: Db, roomTypeId: string, today: CalendarDate) {
  const { results } = await openSeasonStatement(db.$client, {
    from: addDays(today, 1),
    until: addMonths(today, SEASON_MONTHS),
    roomTypeIds: [roomTypeId],
    returningStates: true,
  }).all<{ state: "open" | "closed" }>();
  const closed = results.filter((week) => week.state === "closed").length;
  return { opened: results.length - closed, closed };
}

/**
 * The month of the room's first open week, to open its month view on (null: it has none). A
 * week checking in on the earliest of the resort days today is counted: it is the same month.
 */
async function firstOpenMonth(db: Db, roomTypeId: string, now: Date) {
  const [first] = await db
    .select({ checkIn: sql<string | null>`min(${weeks.checkIn})` })
    .from(weeks)
    .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
    .where(
      and(
        eq(weeks.roomTypeId, roomTypeId),
        eq(weeks.state, "open"),
        gt(weeks.checkIn, earliestLocalDate(now)),
        weekHasRate,
      ),
    );
  return first?.checkIn?.slice(0, 7) ?? null;
}

/**
 * One room's weeks that overlap `month` (none asked: that of its first open week, else this
 * one), with its location and room names, for the month view; null when the room is not one of
 * that location's (or it or its location is a draft or hidden from the viewer). Two queries side
 * by side (three without a month); a visitor learns only whether a week is open, and no rate.
 */
export async function roomMonth(
  db: Db,
  {
    locationKey,
    roomTypeId,
    month,
    now,
    withRates,
    includeHidden,
  }: {
    locationKey: string;
    roomTypeId: string;
    /** Null: the month of the room's first open week. */
    month: CalendarMonth | null;
    now: Date;
    withRates: boolean;
    includeHidden: boolean;
  },
) {
  const asked = month ?? shownMonth(await firstOpenMonth(db, roomTypeId, now), todayUtc(now));
  const monthStart = `${asked}-01`;
  const monthEnd = addMonths(monthStart, 1);
  const [[place], rows] = await Promise.all([
    db
      .select({
        locationId: locations.id,
        slug: locations.slug,
        locationName: locations.name,
        hidden: locations.hidden,
        published: roomTypes.published,
        timeZone: locations.timeZone,
        currency: locations.currency,
        roomName: roomTypes.name,
      })
      .from(roomTypes)
      .innerJoin(locations, eq(locations.id, roomTypes.locationId))
      .where(
        and(
          eq(roomTypes.id, roomTypeId),
          or(eq(locations.slug, locationKey), eq(locations.id, locationKey)),
        ),
      )
      .limit(1),
    pricedWeeks(
      db,
      roomTypeId,
      // A week that checks in up to a year before the month can still reach into it.
      gt(weeks.checkIn, addDays(monthStart, -366)),
      lt(weeks.checkIn, monthEnd),
    ),
  ]);
  if (!place || ((place.hidden || !place.published) && !includeHidden)) return null;
  const today = localDate(now, place.timeZone);
  const monthWeeks = rows
    .map((row) => {
      const week: MonthWeek = {
        checkIn: row.checkIn,
        checkOut: addDays(row.checkIn, row.nights),
        nights: row.nights,
        open: row.state === "open" && row.checkIn > today && isPriced(weekRate(row, row)),
      };
      if (withRates && week.open) week.rate = weekRate(row, row);
      return week;
    })
    .filter((week) => week.checkOut > monthStart);
  return {
    location: {
      id: place.locationId,
      slug: place.slug,
      name: place.locationName,
      currency: place.currency,
    },
    room: { id: roomTypeId, name: place.roomName },
    month: asked,
    weeks: monthWeeks,
    today,
  };
}
