/**
 * The calendar's tests, and the moments they run at again (`npm run test:moments`, which CI runs
 * after `npm test`): whatever reads the date, a weekday, a month's length or a time zone's offset
 * must hold at each. At every one, some resort's day is not UTC's.
 */
export const FIXED_MOMENTS = [
  // Weeks check in on Saturdays: it is already Sunday in the Maldives, still Saturday in Paris.
  { name: "a Saturday at 22:30 UTC", at: "2027-03-06T22:30:00Z" },
  // A leap day in UTC and east of it; still the 28th in the Americas.
  { name: "29 February at 00:30 UTC", at: "2028-02-29T00:30:00Z" },
  // A new year in Europe and the Maldives, the old one in the Americas.
  { name: "New Year's Eve at 23:45 UTC", at: "2026-12-31T23:45:00Z" },
  // 03:30 in New York, the hour after its clocks went forward; Saturday evening in Hawaii.
  { name: "the United States' change to summer time", at: "2027-03-14T07:30:00Z" },
] as const;

/**
 * The workerd test files that read the site's clock (through ./clock.ts, the only way a test may):
 * only their results can depend on the moment a run starts at. A test in another file that reads
 * the clock fails, with this list named.
 */
export const CALENDAR_TEST_FILES = [
  "admin-featured-checklist.test.ts",
  "auth-magic-link.test.ts",
  "auth-roles.test.ts",
  "auth-sessions.test.ts",
  "auth-tokens.test.ts",
  "booking.test.ts",
  "checklist-counts.test.ts",
  "demand.test.ts",
  "limits.test.ts",
  "month-search.test.ts",
  "payments.test.ts",
  "house-calendar.test.ts",
  "ready-on-sale.test.ts",
  "request-life.test.ts",
  "request-pipeline.test.ts",
  "requests-inbox.test.ts",
  "stay-terms.test.ts",
  "waitlist-door.test.ts",
  "week-alerts.test.ts",
  "weeks-calendar.test.ts",
  "weeks-csv.test.ts",
  "weeks.test.ts",
] as const;
