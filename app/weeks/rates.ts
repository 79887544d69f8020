import { addDays, calendarDate, daysBetween, nthWeekdayOf, type CalendarDate } from "./calendar";

/**
 * What a week costs when no admin has set its rate: the room type's typical weekly price, or the
 * holiday price of a holiday the week's nights include (docs/decisions/012-weeks-and-holiday-rates.md).
 */

/** The holiday price columns of a room type, by the holiday they price. */
interface HolidayPrices {
  presidentsDayPrice: number | null;
  springBreakPrice: number | null;
  fourthOfJulyPrice: number | null;
  thanksgivingPrice: number | null;
  christmasPrice: number | null;
  newYearsPrice: number | null;
}

export interface RoomTypeRates extends HolidayPrices {
  /** The typical weekly price. */
  price: number | null;
}

const MONDAY = 1;
const THURSDAY = 4;

/** Each holiday, the night a week must include to be that holiday's week, in a given year. */
const HOLIDAY_NIGHTS: Record<
  keyof HolidayPrices,
  { label: string; night: (year: number) => CalendarDate }
> = {
  // Presidents' Day: the third Monday of February.
  presidentsDayPrice: { label: "Presidents' Day", night: (y) => nthWeekdayOf(y, 2, MONDAY, 3) },
  // Spring Break: the middle of March, when most American schools and colleges break.
  springBreakPrice: { label: "Spring Break", night: (y) => calendarDate(y, 3, 15) },
  fourthOfJulyPrice: { label: "4th of July", night: (y) => calendarDate(y, 7, 4) },
  // Thanksgiving: the fourth Thursday of November.
  thanksgivingPrice: { label: "Thanksgiving", night: (y) => nthWeekdayOf(y, 11, THURSDAY, 4) },
  // Christmas Eve and New Year's Eve are seven nights apart, so a seven-night week has one of them.
  christmasPrice: { label: "Christmas", night: (y) => calendarDate(y, 12, 24) },
  newYearsPrice: { label: "New Year's", night: (y) => calendarDate(y, 12, 31) },
};

/** The holidays whose night falls within a stay of `nights` nights from `checkIn`. */
export function holidaysOf(checkIn: CalendarDate, nights: number) {
  const checkOut = addDays(checkIn, nights);
  const years = new Set([Number(checkIn.slice(0, 4)), Number(checkOut.slice(0, 4))]);
  return (Object.keys(HOLIDAY_NIGHTS) as (keyof HolidayPrices)[]).filter((holiday) =>
    [...years].some((year) => {
      const night = HOLIDAY_NIGHTS[holiday].night(year);
      return daysBetween(checkIn, night) >= 0 && daysBetween(night, checkOut) > 0;
    }),
  );
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

/** The fees and taxes a room type charges per night. */
export interface NightlyCharges {
  freeParking: boolean;
  parkingCost: number | null;
  noResortFees: boolean;
  resortFeeCost: number | null;
  localTaxes: number | null;
}

/** Each charge per night that applies, named as the booking form and the e-mails name it. */
export function nightlyCharges(room: NightlyCharges) {
  return [
    { label: "Resort fee", perNight: room.noResortFees ? null : room.resortFeeCost },
    { label: "Parking", perNight: room.freeParking ? null : room.parkingCost },
    { label: "Local taxes", perNight: room.localTaxes },
  ].filter((charge): charge is { label: string; perNight: number } => Boolean(charge.perNight));
}

/**
 * What a stay is estimated to come to: the week's rate and each nightly charge for every night,
 * in cents so the sum is exact. Null when the week has no rate.
 */
export function estimatedTotal(rate: number | null, nights: number, room: NightlyCharges) {
  if (rate === null) return null;
  const cents =
    Math.round(rate * 100) +
    nightlyCharges(room).reduce(
      (sum, charge) => sum + Math.round(charge.perNight * 100) * nights,
      0,
    );
  return cents / 100;
}

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
