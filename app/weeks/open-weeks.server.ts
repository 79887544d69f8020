import { and, asc, eq, gt, lt, or, sql } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { locations, roomTypes, weeks } from "~/db/schema";
import { addDays, addMonths, localDate, todayUtc } from "./calendar";
import { shownMonth, type CalendarMonth } from "./month";
import { type ListedWeek, type MonthWeek, type WeekAvailability } from "./week";
import { weekRate } from "./rates";
import { onSale } from "./week-rate-sql.server";
import {
  pricingColumns,
  isPriced,
  openOrHeld,
  pricedWeeks,
  waitlistColumns,
  weekAvailability,
} from "./week-sql.server";

/**
 * The weeks visitors and members see: a location page's next weeks of each room, a room's next
 * open weeks for a member whose week was taken, and one room's weeks month by month. A week
 * someone holds is listed too, for its waitlist: a member sees how many wait for it and joins them;
 * a visitor sees only that it is held.
 *
 * How many wait is read in the page's own query and only for a member, whose pages are never
 * cached (app/catalogue/page-cache.server.ts): a place taken on a waitlist shows at the member's next
 * page without a new catalogue version. A visitor's cached copy holds only each week's state,
 * and every change of state (a hold, a decision, a lapse, a week freed) starts a new version.
 */

/** How many weeks a room option lists on a location page. */
const WEEKS_SHOWN = 6;

/** Who the weeks are read for: a signed-in member (by id), or null for a visitor. */
type Viewer = { memberId: string | null };

/**
 * The query behind weeksByRoom. It starts from the location's room types: `state` is kept off
 * its index, which SQLite without table statistics would otherwise start from, reading every open
 * week of the catalogue for one location's.
 */
export function listedWeeksQuery(db: Db, locationKey: string, now: Date, { memberId }: Viewer) {
  const ranked = db
    .select({
      roomTypeId: weeks.roomTypeId,
      checkIn: weeks.checkIn,
      nights: weeks.nights,
      rate: weeks.rate,
      state: weeks.state,
      timeZone: locations.timeZone,
      ...pricingColumns,
      ...(memberId === null ? {} : waitlistColumns(db, memberId)),
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
        openOrHeld,
        onSale(now),
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

/** A week a query read, with a member's waitlist columns when read for one. */
interface WeekRow {
  checkIn: string;
  nights: number;
  waiting?: number;
  ownRequestId?: string | null;
}

/**
 * A week as `viewer` may see it: a member sees an open week's rate, and how many wait for a held
 * one (whose rate the booking form gives, when they join its waitlist); a visitor neither.
 */
function shownWeek<A extends WeekAvailability>(
  row: WeekRow,
  availability: A,
  rate: number | null,
  { memberId }: Viewer,
): MonthWeek & { availability: A } {
  const week = {
    checkIn: row.checkIn,
    checkOut: addDays(row.checkIn, row.nights),
    nights: row.nights,
    availability,
  };
  if (memberId === null || availability === "unavailable") return week;
  return {
    ...week,
    ...(availability === "open" ? { rate } : { waiting: row.waiting ?? 0 }),
    ownRequestId: row.ownRequestId ?? null,
  };
}

/**
 * The next weeks (after the resort's today) of each room type of a visible location that are open
 * or held, by room type id: one query, at most WEEKS_SHOWN per room. Rates and waitlists only
 * for a member.
 */
export async function weeksByRoom(
  db: Db,
  locationKey: string,
  { now, memberId }: Viewer & { now: Date },
) {
  const rows = await listedWeeksQuery(db, locationKey, now, { memberId });
  const byRoom: Record<string, ListedWeek[]> = {};
  for (const row of rows) {
    // The query's weeks have a rate; one checking in on the resort's today is no longer on sale.
    const availability = weekAvailability(row.state, row.checkIn > localDate(now, row.timeZone));
    if (availability === "unavailable") continue;
    if ((byRoom[row.roomTypeId]?.length ?? 0) >= WEEKS_SHOWN) continue;
    (byRoom[row.roomTypeId] ??= []).push(
      shownWeek(row, availability, weekRate(row, row), { memberId }),
    );
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
    .where(and(eq(weeks.roomTypeId, roomTypeId), eq(weeks.state, "open"), onSale(now)))
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
    .where(and(eq(weeks.roomTypeId, roomTypeId), eq(weeks.state, "open"), onSale(now)));
  return first?.checkIn?.slice(0, 7) ?? null;
}

/**
 * One room's weeks that overlap `month` (none asked: that of its first open week, else this
 * one), with its location and room names, for the month view; null when the room is not one of
 * that location's (or it or its location is a draft or hidden from the viewer). Two queries side
 * by side (three without a month); a visitor learns only whether a week is open, held or neither,
 * and no rate nor waitlist.
 */
export async function roomMonth(
  db: Db,
  {
    locationKey,
    roomTypeId,
    month,
    now,
    memberId,
    includeHidden,
  }: Viewer & {
    locationKey: string;
    roomTypeId: string;
    /** Null: the month of the room's first open week. */
    month: CalendarMonth | null;
    now: Date;
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
    pricedWeeks<Partial<ReturnType<typeof waitlistColumns>>>(
      db,
      roomTypeId,
      // A week that checks in up to a year before the month can still reach into it.
      [gt(weeks.checkIn, addDays(monthStart, -366)), lt(weeks.checkIn, monthEnd)],
      memberId === null ? {} : waitlistColumns(db, memberId),
    ),
  ]);
  if (!place || ((place.hidden || !place.published) && !includeHidden)) return null;
  const today = localDate(now, place.timeZone);
  const monthWeeks = rows
    .map((row) => {
      const rate = weekRate(row, row);
      const availability = weekAvailability(row.state, row.checkIn > today && isPriced(rate));
      return shownWeek(row, availability, rate, { memberId });
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
