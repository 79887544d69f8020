/**
 * Dates and times as the site shows them, in UTC (so the server's HTML and the browser's render
 * agree), written exactly as `Intl.DateTimeFormat("en-US", { timeZone: "UTC", … })` writes them.
 * Written out rather than through Intl: a page's first Intl formatter starts ICU, 30 to 60 ms of a
 * phone's main thread during hydration, for formats this simple.
 */

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

const shortMonth = (date: Date) => MONTHS[date.getUTCMonth()]!.slice(0, 3);

/** "Mar 7". */
export const monthDay = (date: Date) => `${shortMonth(date)} ${date.getUTCDate()}`;

/** "Mar 7, 2026". */
export const mediumDate = (date: Date) => `${monthDay(date)}, ${date.getUTCFullYear()}`;

/** "Sat, Mar 7". */
export const weekdayMonthDay = (date: Date) => `${WEEKDAYS[date.getUTCDay()]}, ${monthDay(date)}`;

/** "Sat, Mar 7, 2026". */
export const weekdayDate = (date: Date) => `${weekdayMonthDay(date)}, ${date.getUTCFullYear()}`;

/** "March 2026". */
export const monthYear = (date: Date) => `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;

/** "3:04 PM", or "3:04:05 PM" with seconds. */
export function clockTime(date: Date, { seconds = false } = {}) {
  const hours = date.getUTCHours();
  const twoDigits = (value: number) => String(value).padStart(2, "0");
  const time = [hours % 12 || 12, twoDigits(date.getUTCMinutes())];
  if (seconds) time.push(twoDigits(date.getUTCSeconds()));
  return `${time.join(":")} ${hours < 12 ? "AM" : "PM"}`;
}

/** "Mar 7, 2026, 3:04 PM", or "Mar 7, 2026, 3:04:05 PM" with seconds. */
export const mediumDateTime = (date: Date, options?: { seconds?: boolean }) =>
  `${mediumDate(date)}, ${clockTime(date, options)}`;
