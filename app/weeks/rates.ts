import { addDays, calendarDate, daysBetween, nthWeekdayOf, type CalendarDate } from "./calendar";
import {
  HOLIDAYS,
  NIGHTLY_CHARGES,
  type AppliedCharge,
  type HolidayKey,
  type NightlyCharges,
} from "./price-fields";

/**
 * What a week costs when no admin has set its rate: the room type's typical weekly price, or the
 * holiday price of a holiday the week's nights include (docs/decisions/012-weeks-and-holiday-rates.md).
 */

const MONDAY = 1;
const THURSDAY = 4;

/** The night a week must include to be each holiday's week, in a given year. */
const HOLIDAY_NIGHTS: Record<HolidayKey, (year: number) => CalendarDate> = {
  // Presidents' Day: the third Monday of February.
  presidentsDayPrice: (year) => nthWeekdayOf(year, 2, MONDAY, 3),
  // Spring Break: the middle of March, when most American schools and colleges break.
  springBreakPrice: (year) => calendarDate(year, 3, 15),
  fourthOfJulyPrice: (year) => calendarDate(year, 7, 4),
  // Thanksgiving: the fourth Thursday of November.
  thanksgivingPrice: (year) => nthWeekdayOf(year, 11, THURSDAY, 4),
  // Christmas Eve and New Year's Eve are seven nights apart, so a seven-night week has one of them.
  christmasPrice: (year) => calendarDate(year, 12, 24),
  newYearsPrice: (year) => calendarDate(year, 12, 31),
};

/** The holiday prices of a room type, by the holiday they price. */
type HolidayPrices = Record<HolidayKey, number | null>;

export interface RoomTypeRates extends HolidayPrices {
  /** The typical weekly price. */
  price: number | null;
}

/** The holidays whose night falls within a stay of `nights` nights from `checkIn`. */
export function holidaysOf(checkIn: CalendarDate, nights: number) {
  const checkOut = addDays(checkIn, nights);
  const years = new Set([Number(checkIn.slice(0, 4)), Number(checkOut.slice(0, 4))]);
  return HOLIDAYS.filter(({ key }) =>
    [...years].some((year) => {
      const date = HOLIDAY_NIGHTS[key](year);
      return daysBetween(checkIn, date) >= 0 && daysBetween(date, checkOut) > 0;
    }),
  ).map(({ key }) => key);
}

/**
 * The default rate of a week: the highest holiday price among the holidays its nights include
 * (a long stay can hold two), else the typical weekly price; null when the room type has neither.
 */
export function defaultRate(room: RoomTypeRates, checkIn: CalendarDate, nights: number) {
  const holidayPrices = holidaysOf(checkIn, nights)
    .map((holiday) => room[holiday])
    .filter((price): price is number => price !== null && price > 0);
  return holidayPrices.length > 0 ? Math.max(...holidayPrices) : room.price;
}

/** A week's rate: the admin's own, else the default. */
export function weekRate(
  room: RoomTypeRates,
  week: { checkIn: CalendarDate; nights: number; rate: number | null },
) {
  return week.rate ?? defaultRate(room, week.checkIn, week.nights);
}

/** Each charge per night that applies, named as the pricing card and the booking form name it. */
export function nightlyCharges(room: NightlyCharges) {
  return NIGHTLY_CHARGES.flatMap(({ key, label, waiver }): AppliedCharge[] => {
    const perNight = waiver && room[waiver.key] ? null : room[key];
    return perNight ? [{ label, perNight }] : [];
  });
}

/**
 * What a stay is estimated to come to: the week's rate and each nightly charge for every night,
 * in cents so the sum is exact. Null when the week has no rate.
 */
export function estimatedTotal(rate: number | null, nights: number, room: NightlyCharges) {
  if (rate === null) return null;
  const cents =
    Math.round(rate * 100) +
    nightlyCharges(room).reduce((sum, charge) => sum + chargeCents(charge, nights), 0);
  return cents / 100;
}

const chargeCents = (charge: AppliedCharge, nights: number) =>
  Math.round(charge.perNight * 100) * nights;

/** What a charge comes to over a stay of `nights`, to the cent (as the estimated total adds it). */
export const chargeForStay = (charge: AppliedCharge, nights: number) =>
  chargeCents(charge, nights) / 100;

/**
 * The room's share of a quoted total: what is left once the nightly charges it counted are taken
 * out (a stay of the member's own dates, whose share of its weeks' rates is stored only in the
 * total).
 */
export const roomShareOf = (total: number, charges: readonly AppliedCharge[], nights: number) =>
  (Math.round(total * 100) -
    charges.reduce((sum, charge) => sum + chargeCents(charge, nights), 0)) /
  100;

/** A week of the calendar as a stay of the member's own dates takes its nights from it. */
interface WeekNights {
  checkIn: CalendarDate;
  nights: number;
  rate: number | null;
}

/**
 * The rate of a stay of the member's own dates: each night its share of the weekly rate of the
 * week it falls in (a night with no week, its share of the default rate for that night), summed
 * in cents and rounded once. Null when a night has no rate.
 */
export function ownDatesRate(
  room: RoomTypeRates,
  weeks: readonly WeekNights[],
  checkIn: CalendarDate,
  checkOut: CalendarDate,
) {
  let cents = 0;
  for (let night = checkIn; night < checkOut; night = addDays(night, 1)) {
    const week = weeks.find(
      (candidate) =>
        candidate.checkIn <= night && night < addDays(candidate.checkIn, candidate.nights),
    );
    const rate = week ? weekRate(room, week) : defaultRate(room, night, 1);
    if (rate === null) return null;
    cents += (rate * 100) / (week?.nights ?? 7);
  }
  // Rounded once: a whole week's seven shares come to its rate, not a cent more.
  return Math.round(cents) / 100;
}
