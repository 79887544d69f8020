import {
  and,
  asc,
  eq,
  exists,
  gte,
  inArray,
  lt,
  lte,
  min,
  sql,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import { type AppContext } from "~/context";
import { type Db } from "~/db/client.server";
import { locations, roomTypes, weeks } from "~/db/schema";
import { cachedJson, cacheKeys, CATALOGUE_TTL_SECONDS } from "~/lib/cache.server";
import { type LocationFilters, weeklyPrice } from "~/catalogue/location-filters";
import { addDays, addMonths, localDate, todayUtc } from "~/weeks/calendar";
import { searchMonths, type CalendarMonth } from "~/weeks/month";
import { joinWaitlistHref, requestWeekHref, type ListedWeek } from "~/weeks/week";
import { onSale, weekRateSql } from "~/weeks/week-rate-sql.server";
import { openOrHeld, waitlistColumns, weekAvailability } from "~/weeks/week-sql.server";

/**
 * The list's "When": the locations with an open or held week checking in during a month, in a
 * published room that fits the guests and bedrooms asked for (and, for a member, within the weekly
 * price), and those weeks. A week is on sale after its resort's today and only with a rate; a held
 * one is listed for its waitlist (how many wait, for a member only: read in the page's own query,
 * never cached).
 *
 * Which locations have such a week comes from the month's rooms, read once per catalogue version
 * and month and cached like the list itself (their filtering is the list's, in memory); a page then
 * reads only its own locations' weeks.
 */

export type MonthSearch = Pick<LocationFilters, "guests" | "bedrooms" | "maxPrice" | "currency"> & {
  month: CalendarMonth;
  now: Date;
  /** The signed-in member searching (their rates and waitlists), or null for a visitor. */
  memberId: string | null;
};

/** How many of its weeks in the month a result lists; the others are on its page. */
const MONTH_WEEKS_SHOWN = 4;

/**
 * A room with an open or held, priced week in the month: its size and its lowest such rate, in its
 * currency.
 */
export interface MonthRoom {
  locationId: string;
  maxGuests: number | null;
  bedrooms: number | null;
  lowestRate: number;
  currency: string;
}

/**
 * Over `weeks` joined with `room_types`: the week is in `state`, checks in from `first` (a month's
 * first day, as a date or in SQL) to before `next`, and is on sale. The state is kept off its index
 * (openOrHeld, or the unary `+`), which would read every open week of the catalogue: the weeks are
 * read by room and date.
 */
const onSaleBetween = (state: SQL, first: string | SQL, next: string | SQL, now: Date) =>
  and(
    state,
    gte(weeks.checkIn, first),
    lt(weeks.checkIn, next),
    eq(roomTypes.published, true),
    onSale(now),
  );

/** Over `weeks` joined with `room_types`: the week is open or held in the month and on sale. */
const openOrHeldInMonth = (month: CalendarMonth, now: Date) =>
  onSaleBetween(openOrHeld, `${month}-01`, addMonths(`${month}-01`, 1), now);

/** The month's rooms with an open or held week, read location by location, room by room: one query. */
export function monthRoomsQuery(db: Db, { month, now }: { month: CalendarMonth; now: Date }) {
  return db
    .select({
      locationId: roomTypes.locationId,
      maxGuests: roomTypes.maxGuests,
      bedrooms: roomTypes.bedrooms,
      lowestRate: min(weekRateSql).mapWith(Number),
      currency: locations.currency,
    })
    .from(weeks)
    .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
    .innerJoin(locations, eq(locations.id, roomTypes.locationId))
    .where(and(openOrHeldInMonth(month, now), eq(locations.hidden, false)))
    .groupBy(roomTypes.id);
}

/** The month's rooms, cached in KV under the catalogue version (a hold or an admin change: anew). */
export async function monthRooms(app: AppContext, month: CalendarMonth): Promise<MonthRoom[]> {
  return cachedJson(
    app.env.CACHE,
    cacheKeys.monthRooms(await app.catalogueVersion(), month),
    CATALOGUE_TTL_SECONDS,
    () => monthRoomsQuery(app.db, { month, now: app.now }),
    (promise) => app.ctx.waitUntil(promise),
  );
}

/**
 * Which of `months` have an open week on sale at a shown location: one query, each month asked
 * whether it has one, looked for room by room by date, which stops at the first found.
 */
export function openMonthsQuery(db: Db, { months, now }: { months: CalendarMonth[]; now: Date }) {
  const first = sql`offered.value || '-01'`;
  return db
    .select({ month: sql<CalendarMonth>`offered.value` })
    .from(sql`json_each(${JSON.stringify(months)}) AS offered`)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(weeks)
          .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
          .innerJoin(locations, eq(locations.id, roomTypes.locationId))
          .where(
            and(
              onSaleBetween(
                sql`+${weeks.state} = 'open'`,
                first,
                sql`date(${first}, '+1 month')`,
                now,
              ),
              eq(locations.hidden, false),
            ),
          ),
      ),
    );
}

/**
 * The months the home page's "When" offers: those of the list's that have an open week, cached in
 * KV under the catalogue version (a hold or an admin change: anew) and the month they start from.
 */
export async function openMonths(app: AppContext) {
  const offered = searchMonths(todayUtc(app.now));
  const open = await cachedJson(
    app.env.CACHE,
    cacheKeys.openMonths(await app.catalogueVersion(), offered[0]!.value),
    CATALOGUE_TTL_SECONDS,
    async () =>
      (
        await openMonthsQuery(app.db, { months: offered.map(({ value }) => value), now: app.now })
      ).map(({ month }) => month),
    (promise) => app.ctx.waitUntil(promise),
  );
  return offered.filter(({ value }) => open.includes(value));
}

/**
 * The locations with a room of the month that fits the search (and its price, by week, in the
 * price's currency).
 */
export function locationsInMonth(rooms: readonly MonthRoom[], search: MonthSearch) {
  const price = weeklyPrice(search);
  return new Set(
    rooms
      .filter(
        (room) =>
          (search.guests === null || (room.maxGuests ?? 0) >= search.guests) &&
          (search.bedrooms === null || (room.bedrooms ?? 0) >= search.bedrooms) &&
          (price === null || (room.currency === price.currency && room.lowestRate <= price.max)),
      )
      .map((room) => room.locationId),
  );
}

/**
 * The weeks the search finds at the locations of a page (their ids, or a subquery of them): the
 * first MONTH_WEEKS_SHOWN of each and one more (the first may check in on its resort's today),
 * with how many it has in all.
 */
export function monthWeeksAt(db: Db, search: MonthSearch, page: readonly string[] | SQLWrapper) {
  const price = weeklyPrice(search);
  const ranked = db
    .select({
      locationId: roomTypes.locationId,
      slug: locations.slug,
      roomTypeId: weeks.roomTypeId,
      roomName: roomTypes.name,
      checkIn: weeks.checkIn,
      nights: weeks.nights,
      state: weeks.state,
      rate: weekRateSql.as("week_rate"),
      ...(search.memberId === null ? {} : waitlistColumns(db, search.memberId)),
      timeZone: locations.timeZone,
      currency: locations.currency,
      position:
        sql<number>`row_number() over (partition by ${roomTypes.locationId} order by ${weeks.checkIn}, ${roomTypes.displayOrder}, ${roomTypes.name})`.as(
          "position",
        ),
      inMonth: sql<number>`count(*) over (partition by ${roomTypes.locationId})`.as("in_month"),
    })
    .from(roomTypes)
    .innerJoin(weeks, eq(weeks.roomTypeId, roomTypes.id))
    .innerJoin(locations, eq(locations.id, roomTypes.locationId))
    .where(
      and(
        inArray(roomTypes.locationId, page),
        openOrHeldInMonth(search.month, search.now),
        search.guests === null ? undefined : gte(roomTypes.maxGuests, search.guests),
        search.bedrooms === null ? undefined : gte(roomTypes.bedrooms, search.bedrooms),
        price === null
          ? undefined
          : and(eq(locations.currency, price.currency), sql`${weekRateSql} <= ${price.max}`),
      ),
    )
    .as("ranked");
  return db
    .select()
    .from(ranked)
    .where(lte(ranked.position, MONTH_WEEKS_SHOWN + 1))
    .orderBy(asc(ranked.locationId), asc(ranked.position));
}

export type MonthWeekRow = Awaited<ReturnType<typeof monthWeeksAt>>[number];

/**
 * A week a result lists: its room and dates, open or held; for members, an open week's rate and
 * the link that requests it, or how many wait for a held one and the link that joins them.
 */
export interface FoundWeek extends ListedWeek {
  roomTypeId: string;
  roomName: string;
  currency?: string;
  requestHref?: string;
}

/** The weeks each location lists, by its id, and how many more it has in the month. */
export function weeksByLocation(rows: MonthWeekRow[], { now, memberId }: MonthSearch) {
  const found = new Map<string, { weeks: FoundWeek[]; more: number }>();
  for (const row of rows) {
    const entry = found.get(row.locationId) ?? { weeks: [], more: row.inMonth };
    found.set(row.locationId, entry);
    const availability = weekAvailability(row.state, row.checkIn > localDate(now, row.timeZone));
    // A week checking in on its resort's today is no longer on sale.
    if (availability === "unavailable") {
      entry.more -= 1;
      continue;
    }
    if (entry.weeks.length >= MONTH_WEEKS_SHOWN) continue;
    entry.more -= 1;
    const week: FoundWeek = {
      roomTypeId: row.roomTypeId,
      roomName: row.roomName,
      checkIn: row.checkIn,
      checkOut: addDays(row.checkIn, row.nights),
      nights: row.nights,
      availability,
    };
    if (memberId !== null && row.rate !== null) {
      const locationKey = row.slug || row.locationId;
      if (availability === "open") {
        week.rate = row.rate;
        week.currency = row.currency;
        week.requestHref = requestWeekHref(locationKey, row.roomTypeId, row.checkIn);
      } else {
        week.waiting = "waiting" in row ? row.waiting : 0;
        week.requestHref = joinWaitlistHref(locationKey, row.roomTypeId, row.checkIn);
      }
      week.ownRequestId = "ownRequestId" in row ? row.ownRequestId : null;
    }
    entry.weeks.push(week);
  }
  return found;
}
