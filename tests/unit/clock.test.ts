import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { placeTimeZone, isTimeZone, TIME_ZONES } from "~/catalogue/time-zones";
import { now } from "~/lib/clock.server";
import { earliestLocalDate, localDate } from "~/weeks/calendar";

describe("the site's clock", () => {
  // The real time stands still at a known instant, so each read can be told exactly.
  const REAL_TIME = Date.parse("2026-11-28T10:00:00Z");
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: REAL_TIME }));
  afterEach(() => vi.useRealTimers());

  test("reads the real time when no moment is set", () => {
    expect(now({ APP_ENV: "development" }).getTime()).toBe(REAL_TIME);
  });

  test("runs on from TEST_NOW in development", () => {
    const env = { APP_ENV: "development", TEST_NOW: "2027-03-06T23:30:00Z" };
    expect(now(env).toISOString()).toBe("2027-03-06T23:30:00.000Z");
    vi.advanceTimersByTime(20);
    expect(now(env).toISOString()).toBe("2027-03-06T23:30:00.020Z");
  });

  test("never takes TEST_NOW outside development", () => {
    const read = now({ APP_ENV: "production", TEST_NOW: "2030-01-01T00:00:00Z" });
    expect(read.getTime()).toBe(REAL_TIME);
  });

  test("refuses a TEST_NOW that is not an instant", () => {
    expect(() => now({ APP_ENV: "development", TEST_NOW: "next Saturday" })).toThrow(
      "TEST_NOW is not an ISO instant: next Saturday",
    );
  });
});

describe("a resort's own day", () => {
  const lateSaturday = new Date("2027-03-06T23:30:00Z");

  test("is the date in its time zone, not in UTC", () => {
    expect(localDate(lateSaturday, "Pacific/Honolulu")).toBe("2027-03-06");
    expect(localDate(lateSaturday, "America/New_York")).toBe("2027-03-06");
    expect(localDate(lateSaturday, "Europe/Paris")).toBe("2027-03-07");
    expect(localDate(lateSaturday, "Indian/Maldives")).toBe("2027-03-07");
  });

  test("follows a change to summer time and the last day of February in a leap year", () => {
    // New York's clocks go forward at 07:00 UTC on 14 March 2027: the date there stays the 14th.
    expect(localDate(new Date("2027-03-14T06:59:00Z"), "America/New_York")).toBe("2027-03-14");
    expect(localDate(new Date("2027-03-15T03:59:00Z"), "America/New_York")).toBe("2027-03-14");
    expect(localDate(new Date("2027-03-15T04:00:00Z"), "America/New_York")).toBe("2027-03-15");
    expect(localDate(new Date("2028-03-01T09:59:00Z"), "Pacific/Honolulu")).toBe("2028-02-29");
  });

  test("is never before the earliest date anywhere, for every zone a resort can have", () => {
    for (const moment of [lateSaturday, new Date("2026-12-31T23:45:00Z")]) {
      const earlier = TIME_ZONES.filter(
        (zone) => localDate(moment, zone) < earliestLocalDate(moment),
      );
      expect(earlier).toEqual([]);
    }
  });

  test("starts as its place's zone, and only real zones are taken", () => {
    expect(placeTimeZone({ country: "United States", state: "Hawaii", city: "Maui" })).toBe(
      "Pacific/Honolulu",
    );
    expect(placeTimeZone({ country: "Mexico", city: "Cancun" })).toBe("America/Cancun");
    expect(placeTimeZone({ country: "France", city: "Nice" })).toBe("Europe/Paris");
    expect(placeTimeZone({ country: "United States" })).toBe("America/New_York");
    expect(TIME_ZONES.filter((zone) => !isTimeZone(zone))).toEqual([]);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
