import { type AppContext } from "~/context";
import { asc } from "drizzle-orm";
import { locations } from "~/db/schema";
import { monthRoomsQuery, monthWeeksAt, openMonthsQuery } from "~/catalogue/month-search.server";
import { todayUtc } from "~/weeks/calendar";
import { searchMonths, type CalendarMonth } from "~/weeks/month";
import { dueAlertsQuery } from "~/week-alerts/week-alerts.server";
import { demandQueries } from "~/demand/demand.server";
import { readCalendarQuery } from "~/house-calendar/house-calendar";
import { matchingResortsCount } from "~/house-calendar/house-calendar.server";

/**
 * How SQLite runs the statements whose cost must not grow with the catalogue (local development
 * only): `npm run bench` prints them at each scale. A plan line that SCANs the weeks table reads
 * every week of the catalogue; one that SCANs the requests or the alerts reads every one ever
 * made, not only the demand window's.
 */
export async function queryPlans({ db, env, now }: AppContext, month: CalendarMonth) {
  const search = {
    month,
    now,
    guests: null,
    bedrooms: null,
    maxPrice: null,
    currency: null,
    memberId: null,
  };
  // A page's worth of locations, the first of the catalogue by name.
  const page = (
    await db.select({ id: locations.id }).from(locations).orderBy(asc(locations.name)).limit(24)
  ).map(({ id }) => id);
  const statements = {
    "month: its rooms with open weeks (cached)": monthRoomsQuery(db, search),
    "month: a page's weeks": monthWeeksAt(db, search, page),
    // A member's: with how many wait for each held week.
    "month, 6 guests, up to US$3,000: a page's weeks": monthWeeksAt(
      db,
      { ...search, guests: 6, maxPrice: 3000, currency: "USD", memberId: "a-member" },
      page,
    ),
    "home: the months with an open week (cached)": openMonthsQuery(db, {
      months: searchMonths(todayUtc(now)).map(({ value }) => value),
      now,
    }),
    "week alerts: a batch due": dueAlertsQuery(db, now),
    // Every resort asked whether it has such a week: by its rooms and dates, never by the state.
    "calendar: the resorts with a closed week in a quarter": matchingResortsCount(
      db,
      readCalendarQuery(
        new URLSearchParams({ from: month, span: "quarter", weeks: "closed" }),
        now,
      ),
    ),
    ...Object.fromEntries(
      Object.entries(demandQueries(db, now)).map(([name, query]) => [`demand: ${name}`, query]),
    ),
  };
  const plans: Record<string, string[]> = {};
  for (const [name, statement] of Object.entries(statements)) {
    const { sql, params } = statement.toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    plans[name] = results.map((row) => row.detail);
  }
  return plans;
}
