import { describe, expect, test } from "vitest";
import { FIXED_MOMENTS } from "../workers/moments";
import {
  readingAt,
  timeOfDay,
  wallClockTime,
  zonedDateTime,
  zonedDateTimeAndUtc,
  zonedTime,
  zoneTitle,
} from "~/lib/zoned-time";

const moment = (name: string) => FIXED_MOMENTS.find((fixed) => fixed.name === name)!.at;
const NEW_YEARS_EVE = moment("New Year's Eve at 23:45 UTC");
const SUMMER_TIME = moment("the United States' change to summer time");

describe("a moment in a resort's zone", () => {
  test("on New Year's Eve, names each zone's own date, time, name and offset", () => {
    expect(
      ["Pacific/Honolulu", "America/New_York", "Europe/Paris", "Indian/Maldives", "UTC"].map(
        (zone) => zonedDateTime(zonedTime(NEW_YEARS_EVE, zone)),
      ),
    ).toEqual([
      "Thu, Dec 31, 2026, 1:45 PM (Hawaii-Aleutian Standard Time, UTC−10)",
      "Thu, Dec 31, 2026, 6:45 PM (Eastern Time, UTC−5)",
      "Fri, Jan 1, 2027, 12:45 AM (Central European Time, UTC+1)",
      "Fri, Jan 1, 2027, 4:45 AM (Maldives Time, UTC+5)",
      "Thu, Dec 31, 2026, 11:45 PM (UTC)",
    ]);
  });

  test("gives the offset in force at that moment: New York's changes at its change to summer time", () => {
    const hourBefore = new Date(Date.parse(SUMMER_TIME) - 3_600_000);
    expect(zonedDateTime(zonedTime(hourBefore, "America/New_York"))).toBe(
      "Sun, Mar 14, 2027, 1:30 AM (Eastern Time, UTC−5)",
    );
    expect(zonedDateTime(zonedTime(SUMMER_TIME, "America/New_York"))).toBe(
      "Sun, Mar 14, 2027, 3:30 AM (Eastern Time, UTC−4)",
    );
    // Zones a quarter or half an hour off the hour, and one Intl names only by its offset.
    expect(zonedDateTime(zonedTime(SUMMER_TIME, "Asia/Kolkata"))).toBe(
      "Sun, Mar 14, 2027, 1 PM (India Standard Time, UTC+5:30)",
    );
    expect(zonedDateTime(zonedTime(SUMMER_TIME, "Asia/Kathmandu"))).toBe(
      "Sun, Mar 14, 2027, 1:15 PM (Nepal Time, UTC+5:45)",
    );
    expect(zonedDateTime(zonedTime(SUMMER_TIME, "Etc/GMT+3"))).toBe(
      "Sun, Mar 14, 2027, 4:30 AM (UTC−3)",
    );
  });

  test("in an e-mail, adds UTC's reading, which any reader can turn into their own", () => {
    const checkIn = wallClockTime("2027-01-02", "16:00", "Pacific/Honolulu");
    expect(checkIn.at).toBe("2027-01-03T02:00:00.000Z");
    expect(zonedDateTimeAndUtc(checkIn)).toBe(
      "Sat, Jan 2, 2027, 4 PM (Hawaii-Aleutian Standard Time, UTC−10; Sun, Jan 3, 2027, 2 AM UTC)",
    );
    expect(zonedDateTimeAndUtc(zonedTime(NEW_YEARS_EVE, "UTC"))).toBe(
      "Thu, Dec 31, 2026, 11:45 PM (UTC)",
    );
  });
});

describe("a resort's clock time on a date", () => {
  test("is the instant its clocks read it, in winter and in summer", () => {
    expect(wallClockTime("2027-03-13", "16:00", "America/New_York")).toEqual({
      at: "2027-03-13T21:00:00.000Z",
      offset: -300,
      zone: "Eastern Time",
    });
    expect(wallClockTime("2027-03-14", "10:00", "America/New_York")).toMatchObject({
      at: "2027-03-14T14:00:00.000Z",
      offset: -240,
    });
    expect(wallClockTime("2027-01-01", "00:30", "Indian/Maldives").at).toBe(
      "2026-12-31T19:30:00.000Z",
    );
  });

  test("the hour clocks skip is read as the hour after, the hour they repeat as its first time", () => {
    expect(zonedDateTime(wallClockTime("2027-03-14", "02:30", "America/New_York"))).toBe(
      "Sun, Mar 14, 2027, 3:30 AM (Eastern Time, UTC−4)",
    );
    expect(wallClockTime("2027-11-07", "01:30", "America/New_York")).toMatchObject({
      at: "2027-11-07T05:30:00.000Z",
      offset: -240,
    });
  });
});

describe("the same moment on the reader's clock, or UTC's", () => {
  const checkIn = wallClockTime("2027-01-02", "16:00", "Pacific/Honolulu");

  test("is the time alone on the resort's day, with the day on another", () => {
    expect(readingAt(checkIn, -300)).toEqual({ day: null, clock: "9 PM" });
    expect(readingAt(checkIn, 60)).toEqual({ day: "Sun, Jan 3", clock: "3 AM" });
    expect(readingAt(checkIn, 330)).toEqual({ day: "Sun, Jan 3", clock: "7:30 AM" });
    expect(readingAt(checkIn, 0)).toEqual({ day: "Sun, Jan 3", clock: "2 AM" });
  });
});

describe("a resort's hours, with no date", () => {
  test("read on its clock, and its zone by name (or offset where it has none)", () => {
    expect(["16:00", "10:00", "11:30", "00:00", "12:00"].map(timeOfDay)).toEqual([
      "4 PM",
      "10 AM",
      "11:30 AM",
      "12 AM",
      "12 PM",
    ]);
    const now = new Date(NEW_YEARS_EVE);
    expect(zoneTitle("Pacific/Honolulu", now)).toBe("Hawaii-Aleutian Standard Time");
    expect(zoneTitle("Europe/Paris", now)).toBe("Central European Time");
    expect(zoneTitle("UTC", now)).toBe("UTC");
    expect(zoneTitle("Etc/GMT-3", now)).toBe("UTC+3");
  });
});
