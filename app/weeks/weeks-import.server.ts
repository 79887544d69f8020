import { and, eq, gt, lt, sql, type SQLWrapper } from "drizzle-orm";
import {
  plainNumber,
  readSpreadsheet,
  refusedImport,
  type ImportProblem,
  type ImportRefused,
} from "~/lib/spreadsheet-import.server";
import { type Db } from "~/db/client.server";
import { bookingRequests, locations, roomTypes, weeks, type WeekState } from "~/db/schema";
import { givenStay } from "~/request-life/rules.server";
import { addDays, isCalendarDate, LATEST_CHECK_IN_DAYS, localDate } from "./calendar";
import { MAX_AMOUNT } from "~/lib/money";
import { WEEK_CSV_COLUMNS } from "./weeks-sheet";

/**
 * The weeks spreadsheet's import (`/admin/weeks`; its columns: weeks-sheet.ts): a file of weeks
 * and rates for many room types at once, checked against itself, the calendar's weeks and the
 * confirmed stays (a requested or booked week keeps its state and nights). An import checks every
 * row first and writes nothing if any row is wrong; a good file is written in
 * one D1 batch, a statement per few thousand rows.
 */

/** Columns a file may leave out: a rate (the default), a currency (the location's), a state (open). */
const OPTIONAL_COLUMNS = ["rate", "currency", "state"];

const MAX_NIGHTS = 28;
/** Rows per statement: their JSON stays well under D1's 2 MB for a value. */
const ROWS_PER_STATEMENT = 5_000;

/** Header names as people write them ("Check-in date", "room type") → the column. */
const HEADER_ALIASES: Record<string, string> = {
  location: "location",
  location_slug: "location",
  slug: "location",
  room_type: "room_type",
  room_type_id: "room_type",
  room_type_name: "room_type",
  room: "room_type",
  check_in: "check_in",
  check_in_date: "check_in",
  checkin: "check_in",
  nights: "nights",
  rate: "rate",
  weekly_rate: "rate",
  state: "state",
};

interface WeekRow {
  roomTypeId: string;
  checkIn: string;
  nights: number;
  rate: number | null;
  state: WeekState;
}

export type ImportResult = { ok: true; written: number } | ImportRefused;

/** Reads, checks and (only if every row is right) writes a file of weeks. */
export async function importWeeks(db: Db, text: string, now: Date): Promise<ImportResult> {
  const sheet = readSpreadsheet(text, {
    known: WEEK_CSV_COLUMNS,
    required: WEEK_CSV_COLUMNS.filter((column) => !OPTIONAL_COLUMNS.includes(column)),
    aliases: HEADER_ALIASES,
  });
  if (!sheet.ok) return sheet;
  const problems: ImportProblem[] = [...sheet.problems];

  // Slugs are lowercase: one typed with capitals is the same location, as in the export's form.
  const slugOf = (cells: Record<string, string | undefined>) =>
    (cells.location ?? "").trim().toLowerCase();
  const rooms = await roomsOf(db, [...new Set(sheet.rows.map(({ cells }) => slugOf(cells)))]);
  const rows: Array<WeekRow & { line: number; claimsHold: boolean; held: boolean }> = [];
  const seen = new Map<string, number>();
  sheet.rows.forEach(({ line, cells: record }) => {
    const fail = (message: string) => problems.push({ line, message });
    const slug = slugOf(record);
    const roomKey = (record.room_type ?? "").trim();
    const checkIn = (record.check_in ?? "").trim();
    const nightsText = (record.nights ?? "").trim();
    const rateText = plainNumber(record.rate ?? "");
    const stateText = (record.state ?? "").trim().toLowerCase() || "open";

    const atLocation = rooms.get(slug);
    if (!slug) return fail("The location is empty.");
    if (!atLocation) return fail(`No location has the slug “${slug}”.`);
    const room = roomKey
      ? findRoom(atLocation.rooms, roomKey)
      : { problem: "The room type is empty." };
    if ("problem" in room) return fail(room.problem.replace("{location}", slug));
    if (!isCalendarDate(checkIn)) {
      return fail(`The check-in date “${checkIn}” is not a date written YYYY-MM-DD.`);
    }
    const today = localDate(now, atLocation.timeZone);
    const latest = addDays(today, LATEST_CHECK_IN_DAYS);
    if (checkIn <= today) {
      return fail(
        `The check-in date ${checkIn} is not after today at ${slug} (${today}, ${atLocation.timeZone}).`,
      );
    }
    if (checkIn > latest) {
      return fail(
        `The check-in date ${checkIn} is more than two years ahead: members can ask for weeks up to ${latest}.`,
      );
    }
    const nights = Number(nightsText);
    if (!/^\d+$/.test(nightsText) || nights < 1 || nights > MAX_NIGHTS) {
      return fail(`Nights must be a whole number from 1 to ${MAX_NIGHTS} (not “${nightsText}”).`);
    }
    const rate = rateText === "" ? null : Number(rateText);
    if (rate !== null && (!/^\d+(\.\d{1,2})?$/.test(rateText) || rate <= 0 || rate > MAX_AMOUNT)) {
      return fail(
        `The rate must be empty (the default rate) or an amount in ${atLocation.currency} up to ${MAX_AMOUNT.toLocaleString("en-US")} (not “${record.rate}”).`,
      );
    }
    // A rate is in its location's currency: a file that names another was made for another place.
    const currencyText = (record.currency ?? "").trim().toUpperCase();
    if (currencyText && currencyText !== atLocation.currency) {
      return fail(
        `The rates of ${slug} are in ${atLocation.currency}, not ${currencyText}: write them in ${atLocation.currency}, or change the location's currency first.`,
      );
    }
    if (!["open", "closed", "requested", "booked"].includes(stateText)) {
      return fail(`The state must be open or closed (not “${record.state}”).`);
    }
    const key = `${room.id} ${checkIn}`;
    const earlier = seen.get(key);
    if (earlier) return fail(`The same week is on line ${earlier} too.`);
    seen.set(key, line);
    const claimsHold = stateText === "requested" || stateText === "booked";
    rows.push({
      line,
      roomTypeId: room.id,
      checkIn,
      nights,
      rate,
      state: claimsHold ? "open" : (stateText as WeekState),
      claimsHold,
      held: false,
    });
  });

  // A week is requested or booked only through a member's request: the file may say so only of
  // a week that already is (an exported file imports back as it is), and may not change its nights.
  const [stored, booked] = await Promise.all([
    storedWeeksAround(db, rows),
    confirmedStaysAround(db, rows),
  ]);
  const held = new Map(
    stored
      .filter((week) => week.state === "requested" || week.state === "booked")
      .map((week) => [`${week.roomTypeId} ${week.checkIn}`, week.nights]),
  );
  for (const row of rows) {
    const heldNights = held.get(`${row.roomTypeId} ${row.checkIn}`);
    row.held = heldNights !== undefined;
    if (heldNights === undefined) {
      if (row.claimsHold) {
        problems.push({
          line: row.line,
          message:
            "Only a member's request makes a week requested or booked: write open or closed.",
        });
      }
    } else if (row.nights !== heldNights) {
      problems.push({
        line: row.line,
        message: `A requested or booked week keeps its nights: write ${heldNights}, as in the calendar.`,
      });
      // Its neighbours are checked against the stay as it is.
      row.nights = heldNights;
    }
  }

  problems.push(...overlaps(rows, stored));
  // Nights staff confirmed for dates of a member's own choosing are not offered again.
  for (const row of rows) {
    if (row.held || row.state !== "open") continue;
    const stay = booked.find(
      (candidate) =>
        candidate.roomTypeId === row.roomTypeId &&
        candidate.checkIn < addDays(row.checkIn, row.nights) &&
        candidate.checkOut > row.checkIn,
    );
    if (stay) {
      problems.push({
        line: row.line,
        message: `These nights are booked for a confirmed request (${stay.checkIn} to ${stay.checkOut}): write closed, or leave the week out.`,
      });
    }
  }

  if (problems.length > 0) return refusedImport(problems);
  try {
    await writeWeeks(db, rows, now);
  } catch (error) {
    // Another admin's weeks written between the check and this batch: the database refused it all.
    if (!String(error).includes(OVERLAP_REFUSAL)) throw error;
    return refusedImport([{ line: 1, message: OVERLAP_RACE }]);
  }
  return { ok: true, written: rows.length };
}

/** What the database says of a week over another (migrations/0011_weeks_no_overlap.sql). */
const OVERLAP_REFUSAL = "overlapping week";
const OVERLAP_RACE =
  "Weeks of these room types changed while the file was checked, and one of its weeks now overlaps another: import the file again.";

/** A file's room types (as a condition on a column) and its first and last check-in. */
function fileSpan(rows: WeekRow[]) {
  const roomTypeIds = JSON.stringify([...new Set(rows.map((row) => row.roomTypeId))]);
  const checkIns = rows.map((row) => row.checkIn).sort();
  return {
    inFileRooms: (column: SQLWrapper) =>
      sql`${column} in (select value from json_each(${roomTypeIds}))`,
    first: checkIns[0]!,
    last: checkIns.at(-1)!,
  };
}

/**
 * The calendar's weeks of the file's room types, from a year before its first week to its last:
 * every week one of its rows could replace or share a night with (one query for both checks).
 */
async function storedWeeksAround(db: Db, rows: WeekRow[]) {
  if (rows.length === 0) return [];
  const { inFileRooms, first, last } = fileSpan(rows);
  return db
    .select({
      roomTypeId: weeks.roomTypeId,
      checkIn: weeks.checkIn,
      nights: weeks.nights,
      state: weeks.state,
    })
    .from(weeks)
    .where(
      and(
        inFileRooms(weeks.roomTypeId),
        gt(weeks.checkIn, addDays(first, -366)),
        lt(weeks.checkIn, addDays(last, MAX_NIGHTS)),
      ),
    );
}

/** The confirmed requests of the file's room types whose nights reach into its weeks' span. */
async function confirmedStaysAround(db: Db, rows: WeekRow[]) {
  if (rows.length === 0) return [];
  const { inFileRooms, first, last } = fileSpan(rows);
  return db
    .select({
      roomTypeId: bookingRequests.roomTypeId,
      checkIn: bookingRequests.checkInDate,
      checkOut: bookingRequests.checkOutDate,
    })
    .from(bookingRequests)
    .where(
      and(
        inFileRooms(bookingRequests.roomTypeId),
        givenStay,
        gt(bookingRequests.checkOutDate, first),
        lt(bookingRequests.checkInDate, addDays(last, MAX_NIGHTS)),
      ),
    );
}

/**
 * The file's weeks that share a night with another week of their room: one in the file, or one
 * in the calendar that the file does not replace (a row with the same check-in replaces it). In
 * check-in order, a week that overlaps any later one overlaps the next, so neighbours suffice.
 */
function overlaps(
  rows: Array<WeekRow & { line: number; held: boolean }>,
  stored: Awaited<ReturnType<typeof storedWeeksAround>>,
) {
  const byRoom = new Map<
    string,
    Map<string, { checkIn: string; nights: number; line?: number; held?: boolean }>
  >();
  const calendarOf = (roomTypeId: string) => {
    let calendar = byRoom.get(roomTypeId);
    if (!calendar) byRoom.set(roomTypeId, (calendar = new Map()));
    return calendar;
  };
  for (const week of stored) calendarOf(week.roomTypeId).set(week.checkIn, week);
  for (const row of rows) calendarOf(row.roomTypeId).set(row.checkIn, row);

  const problems: ImportProblem[] = [];
  for (const calendar of byRoom.values()) {
    const ordered = [...calendar.values()].sort((a, b) => a.checkIn.localeCompare(b.checkIn));
    ordered.forEach((week, index) => {
      const next = ordered[index + 1];
      if (!next || addDays(week.checkIn, week.nights) <= next.checkIn) return;
      if (week.line === undefined && next.line === undefined) return;
      // The row to change is a week the file may reshape: not a requested or booked one.
      const blamed =
        week.line === undefined || (week.held && next.line !== undefined) ? next : week;
      const other = blamed === week ? next : week;
      const line = blamed.line!;
      problems.push({
        line,
        message: other.line
          ? `This week shares nights with the week on line ${other.line}.`
          : `This week shares nights with the ${other.nights}-night week of ${other.checkIn} already in the calendar.`,
      });
    });
  }
  return problems;
}

type RoomsBySlug = Map<
  string,
  { timeZone: string; currency: string; rooms: Array<{ id: string; name: string }> }
>;

/** The room types of the locations the file names, by location slug: one query. */
async function roomsOf(db: Db, slugs: string[]): Promise<RoomsBySlug> {
  const found = await db
    .select({
      slug: locations.slug,
      timeZone: locations.timeZone,
      currency: locations.currency,
      id: roomTypes.id,
      name: roomTypes.name,
    })
    .from(locations)
    .leftJoin(roomTypes, eq(roomTypes.locationId, locations.id))
    .where(sql`${locations.slug} in (select value from json_each(${JSON.stringify(slugs)}))`);
  const bySlug: RoomsBySlug = new Map();
  for (const row of found) {
    const location = bySlug.get(row.slug) ?? {
      timeZone: row.timeZone,
      currency: row.currency,
      rooms: [],
    };
    if (row.id && row.name) location.rooms.push({ id: row.id, name: row.name });
    bySlug.set(row.slug, location);
  }
  return bySlug;
}

function findRoom(rooms: Array<{ id: string; name: string }>, key: string) {
  const byId = rooms.find((room) => room.id === key);
  if (byId) return byId;
  const byName = rooms.filter((room) => room.name.trim().toLowerCase() === key.toLowerCase());
  if (byName.length === 1) return byName[0]!;
  return {
    problem:
      byName.length > 1
        ? `Two room types at {location} are named “${key}”: write the room type's id.`
        : `{location} has no room type “${key}” (write its name or id).`,
  };
}

/**
 * Every row in one batch: new weeks are added, existing ones take the file's nights, rate and
 * state, except that a requested or booked week keeps its nights and state (also one held between
 * the check and this batch).
 */
async function writeWeeks(db: Db, rows: WeekRow[], at: Date) {
  const now = at.toISOString();
  // One statement reads a chunk of rows as JSON (drizzle has no insert from json_each).
  const upsert = db.$client.prepare(`
    insert into weeks (id, room_type_id, check_in, nights, rate, state, updated_at)
    select value ->> 'roomTypeId' || '-' || (value ->> 'checkIn'), value ->> 'roomTypeId',
           value ->> 'checkIn', value ->> 'nights', value ->> 'rate', value ->> 'state', ?1
    from json_each(?2) where true
    on conflict (room_type_id, check_in) do update set
      nights = case when weeks.state in ('requested', 'booked') then weeks.nights
                    else excluded.nights end,
      rate = excluded.rate,
      state = case when weeks.state in ('requested', 'booked') then weeks.state
                   else excluded.state end,
      updated_at = excluded.updated_at`);
  const statements = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows
      .slice(start, start + ROWS_PER_STATEMENT)
      .map(({ roomTypeId, checkIn, nights, rate, state }) => ({
        roomTypeId,
        checkIn,
        nights,
        rate,
        state,
      }));
    statements.push(upsert.bind(now, JSON.stringify(chunk)));
  }
  if (statements.length > 0) await db.$client.batch(statements);
}
