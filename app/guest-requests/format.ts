/**
 * How requests are shown: by the staff inbox, the members page and the e-mails to guests. Their
 * times are the resort's, naming its zone (~/lib/zoned-time).
 */
import { weekdayDate } from "~/lib/dates";
import { zonedClock, zonedDate, zoneLabel, type ZonedTime } from "~/lib/zoned-time";
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

/**
 * A stay's start or end in words, on the resort's clock: its day ("Sat, Dec 19, 2026"), its hour
 * ("from 4 PM", "by 10 AM") and the zone ("Hawaii-Aleutian Standard Time, UTC−10").
 */
export function stayMoment(time: ZonedTime, word: "from" | "by") {
  return { day: zonedDate(time), hour: `${word} ${zonedClock(time)}`, zone: zoneLabel(time) };
}

const momentLine = ({ day, hour, zone }: ReturnType<typeof stayMoment>) =>
  `${day}, ${hour} (${zone})`;

/** "Sat, Dec 19, 2026, from 4 PM (Hawaii-Aleutian Standard Time, UTC−10)": when a stay begins. */
export const arrivalLine = (checkIn: ZonedTime) => momentLine(stayMoment(checkIn, "from"));

/** "Sat, Dec 26, 2026, by 10 AM (Hawaii-Aleutian Standard Time, UTC−10)": when it ends. */
export const departureLine = (checkOut: ZonedTime) => momentLine(stayMoment(checkOut, "by"));

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
