/**
 * How requests are shown: by the staff inbox, the members page and the e-mails to guests. Times
 * are shown in UTC, so the server's HTML and the browser's render agree.
 */
import { mediumDateTime, weekdayDate } from "~/lib/dates";
import { money } from "~/lib/money";
import { type AppliedCharge } from "~/weeks/price-fields";
import { chargeForStay, roomShareOf } from "~/weeks/rates";

/** "1 night", "7 nights". */
export const nightsLabel = (nights: number) => `${nights} ${nights === 1 ? "night" : "nights"}`;

/**
 * A nightly charge over a stay, as the booking form, the request's page and its e-mails word it:
 * "Parking (US$30 × 7 nights)" (its `label` and `detail`) and "US$210".
 */
export function chargeLine(charge: AppliedCharge, nights: number, currency: string) {
  const detail = `(${money(charge.perNight, currency)} × ${nightsLabel(nights)})`;
  return {
    label: charge.label,
    detail,
    term: `${charge.label} ${detail}`,
    amount: money(chargeForStay(charge, nights), currency),
  };
}

/**
 * The room's part of a quoted total for the member's own dates, as its own line: "Room (4 nights)"
 * and "US$1,308.57". Null for a week (its weekly rate is its line) or a request with no total.
 */
export function roomShareLine(
  quote: {
    weekId: string | null;
    estimatedTotal: number | null;
    quotedCharges: readonly AppliedCharge[] | null;
    currency: string;
  },
  nights: number,
) {
  if (quote.weekId || !quote.estimatedTotal) return null;
  return {
    term: `Room (${nightsLabel(nights)})`,
    amount: money(
      roomShareOf(quote.estimatedTotal, quote.quotedCharges ?? [], nights),
      quote.currency,
    ),
  };
}

/** "2026-03-07" → "Sat, Mar 7, 2026". */
export function formatStayDate(isoDate: string) {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : weekdayDate(date);
}

/** An ISO timestamp → "Mar 7, 2026, 3:04 PM UTC". */
export function formatDateTime(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${mediumDateTime(date)} UTC`;
}

/** "16:00" → "4 PM", "09:30" → "9:30 AM": a time of day on the resort's clock. */
export function formatTimeOfDay(time: string) {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const minutes = match[2] === "00" ? "" : `:${match[2]}`;
  return `${hours % 12 || 12}${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

/** "from 4 PM (resort time)": the time of day a stay begins. */
export const arrivalTime = (time: string) => `from ${formatTimeOfDay(time)} (resort time)`;

/** "by 10 AM (resort time)": the time of day it ends. */
export const departureTime = (time: string) => `by ${formatTimeOfDay(time)} (resort time)`;

/** "Sat, Dec 19, 2026, from 4 PM (resort time)": when a stay begins. */
export const arrivalLine = (date: string, time: string) =>
  `${formatStayDate(date)}, ${arrivalTime(time)}`;

/** "Sat, Dec 26, 2026, by 10 AM (resort time)": when it ends. */
export const departureLine = (date: string, time: string) =>
  `${formatStayDate(date)}, ${departureTime(time)}`;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "2 adults, 1 child" (children and infants only when there are any). */
export function guestsLine({
  adults,
  children,
  infants,
}: {
  adults: number;
  children: number;
  infants: number;
}) {
  return [
    plural(adults, "adult", "adults"),
    ...(children > 0 ? [plural(children, "child", "children")] : []),
    ...(infants > 0 ? [plural(infants, "infant", "infants")] : []),
  ].join(", ");
}

/** "Lahaina, Hawaii, United States": the parts that are known. */
export function placeOf({
  city,
  state,
  country,
}: {
  city: string | null;
  state: string | null;
  country: string;
}) {
  return [city, state, country].filter(Boolean).join(", ");
}
