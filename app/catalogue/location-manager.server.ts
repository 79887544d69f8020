import { and, asc, count, desc, eq, gt, or, sql, type SQL } from "drizzle-orm";
import { type AppContext } from "~/context";
import { type Db } from "~/db/client.server";
import { givenStay } from "~/request-life/rules.server";
import { bookingRequests, images, locations, roomTypes } from "~/db/schema";
import { DomainError, refuseDuplicate } from "~/lib/errors.server";
import { imageUrl, placeLine } from "~/catalogue/locations";
import { pageCount, requestedPage } from "~/lib/pages";
import { deleteObjects, folderObjectKeys } from "~/catalogue/image-store.server";
import { commitAudited, savedAt, type Actor } from "./audit.server";
import { CONFIRM_DELETE_PARAM } from "./image-manager";
import { deleteQuestionOf, LOCATION_ADMIN_MESSAGES, PICKER_PER_PAGE } from "./location-manager";
import { isIdShaped, NOT_FOUND } from "./ids";
import { nameMatches } from "./name-search.server";
import { ADMIN_MESSAGES, type LocationValues } from "./schemas";
import { earliestLocalDate } from "~/weeks/calendar";
import { roomCalendarWeeks } from "~/weeks/week-editor.server";

/**
 * Locations in the admin's order: by name in any case, then id (two names may be the same). An
 * index holds them so (locations_admin_order_idx): a page, a location's place and its neighbours
 * are read from it, never by sorting every location.
 */
const byName = [sql`${locations.name} COLLATE NOCASE`, asc(locations.id)] as const;
/** A location's place in that order, as SQL: its name in any case, then its id. */
const orderKey = sql`(${locations.name} COLLATE NOCASE, ${locations.id})`;

/**
 * Over `locations`: the location comes before (or after) the one with `id` in the admin's order.
 * The name alone bounds the index's range; the id settles a name two locations share.
 */
function besideInOrder(db: Db, id: string, side: "before" | "after") {
  const name = sql`(${db.select({ name: locations.name }).from(locations).where(eq(locations.id, id))}) COLLATE NOCASE`;
  return side === "before"
    ? sql`${locations.name} COLLATE NOCASE <= ${name} AND ${orderKey} < (${name}, ${id})`
    : sql`${locations.name} COLLATE NOCASE >= ${name} AND ${orderKey} > (${name}, ${id})`;
}

/** Rows on a page of the picker, written into the SQL: D1 binds a number as a real. */
const PER_PAGE = sql.raw(String(PICKER_PER_PAGE));

/**
 * The picker's list: the locations matching the search (hidden ones too), 50 at a time: the page
 * asked for (at most the last), else the one that holds the selected location. One query, read in
 * the admin's order from its index: how many match, and the selected one's place among them (how
 * many matches come before it), choose the page.
 */
function pickerList(
  db: Db,
  { q, page, selectedId }: { q: string; page: number | null; selectedId: string | null },
) {
  const matching = nameMatches(q);
  const matches = (where?: SQL) =>
    db.select({ count: count() }).from(locations).where(and(matching, where));
  const total = sql<number>`(${matches()})`;
  const selected = selectedId ?? "";
  const shownPage =
    page === null
      ? sql<number>`coalesce((SELECT (${matches(besideInOrder(db, selected, "before"))}) / ${PER_PAGE}
          WHERE ${selected} IN (${db.select({ id: locations.id }).from(locations).where(matching)})), 0)`
      : sql<number>`min(${sql.raw(String(page - 1))}, (${total} - 1) / ${PER_PAGE})`;
  return (
    db
      .select({
        id: locations.id,
        name: locations.name,
        city: locations.city,
        state: locations.state,
        country: locations.country,
        hidden: locations.hidden,
        featured: locations.featured,
        total,
        page: shownPage,
      })
      .from(locations)
      .where(matching)
      .orderBy(...byName)
      .limit(PICKER_PER_PAGE)
      // SQLite takes any expression here, and drizzle writes SQL as it is: only its type says a
      // number.
      .offset(sql`${shownPage} * ${PER_PAGE}` as unknown as number)
  );
}

/**
 * Previous and Next in name order through every location: the one on either side of the
 * selected one; with nothing selected, Next is the first. Two single-row queries, each a step in
 * the index.
 */
function neighbours(db: Db, selectedId: string | null) {
  const step = (where: SQL, order: readonly [SQL, SQL]) =>
    db
      .select({ id: locations.id })
      .from(locations)
      .where(where)
      .orderBy(...order)
      .limit(1);
  return [
    step(besideInOrder(db, selectedId ?? "", "before"), [
      sql`${locations.name} COLLATE NOCASE DESC`,
      desc(locations.id),
    ]),
    step(selectedId ? besideInOrder(db, selectedId, "after") : sql`1`, byName),
  ] as const;
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

/** The selected location's stays ahead that members asked for or have, by room type. */
function staysAhead(db: Db, selectedId: string | null, now: Date) {
  return db
    .select({ roomTypeId: bookingRequests.roomTypeId, count: count() })
    .from(bookingRequests)
    .where(
      and(
        or(eq(bookingRequests.status, "new"), givenStay),
        eq(bookingRequests.locationId, selectedId ?? ""),
        // Counted from the earliest date anywhere: a stay still under way at its resort counts.
        gt(bookingRequests.checkOutDate, earliestLocalDate(now)),
      ),
    )
    .groupBy(bookingRequests.roomTypeId);
}

/**
 * What the locations manager shows for its address: every location for the picker, the selected
 * one with its room types and pictures (and the selected room type's weeks), and the neighbours in
 * name order.
 */
export async function loadLocationManager(db: Db, params: URLSearchParams, now: Date) {
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX);
  const locationId = params.get("location")?.trim() || null;
  const wanted = params.get("roomType");
  const selectedId = locationId && isIdShaped(locationId) ? locationId : null;
  const [[listRows, [previous], [next], stays], found, calendar] = await Promise.all([
    db.batch([
      pickerList(db, {
        q,
        page: params.has("page") ? requestedPage(params) : null,
        selectedId,
      }),
      ...neighbours(db, selectedId),
      staysAhead(db, selectedId, now),
    ]),
    locationId ? getLocationForEdit(db, locationId) : Promise.resolve(null),
    locationId && wanted ? roomCalendarWeeks(db, wanted, now) : Promise.resolve([]),
  ]);
  const total = listRows[0]?.total ?? 0;
  const list = {
    items: listRows.map((row) => ({
      id: row.id,
      name: row.name,
      place: placeLine(row),
      hidden: row.hidden,
      featured: row.featured,
    })),
    page: listRows[0] ? listRows[0].page + 1 : 1,
    pages: pageCount(total, PICKER_PER_PAGE),
    total,
  };
  const roomTypeId =
    found && wanted && found.roomTypes.some((room) => room.id === wanted) ? wanted : null;
  const groupImages = (group: string | null) =>
    (found?.images ?? []).filter((image) => image.roomTypeId === group).map(managedImage);
  return {
    list,
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
    confirmDelete: deleteQuestionOf(params),
    // A delete says what it leaves behind: the members' stays ahead, by room type.
    staysAhead: Object.fromEntries(stays.map((row) => [row.roomTypeId, row.count])),
    addingRoomType: Boolean(found) && !roomTypeId && params.get("addRoomType") === "1",
    previousId: found ? (previous?.id ?? null) : null,
    // With nothing selected, Next opens the first location.
    nextId: found || !locationId ? (next?.id ?? null) : null,
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
const withUniqueSlug = (write: () => Promise<unknown>) =>
  refuseDuplicate(
    write,
    "locations.slug",
    () => new DomainError("conflict", ADMIN_MESSAGES.slugTaken, "slug"),
  );

/**
 * Creates a location with its name, slug and place; it starts a draft (hidden until an admin
 * publishes it) with an empty description, a 7-night minimum, not featured, and the rest comes
 * with a later edit.
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
    timeZone: values.timeZone,
    checkInTime: values.checkInTime,
    checkOutTime: values.checkOutTime,
    currency: values.currency,
    minimumNights: 7,
    hidden: true,
  });
  const entry = { entityType: "location", entityId: id, locationId: id } as const;
  await withUniqueSlug(() =>
    commitAudited(app, actor, { ...entry, action: "created", summary: `Created ${values.name}` }, [
      insert,
    ]),
  );
  return id;
}

/**
 * Saves a location's form. With the `version` the form was opened at (its updated_at), a save
 * from a page older than the last save is refused rather than putting back what that one changed:
 * the update itself only matches that version (two saves at the same moment: one matches), and
 * the audit entry is written only for an update that happened.
 */
export async function updateLocation(
  app: AppContext,
  actor: Actor,
  id: string,
  values: LocationValues,
  version?: string | null,
) {
  await requireLocation(app.db, id);
  const updatedAt = app.now.toISOString();
  const update = app.db
    .update(locations)
    .set({ ...values, updatedAt })
    .where(and(eq(locations.id, id), version ? eq(locations.updatedAt, version) : undefined));
  const entry = { entityType: "location", entityId: id, locationId: id } as const;
  await withUniqueSlug(async () => {
    const [result] = await commitAudited(
      app,
      actor,
      { ...entry, action: "updated", summary: `Updated ${values.name}` },
      [update],
      { when: savedAt(locations, id, updatedAt) },
    );
    if ((result as D1Result).meta.changes === 0) {
      throw new DomainError("stale", LOCATION_ADMIN_MESSAGES.locationChangedSince);
    }
  });
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

/**
 * Puts a draft or hidden location on the site. Its version changes: a form opened before still
 * shows it hidden, and saving that would hide it again.
 */
export async function publishLocation(app: AppContext, actor: Actor, id: string) {
  const location = await requireLocation(app.db, id);
  await commitAudited(
    app,
    actor,
    {
      entityType: "location",
      entityId: id,
      locationId: id,
      action: "published",
      summary: `Published ${location.name}`,
    },
    [
      app.db
        .update(locations)
        .set({ hidden: false, updatedAt: app.now.toISOString() })
        .where(eq(locations.id, id)),
    ],
  );
}
