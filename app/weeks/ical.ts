import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { type CalendarDate } from "./calendar";

/**
 * Stays as iCalendar (RFC 5545) all-day events: check-in to check-out, in the resort's own
 * calendar dates (DTSTART;VALUE=DATE), so no time zone moves them. Used for the confirmation's
 * calendar attachment and the staff's feed of a room type's weeks.
 */

export interface StayEvent {
  /** Stable across updates, so a calendar replaces rather than duplicates the event. */
  uid: string;
  checkIn: CalendarDate;
  checkOut: CalendarDate;
  summary: string;
  location: string;
  description: string;
  /** Not yet confirmed (a requested week). */
  tentative?: boolean;
}

/** A calendar date as the Date ical-generator formats (as UTC, the Workers clock's zone). */
const day = (date: CalendarDate) => new Date(`${date}T00:00:00Z`);

export function stayCalendar(siteName: string, events: StayEvent[]) {
  const calendar = ical({
    name: siteName,
    prodId: { company: siteName, product: "Stays" },
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      start: day(event.checkIn),
      end: day(event.checkOut),
      allDay: true,
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: event.tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
