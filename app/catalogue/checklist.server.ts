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
  notInArray,
  sql,
} from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { auditEvents, images, locationChecklist, locations, roomTypes, weeks } from "~/db/schema";
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
 * Over `location_checklist`: the location is complete on `today` (the Complete rule of
 * app/catalogue/checklist.ts, checklistRow). Its row, kept by triggers
 * (migrations/0029_checklist_counts.sql), says whether all of the rule holds but open weeks in the
 * next READY_WEEKS_MONTHS months; when none of its rooms has two open weeks in a row more than
 * WIDE_GAP_DAYS apart, each room has one on every day from before its first open week to before
 * its last, so the latest first and the earliest last say it for every room. A location with a
 * wider gap asks its rooms' weeks, as a row does.
 */
function completeOn(db: Db, today: CalendarDate) {
  const until = addMonths(today, READY_WEEKS_MONTHS);
  const everyRoomOpen = not(
    exists(
      db
        .select({ one: sql`1` })
        .from(roomTypes)
        .where(
          and(
            eq(roomTypes.locationId, locationChecklist.locationId),
            not(roomReadiness(db, today).openWeeks),
          ),
        ),
    ),
  );
  return and(
    eq(locationChecklist.settled, true),
    sql`CASE WHEN ${locationChecklist.wideGaps} = 0
      THEN ${locationChecklist.readyFrom} <= ${until} AND ${locationChecklist.readyUntil} > ${today}
      ELSE ${everyRoomOpen} END`,
  )!;
}

/** The locations complete on `today`, as a subquery of their ids. */
const completeIds = (db: Db, today: CalendarDate) =>
  db
    .select({ id: locationChecklist.locationId })
    .from(locationChecklist)
    .where(completeOn(db, today));

function statusCondition(db: Db, status: ChecklistQuery["status"], today: CalendarDate) {
  if (status === "hidden") return eq(locations.hidden, true);
  if (status === "featured") return eq(locations.featured, true);
  if (status === "complete") return inArray(locations.id, completeIds(db, today));
  if (status === "incomplete") return notInArray(locations.id, completeIds(db, today));
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
  // The counts over every location, from the rows the triggers keep: no location's rooms, pictures
  // or weeks are read.
  const [[totals], [found], firstTry, firstRooms] = await db.batch([
    db
      .select({
        all: count(),
        complete: sql<number>`coalesce(sum(${completeOn(db, today)}), 0)`,
        hidden: sql<number>`coalesce(sum(${locationChecklist.hidden}), 0)`,
        featured: sql<number>`coalesce(sum(${locationChecklist.featured}), 0)`,
      })
      .from(locationChecklist),
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
