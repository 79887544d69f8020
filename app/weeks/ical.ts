import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { type CalendarDate } from "./calendar";

/**
 * Stays as iCalendar (RFC 5545) events from check-in to check-out at the resort's own times, in
 * its own time zone (DTSTART;TZID=Pacific/Honolulu:20261219T160000), with the zone's rules
 * (VTIMEZONE) in the file: a calendar shows the stay at the hours the resort keeps, whatever zone
 * the reader is in (docs/decisions/013-stays-as-timed-events.md). Used for the confirmation's
 * calendar attachment and the staff's feed of a room type's weeks.
 */

/**
 * The files' METHOD: published by the site, for a calendar to show, not to answer. The
 * Content-Type they are served and attached with names it too, as RFC 5545 (§3.7.2) asks.
 */
export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8; method=PUBLISH";

export interface StayEvent {
  /** Stable across updates, so a calendar replaces rather than duplicates the event. */
  uid: string;
  checkIn: CalendarDate;
  checkOut: CalendarDate;
  /** The resort's check-in and check-out times ("16:00") and its IANA time zone. */
  checkInTime: string;
  checkOutTime: string;
  timeZone: string;
  summary: string;
  location: string;
  description: string;
  /** Not yet confirmed (a requested week). */
  tentative?: boolean;
}

/**
 * A resort's date and time as the Date ical-generator writes as that wall-clock time: it writes a
 * zoned event's Date in the runtime's zone, which in Workers is UTC.
 */
const wallClock = (date: CalendarDate, time: string) => new Date(`${date}T${time}:00Z`);

/** The zone's VTIMEZONE block; null for a zone the library does not know (its TZID still says it). */
const vtimezone = (zone: string) => tzlib_get_ical_block(zone)[0] || null;

/** A calendar's name, and the site that publishes it: its name and address, each event's organizer. */
interface CalendarOf {
  name: string;
  siteName: string;
  contactEmail: string;
}

export function stayCalendar({ name, siteName, contactEmail }: CalendarOf, events: StayEvent[]) {
  const calendar = ical({
    name,
    prodId: { company: siteName, product: "Stays" },
    method: ICalCalendarMethod.PUBLISH,
    // The generator writes the rules of every zone the events are in, each once. No zone of the
    // calendar's own: given one, ical-generator writes DTSTAMP in it, where RFC 5545 asks for UTC,
    // and adds TIMEZONE-ID, a property no RFC defines.
    timezone: { name: null, generator: vtimezone },
  });
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      start: wallClock(event.checkIn, event.checkInTime),
      end: wallClock(event.checkOut, event.checkOutTime),
      timezone: event.timeZone,
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: event.tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      // A published event names who publishes it (RFC 5546).
      organizer: { name: siteName, email: contactEmail },
    });
  }
  // Every line ends in CRLF, the last one too: ical-generator leaves it off.
  return `${calendar.toString()}\r\n`;
}
