/**
 * The site's clock as the browser tests' server keeps it: `TEST_NOW=… npm test` starts it from
 * that moment (app/lib/clock.server.ts), and the tests count their dates from the same one, each
 * in its resort's own day, as the site does (lint refuses `new Date()` and `Date.now()` in tests).
 */
import { placeTimeZone } from "../../../app/catalogue/time-zones";
import { addDays, localDate, nextWeekday } from "../../../app/weeks/calendar";

const start = process.env.TEST_NOW?.trim();
const offset = start ? Date.parse(start) - Date.now() : 0;
if (Number.isNaN(offset)) throw new Error(`TEST_NOW is not an ISO instant: ${start}`);

export const testNow = () => new Date(Date.now() + offset);

/** The real time at which the site's clock reads `moment`: the cron's scheduled time for it. */
export const realTimeAt = (moment: Date) => moment.getTime() - offset;

type Place = Parameters<typeof placeTimeZone>[0];

/** The date `days` after a seeded resort's today ("2027-03-06"), as its booking form counts. */
export const daysFromResortToday = (place: Place, days: number) =>
  addDays(localDate(testNow(), placeTimeZone(place)), days);

/** A week the seed opened at a resort: the first Saturday at least `days` after its today. */
export const seededWeekAhead = (place: Place, days: number) =>
  nextWeekday(daysFromResortToday(place, days), 6);
