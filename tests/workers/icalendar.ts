import ICAL from "ical.js";
import { expect } from "vitest";

/** The properties RFC 5545 and RFC 7986 give a calendar itself; any other must be an X- one. */
const CALENDAR_PROPERTIES = new Set([
  "PRODID",
  "VERSION",
  "CALSCALE",
  "METHOD",
  "NAME",
  "DESCRIPTION",
  "UID",
  "URL",
  "LAST-MODIFIED",
  "CATEGORIES",
  "REFRESH-INTERVAL",
  "SOURCE",
  "COLOR",
  "IMAGE",
]);

const octets = (line: string) => new TextEncoder().encode(line).length;

/**
 * The events of an iCalendar file as a calendar app reads them (ical.js, each zone the file
 * defines registered, so an event's times resolve to instants), once the file is held to RFC 5545:
 * every line ends in CRLF and is at most 75 octets; the calendar has its VERSION and PRODID and
 * no property the RFCs do not name; its METHOD is the one its Content-Type says (§3.7.2), and a
 * published event names its organizer (RFC 5546); each event has its UID and a DTSTAMP in UTC
 * (§3.8.7.2), and its start and end name a zone (TZID) whose VTIMEZONE the file carries.
 */
export function readCalendar(text: string, contentType: string | null) {
  expect(text.endsWith("\r\n"), "the last line ends in CRLF too").toBe(true);
  const lines = text.slice(0, -2).split("\r\n");
  expect(
    lines.filter((line) => /[\r\n]/.test(line)),
    "lines end in CRLF, not LF",
  ).toEqual([]);
  expect(
    lines.filter((line) => octets(line) > 75),
    "lines of at most 75 octets",
  ).toEqual([]);

  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe("vcalendar");
  const names = calendar.getAllProperties().map((property) => property.name.toUpperCase());
  expect(names.filter((name) => !CALENDAR_PROPERTIES.has(name) && !name.startsWith("X-"))).toEqual(
    [],
  );
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  expect(calendar.getAllProperties("prodid")).toHaveLength(1);
  const method = calendar.getFirstPropertyValue("method");
  const methodParameter = /;\s*method=([^;\s]+)/i.exec(contentType ?? "")?.[1];
  expect(methodParameter?.toUpperCase() ?? null, "METHOD as the Content-Type says").toBe(
    method ?? null,
  );

  const zones = new Set<string>();
  for (const zone of calendar.getAllSubcomponents("vtimezone")) {
    zones.add(String(zone.getFirstPropertyValue("tzid")));
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  const events = calendar.getAllSubcomponents("vevent");
  for (const event of events) {
    expect(event.getAllProperties("uid")).toHaveLength(1);
    const stamps = event.getAllProperties("dtstamp");
    expect(stamps).toHaveLength(1);
    expect(String(stamps[0]!.toICALString()), "DTSTAMP in UTC").toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    for (const name of ["dtstart", "dtend"]) {
      const zone = event.getFirstProperty(name)?.getParameter("tzid");
      expect(zones, `${name.toUpperCase()}'s TZID has its VTIMEZONE`).toContain(zone);
    }
    if (method === "PUBLISH") expect(event.getFirstPropertyValue("organizer")).toBeTruthy();
  }
  return events.map((event) => new ICAL.Event(event));
}
