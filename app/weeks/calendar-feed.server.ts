import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { bookingRequests, locations, roomTypes, weeks } from "~/db/schema";
import { addDays, todayUtc } from "./calendar";
import { type SiteConfig } from "~/lib/site.server";
import { stayCalendar } from "./ical";
import { zonedDateTimeAndUtc, zonedTime } from "~/lib/zoned-time";

/**
 * A room type's staff calendar feed: the secret in its address, and the requested and booked
 * weeks it lists, each with its guest.
 */

/** A new secret for a room type's staff calendar feed: the old address stops working. */
export async function renewCalendarToken(db: Db, roomTypeId: string) {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
  const [updated] = await db
    .update(roomTypes)
    .set({ calendarToken: token })
    .where(eq(roomTypes.id, roomTypeId))
    .returning({ locationId: roomTypes.locationId });
  return updated ? { token, locationId: updated.locationId } : null;
}

/** What a feed's address may carry: the 43 characters of a token. */
const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The staff calendar of a room type, by its feed's secret: its requested and booked weeks (from a
 * month back), each with the guest's name; null for an unknown or revoked secret.
 */
export async function roomCalendar(
  db: Db,
  {
    token,
    site,
    now,
  }: { token: string; site: Pick<SiteConfig, "siteName" | "contactEmail">; now: Date },
) {
  if (!CALENDAR_TOKEN.test(token)) return null;
  const [room] = await db
    .select({
      id: roomTypes.id,
      name: roomTypes.name,
      locationName: locations.name,
      checkInTime: locations.checkInTime,
      checkOutTime: locations.checkOutTime,
      timeZone: locations.timeZone,
    })
    .from(roomTypes)
    .innerJoin(locations, eq(locations.id, roomTypes.locationId))
    .where(eq(roomTypes.calendarToken, token))
    .limit(1);
  if (!room) return null;
  const taken = await db
    .select({
      id: weeks.id,
      checkIn: weeks.checkIn,
      nights: weeks.nights,
      state: weeks.state,
      heldUntil: weeks.heldUntil,
      firstName: bookingRequests.firstName,
      lastName: bookingRequests.lastName,
      email: bookingRequests.email,
      requestId: bookingRequests.id,
      status: bookingRequests.status,
    })
    .from(weeks)
    .leftJoin(bookingRequests, eq(bookingRequests.id, weeks.requestId))
    .where(
      and(
        eq(weeks.roomTypeId, room.id),
        inArray(weeks.state, ["requested", "booked"]),
        gt(weeks.checkIn, addDays(todayUtc(now), -31)),
      ),
    )
    .orderBy(asc(weeks.checkIn));
  return stayCalendar(
    { ...site, name: `${site.siteName}: ${room.locationName}, ${room.name}` },
    taken.map((week) => {
      const guest = week.firstName ? `${week.firstName} ${week.lastName}` : "a guest";
      return {
        uid: `${week.id}@weeks`,
        checkIn: week.checkIn,
        checkOut: addDays(week.checkIn, week.nights),
        checkInTime: room.checkInTime,
        checkOutTime: room.checkOutTime,
        timeZone: room.timeZone,
        // As the inbox and the member's page say it: a held week may be offered to a waitlist.
        summary:
          week.state === "booked"
            ? `Booked: ${guest}`
            : week.status === "offered"
              ? `Offered: ${guest}`
              : week.status === "confirmed"
                ? `Confirmed, unpaid: ${guest}`
                : `Requested: ${guest}`,
        location: room.locationName,
        description: [
          `${room.locationName}, ${room.name}`,
          week.state === "requested" && week.heldUntil
            ? `${week.status === "offered" ? "Offered" : week.status === "confirmed" ? "To be paid" : "Held"} until ${zonedDateTimeAndUtc(zonedTime(week.heldUntil, room.timeZone))}`
            : null,
          week.email ? `Guest: ${week.email}` : null,
          week.requestId ? `Request id: ${week.requestId}` : null,
        ]
          .filter(Boolean)
          .join("\n"),
        tentative: week.state === "requested",
      };
    }),
  );
}
