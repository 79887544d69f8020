import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { READY_WEEKS_MONTHS, WIDE_GAP_DAYS } from "~/catalogue/checklist";
import { addDays, addMonths, daysBetween } from "~/weeks/calendar";

it("counts a gap between open weeks as wide past the fewest days the Checklist's months hold", () => {
  // Every day of a whole cycle of the calendar's leap years.
  let fewest = Infinity;
  for (let day = "2000-01-01"; day < "2400-01-01"; day = addDays(day, 1)) {
    fewest = Math.min(fewest, daysBetween(day, addMonths(day, READY_WEEKS_MONTHS)));
  }
  expect(fewest).toBe(WIDE_GAP_DAYS);
  // The triggers that keep the counts write the number into their SQL.
  const triggers = readFileSync("migrations/0029_checklist_counts.sql", "utf8");
  const widths = [...triggers.matchAll(/(?:julianday\([^()]*\)|gap) > (\d+)/g)].map(([, days]) =>
    Number(days),
  );
  expect(widths.length).toBeGreaterThan(0);
  expect(new Set(widths)).toEqual(new Set([WIDE_GAP_DAYS]));
});
