import { asc, eq, max } from "drizzle-orm";
import { type AppContext } from "~/context";
import { type Db } from "~/db/client.server";
import { auditEvents, images, locations, roomTypes } from "~/db/schema";
import { DomainError } from "~/lib/errors.server";
import { imageUrl, placeLine } from "~/lib/locations";
import { deleteObjects, folderObjectKeys } from "~/models/image-store.server";
import { commitAudited, type Actor } from "./audit.server";
import { CONFIRM_DELETE_PARAM } from "./image-actions";
import { isIdShaped, NOT_FOUND } from "./ids";
import { ADMIN_MESSAGES, type LocationValues } from "./schemas";
import { todayUtc } from "~/weeks/calendar";
import { roomCalendarWeeks } from "~/weeks/weeks.server";

/** Admin summaries of every location (hidden ones too), by name, with counts and the last edit. */
async function listLocationSummaries(db: Db) {
  const [rows, lastEdits] = await db.batch([
    db
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
        imageCount: db.$count(images, eq(images.locationId, locations.id)),
        roomCount: db.$count(roomTypes, eq(roomTypes.locationId, locations.id)),
      })
      .from(locations)
      .orderBy(asc(locations.name)),
    // Each location's latest audit row: with one max(), SQLite takes the other columns from the
    // row that has it.
    db
      .select({
        locationId: auditEvents.locationId,
        actorEmail: auditEvents.actorEmail,
        createdAt: max(auditEvents.createdAt),
      })
      .from(auditEvents)
      .groupBy(auditEvents.locationId),
  ]);
  const lastEditOf = new Map(lastEdits.map((edit) => [edit.locationId, edit]));
  return rows.map((row) => {
    const lastEdit = lastEditOf.get(row.id);
    return {
      ...row,
      hasDescription: Boolean(row.description?.trim()),
      lastEditor: lastEdit?.actorEmail ?? null,
      lastEditAt: lastEdit?.createdAt ?? null,
    };
  });
}

/** A location with every field, its room types and its images, in one batch. */
async function getLocationForEdit(db: Db, id: string) {
  if (!isIdShaped(id)) return null;
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

type LocationForEdit = NonNullable<Awaited<ReturnType<typeof getLocationForEdit>>>;

/** The longest name search the picker takes. */
export const SEARCH_MAX = 100;

const managedImage = (image: LocationForEdit["images"][number]) => ({
  id: image.id,
  url: image.url,
  width: image.width,
  height: image.height,
  variants: image.variants,
  alt: image.alt ?? "",
});

/**
 * What the locations manager shows for its address: every location for the picker, the selected
 * one with its room types and pictures (and the selected room type's weeks), and the neighbours in
 * name order.
 */
export async function loadLocationManager(db: Db, params: URLSearchParams) {
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX);
  const locationId = params.get("location")?.trim() || null;
  const wanted = params.get("roomType");
  const [summaries, found, calendar] = await Promise.all([
    listLocationSummaries(db),
    locationId ? getLocationForEdit(db, locationId) : Promise.resolve(null),
    locationId && wanted ? roomCalendarWeeks(db, wanted, todayUtc()) : Promise.resolve([]),
  ]);
  const picker = summaries.map((row) => ({
    id: row.id,
    name: row.name,
    place: placeLine(row),
    hidden: row.hidden,
    featured: row.featured,
  }));
  const index = found ? picker.findIndex((location) => location.id === found.location.id) : -1;
  const roomTypeId =
    found && wanted && found.roomTypes.some((room) => room.id === wanted) ? wanted : null;
  const groupImages = (group: string | null) =>
    (found?.images ?? []).filter((image) => image.roomTypeId === group).map(managedImage);
  return {
    locations: picker,
    q,
    creating: !locationId && params.get("new") === "1",
    missing: Boolean(locationId && !found),
    selected: found && {
      location: found.location,
      roomTypes: found.roomTypes,
      locationImages: groupImages(null),
      roomImages: roomTypeId ? groupImages(roomTypeId) : [],
      roomWeeks: roomTypeId ? calendar : [],
    },
    roomTypeId,
    confirmDeleteImageId: params.get(CONFIRM_DELETE_PARAM),
    addingRoomType: Boolean(found) && !roomTypeId && params.get("addRoomType") === "1",
    previousId: picker[index - 1]?.id ?? null,
    // With nothing selected, Next opens the first location.
    nextId:
      index === -1 ? (found ? null : (picker[0]?.id ?? null)) : (picker[index + 1]?.id ?? null),
  };
}

/** The location, or a not-found refusal. */
export async function requireLocation(db: Db, id: string) {
  const [location] = isIdShaped(id)
    ? await db
        .select({ id: locations.id, name: locations.name })
        .from(locations)
        .where(eq(locations.id, id))
    : [];
  if (!location) throw new DomainError("not-found", NOT_FOUND.location);
  return location;
}

/** A slug is unique: the database says so, and the form shows it on the slug field. */
async function withUniqueSlug(write: () => Promise<void>) {
  try {
    await write();
  } catch (error) {
    const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : "";
    if (/UNIQUE constraint failed: locations\.slug/.test(text)) {
      throw new DomainError("invalid", ADMIN_MESSAGES.slugTaken, "slug");
    }
    throw error;
  }
}

/**
 * Creates a location with its name, slug and place; it starts with an empty description, a
 * 7-night minimum, not featured and not hidden, and the rest comes with a later edit.
 */
export async function createLocation(app: AppContext, actor: Actor, values: LocationValues) {
  const id = crypto.randomUUID();
  const insert = app.db.insert(locations).values({
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
  });
  const entry = { entityType: "location", entityId: id, locationId: id } as const;
  await withUniqueSlug(() =>
    commitAudited(app, actor, { ...entry, action: "created", summary: `Created ${values.name}` }, [
      insert,
    ]),
  );
  return id;
}

export async function updateLocation(
  app: AppContext,
  actor: Actor,
  id: string,
  values: LocationValues,
) {
  await requireLocation(app.db, id);
  const update = app.db
    .update(locations)
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where(eq(locations.id, id));
  const entry = { entityType: "location", entityId: id, locationId: id } as const;
  await withUniqueSlug(() =>
    commitAudited(app, actor, { ...entry, action: "updated", summary: `Updated ${values.name}` }, [
      update,
    ]),
  );
}

/**
 * Deletes a location: its R2 objects first (its pictures' and any stray one in its folder), then
 * its images, room types and the location in one batch, so nothing is left behind.
 */
export async function deleteLocation(app: AppContext, actor: Actor, id: string) {
  const { db, env } = app;
  const location = await requireLocation(db, id);
  const rows = await db
    .select({ key: images.imageUrl })
    .from(images)
    .where(eq(images.locationId, id));
  const keys = rows.map((row) => row.key);
  await deleteObjects(env.IMAGE_BUCKET, await folderObjectKeys(env.IMAGE_BUCKET, keys, `${id}/`));
  await commitAudited(
    app,
    actor,
    {
      action: "deleted",
      entityType: "location",
      entityId: id,
      locationId: id,
      summary: `Deleted ${location.name}`,
    },
    [
      db.delete(images).where(eq(images.locationId, id)),
      db.delete(roomTypes).where(eq(roomTypes.locationId, id)),
      db.delete(locations).where(eq(locations.id, id)),
    ],
  );
}
