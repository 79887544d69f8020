import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  inArray,
  lte,
  not,
  sql,
  type SQLWrapper,
} from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { auditEvents, images, locations, roomTypes, weeks } from "~/db/schema";
import { addMonths, type CalendarDate } from "~/weeks/calendar";
import { pageCount } from "~/lib/pages";
import { nameMatches } from "./name-search.server";
import { PUBLISH_CHECKS } from "./room-types.server";
import {
  CHECKLIST_PER_PAGE,
  checklistRow,
  READY_WEEKS_MONTHS,
  type ChecklistQuery,
  type ChecklistTotals,
} from "./checklist";

/** Over `room_types`: each need of a room as SQL (RoomReadiness), on `today`. */
function roomReadiness(db: Db, today: CalendarDate) {
  return {
    // What publishing asks for, and open weeks ahead.
    ...PUBLISH_CHECKS,
    openWeeks: exists(
      db
        .select({ one: sql`1` })
        .from(weeks)
        .where(
          and(
            eq(weeks.roomTypeId, roomTypes.id),
            gt(weeks.checkIn, today),
            lte(weeks.checkIn, addMonths(today, READY_WEEKS_MONTHS)),
            eq(weeks.state, "open"),
          ),
        ),
    ).mapWith(Boolean),
  };
}

/**
 * The Complete rule of app/catalogue/checklist.ts (checklistRow) as SQL, so the database can
 * filter and count by it: a description that is more than white space, a picture, a room type,
 * the place its country needs (a city and a state in the United States, a city in Mexico), and
 * every room ready.
 */
function completeCondition(db: Db, today: CalendarDate) {
  const ready = roomReadiness(db, today);
  const unready = exists(
    db
      .select({ one: sql`1` })
      .from(roomTypes)
      .where(
        and(
          eq(roomTypes.locationId, locations.id),
          not(and(ready.rate, ready.guestLimit, ready.picture, ready.openWeeks)!),
        ),
      ),
  );
  const hasAny = (table: typeof images | typeof roomTypes) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(table)
        .where(eq(table.locationId, locations.id)),
    );
  const filled = (column: SQLWrapper) => sql`coalesce(${column}, '') <> ''`;
  // JavaScript's trim() takes these away too: a description of them alone is blank.
  const described = filled(
    sql`trim(${locations.description}, ${" \t\n\r\f\v\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"})`,
  );
  const placed = sql`(CASE ${locations.country}
    WHEN 'United States' THEN ${filled(locations.city)} AND ${filled(locations.state)}
    WHEN 'Mexico' THEN ${filled(locations.city)}
    ELSE 1 END)`;
  return and(described, hasAny(images), hasAny(roomTypes), placed, not(unready))!;
}

function statusCondition(db: Db, status: ChecklistQuery["status"], today: CalendarDate) {
  if (status === "hidden") return eq(locations.hidden, true);
  if (status === "featured") return eq(locations.featured, true);
  if (status === "complete") return completeCondition(db, today);
  if (status === "incomplete") return not(completeCondition(db, today));
  return undefined;
}

/**
 * A page of the Checklist: 50 rows by name (either way), filtered by status and a
 * name search, with the counts over every location and how many match. One D1 batch; a page past
 * the last asks once more for the last.
 */
export async function loadChecklist(db: Db, query: ChecklistQuery, today: CalendarDate) {
  const matching = and(statusCondition(db, query.status, today), nameMatches(query.q));
  const lastEdit = <T>(column: typeof auditEvents.actorEmail | typeof auditEvents.createdAt) =>
    sql<T | null>`(${db
      .select({ value: column })
      .from(auditEvents)
      .where(eq(auditEvents.locationId, locations.id))
      .orderBy(desc(auditEvents.createdAt))
      .limit(1)})`;
  const order = [
    query.sort === "name-desc"
      ? sql`${locations.name} COLLATE NOCASE DESC`
      : sql`${locations.name} COLLATE NOCASE ASC`,
    asc(locations.id),
  ];
  const pageIds = (page: number) =>
    db
      .select({ id: locations.id })
      .from(locations)
      .where(matching)
      .orderBy(...order)
      .limit(CHECKLIST_PER_PAGE)
      .offset((page - 1) * CHECKLIST_PER_PAGE);
  const roomsOn = (page: number) =>
    db
      .select({
        locationId: roomTypes.locationId,
        id: roomTypes.id,
        name: roomTypes.name,
        published: roomTypes.published,
        ...roomReadiness(db, today),
      })
      .from(roomTypes)
      .where(inArray(roomTypes.locationId, pageIds(page)))
      .orderBy(asc(roomTypes.displayOrder), asc(roomTypes.name));
  const pageRows = (page: number) =>
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
        lastEditor: lastEdit<string>(auditEvents.actorEmail),
        lastEditAt: lastEdit<string>(auditEvents.createdAt),
      })
      .from(locations)
      .where(matching)
      .orderBy(...order)
      .limit(CHECKLIST_PER_PAGE)
      .offset((page - 1) * CHECKLIST_PER_PAGE);
  const complete = completeCondition(db, today);
  const [[totals], [found], firstTry, firstRooms] = await db.batch([
    db
      .select({
        all: count(),
        complete: sql<number>`coalesce(sum(${complete}), 0)`,
        hidden: sql<number>`coalesce(sum(${locations.hidden}), 0)`,
        featured: sql<number>`coalesce(sum(${locations.featured}), 0)`,
      })
      .from(locations),
    db.select({ matching: count() }).from(locations).where(matching),
    pageRows(query.page),
    roomsOn(query.page),
  ]);
  const pages = pageCount(found!.matching, CHECKLIST_PER_PAGE);
  const page = Math.min(query.page, pages);
  const [rows, rooms] =
    page === query.page ? [firstTry, firstRooms] : await db.batch([pageRows(page), roomsOn(page)]);
  const roomsOf = Map.groupBy(rooms, (room) => room.locationId);
  return {
    query: { ...query, page },
    rows: rows.map((row) =>
      checklistRow({
        ...row,
        hasDescription: Boolean(row.description?.trim()),
        rooms: (roomsOf.get(row.id) ?? []).map(({ locationId: _, ...room }) => room),
      }),
    ),
    totals: { ...totals!, incomplete: totals!.all - totals!.complete } satisfies ChecklistTotals,
    pages,
    matching: found!.matching,
  };
}
