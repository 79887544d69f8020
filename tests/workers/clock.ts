/**
 * The site's clock as the workerd tests read it: the only way a test may (lint refuses `new
 * Date()` and `Date.now()` in tests), so `TEST_NOW=… npm test` sets it, and the files that read
 * it are the calendar's tests that run again at fixed moments (./moments.ts). A test in another
 * file that reads it fails, so none can escape those moments.
 */
import { env } from "cloudflare:workers";
import { expect, vi } from "vitest";
import { now as siteNow } from "~/lib/clock.server";
import { addDays, localDate, todayUtc, type CalendarDate } from "~/weeks/calendar";
import { searchMonths } from "~/weeks/month";
import { CALENDAR_TEST_FILES } from "./moments";

function requireCalendarTest() {
  const file = expect.getState().testPath?.split("/").at(-1);
  if (!file || !(CALENDAR_TEST_FILES as readonly string[]).includes(file)) {
    throw new Error(
      `${file ?? "This file"} reads the site's clock: list it in CALENDAR_TEST_FILES (tests/workers/moments.ts), so that it runs at the fixed moments too.`,
    );
  }
}

/** The moment by the site's clock. */
export function testNow() {
  requireCalendarTest();
  return siteNow(env);
}

/** A resort's today by the site's clock: the date in its time zone, as the site tells it. */
export const resortToday = (timeZone: string): CalendarDate => localDate(testNow(), timeZone);

/** The date `days` after a resort's today (before it when negative). */
export const daysFromResortToday = (timeZone: string, days: number) =>
  addDays(resortToday(timeZone), days);

/**
 * The real time at which the site's clock reads `moment`: what the platform passes the cron as
 * its scheduled time for a run at that moment.
 */
export function realTimeAt(moment: Date) {
  // In workerd the time stands still while code runs, so the two reads are of one instant.
  return moment.getTime() - (testNow().getTime() - Date.now());
}

/** Stops the clock where the site's reads `moment`; `vi.useRealTimers()` starts it again. */
export function stopClockAt(moment: Date) {
  const realTime = realTimeAt(moment);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(realTime);
}

/**
 * The month `ahead` months on among those the site's searches offer now (one list for every
 * resort, from UTC's month): its value ("2027-06") and label ("June 2027").
 */
export const searchMonth = (ahead: number) => searchMonths(todayUtc(testNow()))[ahead]!;
