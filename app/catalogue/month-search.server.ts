import {
  and,
  eq,
  exists,
  gt,
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
import { locations, roomTypes, weeks, type WeekState } from "~/db/schema";
import { cachedJson, cacheKeys, CATALOGUE_TTL_SECONDS } from "~/lib/cache.server";
import { type LocationFilters, weeklyPrice } from "~/catalogue/location-filters";
import { addDays, addMonths, earliestLocalDate, localDate, todayUtc } from "~/weeks/calendar";
import { searchMonths, type CalendarMonth } from "~/weeks/month";
import { joinWaitlistHref, requestWeekHref, type ListedWeek } from "~/weeks/week";
import { onSale, weekRateInMonthSql, weekRateSql } from "~/weeks/week-rate-sql.server";
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

/** A limit no page's weeks reach, for monthWeeksAt's priced weeks (see there). */
const PRICED_WEEKS_LIMIT = 1_000_000;

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
 * The searches already answered over each list of a month's rooms, by the fit and price asked
 * (at most ANSWERS_KEPT a list): the list is this isolate's copy of the cached one, frozen and read
 * by every search of its month until the catalogue changes, so a page of the same search does not
 * go through every room of the catalogue again.
 */
const monthAnswers = new WeakMap<readonly MonthRoom[], Map<string, ReadonlySet<string>>>();
const ANSWERS_KEPT = 32;

/**
 * The locations with a room of the month that fits the search (and its price, by week, in the
 * price's currency).
 */
export function locationsInMonth(
  rooms: readonly MonthRoom[],
  search: MonthSearch,
): ReadonlySet<string> {
  const price = weeklyPrice(search);
  const key = JSON.stringify([search.guests, search.bedrooms, price?.max, price?.currency]);
  const answers = monthAnswers.get(rooms) ?? new Map<string, ReadonlySet<string>>();
  monthAnswers.set(rooms, answers);
  const answered = answers.get(key);
  if (answered) return answered;
  const found = new Set<string>();
  for (const room of rooms) {
    if (
      (search.guests === null || (room.maxGuests ?? 0) >= search.guests) &&
      (search.bedrooms === null || (room.bedrooms ?? 0) >= search.bedrooms) &&
      (price === null || (room.currency === price.currency && room.lowestRate <= price.max))
    ) {
      found.add(room.locationId);
    }
  }
  if (answers.size >= ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
  answers.set(key, found);
  return found;
}

/**
 * The weeks the search finds at the locations of a page (their ids, or a subquery of them): the
 * first MONTH_WEEKS_SHOWN of each and one more (the first may check in on its resort's today),
 * with how many it has in all.
 *
 * Each week is priced once (`priced`): whether it has a rate, the weekly price and the list all
 * read that one value, where writing the rate's SQL into each of them had SQLite work out every
 * week's holidays three times over, most of the query's time. Its LIMIT keeps SQLite from folding
 * `priced` into the query that reads it, which would write the rate out again wherever it is read.
 */
export function monthWeeksAt(db: Db, search: MonthSearch, page: readonly string[] | SQLWrapper) {
  const price = weeklyPrice(search);
  const priced = db
    .select({
      locationId: roomTypes.locationId,
      slug: locations.slug,
      roomTypeId: weeks.roomTypeId,
      roomName: roomTypes.name,
      displayOrder: roomTypes.displayOrder,
      checkIn: weeks.checkIn,
      nights: weeks.nights,
      state: weeks.state,
      ownRate: weeks.rate,
      roomPrice: roomTypes.price,
      rate: weekRateInMonthSql(search.month).as("week_rate"),
      // A visitor is told of no waitlist.
      ...(search.memberId === null
        ? {
            waiting: sql<number>`0`.as("waiting"),
            ownRequestId: sql<string | null>`NULL`.as("own_request_id"),
          }
        : waitlistColumns(db, search.memberId)),
      timeZone: locations.timeZone,
      currency: locations.currency,
    })
    .from(roomTypes)
    .innerJoin(weeks, eq(weeks.roomTypeId, roomTypes.id))
    .innerJoin(locations, eq(locations.id, roomTypes.locationId))
    .where(
      and(
        inArray(roomTypes.locationId, page),
        // openOrHeldInMonth but for its rate, which is read below from the week's price.
        openOrHeld,
        gte(weeks.checkIn, `${search.month}-01`),
        lt(weeks.checkIn, addMonths(`${search.month}-01`, 1)),
        eq(roomTypes.published, true),
        gt(weeks.checkIn, earliestLocalDate(search.now)),
        search.guests === null ? undefined : gte(roomTypes.maxGuests, search.guests),
        search.bedrooms === null ? undefined : gte(roomTypes.bedrooms, search.bedrooms),
        price === null ? undefined : eq(locations.currency, price.currency),
      ),
    )
    // Any limit does (a page's weeks are far fewer): drizzle writes none for SQLite's -1.
    .limit(PRICED_WEEKS_LIMIT)
    .as("priced");
  const ranked = db
    .select({
      locationId: priced.locationId,
      slug: priced.slug,
      roomTypeId: priced.roomTypeId,
      roomName: priced.roomName,
      checkIn: priced.checkIn,
      nights: priced.nights,
      state: priced.state,
      rate: priced.rate,
      waiting: priced.waiting,
      ownRequestId: priced.ownRequestId,
      timeZone: priced.timeZone,
      currency: priced.currency,
      position:
        sql<number>`row_number() over (partition by ${priced.locationId} order by ${priced.checkIn}, ${priced.displayOrder}, ${priced.roomName})`.as(
          "position",
        ),
      inMonth: sql<number>`count(*) over (partition by ${priced.locationId})`.as("in_month"),
    })
    .from(priced)
    .where(
      and(
        // weekHasRate, read from the week's price.
        sql`(${priced.ownRate} > 0 OR (${priced.ownRate} IS NULL AND coalesce(${priced.roomPrice}, ${priced.rate}) > 0))`,
        price === null ? undefined : sql`${priced.rate} <= ${price.max}`,
      ),
    )
    .as("ranked");
  // A row for each location, its weeks a JSON list: D1 and drizzle hand over one short row per
  // location, not a row of a dozen columns per week (the most of the page's time after the SQL).
  return db
    .select({
      locationId: ranked.locationId,
      slug: ranked.slug,
      timeZone: ranked.timeZone,
      currency: ranked.currency,
      inMonth: ranked.inMonth,
      weeks: sql<string>`json_group_array(json_array(${ranked.position}, ${ranked.roomTypeId},
        ${ranked.roomName}, ${ranked.checkIn}, ${ranked.nights}, ${ranked.state}, ${ranked.rate},
        ${ranked.waiting}, ${ranked.ownRequestId}))`,
    })
    .from(ranked)
    .where(lte(ranked.position, MONTH_WEEKS_SHOWN + 1))
    .groupBy(ranked.locationId);
}

export type MonthWeekRow = Awaited<ReturnType<typeof monthWeeksAt>>[number];

/** A week of a MonthWeekRow's list: its place in the location's order, then as the query reads it. */
type ListedMonthWeek = [
  position: number,
  roomTypeId: string,
  roomName: string,
  checkIn: string,
  nights: number,
  state: WeekState,
  rate: number | null,
  waiting: number,
  ownRequestId: string | null,
];

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
  // Each resort's today, told once a time zone: the page's resorts share a few.
  const todays = new Map<string, string>();
  for (const row of rows) {
    const entry: { weeks: FoundWeek[]; more: number } = { weeks: [], more: row.inMonth };
    found.set(row.locationId, entry);
    const resortToday =
      todays.get(row.timeZone) ??
      todays.set(row.timeZone, localDate(now, row.timeZone)).get(row.timeZone)!;
    const listed = (JSON.parse(row.weeks) as ListedMonthWeek[]).sort((a, b) => a[0] - b[0]);
    for (const [
      ,
      roomTypeId,
      roomName,
      checkIn,
      nights,
      state,
      rate,
      waiting,
      ownRequestId,
    ] of listed) {
      const availability = weekAvailability(state, checkIn > resortToday);
      // A week checking in on its resort's today is no longer on sale.
      if (availability === "unavailable") {
        entry.more -= 1;
        continue;
      }
      if (entry.weeks.length >= MONTH_WEEKS_SHOWN) continue;
      entry.more -= 1;
      const week: FoundWeek = {
        roomTypeId,
        roomName,
        checkIn,
        checkOut: addDays(checkIn, nights),
        nights,
        availability,
      };
      if (memberId !== null && rate !== null) {
        const locationKey = row.slug || row.locationId;
        if (availability === "open") {
          week.rate = rate;
          week.currency = row.currency;
          week.requestHref = requestWeekHref(locationKey, roomTypeId, checkIn);
        } else {
          week.waiting = waiting;
          week.requestHref = joinWaitlistHref(locationKey, roomTypeId, checkIn);
        }
        week.ownRequestId = ownRequestId;
      }
      entry.weeks.push(week);
    }
  }
  return found;
}
