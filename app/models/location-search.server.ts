import { and, asc, eq, exists, gt, gte, lte, sql } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { locations, roomTypes } from "~/db/schema";
import { type LocationFilters } from "~/lib/location-filters";
import { fullTextQuery } from "~/lib/location-search";

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

const excerptOf = (column: number) =>
  sql<string>`snippet(location_search, ${column}, ${MATCH_START}, ${MATCH_END}, '…', 12)`;

export interface FoundLocation {
  id: string;
  /** Words around a match in the rooms or the description; null when the match is elsewhere. */
  excerpt: string | null;
}

type Search = Pick<LocationFilters, "guests" | "bedrooms" | "maxPrice"> & { words: string[] };

/**
 * A location has a room type at most `maxPrice` a week (priced), big enough for the fit
 * filters: the same room must fit, so the price of a small room cannot qualify a large one.
 */
function hasRoomWithin(db: Db, { maxPrice, guests, bedrooms }: Search & { maxPrice: number }) {
  return exists(
    db
      .select({ id: roomTypes.id })
      .from(roomTypes)
      .where(
        and(
          eq(roomTypes.locationId, locations.id),
          gt(roomTypes.price, 0),
          lte(roomTypes.price, maxPrice),
          guests === null ? undefined : gte(roomTypes.maxGuests, guests),
          bedrooms === null ? undefined : gte(roomTypes.bedrooms, bedrooms),
        ),
      ),
  );
}

/**
 * The visible locations matching a search, best first (relevance, then name), and, for a member
 * who set one, within a weekly price: one D1 query. Only call it with words or a price.
 */
export async function findLocations(db: Db, search: Search): Promise<FoundLocation[]> {
  const withinPrice =
    search.maxPrice === null
      ? undefined
      : hasRoomWithin(db, { ...search, maxPrice: search.maxPrice });
  if (search.words.length === 0) {
    const rows = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.hidden, false), withinPrice));
    return rows.map(({ id }) => ({ id, excerpt: null }));
  }
  const rows = await db
    .select({
      id: locations.id,
      rooms: excerptOf(ROOMS_COLUMN),
      description: excerptOf(DESCRIPTION_COLUMN),
    })
    .from(searchIndex)
    .innerJoin(locations, eq(locations.id, sql`location_search.location_id`))
    .where(
      and(
        sql`location_search MATCH ${fullTextQuery(search.words)}`,
        eq(locations.hidden, false),
        withinPrice,
      ),
    )
    .orderBy(RANK, asc(sql`${locations.name} COLLATE NOCASE`));
  return rows.map(({ id, rooms, description }) => ({
    id,
    excerpt:
      [rooms, description]
        .find((text) => text.includes(MATCH_START))
        ?.replaceAll(MATCH_START, "")
        .replaceAll(MATCH_END, "") ?? null,
  }));
}
