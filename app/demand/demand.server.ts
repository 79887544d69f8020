import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import Papa from "papaparse";
import { type AppContext } from "~/context";
import { type Db } from "~/db/client.server";
import { bookingRequests, emptyMonthSearches, locations, savedSearches } from "~/db/schema";
import {
  filterPlaceNames,
  type FilterDropdowns,
  type LocationFilters,
} from "~/catalogue/location-filters";
import { DEFAULT_COUNTRY } from "~/catalogue/places";
import { monthYear } from "~/lib/dates";
import { EXPORT_CSV_OPTIONS, exportHeader } from "~/lib/spreadsheet-import.server";
import { addMonths, todayUtc } from "~/weeks/calendar";
import { searchMonths, type CalendarMonth } from "~/weeks/month";
import {
  addCounts,
  asked,
  DEMAND_CSV_COLUMNS,
  NO_DEMAND,
  placeLabel,
  SERVED_STATUSES,
  TOP_RESORT_MONTHS,
  UNSERVED_STATUSES,
  type DemandCounts,
  type DemandFigures,
  type DemandPlace,
  type MonthDemand,
  type PlaceDemand,
} from "./demand";

/**
 * The staff's demand figures (`/admin/demand` and its spreadsheet), read in one batch of aggregate
 * queries over the window's requests (by check-in date: booking_requests_check_in_idx), alerts (by
 * month: saved_searches_month_pending_idx) and empty searches (by month: the table's key); what is
 * asked, served and not served is defined once, in ./demand.ts. And the count of members' month
 * searches that found nothing: one upsert after the response.
 */

/** The window: the months the list's "When" offers today, and the dates its stays check in on. */
function demandWindow(now: Date) {
  const months = searchMonths(todayUtc(now));
  const first = months[0]!.value;
  const last = months.at(-1)!.value;
  return { months, first, last, from: `${first}-01`, until: addMonths(`${last}-01`, 1) };
}
type DemandWindow = ReturnType<typeof demandWindow>;

/** "March 2027". */
const monthLabel = (month: CalendarMonth) => monthYear(new Date(`${month}-01T00:00:00Z`));

// ---- Requests and waitlist places ----

const requestMonth = sql<string>`substr(${bookingRequests.checkInDate}, 1, 7)`;
/** A request's place: its resort's country, and its state in the United States ('' = none). */
const requestState = sql<string>`CASE WHEN ${bookingRequests.locationCountry} = ${DEFAULT_COUNTRY}
  THEN coalesce(${bookingRequests.locationState}, '') ELSE '' END`;
const inWindow = (window: DemandWindow) =>
  and(gte(bookingRequests.checkInDate, window.from), lt(bookingRequests.checkInDate, window.until));
const total = (condition: SQL) => sql<number>`coalesce(sum(${condition}), 0)`.mapWith(Number);
const requestCounts = {
  requests: total(sql`${bookingRequests.waitlist} = 0`),
  waitlist: total(sql`${bookingRequests.waitlist} <> 0`),
  served: total(inArray(bookingRequests.status, [...SERVED_STATUSES])),
  unserved: total(inArray(bookingRequests.status, [...UNSERVED_STATUSES])),
};

function requestsByMonthAndPlace(db: Db, window: DemandWindow) {
  return db
    .select({
      month: requestMonth,
      country: bookingRequests.locationCountry,
      state: requestState,
      ...requestCounts,
    })
    .from(bookingRequests)
    .where(inWindow(window))
    .groupBy(requestMonth, bookingRequests.locationCountry, requestState);
}

/**
 * The window's requests by resort and month, each with its resort's name and slug now (the name
 * the request copied when the resort is gone) and its place when asked: the resort-months with
 * the most not served first, or all of them in month and name order for the spreadsheet.
 */
function requestsByResortMonth(db: Db, window: DemandWindow, { top }: { top: boolean }) {
  const unserved = requestCounts.unserved;
  const grouped = db
    .select({
      locationId: bookingRequests.locationId,
      month: sql<string>`${requestMonth}`.as("resort_month"),
      copiedName: sql<string>`max(${bookingRequests.locationName})`.as("copied_name"),
      country: sql<string>`max(${bookingRequests.locationCountry})`.as("place_country"),
      state: sql<string>`max(${requestState})`.as("place_state"),
      city: sql<string>`max(coalesce(${bookingRequests.locationCity}, ''))`.as("place_city"),
      requests: sql<number>`${requestCounts.requests}`.as("requests"),
      waitlist: sql<number>`${requestCounts.waitlist}`.as("waitlist"),
      served: sql<number>`${requestCounts.served}`.as("served"),
      unserved: sql<number>`${unserved}`.as("unserved"),
    })
    .from(bookingRequests)
    .where(inWindow(window))
    .groupBy(bookingRequests.locationId, requestMonth)
    .having(top ? sql`${unserved} > 0` : undefined)
    .orderBy(
      ...(top
        ? [desc(sql`unserved`), desc(sql`requests + waitlist`), asc(sql`resort_month`)]
        : [asc(sql`resort_month`)]),
      asc(bookingRequests.locationId),
    )
    // SQLite reads a negative limit as none: the spreadsheet has every resort-month.
    .limit(top ? TOP_RESORT_MONTHS : -1)
    .as("resort_months");
  return db
    .select({
      locationId: grouped.locationId,
      month: grouped.month,
      name: sql<string>`coalesce(${locations.name}, ${grouped.copiedName})`,
      slug: locations.slug,
      country: grouped.country,
      state: grouped.state,
      city: grouped.city,
      requests: sql<number>`${grouped.requests}`.mapWith(Number),
      waitlist: sql<number>`${grouped.waitlist}`.mapWith(Number),
      served: sql<number>`${grouped.served}`.mapWith(Number),
      unserved: sql<number>`${grouped.unserved}`.mapWith(Number),
    })
    .from(grouped)
    .leftJoin(locations, eq(locations.id, grouped.locationId))
    .orderBy(
      ...(top
        ? [desc(grouped.unserved), desc(sql`${grouped.requests} + ${grouped.waitlist}`)]
        : []),
      asc(grouped.month),
      asc(sql`coalesce(${locations.name}, ${grouped.copiedName})`),
    );
}

// ---- Alerts and searches: a place, no resort ----

/** An alert's place: its country filter ('' = anywhere), and its state in the United States. */
const alertCountry = sql<string>`coalesce(${savedSearches.country}, '')`;
const alertState = sql<string>`CASE WHEN ${savedSearches.country} = ${DEFAULT_COUNTRY}
  THEN coalesce(${savedSearches.state}, '') ELSE '' END`;
const alertsInWindow = (window: DemandWindow) =>
  and(gte(savedSearches.month, window.first), lte(savedSearches.month, window.last));
/** An alert that never found a week: the alerts run has not e-mailed its member about one. */
const alertUnserved = total(sql`${savedSearches.alertedAt} IS NULL`);

function alertsByMonthAndPlace(db: Db, window: DemandWindow) {
  return db
    .select({
      month: savedSearches.month,
      country: alertCountry,
      state: alertState,
      alerts: count().mapWith(Number),
      unserved: alertUnserved,
    })
    .from(savedSearches)
    .where(alertsInWindow(window))
    .groupBy(savedSearches.month, alertCountry, alertState);
}

function alertsByMonthPlaceAndParty(db: Db, window: DemandWindow) {
  const city = sql<string>`coalesce(${savedSearches.city}, '')`;
  const guests = sql<number>`coalesce(${savedSearches.guests}, 0)`.mapWith(Number);
  return db
    .select({
      month: savedSearches.month,
      country: alertCountry,
      state: alertState,
      city,
      guests,
      alerts: count().mapWith(Number),
      unserved: alertUnserved,
    })
    .from(savedSearches)
    .where(alertsInWindow(window))
    .groupBy(savedSearches.month, alertCountry, alertState, city, guests);
}

const searchesInWindow = (window: DemandWindow) =>
  and(gte(emptyMonthSearches.month, window.first), lte(emptyMonthSearches.month, window.last));
const searchState = sql<string>`CASE WHEN ${emptyMonthSearches.country} = ${DEFAULT_COUNTRY}
  THEN ${emptyMonthSearches.state} ELSE '' END`;
const searchTotal = sql<number>`sum(${emptyMonthSearches.searches})`.mapWith(Number);

function searchesByMonthAndPlace(db: Db, window: DemandWindow) {
  return db
    .select({
      month: emptyMonthSearches.month,
      country: emptyMonthSearches.country,
      state: searchState,
      searches: searchTotal,
    })
    .from(emptyMonthSearches)
    .where(searchesInWindow(window))
    .groupBy(emptyMonthSearches.month, emptyMonthSearches.country, searchState);
}

function searchesByMonthPlaceAndParty(db: Db, window: DemandWindow) {
  return db
    .select({
      month: emptyMonthSearches.month,
      country: emptyMonthSearches.country,
      state: searchState,
      city: emptyMonthSearches.city,
      guests: emptyMonthSearches.guests,
      searches: searchTotal,
    })
    .from(emptyMonthSearches)
    .where(searchesInWindow(window))
    .groupBy(
      emptyMonthSearches.month,
      emptyMonthSearches.country,
      searchState,
      emptyMonthSearches.city,
      emptyMonthSearches.guests,
    );
}

// ---- The page ----

/** The page's four queries, by name (the bench prints their plans: /dev/query-plans). */
export function demandQueries(db: Db, now: Date) {
  const window = demandWindow(now);
  return {
    requests: requestsByMonthAndPlace(db, window),
    alerts: alertsByMonthAndPlace(db, window),
    searches: searchesByMonthAndPlace(db, window),
    top: requestsByResortMonth(db, window, { top: true }),
  };
}

/**
 * The page's figures: one batch of four aggregate queries, whose rows are bounded by months and
 * places (never resorts) but for the top list, TOP_RESORT_MONTHS long.
 */
export async function demandFigures({ db, now }: Pick<AppContext, "db" | "now">) {
  const window = demandWindow(now);
  const queries = demandQueries(db, now);
  const [requests, alerts, searches, top] = await db.batch([
    queries.requests,
    queries.alerts,
    queries.searches,
    queries.top,
  ]);
  const byMonth = new Map<string, DemandCounts>();
  const byPlace = new Map<string, DemandPlace & { counts: DemandCounts }>();
  const add = (month: string, place: DemandPlace, counts: DemandCounts) => {
    byMonth.set(month, addCounts(byMonth.get(month) ?? NO_DEMAND, counts));
    const key = JSON.stringify([place.country, place.state]);
    const known = byPlace.get(key);
    byPlace.set(key, {
      country: place.country,
      state: place.state,
      counts: addCounts(known?.counts ?? NO_DEMAND, counts),
    });
  };
  for (const row of requests) add(row.month, row, { ...NO_DEMAND, ...pickCounts(row) });
  for (const row of alerts) {
    add(row.month, row, { ...NO_DEMAND, alerts: row.alerts, unserved: row.unserved });
  }
  for (const row of searches) {
    // A search that found nothing was not served.
    add(row.month, row, { ...NO_DEMAND, searches: row.searches, unserved: row.searches });
  }
  const months: MonthDemand[] = window.months.map(({ value, label }) => ({
    month: value,
    label,
    ...(byMonth.get(value) ?? NO_DEMAND),
  }));
  const places: PlaceDemand[] = [...byPlace.values()]
    .map(({ country, state, counts }) => ({
      country,
      state,
      label: placeLabel({ country, state }),
      ...counts,
    }))
    .sort(
      (a, b) =>
        b.unserved - a.unserved || asked(b) - asked(a) || a.label.localeCompare(b.label, "en"),
    );
  return {
    from: window.months[0]!.label,
    to: window.months.at(-1)!.label,
    total: months.reduce<DemandCounts>((sum, row) => addCounts(sum, row), NO_DEMAND),
    byMonth: months,
    byPlace: places,
    top: top.map((row) => ({
      locationId: row.locationId,
      name: row.name,
      slug: row.slug,
      place: placeLabel(row),
      month: row.month,
      monthLabel: monthLabel(row.month),
      asked: row.requests + row.waitlist,
      served: row.served,
      unserved: row.unserved,
    })),
  } satisfies DemandFigures;
}

const pickCounts = ({
  requests,
  waitlist,
  served,
  unserved,
}: Pick<DemandCounts, "requests" | "waitlist" | "served" | "unserved">) => ({
  requests,
  waitlist,
  served,
  unserved,
});

// ---- The spreadsheet ----

type CsvRow = Record<(typeof DEMAND_CSV_COLUMNS)[number], string | number>;

/**
 * The figures as a spreadsheet, as finely as each kind is recorded: a row per month and resort
 * for requests and waitlist places, and per month, place (city included) and party size for
 * alerts and searches, which name no resort. Summing a column over any month or place gives the
 * page's figure. Its rows grow with the resort-months asked for, never with the catalogue itself.
 */
export async function demandSpreadsheet({ db, now }: Pick<AppContext, "db" | "now">) {
  const window = demandWindow(now);
  const [resortMonths, alerts, searches] = await db.batch([
    requestsByResortMonth(db, window, { top: false }),
    alertsByMonthPlaceAndParty(db, window),
    searchesByMonthPlaceAndParty(db, window),
  ]);
  const row = (
    place: { month: string; country: string; state: string; city: string },
    counts: DemandCounts,
    rest: Pick<CsvRow, "resort" | "resort_slug" | "party_size">,
  ): CsvRow => ({
    month: place.month,
    country: place.country,
    state: place.state,
    city: place.city,
    ...rest,
    requests: counts.requests,
    waitlist_places: counts.waitlist,
    alerts: counts.alerts,
    empty_searches: counts.searches,
    asked: asked(counts),
    served: counts.served,
    not_served: counts.unserved,
  });
  const requestRows = resortMonths.map((resortMonth) =>
    row(
      resortMonth,
      { ...NO_DEMAND, ...pickCounts(resortMonth) },
      { resort: resortMonth.name, resort_slug: resortMonth.slug ?? "", party_size: "" },
    ),
  );
  // An alert and a search of the same month, place and party size share a row.
  const placed = new Map<
    string,
    { month: string; country: string; state: string; city: string; guests: number } & {
      counts: DemandCounts;
    }
  >();
  const addPlaced = (
    key: { month: string; country: string; state: string; city: string; guests: number },
    counts: DemandCounts,
  ) => {
    const id = JSON.stringify([key.month, key.country, key.state, key.city, key.guests]);
    const known = placed.get(id);
    placed.set(id, {
      month: key.month,
      country: key.country,
      state: key.state,
      city: key.city,
      guests: key.guests,
      counts: addCounts(known?.counts ?? NO_DEMAND, counts),
    });
  };
  for (const alert of alerts) {
    addPlaced(alert, { ...NO_DEMAND, alerts: alert.alerts, unserved: alert.unserved });
  }
  for (const search of searches) {
    addPlaced(search, { ...NO_DEMAND, searches: search.searches, unserved: search.searches });
  }
  const placedRows = [...placed.values()].map((entry) =>
    row(entry, entry.counts, {
      resort: "",
      resort_slug: "",
      party_size: entry.guests === 0 ? "" : entry.guests,
    }),
  );
  const rows = [...requestRows, ...placedRows].sort(
    (a, b) =>
      String(a.month).localeCompare(String(b.month)) ||
      String(a.country).localeCompare(String(b.country)) ||
      String(a.state).localeCompare(String(b.state)) ||
      String(a.city).localeCompare(String(b.city)) ||
      String(a.resort).localeCompare(String(b.resort)) ||
      Number(a.party_size || 0) - Number(b.party_size || 0),
  );
  const body = rows.length
    ? `${Papa.unparse(rows, { ...EXPORT_CSV_OPTIONS, columns: [...DEMAND_CSV_COLUMNS] })}\r\n`
    : "";
  return exportHeader(DEMAND_CSV_COLUMNS) + body;
}

// ---- Counting searches that found nothing ----

interface EmptySearch {
  month: CalendarMonth;
  /** The search's place filters by the catalogue's names, '' for one left out. */
  country: string;
  state: string;
  city: string;
  /** The search's guests filter (the party size); 0 for none. */
  guests: number;
}

/** Counts one search that found nothing: one upsert, so searches sent at once each count. */
function countEmptySearch(db: Db, search: EmptySearch) {
  return db
    .insert(emptyMonthSearches)
    .values({ ...search, searches: 1 })
    .onConflictDoUpdate({
      target: [
        emptyMonthSearches.month,
        emptyMonthSearches.country,
        emptyMonthSearches.state,
        emptyMonthSearches.city,
        emptyMonthSearches.guests,
      ],
      set: { searches: sql`${emptyMonthSearches.searches} + 1` },
    });
}

/**
 * A member's page of the list (`/locations`): when it searched a month and found nothing, that
 * search is counted after the response, by its month, place and party size only (no member, no
 * address, no words: docs/decisions/018-demand-counts.md). The place is the search's place filters
 * (country, state, city) as the catalogue names them; a filter naming no known place (an edited
 * address) counts nothing. Members' pages never come from the page cache, so each of their
 * searches reaches here; a visitor's is never counted. A failure is logged, never shown: the page
 * is already on its way.
 */
export function countIfEmptyMonthSearch(
  app: Pick<AppContext, "db" | "ctx">,
  list: { filters: LocationFilters; dropdowns: FilterDropdowns; total: number },
) {
  const { filters, dropdowns, total } = list;
  if (!filters.month || total > 0) return;
  const place = filterPlaceNames(dropdowns, filters);
  if (!place) return;
  const search: EmptySearch = {
    month: filters.month,
    country: place.country ?? "",
    state: place.state ?? "",
    city: place.city ?? "",
    guests: filters.guests ?? 0,
  };
  app.ctx.waitUntil(
    countEmptySearch(app.db, search).then(
      () => undefined,
      (error: unknown) => console.error("counting an empty month search", error),
    ),
  );
}
