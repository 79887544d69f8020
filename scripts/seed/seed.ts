/**
 * Seeds the demo catalogue into D1 and R2. Idempotent: rows have stable ids and are inserted
 * only when missing; pictures are written only when their R2 object is missing.
 * Used by `npm start` (through wrangler's platform proxy) and by the workerd tests.
 */
import { drizzle } from "drizzle-orm/d1";
import { images, locations, roomTypes, users } from "../../app/db/schema.ts";
import { slugify } from "../../app/lib/slug.ts";
import { seedLocations } from "./data.ts";
import { renderScene } from "./scenes.ts";
import { type SeedImage, type SeedLocation } from "./types.ts";

/** 2026-01-01T00:00:00Z: the `{timestamp}_` of every seeded picture's key, so keys stay stable. */
const SEEDED_AT = 1767225600000;
const LOCATION_PICTURE = { width: 1600, height: 1000 };
const ROOM_PICTURE = { width: 1200, height: 800 };

export interface SeedBindings {
  DB: D1Database;
  IMAGE_BUCKET: R2Bucket;
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
}

/** A seeded room type's stable id: its location's id and its position. */
export const roomTypeId = (location: SeedLocation, index: number) =>
  `${location.id}-room-${index + 1}`;

function picturesOf(location: SeedLocation): Picture[] {
  const pictures: Picture[] = location.images.map((image, index) => ({
    id: `${location.id}-img-${index + 1}`,
    locationId: location.id,
    roomTypeId: null,
    key: `${location.id}/${SEEDED_AT}_${slugify(image.caption)}.svg`,
    order: index,
    image,
    title: location.name,
    size: LOCATION_PICTURE,
  }));
  location.roomTypes.forEach((room, roomIndex) => {
    const id = roomTypeId(location, roomIndex);
    room.images.forEach((image, index) => {
      pictures.push({
        id: `${id}-img-${index + 1}`,
        locationId: location.id,
        roomTypeId: id,
        key: `${location.id}/${id}/${SEEDED_AT}_${slugify(image.caption)}.svg`,
        order: index,
        image,
        title: `${location.name} · ${room.name}`,
        size: ROOM_PICTURE,
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

async function putMissingPicture(bucket: R2Bucket, picture: Picture) {
  if (await bucket.head(picture.key)) return false;
  const svg = renderScene({
    kind: picture.image.scene,
    title: picture.title,
    caption: picture.image.caption,
    seed: hash(picture.key),
    ...picture.size,
  });
  await bucket.put(picture.key, svg, {
    httpMetadata: { contentType: "image/svg+xml" },
  });
  return true;
}

export async function seedCatalogue(env: SeedBindings, catalogue: SeedLocation[] = seedLocations) {
  const db = drizzle(env.DB);
  const pictures = catalogue.flatMap(picturesOf);

  // Objects first: a picture row never points at a missing object.
  const written = await Promise.all(
    pictures.map((picture) => putMissingPicture(env.IMAGE_BUCKET, picture)),
  );

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
    ...pictures.map((picture) =>
      db
        .insert(images)
        .values({
          id: picture.id,
          locationId: picture.locationId,
          roomTypeId: picture.roomTypeId,
          imageUrl: picture.key,
          imageType: "image/svg+xml",
          width: picture.size.width,
          height: picture.size.height,
          alt: picture.image.caption,
          displayOrder: picture.order,
        })
        .onConflictDoNothing(),
    ),
  ];
  const [first, ...rest] = statements;
  if (!first) return { rowsInserted: 0, picturesWritten: 0 };
  const results = await db.batch([first, ...rest]);
  const inserted = results.reduce((sum, result) => sum + (result.meta?.changes ?? 0), 0);
  return { rowsInserted: inserted, picturesWritten: written.filter(Boolean).length };
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
