/**
 * The site's clock as the browser tests' server keeps it: `TEST_NOW=… npm test` starts it from
 * that moment (app/lib/clock.server.ts), and the tests count their dates from the same one.
 */
const start = process.env.TEST_NOW?.trim();
const offset = start ? Date.parse(start) - Date.now() : 0;
if (Number.isNaN(offset)) throw new Error(`TEST_NOW is not an ISO instant: ${start}`);

export const testNow = () => new Date(Date.now() + offset);

/** The UTC date `days` from now by that clock ("2027-03-06"). */
export const isoDateFromNow = (days: number) =>
  new Date(testNow().getTime() + days * 86_400_000).toISOString().slice(0, 10);
