import { addDays, addMonths, LATEST_CHECK_IN_DAYS, type CalendarDate } from "./calendar";
import { monthYear } from "~/lib/dates";

/**
 * The month view of a room's weeks: which month an address asks for (`?month=YYYY-MM`), kept to
 * the months a member may ask for a week in (this one to that of the latest check-in: every week
 * that can be requested can be found), and the month's days as a calendar's rows, Sunday first.
 */

export type CalendarMonth = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A month as an address writes it: YYYY-MM. */
export const isMonth = (value: string): value is CalendarMonth => MONTH.test(value);

/** The month asked for, or the nearest one shown: this month for anything else. */
export function shownMonth(asked: string | null, today: CalendarDate): CalendarMonth {
  const first = today.slice(0, 7);
  const last = addDays(today, LATEST_CHECK_IN_DAYS).slice(0, 7);
  if (!asked || !isMonth(asked)) return first;
  if (asked < first) return first;
  return asked > last ? last : asked;
}

/** How many months the list's "When" offers: this one and the next 17. */
export const SEARCH_MONTHS = 18;

/** The months the list's "When" offers, from this one ("March 2027"). */
export function searchMonths(today: CalendarDate) {
  return Array.from({ length: SEARCH_MONTHS }, (_, index) => {
    const first = addMonths(`${today.slice(0, 7)}-01`, index);
    return { value: first.slice(0, 7), label: monthYear(new Date(`${first}T00:00:00Z`)) };
  });
}

/** The months before and after `month` that are shown, or null at either end. */
export function neighbourMonths(month: CalendarMonth, today: CalendarDate) {
  const step = (months: number) => addMonths(`${month}-01`, months).slice(0, 7);
  const previous = step(-1);
  const next = step(1);
  return {
    previous: shownMonth(previous, today) === previous ? previous : null,
    next: shownMonth(next, today) === next ? next : null,
  };
}

/** The month's days in weeks of seven, Sunday first; null before the 1st and after the last. */
export function monthRows(month: CalendarMonth): (CalendarDate | null)[][] {
  const first: CalendarDate = `${month}-01`;
  const days: (CalendarDate | null)[] = Array.from(
    { length: new Date(`${first}T00:00:00Z`).getUTCDay() },
    () => null,
  );
  for (let day = first; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  while (days.length % 7 !== 0) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, row) => days.slice(row * 7, row * 7 + 7));
}
