/**
 * Seeds the demo catalogue into D1 and R2. Idempotent: rows have stable ids and are inserted
 * only when missing; pictures are written only when their R2 object is missing. Given a
 * rasterizer (scripts/seed/raster.ts, in Node), each scene is stored as an upload is: a JPEG and
 * its sized variants; without one (inside workerd), as its SVG alone.
 * Used by `npm start` (through wrangler's platform proxy) and by the workerd tests.
 */
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { images, locations, roomTypes, users } from "../../app/db/schema.ts";
import {
  VARIANT_CONTENT_TYPES,
  variantKey,
  variantPlan,
  type ImageVariants,
  type VariantFormat,
} from "../../app/catalogue/image-variants.ts";
import { slugify } from "../../app/catalogue/slug.ts";
import { placeTimeZone } from "../../app/catalogue/time-zones.ts";
import { openSeasonStatement, SEASON_MONTHS } from "../../app/weeks/season.ts";
import { addDays, addMonths, todayUtc } from "../../app/weeks/calendar.ts";
import { now } from "../../app/lib/clock.server.ts";
import { seedLocations } from "./data.ts";
import { renderScene } from "./scenes.ts";
import { type SeedImage, type SeedLocation } from "./types.ts";

/** 2026-01-01T00:00:00Z: the `{timestamp}_` of every seeded picture's key, so keys stay stable. */
const SEEDED_AT = 1767225600000;
const LOCATION_PICTURE = { width: 1600, height: 1000 };
const ROOM_PICTURE = { width: 1200, height: 800 };

/** Draws a scene's SVG as a JPEG original and its variants (scripts/seed/raster.ts, Node only). */
export type Rasterize = (
  svg: string,
  plan: ImageVariants,
) => Promise<{
  original: Uint8Array;
  variants: Array<{ width: number; format: VariantFormat; bytes: Uint8Array }>;
}>;

export interface SeedBindings {
  DB: D1Database;
  IMAGE_BUCKET: R2Bucket;
  /** What the site's clock reads (app/lib/clock.server.ts): the seed's weeks start from its today. */
  APP_ENV?: string;
  TEST_NOW?: string;
}

interface Picture {
  id: string;
  locationId: string;
  roomTypeId: string | null;
  key: string;
  order: number;
  image: SeedImage;
  title: string;
  size: { width: number; height: number };
  /** Null when the scene is stored as an SVG alone. */
  variants: ImageVariants | null;
}

/** A seeded room type's stable id: its location's id and its position. */
export const roomTypeId = (location: SeedLocation, index: number) =>
  `${location.id}-room-${index + 1}`;

function picturesOf(location: SeedLocation, raster: boolean): Picture[] {
  const extension = raster ? "jpg" : "svg";
  const variantsOf = (size: { width: number }) => (raster ? variantPlan(size.width) : null);
  const pictures: Picture[] = location.images.map((image, index) => ({
    id: `${location.id}-img-${index + 1}`,
    locationId: location.id,
    roomTypeId: null,
    key: `${location.id}/${SEEDED_AT}_${slugify(image.caption)}.${extension}`,
    order: index,
    image,
    title: location.name,
    size: LOCATION_PICTURE,
    variants: variantsOf(LOCATION_PICTURE),
  }));
  location.roomTypes.forEach((room, roomIndex) => {
    const id = roomTypeId(location, roomIndex);
    room.images.forEach((image, index) => {
      pictures.push({
        id: `${id}-img-${index + 1}`,
        locationId: location.id,
        roomTypeId: id,
        key: `${location.id}/${id}/${SEEDED_AT}_${slugify(image.caption)}.${extension}`,
        order: index,
        image,
        title: `${location.name} · ${room.name}`,
        size: ROOM_PICTURE,
        variants: variantsOf(ROOM_PICTURE),
      });
    });
  });
  return pictures;
}

/** A stable number from a string, so each picture gets its own look. */
function hash(text: string) {
  let value = 2166136261;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

async function putMissingPicture(bucket: R2Bucket, picture: Picture, rasterize?: Rasterize) {
  if (await bucket.head(picture.key)) return false;
  const svg = renderScene({
    kind: picture.image.scene,
    title: picture.title,
    caption: picture.image.caption,
    // The SVG's key, so a scene looks the same whether stored as an SVG or rendered to a JPEG.
    seed: hash(picture.key.replace(/\.jpg$/, ".svg")),
    ...picture.size,
  });
  if (!rasterize || !picture.variants) {
    await bucket.put(picture.key, svg, { httpMetadata: { contentType: "image/svg+xml" } });
    return true;
  }
  const { original, variants } = await rasterize(svg, picture.variants);
  // The variants before the original: an original present means its variants are too.
  for (const variant of variants) {
    await bucket.put(variantKey(picture.key, variant.width, variant.format), variant.bytes, {
      httpMetadata: { contentType: VARIANT_CONTENT_TYPES[variant.format] },
    });
  }
  await bucket.put(picture.key, original, { httpMetadata: { contentType: "image/jpeg" } });
  return true;
}

/**
 * Stores the pictures of `catalogue` that are missing, and no row: objects no row points at are
 * not shown, so a catalogue's pictures can be written ahead of its rows.
 */
export async function seedPictures(
  bucket: R2Bucket,
  catalogue: SeedLocation[],
  { rasterize }: { rasterize?: Rasterize } = {},
) {
  const pictures = catalogue.flatMap((location) => picturesOf(location, Boolean(rasterize)));
  return (await putMissingPictures(bucket, pictures, rasterize)).filter(Boolean).length;
}

/** Rendering is CPU work: a few pictures at a time (sharp spreads each over the cores). */
function putMissingPictures(bucket: R2Bucket, pictures: Picture[], rasterize?: Rasterize) {
  return eachLimited(pictures, rasterize ? 2 : 16, (picture) =>
    putMissingPicture(bucket, picture, rasterize),
  );
}

/** Runs `task` on every item, at most `limit` at a time. */
async function eachLimited<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>) {
  const results: R[] = Array.from({ length: items.length });
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export async function seedCatalogue(
  env: SeedBindings,
  catalogue: SeedLocation[] = seedLocations,
  { rasterize }: { rasterize?: Rasterize } = {},
) {
  const db = drizzle(env.DB);
  const pictures = catalogue.flatMap((location) => picturesOf(location, Boolean(rasterize)));
  // Objects first: a picture row never points at a missing object.
  const written = await putMissingPictures(env.IMAGE_BUCKET, pictures, rasterize);

  const statements = [
    ...catalogue.map((location) =>
      db
        .insert(locations)
        .values({
          id: location.id,
          name: location.name,
          slug: location.slug,
          description: location.description,
          featured: location.featured,
          city: location.city,
          state: location.state,
          country: location.country,
          minimumNights: location.minimumNights,
          timeZone: placeTimeZone(location),
          hidden: location.hidden,
          displayOrder: location.displayOrder,
        })
        .onConflictDoNothing(),
    ),
    ...catalogue.flatMap((location) =>
      location.roomTypes.map((room, index) =>
        db
          .insert(roomTypes)
          .values({
            id: roomTypeId(location, index),
            locationId: location.id,
            name: room.name,
            description: room.description,
            imageFolder: `${location.id}/${roomTypeId(location, index)}`,
            // The seed's rooms are on sale: each has a rate, a guest limit and pictures.
            published: true,
            bedrooms: room.bedrooms,
            bathrooms: room.bathrooms,
            maxGuests: room.maxGuests,
            price: room.price,
            otherPrices: room.otherPrices || null,
            presidentsDayPrice: room.holidayPrices.presidentsDay,
            springBreakPrice: room.holidayPrices.springBreak,
            fourthOfJulyPrice: room.holidayPrices.fourthOfJuly,
            thanksgivingPrice: room.holidayPrices.thanksgiving,
            christmasPrice: room.holidayPrices.christmas,
            newYearsPrice: room.holidayPrices.newYears,
            displayOrder: index,
            roomFeatures: room.features,
            freeParking: room.freeParking,
            parkingCost: room.parkingCost,
            noResortFees: room.noResortFees,
            resortFeeCost: room.resortFeeCost,
            localTaxes: room.localTaxes,
          })
          .onConflictDoNothing(),
      ),
    ),
    ...pictures.map((picture) => {
      const insert = db.insert(images).values({
        id: picture.id,
        locationId: picture.locationId,
        roomTypeId: picture.roomTypeId,
        imageUrl: picture.key,
        imageType: picture.variants ? "image/jpeg" : "image/svg+xml",
        width: picture.size.width,
        height: picture.size.height,
        variants: picture.variants,
        alt: picture.image.caption,
        displayOrder: picture.order,
      });
      if (!picture.variants) return insert.onConflictDoNothing();
      // A state seeded before the scenes were rendered moves to the JPEG; anything else stays.
      return insert.onConflictDoUpdate({
        target: images.id,
        set: { imageUrl: picture.key, imageType: "image/jpeg", variants: picture.variants },
        setWhere: eq(images.imageType, "image/svg+xml"),
      });
    }),
  ];
  const [first, ...rest] = statements;
  if (!first) return { rowsInserted: 0, picturesWritten: 0 };
  const results = await db.batch([first, ...rest]);
  const inserted = results.reduce((sum, result) => sum + (result.meta?.changes ?? 0), 0);
  const season = await seedWeeks(env);
  return {
    rowsInserted: inserted + season.meta.changes,
    picturesWritten: written.filter(Boolean).length,
  };
}

/**
 * Open weeks from tomorrow (by the site's clock) for the next 18 months, for every room type
 * (existing weeks stay).
 */
export function seedWeeks(env: Pick<SeedBindings, "DB" | "APP_ENV" | "TEST_NOW">) {
  const from = addDays(todayUtc(now(env)), 1);
  return openSeasonStatement(env.DB, { from, until: addMonths(from, SEASON_MONTHS) }).run();
}

/** Local accounts to sign in with through the dev outbox: an admin and a member. */
const SEED_USERS = [
  { id: "user-admin", email: "admin@example.com", role: "admin" as const },
  { id: "user-member", email: "member@example.com", role: "member" as const },
];

export async function seedUsers(env: Pick<SeedBindings, "DB">) {
  const db = drizzle(env.DB);
  await db.insert(users).values(SEED_USERS).onConflictDoNothing();
}
