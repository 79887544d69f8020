import { and, asc, eq, gt, lt, or, sql } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { locations, roomTypes, weeks } from "~/db/schema";
import { addDays, addMonths, earliestLocalDate, localDate, todayUtc } from "./calendar";
import { shownMonth, type CalendarMonth } from "./month";
import { type MonthWeek, type OpenWeek } from "./week";
import { weekRate } from "./rates";
import { weekHasRate } from "./week-rate-sql.server";
import { pricingColumns, isPriced, pricedWeeks } from "./week-sql.server";

/**
 * The open weeks visitors and members see: a location page's next weeks of each room, a room's
 * next weeks for a member whose week was taken, and one room's weeks month by month.
 */

/** How many open weeks a room option lists on a location page. */
const WEEKS_SHOWN = 6;

/**
 * The query behind openWeeksByRoom. It starts from the location's room types: `state` is kept
 * off its index (the unary `+`), which SQLite without table statistics would otherwise start
 * from, reading every open week of the catalogue for one location's.
 */
export function openWeeksQuery(db: Db, locationKey: string, now: Date) {
  const ranked = db
    .select({
      roomTypeId: weeks.roomTypeId,
      checkIn: weeks.checkIn,
      nights: weeks.nights,
      rate: weeks.rate,
      timeZone: locations.timeZone,
      ...pricingColumns,
      position:
        sql<number>`row_number() over (partition by ${weeks.roomTypeId} order by ${weeks.checkIn})`.as(
          "position",
        ),
    })
    .from(weeks)
    .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
    .innerJoin(locations, eq(locations.id, roomTypes.locationId))
    .where(
      and(
        or(eq(locations.slug, locationKey), eq(locations.id, locationKey)),
        eq(roomTypes.published, true),
        sql`+${weeks.state} = 'open'`,
        weekHasRate,
        gt(weeks.checkIn, earliestLocalDate(now)),
      ),
    )
    .as("ranked");
  // One more than shown: the first may check in on the resort's today (weeks do not overlap, so
  // no second one falls between the earliest date anywhere and the resort's).
  return db
    .select()
    .from(ranked)
    .where(sql`${ranked.position} <= ${WEEKS_SHOWN + 1}`)
    .orderBy(asc(ranked.roomTypeId), asc(ranked.checkIn));
}

/**
 * The next open weeks (after the resort's today) of each room type of a visible location, by room
 * type id: one query, at most WEEKS_SHOWN per room. Rates only `withRates` (prices are for
 * members).
 */
export async function openWeeksByRoom(
  db: Db,
  locationKey: string,
  { now, withRates }: { now: Date; withRates: boolean },
) {
  const rows = await openWeeksQuery(db, locationKey, now);
  const byRoom: Record<string, OpenWeek[]> = {};
  for (const row of rows) {
    if (row.checkIn <= localDate(now, row.timeZone)) continue;
    if ((byRoom[row.roomTypeId]?.length ?? 0) >= WEEKS_SHOWN) continue;
    const week: OpenWeek = {
      checkIn: row.checkIn,
      checkOut: addDays(row.checkIn, row.nights),
      nights: row.nights,
    };
    if (withRates) week.rate = weekRate(row, row);
    (byRoom[row.roomTypeId] ??= []).push(week);
  }
  return byRoom;
}

/**
 * The next open weeks of one room type after the resort's today, for a member whose week was
 * taken (one more is read: the first may check in on the resort's today).
 */
export async function nextOpenWeeks(db: Db, roomTypeId: string, now: Date) {
  const rows = await db
    .select({ checkIn: weeks.checkIn, nights: weeks.nights, timeZone: locations.timeZone })
    .from(weeks)
    .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
    .innerJoin(locations, eq(locations.id, roomTypes.locationId))
    .where(
      and(
        eq(weeks.roomTypeId, roomTypeId),
        eq(weeks.state, "open"),
        gt(weeks.checkIn, earliestLocalDate(now)),
        weekHasRate,
      ),
    )
    .orderBy(asc(weeks.checkIn))
    .limit(WEEKS_SHOWN + 1);
  return rows
    .filter((row) => row.checkIn > localDate(now, row.timeZone))
    .slice(0, WEEKS_SHOWN)
    .map(({ checkIn, nights }) => ({ checkIn, nights, checkOut: addDays(checkIn, nights) }));
}

/**
 * The month of the room's first open week, to open its month view on (null: it has none). A
 * week checking in on the earliest of the resort days today is counted: it is the same month.
 */
async function firstOpenMonth(db: Db, roomTypeId: string, now: Date) {
  const [first] = await db
    .select({ checkIn: sql<string | null>`min(${weeks.checkIn})` })
    .from(weeks)
    .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
    .where(
      and(
        eq(weeks.roomTypeId, roomTypeId),
        eq(weeks.state, "open"),
        gt(weeks.checkIn, earliestLocalDate(now)),
        weekHasRate,
      ),
    );
  return first?.checkIn?.slice(0, 7) ?? null;
}

/**
 * One room's weeks that overlap `month` (none asked: that of its first open week, else this
 * one), with its location and room names, for the month view; null when the room is not one of
 * that location's (or it or its location is a draft or hidden from the viewer). Two queries side
 * by side (three without a month); a visitor learns only whether a week is open, and no rate.
 */
export async function roomMonth(
  db: Db,
  {
    locationKey,
    roomTypeId,
    month,
    now,
    withRates,
    includeHidden,
  }: {
    locationKey: string;
    roomTypeId: string;
    /** Null: the month of the room's first open week. */
    month: CalendarMonth | null;
    now: Date;
    withRates: boolean;
    includeHidden: boolean;
  },
) {
  const asked = month ?? shownMonth(await firstOpenMonth(db, roomTypeId, now), todayUtc(now));
  const monthStart = `${asked}-01`;
  const monthEnd = addMonths(monthStart, 1);
  const [[place], rows] = await Promise.all([
    db
      .select({
        locationId: locations.id,
        slug: locations.slug,
        locationName: locations.name,
        hidden: locations.hidden,
        published: roomTypes.published,
        timeZone: locations.timeZone,
        currency: locations.currency,
        roomName: roomTypes.name,
      })
      .from(roomTypes)
      .innerJoin(locations, eq(locations.id, roomTypes.locationId))
      .where(
        and(
          eq(roomTypes.id, roomTypeId),
          or(eq(locations.slug, locationKey), eq(locations.id, locationKey)),
        ),
      )
      .limit(1),
    pricedWeeks(
      db,
      roomTypeId,
      // A week that checks in up to a year before the month can still reach into it.
      gt(weeks.checkIn, addDays(monthStart, -366)),
      lt(weeks.checkIn, monthEnd),
    ),
  ]);
  if (!place || ((place.hidden || !place.published) && !includeHidden)) return null;
  const today = localDate(now, place.timeZone);
  const monthWeeks = rows
    .map((row) => {
      const week: MonthWeek = {
        checkIn: row.checkIn,
        checkOut: addDays(row.checkIn, row.nights),
        nights: row.nights,
        open: row.state === "open" && row.checkIn > today && isPriced(weekRate(row, row)),
      };
      if (withRates && week.open) week.rate = weekRate(row, row);
      return week;
    })
    .filter((week) => week.checkOut > monthStart);
  return {
    location: {
      id: place.locationId,
      slug: place.slug,
      name: place.locationName,
      currency: place.currency,
    },
    room: { id: roomTypeId, name: place.roomName },
    month: asked,
    weeks: monthWeeks,
    today,
  };
}
