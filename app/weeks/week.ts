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
  /** A held week whose waitlist the member came to join ("Join the waitlist"). */
  held: "Another member's request holds this week. If it frees, it is offered to the members on its waitlist, in the order they joined.",
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

/** An open week of a room, as the booking form offers it instead of a taken one. */
export interface OpenWeek {
  checkIn: CalendarDate;
  checkOut: CalendarDate;
  nights: number;
}

/**
 * What a member may ask of a week on show: to request it (`open`), or to join its waitlist
 * (`held`: a member's request holds it, or it is offered to a member waiting, and it may free).
 * A booked or closed week never frees: it is `unavailable`, like one that has begun.
 */
export type WeekAvailability = "open" | "held" | "unavailable";

/**
 * A week a room option, the month view or the month search lists. Only signed-in members get an
 * open week's rate, how many members wait for a held one, and their own request for it, if any.
 */
export interface ListedWeek extends OpenWeek {
  availability: Exclude<WeekAvailability, "unavailable">;
  rate?: number | null;
  /** A held week's waitlist: the members waiting for it, or offered it now. */
  waiting?: number;
  /** The member's own undecided request for the week (they hold it, or wait for it). */
  ownRequestId?: string | null;
}

/** A week as the month view shows it: also those not available (booked, closed or begun). */
export interface MonthWeek extends Omit<ListedWeek, "availability"> {
  availability: WeekAvailability;
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

/** The booking form's parameter that chooses a held week's waitlist. */
export const WAITLIST_PARAM = "waitlist";

/**
 * The booking form's address for a held week with its waitlist chosen ("Join the waitlist"): /book
 * reads `waitlist=yes` as the box "Put me on the waitlist for this week" ticked.
 */
export const joinWaitlistHref = (locationKey: string, roomTypeId: string, checkIn: CalendarDate) =>
  `${requestWeekHref(locationKey, roomTypeId, checkIn)}&${WAITLIST_PARAM}=yes`;

/** The month view of a room's weeks (`month` as YYYY-MM; none for the current month). */
export function roomWeeksHref(locationKey: string, roomTypeId: string, month?: string) {
  const params = new URLSearchParams({ room: roomTypeId });
  if (month) params.set("month", month);
  return `/locations/${locationKey}/weeks?${params}`;
}
