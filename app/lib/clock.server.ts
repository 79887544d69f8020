/**
 * The site's one clock: every "now" the app reads (a request's moment, the cron's) comes from here.
 *
 * Deployed, it is the real time. A test run or a local server may set the moment it starts from
 * (TEST_NOW, an ISO instant such as 2027-03-06T23:30:00Z, honoured only where APP_ENV is
 * "development"): the clock then runs on from that moment, so a whole run happens as of it, and
 * what depends on the weekday, the date or a time zone's offset can be tried at any moment.
 */

type ClockEnv = { APP_ENV?: string; TEST_NOW?: string };

/** The milliseconds a set start adds to the real time, by that start; kept for the isolate's life. */
const offsets = new Map<string, number>();

function offsetFor(start: string) {
  let offset = offsets.get(start);
  if (offset === undefined) {
    const at = Date.parse(start);
    if (Number.isNaN(at)) throw new Error(`TEST_NOW is not an ISO instant: ${start}`);
    offset = at - Date.now();
    offsets.set(start, offset);
  }
  return offset;
}

/** The current moment by the site's clock. */
export function now(env: ClockEnv): Date {
  const start = env.APP_ENV === "development" ? env.TEST_NOW?.trim() : "";
  return new Date(start ? Date.now() + offsetFor(start) : Date.now());
}

/**
 * The moment a cron run was scheduled for, by the site's clock: deployed, the scheduled time
 * itself; under a set start, that time moved as the clock is (a local run may ask the cron for
 * any moment: `/cdn-cgi/local/scheduled?time=<ms>`).
 */
export function scheduledMoment(env: ClockEnv, scheduledTime: number): Date {
  return new Date(now(env).getTime() - Date.now() + scheduledTime);
}
