import {
  and,
  asc,
  count,
  eq,
  gt,
  gte,
  inArray,
  lt,
  lte,
  sql,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { locations, roomTypes, weeks } from "~/db/schema";
import { type LocationFilters } from "~/catalogue/location-filters";
import { addDays, addMonths, earliestLocalDate, localDate } from "~/weeks/calendar";
import { type CalendarMonth } from "~/weeks/month";
import { requestWeekHref } from "~/weeks/week";
import { weekHasRate, weekRateSql } from "~/weeks/week-rate-sql.server";

/**
 * The list's "When": the locations with an open week checking in during a month, in a published
 * room that fits the guests and bedrooms asked for (and, for a member, within the weekly price),
 * and those weeks. A week is open after its resort's today and only with a rate.
 */

export type MonthSearch = Pick<LocationFilters, "guests" | "bedrooms" | "maxPrice"> & {
  month: CalendarMonth;
  now: Date;
};

/** How many of its weeks in the month a result lists; the others are on its page. */
const MONTH_WEEKS_SHOWN = 4;

/** Over `weeks` joined with `room_types`: the week is one the search finds. */
function openWeekInMonth({ month, now, guests, bedrooms, maxPrice }: MonthSearch): SQL {
  const start = `${month}-01`;
  return and(
    eq(weeks.state, "open"),
    gte(weeks.checkIn, start),
    lt(weeks.checkIn, addMonths(start, 1)),
    gt(weeks.checkIn, earliestLocalDate(now)),
    eq(roomTypes.published, true),
    guests === null ? undefined : gte(roomTypes.maxGuests, guests),
    bedrooms === null ? undefined : gte(roomTypes.bedrooms, bedrooms),
    maxPrice === null
      ? weekHasRate
      : and(sql`${weekRateSql} > 0`, sql`${weekRateSql} <= ${maxPrice}`),
  )!;
}

/** The ids of the locations with a week the search finds (a subquery). */
export const locationsWithWeekIn = (db: Db, search: MonthSearch) =>
  db
    .selectDistinct({ id: roomTypes.locationId })
    .from(weeks)
    .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
    .where(openWeekInMonth(search));

/**
 * The weeks the search finds at the locations of `page` (a subquery of their ids): the first
 * MONTH_WEEKS_SHOWN of each and one more (the first may check in on its resort's today), with how
 * many it has in all. Read from each location's rooms: the state and month are kept off the
 * weeks' state index (the unary `+`), which would read the month's weeks of every location.
 */
export function monthWeeksAt(db: Db, search: MonthSearch, page: SQLWrapper) {
  const ranked = db
    .select({
      locationId: roomTypes.locationId,
      slug: locations.slug,
      roomTypeId: weeks.roomTypeId,
      roomName: roomTypes.name,
      checkIn: weeks.checkIn,
      nights: weeks.nights,
      rate: weekRateSql.as("week_rate"),
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
        sql`+${weeks.state} = 'open'`,
        openWeekInMonth(search),
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

/** A week a result lists: its room and dates; its rate and request link for members only. */
export interface FoundWeek {
  roomTypeId: string;
  roomName: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  rate?: number;
  currency?: string;
  requestHref?: string;
}

/** The weeks each location lists, by its id, and how many more it has in the month. */
export function weeksByLocation(rows: MonthWeekRow[], { now, withRates }: MonthSearchView) {
  const found = new Map<string, { weeks: FoundWeek[]; more: number }>();
  for (const row of rows) {
    const entry = found.get(row.locationId) ?? { weeks: [], more: row.inMonth };
    found.set(row.locationId, entry);
    // A week checking in on its resort's today is no longer open.
    if (row.checkIn <= localDate(now, row.timeZone)) {
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
    };
    if (withRates && row.rate !== null) {
      week.rate = row.rate;
      week.currency = row.currency;
      week.requestHref = requestWeekHref(row.slug || row.locationId, row.roomTypeId, row.checkIn);
    }
    entry.weeks.push(week);
  }
  return found;
}

interface MonthSearchView {
  now: Date;
  /** A signed-in member: rates and request links. */
  withRates: boolean;
}

/**
 * A page of the visible locations with a week the search finds, by name, among `within` (the ids
 * the place and size filters leave; null: all), with how many there are and the page's weeks:
 * one batch.
 */
export async function browseMonth(
  db: Db,
  search: MonthSearch & { within: string[] | null; page: number; perPage: number },
) {
  const matching = and(
    eq(locations.hidden, false),
    search.within === null
      ? undefined
      : sql`${locations.id} IN (SELECT value FROM json_each(${JSON.stringify(search.within)}))`,
    inArray(locations.id, locationsWithWeekIn(db, search)),
  );
  const pageIds = db
    .select({ id: locations.id })
    .from(locations)
    .where(matching)
    .orderBy(asc(sql`${locations.name} COLLATE NOCASE`), asc(locations.id))
    .limit(search.perPage)
    .offset((search.page - 1) * search.perPage);
  const [ids, [counted], rows] = await db.batch([
    pageIds,
    db.select({ total: count() }).from(locations).where(matching),
    monthWeeksAt(db, search, pageIds),
  ]);
  return { ids: ids.map(({ id }) => id), total: counted?.total ?? 0, rows };
}
