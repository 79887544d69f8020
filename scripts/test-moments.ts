/**
 * The tests inside workerd at fixed moments, besides now: whatever reads the date, a weekday, a
 * month's length or a time zone's offset must hold at each. CI runs it after `npm test`.
 *   npm run test:moments
 */
import { spawnSync } from "node:child_process";

const MOMENTS = [
  // Weeks check in on Saturdays; late in the UTC day it is already Sunday east of Greenwich.
  ["a Saturday late in the UTC day", "2027-03-06T23:30:00Z"],
  ["29 February", "2028-02-29T12:00:00Z"],
  ["New Year's Eve, late in the UTC day", "2026-12-31T23:45:00Z"],
  // 03:30 in New York, the hour after its clocks went forward; the resorts in Europe change later.
  ["the United States' change to summer time", "2027-03-14T07:30:00Z"],
] as const;

for (const [name, moment] of MOMENTS) {
  console.log(`\nThe workerd tests at ${moment} (${name}):`);
  const run = spawnSync("vitest", ["run", "--project", "workers"], {
    stdio: "inherit",
    env: { ...process.env, TEST_NOW: moment },
  });
  if (run.status !== 0) {
    console.error(`The workerd tests failed at ${moment} (${name}).`);
    process.exit(run.status ?? 1);
  }
}
