import { and, asc, eq, gt } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import {
  bookingRequestEvents,
  bookingRequests,
  emailDeliveries,
  locations,
  roomTypes,
  weeks,
} from "~/db/schema";
import { decideBooking, markPaid, sweepRequests } from "~/request-life/life.server";
import { addDays } from "~/weeks/calendar";
import { openRoomSeason } from "~/weeks/week-editor.server";
import { createUser, signIn } from "./auth-helpers";
import { BOT_CHECK, post, requestContextAt, testApp } from "./helpers";
import { resortToday, testNow } from "./clock";

/**
 * A resort of a test file's own, with a room whose weeks are open for a season, and the steps of
 * a request's life as its tests take them: members sending the booking form, staff deciding, the
 * sweep, and what the database then holds.
 */

const { db } = testApp;

export interface Member {
  id: string;
  email: string;
  cookie: string;
}

/** A signed-in member. */
export async function member(): Promise<Member> {
  const user = await createUser();
  return { ...user, cookie: await signIn(user.id) };
}

export const statusOf = async (id: string) =>
  (await db.select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;
export const weekOf = async (id: string) =>
  (await db.select().from(weeks).where(eq(weeks.id, id)))[0]!;

/** The e-mails stored about a request, oldest first. */
export const emailsAbout = (requestId: string) =>
  db
    .select({
      id: emailDeliveries.id,
      to: emailDeliveries.to,
      subject: emailDeliveries.subject,
      text: emailDeliveries.text,
    })
    .from(emailDeliveries)
    .where(eq(emailDeliveries.requestId, requestId))
    .orderBy(asc(emailDeliveries.createdAt));

export const historyOf = async (requestId: string) =>
  (
    await db
      .select({ event: bookingRequestEvents.event })
      .from(bookingRequestEvents)
      .where(eq(bookingRequestEvents.requestId, requestId))
  ).map((row) => row.event);

/** Runs a change as a request at `now` would, and waits for what it sends after the response. */
export async function at<T>(
  now: Date,
  change: (app: ReturnType<typeof requestContextAt>["app"]) => Promise<T>,
) {
  const { app, settle } = requestContextAt(now);
  const result = await change(app);
  await settle();
  return result;
}

export const staff = "staff-admin@example.com";
export const decide = (id: string, decision: "confirmed" | "declined", now = testNow()) =>
  at(now, (app) => decideBooking(app, { id, decision, adminEmail: staff }));
export const sweep = (now: Date) => at(now, (app) => sweepRequests(app));
export const pay = (id: string, now = testNow()) =>
  at(now, (app) => markPaid(app, { id, adminEmail: staff, note: "Bank transfer received" }));

/** A member's action on their request's page. */
export function memberPost(who: Member, id: string, intent: string) {
  return post(`/members/requests/${id}`, { intent }, who.cookie);
}

/** The member's one request for the week. */
export async function requestOf(who: Member, weekId: string) {
  const [row] = await db
    .select()
    .from(bookingRequests)
    .where(and(eq(bookingRequests.weekId, weekId), eq(bookingRequests.userId, who.id)));
  return row!;
}

/**
 * The file's own resort (`name`, in `timeZone`, at `place`), so no other file's requests hold its
 * weeks.
 */
export function lifeFixture(
  name: string,
  timeZone = "America/New_York",
  place: { city: string | null; state: string | null; country?: string } = {
    city: "Sarasota",
    state: "Florida",
  },
) {
  const LOCATION = {
    id: `life-${crypto.randomUUID().slice(0, 8)}`,
    name,
    ...place,
    timeZone,
  };
  const ROOM = `${LOCATION.id}-room`;

  beforeAll(async () => {
    await db.insert(locations).values({ ...LOCATION, slug: LOCATION.id, description: "Bay views" });
    await db.insert(roomTypes).values({
      id: ROOM,
      locationId: LOCATION.id,
      name: "Two-Bedroom Suite",
      price: 2100,
      maxGuests: 6,
      published: true,
    });
    await openRoomSeason(db, ROOM, resortToday(LOCATION.timeZone));
  });

  /** Weeks of the room nobody asked for yet, in order; each test takes its own. */
  let weeksTaken = 0;
  async function freshWeek() {
    const open = await db
      .select()
      .from(weeks)
      .where(
        and(
          eq(weeks.roomTypeId, ROOM),
          eq(weeks.state, "open"),
          gt(weeks.checkIn, resortToday(LOCATION.timeZone)),
        ),
      )
      .orderBy(asc(weeks.checkIn));
    // Two weeks on from today and apart from each other: an offer's day never reaches check-in.
    const week = open[2 + weeksTaken++]!;
    return week;
  }

  /** A member sends the booking form for the week (on its waitlist with `waitlist`). */
  function sendWeek(who: Member, checkIn: string, { waitlist = false } = {}) {
    const form = {
      location: LOCATION.id,
      roomType: ROOM,
      week: checkIn,
      checkInDate: checkIn,
      checkOutDate: addDays(checkIn, 7),
      firstName: "Ana",
      lastName: who.email.split("@")[0]!,
      email: who.email,
      phone: "+1 555 0100",
      adults: "2",
      children: "0",
      infants: "0",
      idempotencyKey: crypto.randomUUID(),
      ...BOT_CHECK,
      ...(waitlist ? { waitlist: "yes" } : {}),
    };
    return post(`/book?location=${LOCATION.id}&roomType=${ROOM}&week=${checkIn}`, form, who.cookie);
  }

  /** A week held by one member, with two more waiting for it in order. */
  async function heldWithWaitlist() {
    const week = await freshWeek();
    const [holder, first, second] = [await member(), await member(), await member()];
    expect((await sendWeek(holder, week.checkIn)).status).toBe(302);
    expect((await sendWeek(first, week.checkIn, { waitlist: true })).status).toBe(302);
    expect((await sendWeek(second, week.checkIn, { waitlist: true })).status).toBe(302);
    return {
      week,
      holder: { ...holder, request: await requestOf(holder, week.id) },
      first: { ...first, request: await requestOf(first, week.id) },
      second: { ...second, request: await requestOf(second, week.id) },
    };
  }

  return { LOCATION, ROOM, freshWeek, sendWeek, heldWithWaitlist };
}
