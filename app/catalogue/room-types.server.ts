import { and, asc, eq, max, sql } from "drizzle-orm";
import { type AppContext } from "~/context";
import { type Db } from "~/db/client.server";
import { images, locations, roomTypes } from "~/db/schema";
import { DomainError, refuseDuplicate } from "~/lib/errors.server";
import { deleteObjects, folderObjectKeys } from "~/catalogue/image-store.server";
import { commitAudited, savedAt, type Actor } from "./audit.server";
import { displayOrderUpdates, reorderedIds, type ReorderRefusal } from "./display-order.server";
import { isIdShaped, NOT_FOUND } from "./ids";
import { LOCATION_ADMIN_MESSAGES, PUBLISH_NEEDS } from "./location-manager";
import { requireLocation } from "./location-manager.server";
import { neighbourOf, REORDER_MESSAGES } from "./reorder";
import { ADMIN_MESSAGES, type RoomTypeValues } from "./schemas";

/** The room type of that location, or a not-found refusal. */
export async function requireRoomType(db: Db, locationId: string, roomTypeId: string) {
  const [room] =
    isIdShaped(locationId) && isIdShaped(roomTypeId)
      ? await db
          .select({ id: roomTypes.id, name: roomTypes.name, timeZone: locations.timeZone })
          .from(roomTypes)
          .innerJoin(locations, eq(locations.id, roomTypes.locationId))
          .where(and(eq(roomTypes.id, roomTypeId), eq(roomTypes.locationId, locationId)))
      : [];
  if (!room) throw new DomainError("not-found", NOT_FOUND.roomType);
  return room;
}

/** Another room type of the location has the name (any capitals, outer spaces): the database says so. */
const withUniqueName = <T>(name: string, write: () => Promise<T>) =>
  refuseDuplicate(
    write,
    "index 'room_types_location_name_idx'",
    () => new DomainError("conflict", ADMIN_MESSAGES.roomNameTaken(name.trim()), "name"),
  );

/** Creates a room type with only its name, after the location's others. */
export async function createRoomType(
  app: AppContext,
  actor: Actor,
  locationId: string,
  name: string,
) {
  const { db } = app;
  await requireLocation(db, locationId);
  const id = crypto.randomUUID();
  const last = db
    .select({ order: max(roomTypes.displayOrder) })
    .from(roomTypes)
    .where(eq(roomTypes.locationId, locationId));
  const insert = db.insert(roomTypes).values({
    id,
    locationId,
    name,
    imageFolder: `${locationId}/${id}`,
    // Worked out in the statement itself, so two creations at once still get their own places.
    displayOrder: sql`coalesce((${last}) + 1, 0)`,
  });
  await withUniqueName(name, () =>
    commitAudited(
      app,
      actor,
      {
        action: "created",
        entityType: "room_type",
        entityId: id,
        locationId,
        summary: `Created room type ${name}`,
      },
      [insert],
    ),
  );
  return id;
}

/** Saves a room type's form; with the `version` it was opened at, not over a later save. */
export async function updateRoomType(
  app: AppContext,
  actor: Actor,
  {
    locationId,
    roomTypeId,
    version,
  }: { locationId: string; roomTypeId: string; version?: string | null },
  values: RoomTypeValues,
) {
  const { db } = app;
  await requireRoomType(db, locationId, roomTypeId);
  const updatedAt = app.now.toISOString();
  const update = db
    .update(roomTypes)
    .set({
      ...values,
      description: values.description ?? null,
      otherPrices: values.otherPrices ?? null,
      updatedAt,
    })
    .where(
      and(
        eq(roomTypes.id, roomTypeId),
        eq(roomTypes.locationId, locationId),
        version ? eq(roomTypes.updatedAt, version) : undefined,
      ),
    );
  const [result] = await withUniqueName(values.name, () =>
    commitAudited(
      app,
      actor,
      {
        action: "updated",
        entityType: "room_type",
        entityId: roomTypeId,
        locationId,
        summary: `Updated room type ${values.name}`,
      },
      [update],
      { when: savedAt(roomTypes, roomTypeId, updatedAt) },
    ),
  );
  if ((result as D1Result).meta.changes === 0) {
    throw new DomainError("stale", LOCATION_ADMIN_MESSAGES.roomTypeChangedSince);
  }
}

/** Deletes a room type: its R2 objects first, then its images and the room type in one batch. */
export async function deleteRoomType(
  app: AppContext,
  actor: Actor,
  { locationId, roomTypeId }: { locationId: string; roomTypeId: string },
) {
  const { db, env } = app;
  const room = await requireRoomType(db, locationId, roomTypeId);
  const rows = await db
    .select({ key: images.imageUrl })
    .from(images)
    .where(eq(images.roomTypeId, roomTypeId));
  const keys = rows.map((row) => row.key);
  const folder = `${locationId}/${roomTypeId}/`;
  await deleteObjects(env.IMAGE_BUCKET, await folderObjectKeys(env.IMAGE_BUCKET, keys, folder));
  await commitAudited(
    app,
    actor,
    {
      action: "deleted",
      entityType: "room_type",
      entityId: roomTypeId,
      locationId,
      summary: `Deleted room type ${room.name}`,
    },
    [
      db.delete(images).where(eq(images.roomTypeId, roomTypeId)),
      db.delete(roomTypes).where(eq(roomTypes.id, roomTypeId)),
    ],
  );
}

/** A move the page's list no longer matches: the page reloads it. */
const ROOM_TYPE_REFUSAL: ReorderRefusal = {
  code: "stale",
  empty: REORDER_MESSAGES.noRoomTypes,
  indices: REORDER_MESSAGES.roomTypeIndices,
};

async function roomTypeIds(db: Db, locationId: string) {
  const rows = await db
    .select({ id: roomTypes.id })
    .from(roomTypes)
    .where(eq(roomTypes.locationId, locationId))
    .orderBy(asc(roomTypes.displayOrder), asc(roomTypes.name));
  return rows.map((row) => row.id);
}

/** The dragged room type takes the target's position; display_order becomes 0..n-1. */
export async function reorderRoomTypes(
  app: AppContext,
  actor: Actor,
  { locationId, draggedId, targetId }: { locationId: string; draggedId: string; targetId: string },
) {
  const ids = await roomTypeIds(app.db, locationId);
  const order = reorderedIds(ids, draggedId, targetId, ROOM_TYPE_REFUSAL);
  await commitAudited(
    app,
    actor,
    {
      action: "reordered",
      entityType: "room_type",
      entityId: draggedId,
      locationId,
      summary: "Reordered room types",
    },
    displayOrderUpdates(app.db, roomTypes, order),
  );
  return order;
}

/**
 * Move up / Move down: the room type swaps places with its neighbour. The first cannot move up
 * nor the last down: nothing changes and the answer is false.
 */
export async function moveRoomType(
  app: AppContext,
  actor: Actor,
  move: { locationId: string; roomTypeId: string; direction: "up" | "down" },
) {
  await requireLocation(app.db, move.locationId);
  const ids = await roomTypeIds(app.db, move.locationId);
  const target = neighbourOf(ids, move.roomTypeId, move.direction);
  if (target === null && ids.includes(move.roomTypeId)) return false;
  // An unknown room type: the reorder refuses it.
  await reorderRoomTypes(app, actor, {
    locationId: move.locationId,
    draggedId: move.roomTypeId,
    targetId: target ?? move.roomTypeId,
  });
  return true;
}

/**
 * Over `room_types`: what a room needs before it is published (a rate, a guest limit, a picture).
 * Written with its tables named: an UPDATE's columns are written without them.
 */
export const PUBLISH_CHECKS = {
  rate: sql<boolean>`coalesce("room_types"."price", 0) > 0`.mapWith(Boolean),
  guestLimit: sql<boolean>`coalesce("room_types"."max_guests", 0) > 0`.mapWith(Boolean),
  picture:
    sql<boolean>`EXISTS (SELECT 1 FROM "images" WHERE "images"."location_id" = "room_types"."location_id" AND "images"."room_type_id" = "room_types"."id")`.mapWith(
      Boolean,
    ),
};

/**
 * Puts a room type on sale (`published`) or back to a draft. It is published only ready: the
 * update itself checks, so a price cleared in another tab meanwhile is not published over; a
 * refusal names what it lacks.
 */
export async function setRoomTypePublished(
  app: AppContext,
  actor: Actor,
  {
    locationId,
    roomTypeId,
    published,
  }: { locationId: string; roomTypeId: string; published: boolean },
) {
  const { db } = app;
  const room = await requireRoomType(db, locationId, roomTypeId);
  const needs = PUBLISH_CHECKS;
  const update = db
    .update(roomTypes)
    .set({ published })
    .where(
      and(
        eq(roomTypes.id, roomTypeId),
        eq(roomTypes.locationId, locationId),
        published ? and(needs.rate, needs.guestLimit, needs.picture) : undefined,
      ),
    );
  const [result] = await commitAudited(
    app,
    actor,
    {
      action: published ? "published" : "unpublished",
      entityType: "room_type",
      entityId: roomTypeId,
      locationId,
      summary: `${published ? "Published" : "Moved back to draft"} room type ${room.name}`,
    },
    [update],
    {
      when: sql`EXISTS (SELECT 1 FROM ${roomTypes} WHERE ${roomTypes.id} = ${roomTypeId} AND ${roomTypes.published} = ${published ? 1 : 0})`,
    },
  );
  if ((result as D1Result).meta.changes > 0) return;
  const [lacking] = await db.select(needs).from(roomTypes).where(eq(roomTypes.id, roomTypeId));
  const missing = (Object.keys(PUBLISH_NEEDS) as (keyof typeof PUBLISH_NEEDS)[])
    .filter((need) => lacking && !lacking[need])
    .map((need) => PUBLISH_NEEDS[need]);
  throw new DomainError("conflict", LOCATION_ADMIN_MESSAGES.cannotPublishRoomType(missing));
}
