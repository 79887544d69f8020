import { describe, expect, test } from "vitest";
import {
  clockTime,
  mediumDate,
  mediumDateTime,
  monthDay,
  monthYear,
  weekdayDate,
  weekdayMonthDay,
} from "~/lib/dates";

const intl = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });

/** Every month and weekday, every hour with its edges (midnight, noon), from 1970 to 2100. */
const moments = Array.from(
  { length: 2000 },
  (_, index) => new Date((index * 2_077_012_345_678) / 1000),
);

describe("dates, in UTC", () => {
  test("read as the site shows them", () => {
    const date = new Date("2026-03-07T15:04:05Z");
    expect([
      monthDay(date),
      mediumDate(date),
      weekdayDate(date),
      monthYear(date),
      clockTime(date),
      mediumDateTime(date, { seconds: true }),
    ]).toEqual([
      "Mar 7",
      "Mar 7, 2026",
      "Sat, Mar 7, 2026",
      "March 2026",
      "3:04 PM",
      "Mar 7, 2026, 3:04:05 PM",
    ]);
    expect([0, 12].map((hour) => clockTime(new Date(Date.UTC(2026, 0, 1, hour))))).toEqual([
      "12:00 AM",
      "12:00 PM",
    ]);
  });

  test("are written as Intl's en-US formats write them", () => {
    const formats = [
      [monthDay, intl({ month: "short", day: "numeric" })],
      [mediumDate, intl({ dateStyle: "medium" })],
      [weekdayMonthDay, intl({ weekday: "short", month: "short", day: "numeric" })],
      [weekdayDate, intl({ weekday: "short", month: "short", day: "numeric", year: "numeric" })],
      [monthYear, intl({ month: "long", year: "numeric" })],
      [clockTime, intl({ hour: "numeric", minute: "2-digit" })],
      [
        (date: Date) => clockTime(date, { seconds: true }),
        intl({ hour: "numeric", minute: "2-digit", second: "2-digit" }),
      ],
      [mediumDateTime, intl({ dateStyle: "medium", timeStyle: "short" })],
      [
        (date: Date) => mediumDateTime(date, { seconds: true }),
        intl({ dateStyle: "medium", timeStyle: "medium" }),
      ],
    ] as const;
    for (const [format, reference] of formats) {
      expect(moments.map((moment) => format(moment))).toEqual(
        moments.map((moment) => reference.format(moment)),
      );
    }
  });
});
