/**
 * Times as the site shows them, each naming its zone: a resort's deadlines and hours in its own
 * zone ("Sat, Jan 2, 2027, 4 PM (Hawaii-Aleutian Standard Time, UTC−10)"), e-mails adding UTC,
 * and pages the reader's own time below once scripts run (app/components/zoned-time.tsx).
 *
 * Two halves. The server reads a zone's offset and name through Intl (`zonedTime`,
 * `wallClockTime`, `zoneTitle`) and hands pages a `ZonedTime`; everything after that is
 * arithmetic on it (dates.ts), so a page's hydration never starts ICU (30 to 60 ms of a phone's
 * main thread, dates.ts says) and the browser writes the same text as the server
 * (docs/decisions/016-times-name-their-zone.md).
 */

import { monthDay, weekdayDate, weekdayMonthDay } from "./dates";

/** A moment and how a clock in one zone reads it. */
export interface ZonedTime {
  /** The instant, in UTC ("2027-01-03T02:00:00.000Z"). */
  at: string;
  /** That zone's offset from UTC at that instant, in minutes (−600 in Hawaii). */
  offset: number;
  /** The zone's name ("Eastern Time"); null for UTC and the zones Intl names only by offset. */
  zone: string | null;
}

// ---------------------------------------------------------------------------------------------
// The server's half: Intl.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const clockFormats = new Map<string, Intl.DateTimeFormat>();
const nameFormats = new Map<string, Intl.DateTimeFormat>();

function cached(
  formats: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, ...options });
    formats.set(timeZone, format);
  }
  return format;
}

/** Minutes east of UTC that clocks in `timeZone` read at `instant` (ms). */
function offsetAt(instant: number, timeZone: string) {
  const parts = cached(clockFormats, timeZone, {
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)!.value);
  const wallClock = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return Math.round((wallClock - Math.floor(instant / 1000) * 1000) / MINUTE);
}

/**
 * The zone's name as people say it, whatever the season ("Eastern Time", "Central European
 * Time", "Hawaii-Aleutian Standard Time"); null for UTC and for zones Intl names only by their
 * offset ("GMT+03:00"), which the offset then says alone.
 */
function zoneName(timeZone: string, instant: number) {
  const name = cached(nameFormats, timeZone, { timeZoneName: "longGeneric" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value;
  return !name || /^GMT|^UTC|Coordinated Universal/.test(name) ? null : name;
}

/** `at` as clocks in `timeZone` (an IANA name) read it. */
export function zonedTime(at: Date | string, timeZone: string): ZonedTime {
  const instant = new Date(at).getTime();
  return {
    at: new Date(instant).toISOString(),
    offset: offsetAt(instant, timeZone),
    zone: zoneName(timeZone, instant),
  };
}

/**
 * The moment clocks in `timeZone` read `time` ("16:00") on `date` ("2026-12-19"): a resort's
 * check-in. A time the clocks skip (a change to summer time) is read as the hour after, as
 * calendar apps do; a time they show twice, as the first.
 */
export function wallClockTime(date: string, time: string, timeZone: string): ZonedTime {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  // The offsets a day either side: a zone changes its clocks at most once in two days.
  const before = asUtc - offsetAt(asUtc - DAY, timeZone) * MINUTE;
  const after = asUtc - offsetAt(asUtc + DAY, timeZone) * MINUTE;
  const reads = (instant: number) => instant + offsetAt(instant, timeZone) * MINUTE === asUtc;
  const readsAt = [before, after].filter(reads);
  return zonedTime(new Date(readsAt.length ? Math.min(...readsAt) : before), timeZone);
}

/**
 * The zone as a page names it where no moment is shown (a resort's hours): its name, else its
 * offset now ("UTC", "UTC+3").
 */
export function zoneTitle(timeZone: string, now: Date) {
  const time = zonedTime(now, timeZone);
  return time.zone ?? zoneLabel(time);
}

// ---------------------------------------------------------------------------------------------
// Both halves: arithmetic on a ZonedTime.

/** "UTC−10", "UTC+5:30", "UTC+0". */
function offsetText(offset: number) {
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  return `UTC${offset < 0 ? "−" : "+"}${hours}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""}`;
}

/**
 * "Hawaii-Aleutian Standard Time, UTC−10", "Eastern Time, UTC−4", "UTC": the zone and its offset
 * then (its name alone with `offset: false`).
 */
export function zoneLabel(time: ZonedTime, { offset = true } = {}) {
  if (!time.zone) return time.offset === 0 ? "UTC" : offsetText(time.offset);
  return offset ? `${time.zone}, ${offsetText(time.offset)}` : time.zone;
}

/** The clock's reading as a Date whose UTC fields hold it, for dates.ts. */
const wallClockOf = (at: string, offset: number) =>
  new Date(new Date(at).getTime() + offset * MINUTE);

/** "4 PM", "9:30 AM": a clock's reading, its minutes only when there are any. */
function clockOf(date: Date) {
  const hours = date.getUTCHours();
  const minutes = date.getUTCMinutes();
  return `${hours % 12 || 12}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""} ${hours < 12 ? "AM" : "PM"}`;
}

/** "16:00" → "4 PM", "09:30" → "9:30 AM": a time of day on a resort's clock, with no date. */
export function timeOfDay(time: string) {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  return match ? clockOf(new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])))) : time;
}

/** "Sat, Jan 2, 2027": the date there. */
export const zonedDate = (time: ZonedTime) => weekdayDate(wallClockOf(time.at, time.offset));

/** "Jan 2": the day there, short (a calendar's cell). */
export const zonedMonthDay = (time: ZonedTime) => monthDay(wallClockOf(time.at, time.offset));

/** "4 PM": the time there. */
export const zonedClock = (time: ZonedTime) => clockOf(wallClockOf(time.at, time.offset));

/** "Sat, Jan 2, 2027, 4 PM (Hawaii-Aleutian Standard Time, UTC−10)". */
export const zonedDateTime = (time: ZonedTime) =>
  `${zonedDate(time)}, ${zonedClock(time)} (${zoneLabel(time)})`;

/** "Sun, Jan 3, 2027, 2 AM UTC". */
function utcDateTime(at: string) {
  const utc = { at, offset: 0, zone: null };
  return `${zonedDate(utc)}, ${zonedClock(utc)} UTC`;
}

/**
 * For text no script runs in (e-mails, calendar files): the zone's reading and UTC's, which every
 * reader can turn into their own: "Sat, Jan 2, 2027, 4 PM (Hawaii-Aleutian Standard Time, UTC−10;
 * Sun, Jan 3, 2027, 2 AM UTC)".
 */
export function zonedDateTimeAndUtc(time: ZonedTime) {
  if (!time.zone && time.offset === 0) return zonedDateTime(time);
  return `${zonedDate(time)}, ${zonedClock(time)} (${zoneLabel(time)}; ${utcDateTime(time.at)})`;
}

/**
 * The same moment on another clock (`offset` minutes east of UTC: the reader's, as their browser
 * says, or UTC's): its time ("9 PM"), and its day ("Sun, Jan 3") when that is not the zone's.
 */
export function readingAt(time: ZonedTime, offset: number) {
  const theirs = wallClockOf(time.at, offset);
  const sameDay = weekdayDate(theirs) === zonedDate(time);
  return { day: sameDay ? null : weekdayMonthDay(theirs), clock: clockOf(theirs) };
}
