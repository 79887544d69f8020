import { and, eq, gt, gte, lte, sql } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { weeks } from "~/db/schema";
import {
  addDays,
  addMonths,
  earliestLocalDate,
  localDate,
  LATEST_CHECK_IN_DAYS,
  type CalendarDate,
} from "./calendar";
import { type WeekRangeValues } from "./calendar-form";
import { openSeasonStatement, SEASON_MONTHS } from "./season";
import { type CalendarWeek } from "./week";
import { weekRate } from "./rates";
import { weekNightsConfirmed, pricedWeeks } from "./week-sql.server";

/**
 * The admin's weeks of a room type: its calendar of weeks a member may ask for, a range of weeks
 * opened, closed or priced at once, and a season of Saturday weeks opened.
 */

/**
 * The weeks of a room type a member may ask for (after the resort's today, to the latest check-in,
 * past the SEASON_MONTHS an admin opens: an import may add later ones), for the admin's calendar.
 */
export async function roomCalendarWeeks(
  db: Db,
  roomTypeId: string,
  now: Date,
): Promise<CalendarWeek[]> {
  const earliest = earliestLocalDate(now);
  const rows = await pricedWeeks(db, roomTypeId, [
    gt(weeks.checkIn, earliest),
    lte(weeks.checkIn, addDays(earliest, LATEST_CHECK_IN_DAYS + 2)),
  ]);
  // Each row held to its resort's own today (one zone: the rows are one room's).
  const offerable = (row: (typeof rows)[number]) => {
    const today = localDate(now, row.timeZone);
    return row.checkIn > today && row.checkIn <= addDays(today, LATEST_CHECK_IN_DAYS);
  };
  return rows.filter(offerable).map((row) => ({
    checkIn: row.checkIn,
    checkOut: addDays(row.checkIn, row.nights),
    nights: row.nights,
    state: row.state,
    rate: weekRate(row, row),
    ownRate: row.rate !== null,
  }));
}

/**
 * Sets the weeks of a room type that check in from `from` to `to` and after the resort's `today`:
 * open or closed, a rate of the admin's own or the default again, in one statement. As in a
 * weeks import, a requested or booked week keeps its state (only a member's request and staff
 * change it), and takes the new rate; a week over nights staff confirmed for a member's own dates
 * is not opened (it is closed).
 */
export async function setWeekRange(
  db: Db,
  roomTypeId: string,
  { from, to, state, rate, defaultRate }: WeekRangeValues,
  { now, today }: { now: Date; today: CalendarDate },
) {
  const changed = await db
    .update(weeks)
    .set({
      ...(state !== "keep" && {
        state: sql`case
          when ${weeks.state} in ('requested', 'booked') then ${weeks.state}
          ${state === "open" ? sql`when ${weekNightsConfirmed(db)} then 'closed'` : sql``}
          else ${state} end`,
      }),
      ...(defaultRate ? { rate: null } : rate !== undefined && { rate }),
      updatedAt: now.toISOString(),
    })
    .where(
      and(
        eq(weeks.roomTypeId, roomTypeId),
        // The weeks the resort still offers: a week that has begun is history.
        gt(weeks.checkIn, today),
        gte(weeks.checkIn, from),
        lte(weeks.checkIn, to),
      ),
    )
    .returning({ state: weeks.state });
  // Weeks that did not take the state asked for: held by a request, booked, or over booked nights.
  const held = state === "keep" ? 0 : changed.filter((week) => week.state !== state).length;
  // A held week counts as updated only when it took a new rate: its state stays as it is.
  const rateSet = defaultRate || rate !== undefined;
  return { weeks: rateSet ? changed.length : changed.length - held, held };
}

/**
 * Opens SEASON_MONTHS of Saturday weeks after the resort's `today` for one room type (a week that
 * checks in today is not offered any more; existing weeks stay): how many were added open, and
 * how many closed over nights already booked.
 */
export async function openRoomSeason(db: Db, roomTypeId: string, today: CalendarDate) {
  const { results } = await openSeasonStatement(db.$client, {
    from: addDays(today, 1),
    until: addMonths(today, SEASON_MONTHS),
    roomTypeIds: [roomTypeId],
    returningStates: true,
  }).all<{ state: "open" | "closed" }>();
  const closed = results.filter((week) => week.state === "closed").length;
  return { opened: results.length - closed, closed };
}
