import { type WeekState } from "~/db/schema";
import { wallClockTime, type ZonedTime } from "~/lib/zoned-time";
import { type CalendarDate } from "./calendar";
import { type AppliedCharge } from "./price-fields";

/** A member's request holds its week this long; then, with no staff decision, it lapses. */
export const HOLD_HOURS = 72;

/** What a member is told about a week, on the location page, the booking form and the server. */
const TAKEN = "This week is no longer available.";

export const WEEK_MESSAGES = {
  taken: TAKEN,
  /** The answer to a taken week sent without its waitlist: what to do next. */
  takenSent: `${TAKEN} To wait for it, tick “Put me on the waitlist for this week” and send again, or choose one of the next open weeks of this room.`,
  notFound: "Please choose one of the open weeks of this room.",
  alreadyAsked: "You have already asked for this week.",
  datesAlreadyAsked: "You have already asked for these dates.",
  datesTaken:
    "These dates take a night of a week that is already asked for or not offered: choose one of the open weeks, or other dates.",
  nightsBooked: "These dates take a night that is already booked: please choose other dates.",
  minimumStay: (nights: number) =>
    `This resort's minimum stay is ${nights} nights: please choose a longer stay.`,
} as const;

/** What a room option shows of a week; `rate` only for signed-in members. */
export interface OpenWeek {
  checkIn: CalendarDate;
  checkOut: CalendarDate;
  nights: number;
  rate?: number | null;
}

/** A week as the month view shows it: open to request, or not (taken, closed or past). */
export interface MonthWeek {
  checkIn: CalendarDate;
  checkOut: CalendarDate;
  nights: number;
  open: boolean;
  /** For signed-in members only. */
  rate?: number | null;
}

/** A week as the room type editor's calendar shows it. */
export interface CalendarWeek {
  checkIn: CalendarDate;
  checkOut: CalendarDate;
  nights: number;
  state: WeekState;
  rate: number | null;
  /** The admin set this week's rate (else it is the default). */
  ownRate: boolean;
}

/** When a stay begins and ends: the resort's check-in and check-out times, in its zone. */
export interface StayTimes {
  checkIn: ZonedTime;
  checkOut: ZonedTime;
}

/**
 * A stay's times from its days, the resort's hours ("16:00") and its IANA zone. Read on the
 * server (Intl), which hands pages them ready to show.
 */
export function stayTimes(stay: {
  checkInDate: CalendarDate;
  checkOutDate: CalendarDate;
  checkInTime: string;
  checkOutTime: string;
  timeZone: string;
}): StayTimes {
  return {
    checkIn: wallClockTime(stay.checkInDate, stay.checkInTime, stay.timeZone),
    checkOut: wallClockTime(stay.checkOutDate, stay.checkOutTime, stay.timeZone),
  };
}

/** A week as the booking form offers it: its dates, rate, nightly charges and estimated total. */
export interface QuotedWeek {
  id: string;
  checkIn: CalendarDate;
  checkOut: CalendarDate;
  nights: number;
  state: WeekState;
  /** It checks in on or before the resort's today: no longer offered. */
  begun: boolean;
  /** When the stay begins and ends, on the resort's clock (stayTimes), and its prices' currency. */
  times: StayTimes;
  currency: string;
  rate: number | null;
  charges: AppliedCharge[];
  estimatedTotal: number | null;
}

/** The booking form's address for a week of a room ("Request this week"). */
export const requestWeekHref = (locationKey: string, roomTypeId: string, checkIn: CalendarDate) =>
  `/book?${new URLSearchParams({ location: locationKey, roomType: roomTypeId, week: checkIn })}`;

/** The month view of a room's weeks (`month` as YYYY-MM; none for the current month). */
export function roomWeeksHref(locationKey: string, roomTypeId: string, month?: string) {
  const params = new URLSearchParams({ room: roomTypeId });
  if (month) params.set("month", month);
  return `/locations/${locationKey}/weeks?${params}`;
}
