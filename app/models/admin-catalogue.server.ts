import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { type CloudflareContext } from "~/context";
import { createDb, type Db } from "~/db/client.server";
import { auditEvents, images, locations, roomTypes, type AuditEvent } from "~/db/schema";
import { CONTENT_TYPES, EXTENSIONS, readImageInfo, type ImageInfo } from "~/admin/image-bytes";
import { moveItem, REORDER_MESSAGES } from "~/admin/reorder";
import { type LocationValues, type RoomTypeValues } from "~/admin/schemas";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { imageUrl } from "~/lib/locations";

/**
 * Every admin write to the catalogue: locations, room types, images and their order. Each write
 * records an audit event in the same D1 batch and clears the public caches, so the change shows
 * on the public pages at the next request.
 */

export interface Actor {
  email: string;
}

export class AdminInputError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const IMAGE_MESSAGES = {
  onlyImages: "Only image files are allowed",
  noFiles: "Please select at least one image to upload",
  tooLarge: "Each image must be 10 MB or smaller",
  notFound: "Image not found",
} as const;

/** Spec section 9: 10 MB (10485760 bytes) per file. */
export const MAX_IMAGE_BYTES = 10_485_760;
export const MAX_FILES_PER_UPLOAD = 20;

type Audit = Omit<typeof auditEvents.$inferInsert, "id" | "actorEmail" | "createdAt">;

function audit(db: Db, actor: Actor, event: Audit) {
  return db
    .insert(auditEvents)
    .values({ id: crypto.randomUUID(), actorEmail: actor.email, ...event });
}

const now = () => new Date().toISOString();

/** Admin summaries of every location (hidden ones too), by name, with counts and the last edit. */
export async function listLocationSummaries(db: Db) {
  // Qualified by hand: in a one-table select drizzle writes locations.id as a bare "id", which
  // inside these subqueries would mean the inner table's id.
  const imageCount = sql<number>`(SELECT count(*) FROM images WHERE images.location_id = "locations"."id")`;
  const roomCount = sql<number>`(SELECT count(*) FROM room_types WHERE room_types.location_id = "locations"."id")`;
  const lastEditor = sql<
    string | null
  >`(SELECT actor_email FROM audit_events WHERE audit_events.location_id = "locations"."id" ORDER BY created_at DESC LIMIT 1)`;
  const lastEditAt = sql<
    string | null
  >`(SELECT created_at FROM audit_events WHERE audit_events.location_id = "locations"."id" ORDER BY created_at DESC LIMIT 1)`;
  const rows = await db
    .select({
      id: locations.id,
      name: locations.name,
      slug: locations.slug,
      description: locations.description,
      featured: locations.featured,
      city: locations.city,
      state: locations.state,
      country: locations.country,
      hidden: locations.hidden,
      displayOrder: locations.displayOrder,
      imageCount,
      roomCount,
      lastEditor,
      lastEditAt,
    })
    .from(locations)
    .orderBy(asc(locations.name));
  return rows.map((row) => ({ ...row, hasDescription: Boolean(row.description?.trim()) }));
}

export type LocationSummaryRow = Awaited<ReturnType<typeof listLocationSummaries>>[number];

/** A location with every field, its room types and its images, in one batch. */
export async function getLocationForEdit(db: Db, id: string) {
  const [locationRows, roomRows, imageRows] = await db.batch([
    db.select().from(locations).where(eq(locations.id, id)),
    db
      .select()
      .from(roomTypes)
      .where(eq(roomTypes.locationId, id))
      .orderBy(asc(roomTypes.displayOrder), asc(roomTypes.name)),
    db
      .select()
      .from(images)
      .where(eq(images.locationId, id))
      .orderBy(asc(images.displayOrder), asc(images.createdAt)),
  ]);
  const location = locationRows[0];
  if (!location) return null;
  return {
    location,
    roomTypes: roomRows,
    images: imageRows.map((image) => ({ ...image, url: imageUrl(image.imageUrl) })),
  };
}

export type LocationForEdit = NonNullable<Awaited<ReturnType<typeof getLocationForEdit>>>;

function isUniqueSlugError(error: unknown) {
  return (
    error instanceof Error &&
    /UNIQUE constraint failed: locations\.slug/.test(
      `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}`,
    )
  );
}

/** Creates a location; its other fields come with a later edit (spec section 4). */
export async function createLocation(
  { env }: CloudflareContext,
  actor: Actor,
  values: LocationValues,
) {
  const db = createDb(env.DB);
  const id = crypto.randomUUID();
  try {
    await db.batch([
      db.insert(locations).values({
        id,
        name: values.name,
        slug: values.slug,
        description: "",
        featured: false,
        city: values.city,
        state: values.state,
        country: values.country,
        minimumNights: 7,
        hidden: false,
      }),
      audit(db, actor, {
        action: "created",
        entityType: "location",
        entityId: id,
        locationId: id,
        summary: `Created ${values.name}`,
      }),
    ]);
  } catch (error) {
    if (isUniqueSlugError(error))
      throw new AdminInputError("Another location already uses this slug", "slug");
    throw error;
  }
  await invalidateLocationCaches(env.CACHE);
  return id;
}

export async function updateLocation(
  { env }: CloudflareContext,
  actor: Actor,
  id: string,
  values: LocationValues,
) {
  const db = createDb(env.DB);
  try {
    const [updated] = await db.batch([
      db
        .update(locations)
        .set({ ...values, updatedAt: now() })
        .where(eq(locations.id, id))
        .returning({ id: locations.id }),
      audit(db, actor, {
        action: "updated",
        entityType: "location",
        entityId: id,
        locationId: id,
        summary: `Updated ${values.name}`,
      }),
    ]);
    if (updated.length === 0) throw new AdminInputError("Location not found");
  } catch (error) {
    if (isUniqueSlugError(error))
      throw new AdminInputError("Another location already uses this slug", "slug");
    throw error;
  }
  await invalidateLocationCaches(env.CACHE);
}

/** R2 keys of a location's (or one room type's) pictures: the rows', and any stray objects under its folder. */
async function objectKeys(bucket: R2Bucket, rowKeys: string[], prefix: string) {
  const keys = new Set(rowKeys);
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix, cursor });
    for (const object of listed.objects) keys.add(object.key);
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  return [...keys];
}

async function deleteObjects(bucket: R2Bucket, keys: string[]) {
  for (let start = 0; start < keys.length; start += 1000) {
    await bucket.delete(keys.slice(start, start + 1000));
  }
}

/**
 * Deletes a location: its R2 objects first, then its images, room types and the location in one
 * D1 batch (spec section 4), so nothing is left behind.
 */
export async function deleteLocation({ env }: CloudflareContext, actor: Actor, id: string) {
  const db = createDb(env.DB);
  const [location] = await db
    .select({ name: locations.name })
    .from(locations)
    .where(eq(locations.id, id));
  if (!location) throw new AdminInputError("Location not found");
  const rows = await db
    .select({ key: images.imageUrl })
    .from(images)
    .where(eq(images.locationId, id));
  await deleteObjects(
    env.IMAGES,
    await objectKeys(
      env.IMAGES,
      rows.map((row) => row.key),
      `${id}/`,
    ),
  );
  await db.batch([
    db.delete(images).where(eq(images.locationId, id)),
    db.delete(roomTypes).where(eq(roomTypes.locationId, id)),
    db.delete(locations).where(eq(locations.id, id)),
    audit(db, actor, {
      action: "deleted",
      entityType: "location",
      entityId: id,
      locationId: id,
      summary: `Deleted ${location.name}`,
    }),
  ]);
  await invalidateLocationCaches(env.CACHE);
}

async function requireRoomType(db: Db, locationId: string, roomTypeId: string) {
  const [room] = await db
    .select({ id: roomTypes.id, name: roomTypes.name })
    .from(roomTypes)
    .where(and(eq(roomTypes.id, roomTypeId), eq(roomTypes.locationId, locationId)));
  if (!room) throw new AdminInputError("Room type not found");
  return room;
}

/** Creates a room type with only its name, after the location's others (spec section 4). */
export async function createRoomType(
  { env }: CloudflareContext,
  actor: Actor,
  locationId: string,
  name: string,
) {
  const db = createDb(env.DB);
  const [location] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.id, locationId));
  if (!location) throw new AdminInputError("Location not found");
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(roomTypes).values({
      id,
      locationId,
      name,
      imageFolder: `${locationId}/${id}`,
      displayOrder: sql`(SELECT coalesce(max(display_order) + 1, 0) FROM room_types WHERE location_id = ${locationId})`,
    }),
    audit(db, actor, {
      action: "created",
      entityType: "room_type",
      entityId: id,
      locationId,
      summary: `Created room type ${name}`,
    }),
  ]);
  await invalidateLocationCaches(env.CACHE);
  return id;
}

export async function updateRoomType(
  { env }: CloudflareContext,
  actor: Actor,
  locationId: string,
  roomTypeId: string,
  values: RoomTypeValues,
) {
  const db = createDb(env.DB);
  await requireRoomType(db, locationId, roomTypeId);
  await db.batch([
    db
      .update(roomTypes)
      .set({
        ...values,
        description: values.description ?? null,
        otherPrices: values.otherPrices ?? null,
        updatedAt: now(),
      })
      .where(and(eq(roomTypes.id, roomTypeId), eq(roomTypes.locationId, locationId))),
    audit(db, actor, {
      action: "updated",
      entityType: "room_type",
      entityId: roomTypeId,
      locationId,
      summary: `Updated room type ${values.name}`,
    }),
  ]);
  await invalidateLocationCaches(env.CACHE);
}

export async function deleteRoomType(
  { env }: CloudflareContext,
  actor: Actor,
  locationId: string,
  roomTypeId: string,
) {
  const db = createDb(env.DB);
  const room = await requireRoomType(db, locationId, roomTypeId);
  const rows = await db
    .select({ key: images.imageUrl })
    .from(images)
    .where(eq(images.roomTypeId, roomTypeId));
  await deleteObjects(
    env.IMAGES,
    await objectKeys(
      env.IMAGES,
      rows.map((row) => row.key),
      `${locationId}/${roomTypeId}/`,
    ),
  );
  await db.batch([
    db.delete(images).where(eq(images.roomTypeId, roomTypeId)),
    db.delete(roomTypes).where(eq(roomTypes.id, roomTypeId)),
    audit(db, actor, {
      action: "deleted",
      entityType: "room_type",
      entityId: roomTypeId,
      locationId,
      summary: `Deleted room type ${room.name}`,
    }),
  ]);
  await invalidateLocationCaches(env.CACHE);
}

/** A file name safe for a key: letters, digits, dots, hyphens and underscores. */
export function sanitizeFileName(name: string, extension: string) {
  const base = name
    .replace(/\.[^.]*$/, "")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${base || "image"}.${extension}`;
}

/** Checks every file's bytes before anything is stored: all are images within the size limit, or none is taken. */
export async function readUploads(files: File[]) {
  const real = files.filter((file) => file.size > 0);
  if (real.length === 0) throw new AdminInputError(IMAGE_MESSAGES.noFiles);
  if (real.length > MAX_FILES_PER_UPLOAD)
    throw new AdminInputError(`Upload at most ${MAX_FILES_PER_UPLOAD} images at a time`);
  const checked: Array<{ file: File; bytes: ArrayBuffer; info: ImageInfo }> = [];
  for (const file of real) {
    if (file.size > MAX_IMAGE_BYTES) throw new AdminInputError(IMAGE_MESSAGES.tooLarge);
    const bytes = await file.arrayBuffer();
    const info = readImageInfo(bytes);
    if (!info) throw new AdminInputError(IMAGE_MESSAGES.onlyImages);
    checked.push({ file, bytes, info });
  }
  return checked;
}

/**
 * Stores uploaded pictures at `{location_id}/{timestamp}_{filename}` (room pictures in the room
 * type's folder) and records them with their size. New pictures get display_order 0 (spec
 * section 9). If recording fails, the stored objects are removed again.
 */
export async function uploadImages(
  { env }: CloudflareContext,
  actor: Actor,
  target: { locationId: string; roomTypeId: string | null },
  files: File[],
) {
  const db = createDb(env.DB);
  const [location] = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.id, target.locationId));
  if (!location) throw new AdminInputError("Location not found");
  if (target.roomTypeId) await requireRoomType(db, target.locationId, target.roomTypeId);
  const uploads = await readUploads(files);

  const folder = target.roomTypeId
    ? `${target.locationId}/${target.roomTypeId}`
    : target.locationId;
  const stamp = Date.now();
  const stored = uploads.map(({ file, bytes, info }, index) => ({
    id: crypto.randomUUID(),
    key: `${folder}/${stamp + index}_${sanitizeFileName(file.name, EXTENSIONS[info.format])}`,
    bytes,
    info,
    alt: file.name.replace(/\.[^.]*$/, "").slice(0, 200),
  }));
  await Promise.all(
    stored.map((item) =>
      env.IMAGES.put(item.key, item.bytes, {
        httpMetadata: { contentType: CONTENT_TYPES[item.info.format] },
      }),
    ),
  );
  try {
    const statements = stored.map((item) =>
      db.insert(images).values({
        id: item.id,
        locationId: target.locationId,
        roomTypeId: target.roomTypeId,
        imageUrl: item.key,
        imageType: CONTENT_TYPES[item.info.format],
        width: item.info.width,
        height: item.info.height,
        alt: item.alt,
        displayOrder: 0,
      }),
    );
    // The audit row first: a batch is typed as a non-empty list.
    await db.batch([
      audit(db, actor, {
        action: "uploaded",
        entityType: "image",
        entityId: stored.map((item) => item.id).join(","),
        locationId: target.locationId,
        summary: `Uploaded ${stored.length} image${stored.length === 1 ? "" : "s"}`,
      }),
      ...statements,
    ]);
  } catch (error) {
    await deleteObjects(
      env.IMAGES,
      stored.map((item) => item.key),
    );
    throw error;
  }
  await invalidateLocationCaches(env.CACHE);
  return stored.map((item) => item.id);
}

/** Deletes a picture: its row, and its object (a storage error is only logged, spec section 8). */
export async function deleteImage({ env }: CloudflareContext, actor: Actor, imageId: string) {
  const db = createDb(env.DB);
  const [image] = await db.select().from(images).where(eq(images.id, imageId));
  if (!image) throw new AdminInputError(IMAGE_MESSAGES.notFound);
  await db.batch([
    db.delete(images).where(eq(images.id, imageId)),
    audit(db, actor, {
      action: "deleted",
      entityType: "image",
      entityId: imageId,
      locationId: image.locationId,
      summary: "Deleted an image",
    }),
  ]);
  try {
    await env.IMAGES.delete(image.imageUrl);
  } catch (error) {
    console.error(`image ${imageId}: storage delete failed`, error);
  }
  await invalidateLocationCaches(env.CACHE);
  return image;
}

/** Rewrites display_order as 0..n-1 for `ids` (run in one batch). */
function imageOrderStatements(db: Db, ids: string[]) {
  return ids.map((id, index) =>
    db.update(images).set({ displayOrder: index }).where(eq(images.id, id)),
  );
}

function roomTypeOrderStatements(db: Db, ids: string[]) {
  return ids.map((id, index) =>
    db.update(roomTypes).set({ displayOrder: index }).where(eq(roomTypes.id, id)),
  );
}

/** Moves a picture to another's position within its group (the location's, or one room type's). */
export async function reorderImages(
  { env }: CloudflareContext,
  actor: Actor,
  { draggedId, targetId }: { draggedId: string; targetId: string },
) {
  const db = createDb(env.DB);
  const [dragged] = await db.select().from(images).where(eq(images.id, draggedId));
  const group = dragged
    ? await db
        .select({ id: images.id })
        .from(images)
        .where(
          and(
            eq(images.locationId, dragged.locationId),
            dragged.roomTypeId
              ? eq(images.roomTypeId, dragged.roomTypeId)
              : isNull(images.roomTypeId),
          ),
        )
        .orderBy(asc(images.displayOrder), asc(images.createdAt))
    : [];
  const order = moveItem(
    group.map((row) => row.id),
    draggedId,
    targetId,
    {
      empty: REORDER_MESSAGES.noImages,
      indices: REORDER_MESSAGES.imageIndices,
    },
  );
  const statements = imageOrderStatements(db, order);
  // The audit row first: a batch is typed as a non-empty list.
  await db.batch([
    audit(db, actor, {
      action: "reordered",
      entityType: "image",
      entityId: draggedId,
      locationId: dragged!.locationId,
      summary: "Reordered images",
    }),
    ...statements,
  ]);
  await invalidateLocationCaches(env.CACHE);
  return order;
}

export async function reorderRoomTypes(
  { env }: CloudflareContext,
  actor: Actor,
  { locationId, draggedId, targetId }: { locationId: string; draggedId: string; targetId: string },
) {
  const db = createDb(env.DB);
  const rooms = await db
    .select({ id: roomTypes.id })
    .from(roomTypes)
    .where(eq(roomTypes.locationId, locationId))
    .orderBy(asc(roomTypes.displayOrder), asc(roomTypes.name));
  const order = moveItem(
    rooms.map((row) => row.id),
    draggedId,
    targetId,
    {
      empty: REORDER_MESSAGES.noRoomTypes,
      indices: REORDER_MESSAGES.roomTypeIndices,
    },
  );
  const statements = roomTypeOrderStatements(db, order);
  // The audit row first: a batch is typed as a non-empty list.
  await db.batch([
    audit(db, actor, {
      action: "reordered",
      entityType: "room_type",
      entityId: draggedId,
      locationId,
      summary: "Reordered room types",
    }),
    ...statements,
  ]);
  await invalidateLocationCaches(env.CACHE);
  return order;
}

/** Featured locations in their order (spec section 2, Featured Order). */
export function listFeatured(db: Db) {
  return db
    .select({
      id: locations.id,
      name: locations.name,
      slug: locations.slug,
      city: locations.city,
      state: locations.state,
      hidden: locations.hidden,
      displayOrder: locations.displayOrder,
    })
    .from(locations)
    .where(eq(locations.featured, true))
    .orderBy(sql`coalesce(${locations.displayOrder}, 999999)`, asc(locations.name));
}

/** Saves the featured order: display_order is each location's position, in one batch. */
export async function saveFeaturedOrder({ env }: CloudflareContext, actor: Actor, ids: string[]) {
  const db = createDb(env.DB);
  const featured = await listFeatured(db);
  const known = new Set(featured.map((location) => location.id));
  if (
    ids.length !== known.size ||
    new Set(ids).size !== ids.length ||
    !ids.every((id) => known.has(id))
  ) {
    throw new AdminInputError(
      "The featured locations changed meanwhile. Please reload and try again.",
    );
  }
  const statements = ids.map((id, index) =>
    db.update(locations).set({ displayOrder: index, updatedAt: now() }).where(eq(locations.id, id)),
  );
  // The audit row first: a batch is typed as a non-empty list.
  await db.batch([
    audit(db, actor, {
      action: "reordered",
      entityType: "featured_order",
      entityId: ids.join(","),
      summary: "Saved the featured order",
    }),
    ...statements,
  ]);
  await invalidateLocationCaches(env.CACHE);
}

/** The latest changes, for an admin page. */
export function recentAuditEvents(db: Db, limit = 50): Promise<AuditEvent[]> {
  return db.select().from(auditEvents).orderBy(desc(auditEvents.createdAt)).limit(limit);
}
