/**
 * Calendar dates as the resort keeps them: "YYYY-MM-DD" strings, a day of the resort's own
 * calendar with no time of day, so no time zone can move a week. Arithmetic runs on UTC midnights.
 */

export type CalendarDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

const toTime = (date: CalendarDate) => Date.parse(`${date}T00:00:00Z`);
const fromTime = (time: number): CalendarDate => new Date(time).toISOString().slice(0, 10);

/** A real day: 2027-02-30 or 2026-13-01 is not one (it must read back the same). */
export function isCalendarDate(value: string): value is CalendarDate {
  if (!ISO_DATE.test(value)) return false;
  const time = toTime(value);
  return !Number.isNaN(time) && fromTime(time) === value;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromTime(toTime(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate) {
  return Math.round((toTime(to) - toTime(from)) / DAY_MS);
}

/** 0 for Sunday … 6 for Saturday. */
function weekday(date: CalendarDate) {
  return new Date(toTime(date)).getUTCDay();
}

export const calendarDate = (year: number, month: number, day: number): CalendarDate =>
  fromTime(Date.UTC(year, month - 1, day));

/** The `nth` (1-based) given weekday of a month: the third Monday of February is (y, 2, 1, 3). */
export function nthWeekdayOf(year: number, month: number, day: number, nth: number) {
  const first = calendarDate(year, month, 1);
  const offset = (day - weekday(first) + 7) % 7;
  return addDays(first, offset + (nth - 1) * 7);
}

/** The first date on or after `date` that falls on `day` (0 Sunday … 6 Saturday). */
export function nextWeekday(date: CalendarDate, day: number) {
  return addDays(date, (day - weekday(date) + 7) % 7);
}

/** The date `months` calendar months after `date` (clamped to the month's last day). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  return calendarDate(target.getUTCFullYear(), target.getUTCMonth() + 1, Math.min(day, lastDay));
}

/** How far ahead a stay may start: a week further ahead can be neither asked for nor imported. */
export const LATEST_CHECK_IN_DAYS = 730;

/**
 * The date at `now` in UTC: where a day either way does not matter (a file's name, the seed, how
 * far back a feed reaches), never for which weeks a resort still offers (localDate).
 */
export const todayUtc = (now: Date): CalendarDate => now.toISOString().slice(0, 10);

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The date at `now` in `timeZone` (an IANA name): a resort's own today. A week it still offers
 * checks in after it.
 */
export function localDate(now: Date, timeZone: string): CalendarDate {
  let format = dateFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dateFormats.set(timeZone, format);
  }
  return format.format(now);
}

/**
 * The earliest date it is anywhere at `now` (the zones run from UTC-12 to UTC+14): a bound for
 * a query over many resorts, each of whose rows is then held to its own `localDate`.
 */
export const earliestLocalDate = (now: Date): CalendarDate => addDays(todayUtc(now), -1);
