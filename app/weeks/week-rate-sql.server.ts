import { and, gt, sql, type SQL } from "drizzle-orm";
import { roomTypes, weeks } from "~/db/schema";
import { earliestLocalDate } from "./calendar";
import { type CalendarMonth } from "./month";
import { HOLIDAYS, type HolidayKey } from "./price-fields";

/**
 * A week's rate in SQL, as weekRate() in app/weeks/rates.ts reads it (the admin's own, else the
 * highest holiday price among the holidays its nights include, else the room's weekly price), for
 * queries that filter or count by it. Over `weeks` joined with `room_types`.
 */

const checkOut = sql`date(${weeks.checkIn}, '+' || ${weeks.nights} || ' days')`;
/** The years a week's nights fall in (no week is longer than a year). */
const YEARS = [sql`substr(${weeks.checkIn}, 1, 4)`, sql`substr(${checkOut}, 1, 4)`];

/** Each holiday's night in a year, as HOLIDAY_NIGHTS in rates.ts sets it. */
const HOLIDAY_NIGHTS: Record<HolidayKey, (year: SQL) => SQL> = {
  // The third Monday of February: the first Monday on or after the 1st, two weeks on.
  presidentsDayPrice: (y) => sql`date(${y} || '-02-01', 'weekday 1', '+14 days')`,
  springBreakPrice: (y) => sql`${y} || '-03-15'`,
  fourthOfJulyPrice: (y) => sql`${y} || '-07-04'`,
  // The fourth Thursday of November.
  thanksgivingPrice: (y) => sql`date(${y} || '-11-01', 'weekday 4', '+21 days')`,
  christmasPrice: (y) => sql`${y} || '-12-24'`,
  newYearsPrice: (y) => sql`${y} || '-12-31'`,
};

/**
 * The week holds the night: it checks in by then and stays past it. Counted in days rather than
 * against its check-out date, which SQLite would work out from a modifier string at each use: that
 * was most of pricing a month's weeks.
 */
const holdsNight = (night: SQL) =>
  sql`(${night} >= ${weeks.checkIn} AND julianday(${night}) - julianday(${weeks.checkIn}) < ${weeks.nights})`;

/**
 * A holiday's price when the week holds its night in one of `years`, else 0 (the date work only
 * for priced ones).
 */
const holidayPrice = ({ key }: (typeof HOLIDAYS)[number], years: SQL[]) => {
  const [price, night] = [roomTypes[key], HOLIDAY_NIGHTS[key]];
  return sql`CASE WHEN ${price} > 0 AND (${sql.join(
    years.map((year) => holdsNight(night(year))),
    sql` OR `,
  )}) THEN ${price} ELSE 0 END`;
};

/** The week's rate, its holidays' nights read in `years`; null when it has none. */
const rateIn = (years: SQL[]) =>
  sql<number | null>`coalesce(${weeks.rate}, nullif(max(${sql.join(
    HOLIDAYS.map((holiday) => holidayPrice(holiday, years)),
    sql`, `,
  )}), 0), ${roomTypes.price})`;

/** The week's rate; null when it has none. */
export const weekRateSql = rateIn(YEARS);

/**
 * weekRateSql for a week that checks in during `month`, the same rate for less work: the
 * holidays' nights of the month's year and the next are written in, which SQLite works out once
 * for the statement rather than for each week. A week of at most 365 nights ends by the next
 * year's end, so its nights fall in no other year (a holiday of the next year lies after a week
 * that ends in the first); a longer one is priced by weekRateSql.
 */
export function weekRateInMonthSql(month: CalendarMonth) {
  const year = Number(month.slice(0, 4));
  const years = [sql`${String(year)}`, sql`${String(year + 1)}`];
  return sql<
    number | null
  >`CASE WHEN ${weeks.nights} <= 365 THEN ${rateIn(years)} ELSE ${weekRateSql} END`;
}

/**
 * The week has a rate above nothing: only such a week is offered. The holidays are read only for
 * a room without a weekly price (coalesce stops at its first value).
 */
export const weekHasRate = sql`(${weeks.rate} > 0 OR (${weeks.rate} IS NULL AND coalesce(${roomTypes.price}, ${weekRateSql}) > 0))`;

/**
 * A week on sale (SQL, over `weeks` joined with its room type): it has a rate, and it checks in
 * after the resort's today somewhere on Earth (a page then drops one that checks in on its own
 * resort's today). Which states count (open, or held too) and whether the room must be published
 * are the caller's.
 */
export const onSale = (now: Date) => and(weekHasRate, gt(weeks.checkIn, earliestLocalDate(now)));
