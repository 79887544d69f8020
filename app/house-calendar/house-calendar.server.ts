import {
  and,
  asc,
  count,
  eq,
  exists,
  gt,
  gte,
  inArray,
  lte,
  notInArray,
  sql,
  type SQL,
} from "drizzle-orm";
import { type AppContext } from "~/context";
import { type Db } from "~/db/client.server";
import { bookingRequests, locations, roomTypes, weeks, type BookingStatus } from "~/db/schema";
import { nameMatches } from "~/catalogue/name-search.server";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { pageCount } from "~/lib/pages";
import { zonedTime } from "~/lib/zoned-time";
import { waiting } from "~/request-life/rules.server";
import { localDate } from "~/weeks/calendar";
import { weekHasRate, weekRateSql } from "~/weeks/week-rate-sql.server";
import { weekNightsConfirmed } from "~/weeks/week-sql.server";
import {
  CALENDAR_RESORTS_PER_PAGE,
  calendarColumns,
  calendarWindow,
  CELL_WORDS,
  columnOf,
  type CalendarQuery,
  type CellAction,
  type CellState,
  type FilterState,
} from "./house-calendar";

/**
 * The house calendar's reads and writes: a page of resorts (their rooms and the window's weeks,
 * each with its state, rate and members waiting) in one D1 batch, and a cell's actions, each one
 * conditional statement guarded by the week's version (its last change), so a stale screen
 * changes nothing.
 */

/** The request holding a week is in `statuses` (over `weeks`). */
const heldBy = (db: Db, statuses: BookingStatus[]) =>
  and(
    eq(weeks.state, "requested"),
    exists(
      db
        .select({ id: bookingRequests.id })
        .from(bookingRequests)
        .where(
          and(eq(bookingRequests.id, weeks.requestId), inArray(bookingRequests.status, statuses)),
        ),
    ),
  );

/** The status of the request behind each state of a week a request holds. */
const HOLDING_STATUS = {
  held: "new",
  unpaid: "confirmed",
  offered: "offered",
} as const satisfies Record<string, BookingStatus>;

/**
 * Over `locations`: the resort has a week in `state` checking in within the window (`inWindow`).
 * Open, booked and closed weeks are read resort by resort, room by room and date by date, the
 * state kept off its index (the unary `+`), which would read every such week of the catalogue for
 * each resort. The weeks requests hold are few: they are read once, through the state's index.
 */
function withWeekIn(db: Db, state: FilterState, inWindow: SQL | undefined): SQL {
  const weeksOf = (where: SQL | undefined) =>
    db
      .select({ locationId: roomTypes.locationId })
      .from(weeks)
      .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
      .where(and(inWindow, where));
  switch (state) {
    case "open":
    case "booked":
    case "closed":
      return exists(
        weeksOf(and(eq(roomTypes.locationId, locations.id), sql`+${weeks.state} = ${state}`)),
      );
    case "held":
    case "unpaid":
    case "offered":
      return inArray(locations.id, weeksOf(heldBy(db, [HOLDING_STATUS[state]])));
  }
}

/** Over `weeks`: the week checks in within the calendar's window (its first column on). */
function inWindowOf(query: Pick<CalendarQuery, "from" | "span">) {
  const window = calendarWindow(query);
  return and(gte(weeks.checkIn, calendarColumns(window)[0]!), lte(weeks.checkIn, window.last));
}

/** Over `locations`: the resort matches the calendar's filters. */
function matchingResorts(db: Db, query: CalendarQuery) {
  return and(
    nameMatches(query.q || null),
    query.country ? eq(locations.country, query.country) : undefined,
    query.state ? eq(locations.state, query.state) : undefined,
    query.weeks ? withWeekIn(db, query.weeks, inWindowOf(query)) : undefined,
  );
}

/** How many resorts match the calendar's filters: its pages' count. */
export function matchingResortsCount(db: Db, query: CalendarQuery) {
  return db.select({ total: count() }).from(locations).where(matchingResorts(db, query));
}

/** A page of the house calendar: its resorts, their rooms and the window's weeks. */
export async function loadHouseCalendar(app: AppContext, query: CalendarQuery) {
  const { db, now } = app;
  const columns = calendarColumns(calendarWindow(query));
  const inWindow = inWindowOf(query);
  const matching = matchingResorts(db, query);
  const pageIds = (page: number) =>
    db
      .select({ id: locations.id })
      .from(locations)
      .where(matching)
      .orderBy(sql`${locations.name} COLLATE NOCASE`, asc(locations.id))
      .limit(CALENDAR_RESORTS_PER_PAGE)
      .offset((page - 1) * CALENDAR_RESORTS_PER_PAGE);
  const resortsOn = (page: number) =>
    db
      .select({
        id: locations.id,
        name: locations.name,
        city: locations.city,
        state: locations.state,
        country: locations.country,
        hidden: locations.hidden,
        timeZone: locations.timeZone,
        currency: locations.currency,
      })
      .from(locations)
      .where(inArray(locations.id, pageIds(page)))
      .orderBy(sql`${locations.name} COLLATE NOCASE`, asc(locations.id));
  const roomsOn = (page: number) =>
    db
      .select({
        id: roomTypes.id,
        locationId: roomTypes.locationId,
        name: roomTypes.name,
        published: roomTypes.published,
      })
      .from(roomTypes)
      .where(inArray(roomTypes.locationId, pageIds(page)))
      .orderBy(asc(roomTypes.displayOrder), asc(roomTypes.name));
  const weeksOn = (page: number) =>
    db
      .select({
        id: weeks.id,
        roomTypeId: weeks.roomTypeId,
        checkIn: weeks.checkIn,
        nights: weeks.nights,
        state: weeks.state,
        ownRate: weeks.rate,
        rate: weekRateSql,
        hasRate: sql<number>`${weekHasRate}`,
        heldUntil: weeks.heldUntil,
        requestId: weeks.requestId,
        requestStatus: bookingRequests.status,
        version: weeks.updatedAt,
        waiting: db.$count(bookingRequests, and(eq(bookingRequests.weekId, weeks.id), waiting)),
      })
      .from(weeks)
      .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
      .leftJoin(bookingRequests, eq(bookingRequests.id, weeks.requestId))
      .where(and(inArray(roomTypes.locationId, pageIds(page)), inWindow))
      .orderBy(asc(weeks.checkIn));
  const [[found], ...firstTry] = await db.batch([
    matchingResortsCount(db, query),
    resortsOn(query.page),
    roomsOn(query.page),
    weeksOn(query.page),
  ]);
  const total = found?.total ?? 0;
  const pages = pageCount(total, CALENDAR_RESORTS_PER_PAGE);
  // A page past the last (a filter narrowed since) shows the last.
  const page = Math.min(query.page, pages);
  const [resorts, rooms, weekRows] =
    page === query.page
      ? firstTry
      : await db.batch([resortsOn(page), roomsOn(page), weeksOn(page)]);
  const today = (timeZone: string) => localDate(now, timeZone);
  return {
    columns,
    total,
    page,
    pages,
    resorts: resorts.map((resort) => ({
      ...resort,
      rooms: rooms
        .filter((room) => room.locationId === resort.id)
        .map((room) => ({
          ...room,
          draft: !room.published || resort.hidden,
          weeks: weekRows
            .filter((week) => week.roomTypeId === room.id)
            .map((week) => ({
              ...cellOf(week, {
                draft: !room.published || resort.hidden,
                timeZone: resort.timeZone,
              }),
              column: columnOf(columns, week.checkIn),
              past: week.checkIn <= today(resort.timeZone),
            })),
        })),
    })),
  };
}

type WeekRow = {
  id: string;
  checkIn: string;
  nights: number;
  state: "open" | "requested" | "booked" | "closed";
  ownRate: number | null;
  rate: number | null;
  hasRate: number;
  heldUntil: string | null;
  requestId: string | null;
  requestStatus: BookingStatus | null;
  version: string;
  waiting: number;
};

/** A week as its cell shows it: its state in words, the moment a hold ends, its rate, who waits. */
function cellOf(week: WeekRow, { draft, timeZone }: { draft: boolean; timeZone: string }) {
  const state = cellState(week, draft);
  return {
    id: week.id,
    checkIn: week.checkIn,
    nights: week.nights,
    state,
    words: CELL_WORDS[state],
    until:
      (state === "held" || state === "offered" || state === "unpaid") && week.heldUntil
        ? zonedTime(week.heldUntil, timeZone)
        : null,
    rate: week.rate,
    ownRate: week.ownRate !== null,
    requestId: week.requestId,
    waiting: week.waiting,
    version: week.version,
  };
}

function cellState(week: WeekRow, draft: boolean): CellState {
  if (week.state === "requested") {
    return week.requestStatus === HOLDING_STATUS.offered
      ? "offered"
      : week.requestStatus === HOLDING_STATUS.unpaid
        ? "unpaid"
        : "held";
  }
  if (week.state === "booked" || week.state === "closed") return week.state;
  if (!week.hasRate) return "no-rate";
  return draft ? "draft" : "open";
}

export type HouseCalendar = Awaited<ReturnType<typeof loadHouseCalendar>>;

export type CellChange =
  | { ok: true; message: string }
  | { ok: false; status: 404 | 409; message: string };

/**
 * A cell's action, applied only if the week is as the screen showed it (its version): open or
 * close it (never a week a request holds or booked, nor one that has begun at its resort; one
 * over nights staff gave for a member's own dates stays closed), or set its rate (empty: the
 * room's default again). Starts the catalogue's cached pages on a new version.
 */
export async function changeWeek(app: AppContext, action: CellAction): Promise<CellChange> {
  const { db, now } = app;
  const [week] = await db
    .select({
      id: weeks.id,
      state: weeks.state,
      checkIn: weeks.checkIn,
      timeZone: locations.timeZone,
    })
    .from(weeks)
    .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
    .innerJoin(locations, eq(locations.id, roomTypes.locationId))
    .where(eq(weeks.id, action.week));
  if (!week) return { ok: false, status: 404, message: "This week no longer exists." };
  const asShown = and(
    eq(weeks.id, action.week),
    eq(weeks.updatedAt, action.version),
    gt(weeks.checkIn, localDate(now, week.timeZone)),
  );
  const at = now.toISOString();
  const changed =
    action.intent === "set-rate"
      ? await db
          .update(weeks)
          .set({ rate: action.rate ?? null, updatedAt: at })
          .where(asShown)
          .returning({ state: weeks.state })
      : await db
          .update(weeks)
          .set({
            state:
              action.intent === "close-week"
                ? "closed"
                : sql`case when ${weekNightsConfirmed(db)} then 'closed' else 'open' end`,
            updatedAt: at,
          })
          .where(and(asShown, notInArray(weeks.state, ["requested", "booked"])))
          .returning({ state: weeks.state });
  if (changed.length === 0)
    return { ok: false, status: 409, message: await whyUnchanged(db, action, week) };
  app.ctx.waitUntil(invalidateLocationCaches(app.env.CACHE));
  const [result] = changed;
  if (action.intent === "open-week" && result?.state === "closed") {
    return {
      ok: true,
      message: "The week stays closed: staff gave some of its nights to a member's own dates.",
    };
  }
  return {
    ok: true,
    message:
      action.intent === "set-rate"
        ? action.rate === undefined
          ? "The week takes the room's default rate again"
          : "The week's rate is set"
        : action.intent === "open-week"
          ? "The week is open"
          : "The week is closed",
  };
}

/** Why a cell's action changed nothing, from the week as it is now. */
async function whyUnchanged(
  db: Db,
  action: CellAction,
  before: { checkIn: string; timeZone: string },
) {
  const [now] = await db
    .select({ state: weeks.state, version: weeks.updatedAt })
    .from(weeks)
    .where(eq(weeks.id, action.week));
  if (now && now.version !== action.version) {
    return `This week changed since your screen showed it (it is now ${STATE_NOW[now.state]}). Nothing was changed: look at it again, then choose.`;
  }
  if (now?.state === "requested" || now?.state === "booked") {
    return "A member's request holds this week, or it is booked: decide the request in the inbox.";
  }
  return `This week has begun at the resort (it checked in ${before.checkIn}): nothing more can change.`;
}

const STATE_NOW = {
  open: "open",
  requested: "held for a request",
  booked: "booked",
  closed: "closed",
};
