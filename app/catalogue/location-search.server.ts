import { and, asc, count, eq, exists, gt, gte, lte, sql, type SQLWrapper } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { locations, roomTypes } from "~/db/schema";
import { type LocationFilters, type WeeklyPrice, weeklyPrice } from "~/catalogue/location-filters";
import { fullTextQuery } from "~/catalogue/location-search";
import { monthWeeksAt, type MonthSearch, type MonthWeekRow } from "./month-search.server";

/**
 * The full-text index of visible locations (migrations/0007_location_search.sql). An FTS5 table
 * is not something drizzle's schema can describe; triggers keep it in step with the catalogue.
 * Its columns: location_id, name, place, rooms, description.
 */
const searchIndex = sql`location_search`;
const ROOMS_COLUMN = 3;
const DESCRIPTION_COLUMN = 4;
/** bm25 weights per column: a match in the name counts most, then the place, then the rooms. */
const RANK = sql`bm25(location_search, 0, 10, 5, 2, 1)`;
const [MATCH_START, MATCH_END] = ["\u0002", "\u0003"];

/**
 * Words in an excerpt: about what the two lines a row gives it hold on a phone (some 60
 * characters), so the word it was found by shows within them.
 */
const EXCERPT_TOKENS = 8;
const excerptOf = (column: number) =>
  sql<string>`snippet(location_search, ${column}, ${MATCH_START}, ${MATCH_END}, '…', ${sql.raw(String(EXCERPT_TOKENS))})`;

export interface FoundLocation {
  id: string;
  /** Words around a match in the rooms or the description; null when the match is elsewhere. */
  excerpt: string | null;
}

type Fit = Pick<LocationFilters, "guests" | "bedrooms">;
type FitAndPrice = Fit & Pick<LocationFilters, "maxPrice" | "currency">;
type Search = FitAndPrice & { words: string[] };

/**
 * A location prices in the price's currency (none is converted) and has a room type at most
 * that a week (priced), big enough for the fit filters: the same room must fit, so the price of
 * a small room cannot qualify a large one.
 */
function hasRoomWithin(db: Db, price: WeeklyPrice, { guests, bedrooms }: Fit) {
  return and(
    eq(locations.currency, price.currency),
    exists(
      db
        .select({ id: roomTypes.id })
        .from(roomTypes)
        .where(
          and(
            eq(roomTypes.locationId, locations.id),
            eq(roomTypes.published, true),
            gt(roomTypes.price, 0),
            lte(roomTypes.price, price.max),
            guests === null ? undefined : gte(roomTypes.maxGuests, guests),
            bedrooms === null ? undefined : gte(roomTypes.bedrooms, bedrooms),
          ),
        ),
    ),
  );
}

function priceFilter(db: Db, search: FitAndPrice) {
  const price = weeklyPrice(search);
  return price === null ? undefined : hasRoomWithin(db, price, search);
}

/** The visible locations with a room within a member's weekly price (and fit filters): one query. */
export async function findLocationsWithinPrice(db: Db, search: FitAndPrice) {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.hidden, false), priceFilter(db, search)));
  return new Set(rows.map(({ id }) => id));
}

/**
 * The ids of the visible locations a full-text query (`fullTextQuery`, or a column holding one)
 * finds, as a subquery: for a saved search's words.
 */
export const locationsMatching = (query: SQLWrapper) =>
  sql`SELECT location_id FROM ${searchIndex} WHERE location_search MATCH ${query}`;

/**
 * A page of the visible locations matching a search, best first (relevance, then name), with
 * how many match in all: one batch. Only the page's rows get their excerpt, which is most of a
 * search's work. `within`: the ids the place and size filters leave (null when they leave all);
 * a member's weekly price is checked here. With `inMonth` (`within` then holds only locations
 * with a week of the month), the page's weeks too, their rates limited by the price.
 */
export async function searchLocations(
  db: Db,
  search: Search & {
    within: string[] | null;
    page: number;
    perPage: number;
    inMonth: MonthSearch | null;
  },
): Promise<{ found: FoundLocation[]; total: number; weekRows: MonthWeekRow[] }> {
  const matching = and(
    sql`location_search MATCH ${fullTextQuery(search.words)}`,
    eq(locations.hidden, false),
    search.within === null
      ? undefined
      : sql`${locations.id} IN (SELECT value FROM json_each(${JSON.stringify(search.within)}))`,
    // In a month, the weekly price is the weeks' (their locations are `within`).
    search.inMonth ? undefined : priceFilter(db, search),
  );
  const byRank = [RANK, asc(sql`${locations.name} COLLATE NOCASE`)];
  const offset = (search.page - 1) * search.perPage;
  const page = db
    .select({
      id: locations.id,
      // Named: a batch's rows come back keyed by column name, and both are snippet(…).
      rooms: excerptOf(ROOMS_COLUMN).as("rooms_excerpt"),
      description: excerptOf(DESCRIPTION_COLUMN).as("description_excerpt"),
    })
    .from(searchIndex)
    .innerJoin(locations, eq(locations.id, sql`location_search.location_id`))
    .where(matching)
    .orderBy(...byRank)
    .limit(search.perPage)
    .offset(offset);
  const pageIds = db
    .select({ id: locations.id })
    .from(searchIndex)
    .innerJoin(locations, eq(locations.id, sql`location_search.location_id`))
    .where(matching)
    .orderBy(...byRank)
    .limit(search.perPage)
    .offset(offset);
  const counting = db
    .select({ total: count() })
    .from(searchIndex)
    .innerJoin(locations, eq(locations.id, sql`location_search.location_id`))
    .where(matching);
  const [rows, [counted], weekRows] = search.inMonth
    ? await db.batch([page, counting, monthWeeksAt(db, search.inMonth, pageIds)])
    : [...(await db.batch([page, counting])), []];
  return {
    weekRows,
    total: counted?.total ?? 0,
    found: rows.map(({ id, rooms, description }) => ({
      id,
      excerpt:
        [rooms, description]
          .find((text) => text.includes(MATCH_START))
          ?.replaceAll(MATCH_START, "")
          .replaceAll(MATCH_END, "") ?? null,
    })),
  };
}
