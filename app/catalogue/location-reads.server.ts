import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { type AppContext } from "~/context";
import { type Db } from "~/db/client.server";
import { images, locations, roomTypes } from "~/db/schema";
import { cachedJson, cacheKeys, CATALOGUE_TTL_SECONDS } from "~/lib/cache.server";
import { type RoomFit } from "~/catalogue/location-filters";
import {
  chargeAmountColumns,
  holidayPriceColumns,
  waiverColumns,
} from "~/weeks/price-columns.server";
import {
  byDisplayOrderThenName,
  imageUrl,
  type LocationSummary,
  type PublicImage,
} from "~/catalogue/locations";

/** Ids and slugs are letters, digits, hyphens and underscores; anything else cannot match. */
const LOCATION_KEY = /^[A-Za-z0-9_-]{1,200}$/;

const imageColumns = {
  id: images.id,
  locationId: images.locationId,
  roomTypeId: images.roomTypeId,
  key: images.imageUrl,
  width: images.width,
  height: images.height,
  variants: images.variants,
  alt: images.alt,
};

type ImageRow = {
  key: string;
  width: number;
  height: number;
  variants: PublicImage["variants"];
  alt: string | null;
};

function toPublicImage(row: ImageRow, fallbackAlt: string): PublicImage {
  return {
    url: imageUrl(row.key),
    width: row.width,
    height: row.height,
    variants: row.variants,
    alt: row.alt || fallbackAlt,
  };
}

/**
 * A visible location as the lists use it: its summary, the sizes of its room types and the
 * currency it prices in (for a member's weekly price).
 */
export type VisibleLocation = LocationSummary & { rooms: RoomFit[]; currency: string };

/**
 * One round trip: visible locations, their location-level images (first image per card) and
 * their room types' sizes (for the fit filters).
 */
async function fetchVisibleLocations(db: Db): Promise<VisibleLocation[]> {
  const [rows, imageRows, roomRows] = await db.batch([
    db
      .select({
        id: locations.id,
        name: locations.name,
        slug: locations.slug,
        city: locations.city,
        state: locations.state,
        country: locations.country,
        featured: locations.featured,
        displayOrder: locations.displayOrder,
        currency: locations.currency,
      })
      .from(locations)
      .where(eq(locations.hidden, false))
      .orderBy(asc(locations.name)),
    db
      .select(imageColumns)
      .from(images)
      .innerJoin(locations, eq(images.locationId, locations.id))
      .where(and(eq(locations.hidden, false), isNull(images.roomTypeId)))
      .orderBy(asc(images.locationId), asc(images.displayOrder), asc(images.createdAt)),
    db
      .select({
        locationId: roomTypes.locationId,
        bedrooms: roomTypes.bedrooms,
        maxGuests: roomTypes.maxGuests,
      })
      .from(roomTypes)
      .innerJoin(locations, eq(roomTypes.locationId, locations.id))
      .where(and(eq(locations.hidden, false), eq(roomTypes.published, true))),
  ]);
  const firstImage = new Map<string, ImageRow>();
  for (const image of imageRows) {
    if (!firstImage.has(image.locationId)) firstImage.set(image.locationId, image);
  }
  const roomsOf = Map.groupBy(roomRows, (room) => room.locationId);
  return rows.map((row) => {
    const image = firstImage.get(row.id);
    return {
      ...row,
      image: image ? toPublicImage(image, row.name) : null,
      rooms: (roomsOf.get(row.id) ?? []).map(({ bedrooms, maxGuests }) => ({
        bedrooms,
        maxGuests,
      })),
    };
  });
}

/** Visible locations for the public lists, cached in KV (a cached page makes no D1 query). */
export async function getVisibleLocations({ env, ctx, db, catalogueVersion }: AppContext) {
  return cachedJson(
    env.CACHE,
    cacheKeys.visibleLocations(await catalogueVersion()),
    CATALOGUE_TTL_SECONDS,
    () => fetchVisibleLocations(db),
    (promise) => ctx.waitUntil(promise),
  );
}

/** A visible location's summary: what a card or a row shows. */
export function toSummary({
  rooms: _rooms,
  currency: _currency,
  ...summary
}: VisibleLocation): LocationSummary {
  return summary;
}

/** The visible locations' summaries (cards and rows), from the cached list. */
export async function getVisibleLocationSummaries(app: AppContext) {
  return (await getVisibleLocations(app)).map(toSummary);
}

/** Room type fields anyone may see. Prices and fees are deliberately absent. */
const publicRoomTypeColumns = {
  id: roomTypes.id,
  name: roomTypes.name,
  description: roomTypes.description,
  bedrooms: roomTypes.bedrooms,
  bathrooms: roomTypes.bathrooms,
  maxGuests: roomTypes.maxGuests,
  displayOrder: roomTypes.displayOrder,
  roomFeatures: roomTypes.roomFeatures,
  ...waiverColumns,
  published: roomTypes.published,
};

/** Prices and fees: only ever selected for signed-in members. */
const pricingRoomTypeColumns = {
  price: roomTypes.price,
  otherPrices: roomTypes.otherPrices,
  ...holidayPriceColumns,
  ...chargeAmountColumns,
};

/**
 * A location by slug, falling back to its id, with its room types and images, in
 * one batch. Hidden locations and draft room types are returned only with `includeHidden` (an
 * admin's preview).
 * Visitors get no price or fee column at all; signed-in members get them with `withPricing`.
 */
export async function getLocationDetail(
  db: Db,
  slugOrId: string,
  { withPricing, includeHidden = false }: { withPricing: boolean; includeHidden?: boolean },
) {
  if (!LOCATION_KEY.test(slugOrId)) return null;
  const matchesKey = and(
    includeHidden ? undefined : eq(locations.hidden, false),
    or(eq(locations.slug, slugOrId), eq(locations.id, slugOrId)),
  );
  const locationId = db
    .select({ id: locations.id })
    .from(locations)
    .where(matchesKey)
    .orderBy(desc(sql`${locations.slug} = ${slugOrId}`))
    .limit(1);

  const [locationRows, roomRows, imageRows] = await db.batch([
    db
      .select({
        id: locations.id,
        name: locations.name,
        slug: locations.slug,
        description: locations.description,
        city: locations.city,
        state: locations.state,
        country: locations.country,
        minimumNights: locations.minimumNights,
        timeZone: locations.timeZone,
        checkInTime: locations.checkInTime,
        checkOutTime: locations.checkOutTime,
        currency: locations.currency,
        hidden: locations.hidden,
      })
      .from(locations)
      .where(matchesKey)
      .orderBy(desc(sql`${locations.slug} = ${slugOrId}`))
      .limit(1),
    db
      .select(
        withPricing
          ? { ...publicRoomTypeColumns, ...pricingRoomTypeColumns }
          : { ...publicRoomTypeColumns },
      )
      .from(roomTypes)
      .where(
        and(
          inArray(roomTypes.locationId, locationId),
          includeHidden ? undefined : eq(roomTypes.published, true),
        ),
      ),
    db
      .select(imageColumns)
      .from(images)
      .where(inArray(images.locationId, locationId))
      .orderBy(asc(images.displayOrder), asc(images.createdAt)),
  ]);

  const location = locationRows[0];
  if (!location) return null;
  const imagesOf = (roomTypeId: string | null, alt: string) =>
    imageRows
      .filter((image) => image.roomTypeId === roomTypeId)
      .map((image) => toPublicImage(image, alt));

  return {
    ...location,
    images: imagesOf(null, location.name),
    roomTypes: roomRows
      .sort(byDisplayOrderThenName)
      .map((room) => ({ ...room, images: imagesOf(room.id, `${location.name}, ${room.name}`) })),
  };
}

export type LocationDetail = NonNullable<Awaited<ReturnType<typeof getLocationDetail>>>;

/**
 * A visible location as a visitor sees it (no price or fee), cached in KV: a cached detail makes
 * no D1 query. Members' and admins' views are read from D1 (getLocationDetail).
 */
export async function getPublicLocationDetail(
  { env, ctx, db, catalogueVersion }: AppContext,
  slugOrId: string,
) {
  if (!LOCATION_KEY.test(slugOrId)) return null;
  return cachedJson<LocationDetail | null>(
    env.CACHE,
    cacheKeys.locationDetail(await catalogueVersion(), slugOrId),
    CATALOGUE_TTL_SECONDS,
    () => getLocationDetail(db, slugOrId, { withPricing: false }),
    (promise) => ctx.waitUntil(promise),
  );
}

/** Slugs of visible locations, for the sitemap. */
export function listVisibleLocationPaths(db: Db) {
  return db
    .select({ id: locations.id, slug: locations.slug, updatedAt: locations.updatedAt })
    .from(locations)
    .where(eq(locations.hidden, false))
    .orderBy(asc(locations.name));
}
