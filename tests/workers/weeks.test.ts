import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, asc, count, eq, gt, gte, inArray, lte, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSession } from "~/accounts/session.server";
import { createAppContext } from "~/context";
import { createDb } from "~/db/client.server";
import { bookingRequests, emailDeliveries, roomTypes, weeks } from "~/db/schema";
import { bookingSchema } from "~/guest-requests/booking";
import { bookingKind } from "~/guest-requests/booking.server";
import { formatStayDate } from "~/guest-requests/format";
import { decideBooking, markPaid } from "~/request-life/life.server";
import { transitionToast } from "~/guest-requests/inbox-decisions.server";
import { catalogueVersion, invalidateLocationCaches } from "~/lib/cache.server";
import { storeRequest } from "~/guest-requests/store.server";
import { addDays, nextWeekday } from "~/weeks/calendar";
import { estimatedTotal, weekRate } from "~/weeks/rates";
import { WEEK_MESSAGES } from "~/weeks/week";
import { importWeeks } from "~/weeks/weeks-import.server";
import { openRoomSeason, setWeekRange } from "~/weeks/week-editor.server";
import { listedWeeksQuery } from "~/weeks/open-weeks.server";
import { seedWeeks } from "../../scripts/seed/seed";
import { createUser, SEEDED_MEMBER, signIn, type TestUser } from "./auth-helpers";
import { seedLocations } from "../../scripts/seed/data";
import {
  BOT_CHECK,
  carriesNumber,
  cookiePair,
  get,
  post,
  request,
  testApp,
  visibleSeed,
  visibleText,
} from "./helpers";
import { daysFromResortToday, resortToday, testNow } from "./clock";
import { readCalendar } from "./icalendar";
import { placeTimeZone } from "~/catalogue/time-zones";

const db = createDb(env.DB);
const location = visibleSeed.find((candidate) => candidate.roomTypes.length >= 2)!;
// A room for four: the party below (two adults and a child) fits it.
const roomTypeId = `${location.id}-room-2`;
const otherRoomTypeId = `${location.id}-room-1`;
const today = () => resortToday(placeTimeZone(location));
/**
 * A week that has begun: the Saturday week before the first one the seed opened (on or after
 * today), so it never takes a night of it. A week from five days ago did on Fridays and Saturdays.
 */
const PAST_WEEK = addDays(nextWeekday(today(), 6), -7);

async function memberCookie(userId = "user-member") {
  return cookiePair(await createSession(testApp, userId));
}

/** The room's open weeks ahead, in order; each test takes weeks no other test takes. */
async function openWeeks(room = roomTypeId) {
  return db
    .select()
    .from(weeks)
    .where(and(eq(weeks.roomTypeId, room), eq(weeks.state, "open"), gt(weeks.checkIn, today())))
    .orderBy(asc(weeks.checkIn));
}

const weekById = async (id: string) => (await db.select().from(weeks).where(eq(weeks.id, id)))[0]!;

function weekForm(week: string, overrides: Record<string, string> = {}) {
  return {
    location: location.slug,
    roomType: roomTypeId,
    week,
    // What a forged form might say: the server keeps the week's own dates.
    checkInDate: daysFromResortToday(placeTimeZone(location), 3),
    checkOutDate: daysFromResortToday(placeTimeZone(location), 4),
    firstName: "Ana",
    lastName: "Silva",
    phone: "+1 555 0100",
    adults: "2",
    children: "1",
    infants: "0",
    idempotencyKey: crypto.randomUUID(),
    ...BOT_CHECK,
    ...overrides,
  };
}

function postWeek(form: Record<string, string>, cookie: string) {
  return post(
    `/book?location=${location.slug}&roomType=${form.roomType}&week=${form.week}`,
    form,
    cookie,
  );
}

const requestsFor = (weekId: string) =>
  db.select().from(bookingRequests).where(eq(bookingRequests.weekId, weekId));

describe("the seeded weeks", () => {
  it("give every room type a week each Saturday for 18 months, and seeding again adds none", async () => {
    const [{ count, rooms, first, last }] = (await db
      .select({
        count: sql<number>`count(*)`,
        rooms: sql<number>`count(distinct ${weeks.roomTypeId})`,
        first: sql<string>`min(${weeks.checkIn})`,
        last: sql<string>`max(${weeks.checkIn})`,
      })
      .from(weeks)) as [{ count: number; rooms: number; first: string; last: string }];
    // Every seeded room type (other tests add rooms of their own).
    const roomCount = seedLocations.reduce((sum, seeded) => sum + seeded.roomTypes.length, 0);
    expect(rooms).toBeGreaterThanOrEqual(roomCount);
    expect(new Date(`${first}T00:00:00Z`).getUTCDay()).toBe(6);
    expect(first >= today()).toBe(true);
    expect(last > addDays(today(), 500)).toBe(true);
    // Seeding again leaves the seeded rooms' weeks as they are (rooms other tests added get theirs).
    const seededRoomWeeks = () => db.$count(weeks, eq(weeks.roomTypeId, roomTypeId));
    const before = await seededRoomWeeks();
    await seedWeeks(env);
    expect(await seededRoomWeeks()).toBe(before);
    expect(count).toBeGreaterThan(roomCount * 70);
  });
});

describe("requesting a week", () => {
  it("shows the member the week, its rate, each nightly charge and the estimated total", async () => {
    const [week] = await openWeeks();
    const [room] = await db.select().from(roomTypes).where(eq(roomTypes.id, roomTypeId));
    const response = await request(
      `/book?location=${location.slug}&roomType=${roomTypeId}&week=${week!.checkIn}`,
      { headers: { Cookie: await memberCookie() } },
    );
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    const rate = weekRate(room!, week!)!;
    const total = estimatedTotal(rate, week!.nights, room!)!;
    expect(text).toContain("Your Week");
    expect(text).toContain("Weekly rate");
    expect(text).toContain(`$${rate.toLocaleString("en-US")}`);
    expect(text).toContain("Estimated total");
    expect(text).toContain(
      `$${total.toLocaleString("en-US", { minimumFractionDigits: Number.isInteger(total) ? 0 : 2 })}`,
    );
  });

  it("holds the week with the stored request: the week's dates, rate and total, whatever the form said", async () => {
    const week = (await openWeeks())[1]!;
    const form = weekForm(week.checkIn);
    const response = await postWeek(form, await memberCookie());
    expect(response.status).toBe(302);
    const [stored] = await requestsFor(week.id);
    expect(stored).toMatchObject({
      checkInDate: week.checkIn,
      checkOutDate: addDays(week.checkIn, week.nights),
      waitlist: false,
    });
    expect(stored!.weekRate).toBeGreaterThan(0);
    expect(stored!.estimatedTotal).toBeGreaterThanOrEqual(stored!.weekRate!);
    expect(await weekById(week.id)).toMatchObject({ state: "requested", requestId: stored!.id });
    const held = await weekById(week.id);
    const hours = (Date.parse(held.heldUntil!) - testNow().getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
  });

  it("the same form sent again (a double click, a retry, Back and send) answers with the first request, not 'taken'", async () => {
    const week = (await openWeeks())[5]!;
    const cookie = await memberCookie();
    const form = weekForm(week.checkIn);
    const first = await postWeek(form, cookie);
    expect(first.status).toBe(302);
    const again = await Promise.all(Array.from({ length: 6 }, () => postWeek(form, cookie)));
    expect(again.map((response) => response.status)).toEqual(Array(6).fill(302));
    expect(new Set(again.map((response) => response.headers.get("Location")))).toEqual(
      new Set([first.headers.get("Location")]),
    );
    const stored = await requestsFor(week.id);
    expect(stored).toHaveLength(1);
    expect(await weekById(week.id)).toMatchObject({ state: "requested", requestId: stored[0]!.id });
  });

  it("another member's form key does not reach the first member's request", async () => {
    const week = (await openWeeks())[6]!;
    const form = weekForm(week.checkIn);
    expect((await postWeek(form, await memberCookie())).status).toBe(302);
    const other = await postWeek(form, await memberCookie("user-admin"));
    expect(other.status).toBe(409);
    expect(visibleText(await other.text())).toContain(WEEK_MESSAGES.taken);
  });

  it("a taken week sent without its waitlist says what to do next, and keeps what was typed", async () => {
    const week = (await openWeeks())[16]!;
    expect((await postWeek(weekForm(week.checkIn), await memberCookie())).status).toBe(302);
    const second = await memberCookie((await createUser()).id);
    const sent = await postWeek(weekForm(week.checkIn, { firstName: "Rita" }), second);
    expect(sent.status).toBe(409);
    const html = await sent.text();
    const text = visibleText(html);
    expect(text).toContain(WEEK_MESSAGES.takenSent);
    // Said once: not also the notice the page showed before it was sent.
    expect(text.split(WEEK_MESSAGES.taken).length - 1).toBe(1);
    expect(html).toMatch(
      /<input[^>]*name="firstName"[^>]*value="Rita"|value="Rita"[^>]*name="firstName"/,
    );
    expect(text).toContain("Put me on the waitlist for this week");
    expect(await requestsFor(week.id)).toHaveLength(1);
  });

  it("of 50 requests for one week at the same moment, exactly one holds it", async () => {
    const week = (await openWeeks())[2]!;
    // A member of their own: their account's address finds the rows and e-mails below.
    const member = await createUser();
    const guest = member.email;
    const cookie = await memberCookie(member.id);
    const forms = Array.from({ length: 50 }, () => weekForm(week.checkIn));
    const responses = await Promise.all(forms.map((form) => postWeek(form, cookie)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    // Sent by one member (many tabs): each refused page says the week is theirs already.
    const refused = responses.find((response) => response.status === 409)!;
    expect(visibleText(await refused.text())).toContain(WEEK_MESSAGES.alreadyAsked);

    const stored = await requestsFor(week.id);
    expect(stored).toHaveLength(1);
    expect(await weekById(week.id)).toMatchObject({ state: "requested", requestId: stored[0]!.id });
    expect(
      await db
        .select({ id: bookingRequests.id })
        .from(bookingRequests)
        .where(eq(bookingRequests.email, guest)),
    ).toEqual([{ id: stored[0]!.id }]);
    // One receipt, for the request that holds it: none left behind by the 49.
    const receipts = await db
      .select({ requestId: emailDeliveries.requestId })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.to, guest));
    expect(receipts).toEqual([{ requestId: stored[0]!.id }]);
  });

  it("when all 50 have read the week as open, the hold itself lets exactly one through", async () => {
    const week = (await openWeeks())[8]!;
    const member = await createUser();
    const guest = member.email;
    // Every request is checked against the open week before any of them is stored.
    let checked = 0;
    let release!: () => void;
    const allChecked = new Promise<void>((resolve) => (release = resolve));
    const racing: typeof bookingKind = {
      ...bookingKind,
      async toRow(app, input, keys) {
        const row = await bookingKind.toRow(app, input, keys);
        if (++checked === 50) release();
        await allChecked;
        return row;
      },
    };
    const ctx = createExecutionContext();
    const app = createAppContext({ env, ctx }, new Request("http://localhost/book"));
    const input = bookingSchema({ today: today() }).parse(weekForm(week.checkIn));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        storeRequest(app, racing, { ...input, idempotencyKey: crypto.randomUUID() }, member),
      ),
    );
    await waitOnExecutionContext(ctx);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refusals = outcomes.flatMap((outcome) =>
      outcome.status === "rejected" ? [(outcome.reason as Error).message] : [],
    );
    expect(refusals).toEqual(Array(49).fill(WEEK_MESSAGES.takenSent));
    const stored = await requestsFor(week.id);
    expect(stored).toHaveLength(1);
    expect(await weekById(week.id)).toMatchObject({ state: "requested", requestId: stored[0]!.id });
    expect(
      await db
        .select({ id: bookingRequests.id })
        .from(bookingRequests)
        .where(eq(bookingRequests.email, guest)),
    ).toEqual([{ id: stored[0]!.id }]);
    const receipts = await db
      .select({ requestId: emailDeliveries.requestId })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.to, guest));
    expect(receipts).toEqual([{ requestId: stored[0]!.id }]);
  });

  it("a second member then sees the week taken with the next open weeks, and can join its waitlist", async () => {
    const week = (await openWeeks())[3]!;
    const first = await postWeek(weekForm(week.checkIn), await memberCookie());
    expect(first.status).toBe(302);

    const second = await memberCookie((await createUser()).id);
    const page = await request(
      `/book?location=${location.slug}&roomType=${roomTypeId}&week=${week.checkIn}`,
      { headers: { Cookie: second } },
    );
    const text = visibleText(await page.text());
    expect(text).toContain(WEEK_MESSAGES.taken);
    expect(text).toContain("Next open weeks of this room");
    expect(text).toContain("Put me on the waitlist for this week");

    const waitlisted = await postWeek(weekForm(week.checkIn, { waitlist: "yes" }), second);
    expect(waitlisted.status).toBe(302);
    const stored = await requestsFor(week.id);
    expect(stored.map((row) => row.waitlist).sort()).toEqual([false, true]);
    // The first request still holds it.
    const holder = stored.find((row) => !row.waitlist)!;
    expect((await weekById(week.id)).requestId).toBe(holder.id);
  });

  it("a member asks once per week: not for the waitlist of the week they hold, nor twice for one waitlist, even at once", async () => {
    const week = (await openWeeks())[7]!;
    const holder = await memberCookie((await createUser()).id);
    expect((await postWeek(weekForm(week.checkIn), holder)).status).toBe(302);
    // Back on the form (or a second tab): the member is told they asked, and led to the request.
    const ownPage = await (
      await request(`/book?location=${location.slug}&roomType=${roomTypeId}&week=${week.checkIn}`, {
        headers: { Cookie: holder },
      })
    ).text();
    const own = visibleText(ownPage);
    expect(own).toContain(WEEK_MESSAGES.alreadyAsked);
    const [held] = await requestsFor(week.id);
    expect(ownPage).toMatch(
      new RegExp(`<a[^>]*href="/members/requests/${held!.id}"[^>]*>See your request</a>`),
    );
    expect(own).not.toContain(WEEK_MESSAGES.taken);
    expect(own).not.toContain("Put me on the waitlist");
    const onOwnWeek = await postWeek(weekForm(week.checkIn, { waitlist: "yes" }), holder);
    expect(onOwnWeek.status).toBe(409);
    expect(visibleText(await onOwnWeek.text())).toContain(WEEK_MESSAGES.alreadyAsked);

    const waiting = await memberCookie((await createUser()).id);
    const burst = await Promise.all(
      Array.from({ length: 50 }, () =>
        postWeek(weekForm(week.checkIn, { waitlist: "yes" }), waiting),
      ),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const stored = await requestsFor(week.id);
    expect(stored.map((row) => row.waitlist).sort()).toEqual([false, true]);
    // The member sees it as a place on the waitlist, not as a booking awaiting confirmation.
    const accepted = burst.find((response) => response.status === 302)!;
    const confirmation = visibleText(
      await (
        await request(accepted.headers.get("Location")!, { headers: { Cookie: waiting } })
      ).text(),
    );
    expect(confirmation).toContain(
      "You are on the waitlist: we will write if this week opens again.",
    );
    const members = visibleText(
      await (await request("/members", { headers: { Cookie: waiting } })).text(),
    );
    expect(members).toContain("On the waitlist");
    expect(members).not.toContain("Awaiting confirmation");
    // No e-mail is left behind by a refused request.
    const mailed = await db
      .select({ requestId: emailDeliveries.requestId })
      .from(emailDeliveries)
      .where(
        inArray(
          emailDeliveries.requestId,
          stored.map((row) => row.id),
        ),
      );
    expect(mailed).toHaveLength(4);
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)` })
      .from(emailDeliveries)
      .where(
        and(
          eq(emailDeliveries.requestKind, "booking"),
          sql`${emailDeliveries.requestId} not in (select id from booking_requests)`,
        ),
      )) as [{ count: number }];
    expect(count).toBe(0);
  });

  it.each([
    ["a date with no week (a Wednesday)", (checkIn: string) => addDays(checkIn, 4)],
    ["an impossible date", () => "2027-02-30"],
    ["a week that has begun", () => PAST_WEEK],
  ])("refuses %s with a clear message, writing nothing", async (_, weekOf) => {
    await db
      .insert(weeks)
      .values({ id: `${roomTypeId}-past`, roomTypeId, checkIn: PAST_WEEK, nights: 7 })
      .onConflictDoNothing();
    const week = (await openWeeks())[4]!;
    const form = weekForm(weekOf(week.checkIn));
    const response = await postWeek(form, await memberCookie());
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain(WEEK_MESSAGES.notFound);
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)` })
      .from(bookingRequests)
      .where(eq(bookingRequests.idempotencyKey, form.idempotencyKey))) as [{ count: number }];
    expect(count).toBe(0);
  });

  it("a week field changed by hand on a week's page is refused with its message in sight", async () => {
    const shown = (await openWeeks())[5]!;
    const form = weekForm(addDays(shown.checkIn, 4));
    const response = await request(
      `/book?location=${location.slug}&roomType=${roomTypeId}&week=${shown.checkIn}`,
      {
        method: "POST",
        body: new URLSearchParams(form),
        headers: { Origin: "http://localhost", Cookie: await memberCookie() },
        redirect: "manual",
      },
    );
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain(WEEK_MESSAGES.notFound);
    expect((await weekById(shown.id)).state).toBe("open");
  });

  it("a week shown for one room is not asked for another chosen after it (a form without JavaScript)", async () => {
    const cookie = await memberCookie();
    const shown = (await openWeeks())[6]!;
    const theirs = (await openWeeks(otherRoomTypeId)).find((w) => w.checkIn === shown.checkIn)!;
    const form = weekForm(shown.checkIn, { roomType: otherRoomTypeId, weekRoomType: roomTypeId });
    const response = await request(
      `/book?location=${location.slug}&roomType=${roomTypeId}&week=${shown.checkIn}`,
      {
        method: "POST",
        body: new URLSearchParams(form),
        headers: { Origin: "http://localhost", Cookie: cookie },
        redirect: "manual",
      },
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    // The seed numbers a location's rooms from 1: room-1 is its first.
    const otherName = location.roomTypes[0]!.name;
    expect(visibleText(html)).toContain(
      "The week shown below is of another room: choose one of this room's weeks",
    );
    expect(visibleText(html)).toContain(`Show the weeks of ${otherName}`);
    expect(html).toContain(
      `href="/book?location=${location.slug}&amp;roomType=${otherRoomTypeId}"`,
    );
    expect((await weekById(shown.id)).state).toBe("open");
    expect((await weekById(theirs.id)).state).toBe("open");
  });

  it("dates of the member's choosing that take a night of a held week are refused; other dates are not", async () => {
    const cookie = await memberCookie();
    const [held, , free] = (await openWeeks()).slice(8);
    await postWeek(weekForm(held!.checkIn), await memberCookie("user-admin"));
    expect((await weekById(held!.id)).state).toBe("requested");
    const otherDates = (checkInDate: string, checkOutDate: string) =>
      request(`/book?location=${location.slug}&roomType=${roomTypeId}`, {
        method: "POST",
        body: new URLSearchParams(
          Object.fromEntries(
            Object.entries(weekForm("", { checkInDate, checkOutDate })).filter(
              ([name]) => name !== "week",
            ),
          ),
        ),
        headers: { Origin: "http://localhost", Cookie: cookie },
        redirect: "manual",
      });
    // The held week's last night, and one night before it checks in.
    for (const [from, to] of [
      [addDays(held!.checkIn, 6), addDays(held!.checkIn, 9)],
      [addDays(held!.checkIn, -1), addDays(held!.checkIn, 1)],
    ] as const) {
      const refused = await otherDates(from, to);
      expect(refused.status).toBe(409);
      expect(visibleText(await refused.text())).toContain(WEEK_MESSAGES.datesTaken);
    }
    // A week's stay ending the morning the held week begins, and one over an open week's nights:
    // staff arrange them, and meanwhile the weeks they take are held for them.
    const before = await otherDates(addDays(held!.checkIn, -7), held!.checkIn);
    expect(before.status).toBe(302);
    expect(await weekById(held!.id)).toMatchObject({ state: "requested" });
    const cookieOfOther = await memberCookie((await createUser()).id);
    const overOpen = await request(`/book?location=${location.slug}&roomType=${roomTypeId}`, {
      method: "POST",
      body: new URLSearchParams(
        Object.fromEntries(
          Object.entries(
            weekForm("", { checkInDate: free!.checkIn, checkOutDate: addDays(free!.checkIn, 7) }),
          ).filter(([name]) => name !== "week"),
        ),
      ),
      headers: { Origin: "http://localhost", Cookie: cookieOfOther },
      redirect: "manual",
    });
    expect(overOpen.status).toBe(302);
    const [ownDates] = await db
      .select()
      .from(bookingRequests)
      .where(
        and(
          eq(bookingRequests.roomTypeId, roomTypeId),
          eq(bookingRequests.checkInDate, free!.checkIn),
        ),
      );
    expect(await weekById(free!.id)).toMatchObject({ state: "requested", requestId: ownDates!.id });
    // The estimate: the week's rate (its nights' shares) and the nightly charges.
    expect(ownDates!.estimatedTotal).toBeGreaterThan(0);
  });

  it("a link naming another resort's room offers this resort's rooms and dates, not that room's week", async () => {
    const other = visibleSeed.find(
      (candidate) => candidate.id !== location.id && candidate.roomTypes.length > 0,
    )!;
    const otherRoom = `${other.id}-room-1`;
    const [week] = await openWeeks(otherRoom);
    const response = await request(
      `/book?location=${location.slug}&roomType=${otherRoom}&week=${week!.checkIn}`,
      { headers: { Cookie: await memberCookie() } },
    );
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain("Preferred Dates");
    expect(text).not.toContain("Your Week");
  });

  it("refuses a week of another room type", async () => {
    const other = (await openWeeks(otherRoomTypeId))[5]!;
    // A date that is a week of the other room only.
    await db
      .delete(weeks)
      .where(and(eq(weeks.roomTypeId, roomTypeId), eq(weeks.checkIn, other.checkIn)));
    const form = weekForm(other.checkIn);
    const response = await postWeek(form, await memberCookie());
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain(WEEK_MESSAGES.notFound);
    expect((await weekById(other.id)).state).toBe("open");
  });
});

describe("staff decide a week's request", () => {
  async function heldWeek(index: number) {
    const week = (await openWeeks())[index]!;
    expect((await postWeek(weekForm(week.checkIn), await memberCookie())).status).toBe(302);
    const [stored] = await requestsFor(week.id);
    return { week, requestId: stored!.id };
  }

  async function decide(id: string, decision: "confirmed" | "declined") {
    const ctx = createExecutionContext();
    const app = createAppContext({ env, ctx }, new Request("http://localhost/admin/requests"));
    const result = await decideBooking(app, { id, decision, adminEmail: "admin@example.com" });
    await waitOnExecutionContext(ctx);
    return result;
  }

  /** Staff mark a confirmed stay paid (a bank transfer, by hand). */
  async function pay(id: string) {
    const ctx = createExecutionContext();
    const app = createAppContext({ env, ctx }, new Request("http://localhost/admin/requests"));
    const result = await markPaid(app, { id, adminEmail: "admin@example.com" });
    await waitOnExecutionContext(ctx);
    return result;
  }

  it("a request for the member's own dates holds the weeks it takes: confirmed, it books them; declined, it frees them", async () => {
    const [first, , third] = (await openWeeks()).slice(14);
    const ownDates = async (week: typeof first) => {
      const form = weekForm("", {
        checkInDate: week!.checkIn,
        checkOutDate: addDays(week!.checkIn, week!.nights),
      });
      const { week: _none, ...withoutWeek } = form;
      const response = await request(`/book?location=${location.slug}&roomType=${roomTypeId}`, {
        method: "POST",
        body: new URLSearchParams(withoutWeek),
        headers: { Origin: "http://localhost", Cookie: await memberCookie() },
        redirect: "manual",
      });
      expect(response.status).toBe(302);
      const [stored] = await db
        .select({ id: bookingRequests.id })
        .from(bookingRequests)
        .where(eq(bookingRequests.idempotencyKey, form.idempotencyKey));
      return stored!.id;
    };

    // Sent, it holds its week; confirmed, it holds it until paid; paid, the week is booked for it.
    const mine = await ownDates(first);
    expect(await weekById(first!.id)).toMatchObject({ state: "requested", requestId: mine });
    expect(await decide(mine, "confirmed")).toMatchObject({ ok: true });
    expect(await weekById(first!.id)).toMatchObject({ state: "requested", requestId: mine });
    expect(await pay(mine)).toMatchObject({ ok: true });
    expect(await weekById(first!.id)).toMatchObject({ state: "booked", requestId: mine });

    // While it holds its week, nobody else can ask for that week; declined, the week is free.
    const theirs = await ownDates(third);
    const refused = await postWeek(weekForm(third!.checkIn), await memberCookie("user-admin"));
    expect(refused.status).toBe(409);
    expect(await weekById(third!.id)).toMatchObject({ state: "requested", requestId: theirs });
    expect(await decide(theirs, "declined")).toMatchObject({ ok: true, freed: { opened: true } });
    expect(await weekById(third!.id)).toMatchObject({ state: "open", requestId: null });
    expect(
      (await postWeek(weekForm(third!.checkIn), await memberCookie("user-admin"))).status,
    ).toBe(302);
  });

  it("keeps the nightly charges as quoted, and the e-mails and the request's page list them", async () => {
    const [room] = await db.select().from(roomTypes).where(eq(roomTypes.id, roomTypeId));
    const charges = { freeParking: false, parkingCost: 30, noResortFees: true, localTaxes: 12.5 };
    await db.update(roomTypes).set(charges).where(eq(roomTypes.id, roomTypeId));
    try {
      const { week, requestId } = await heldWeek(24);
      const [booking] = await requestsFor(week.id);
      // The resort fee is waived: not counted, not listed.
      expect(booking!.quotedCharges).toEqual([
        { label: "Parking", perNight: 30 },
        { label: "Local taxes", perNight: 12.5 },
      ]);
      expect(booking!.estimatedTotal).toBe(booking!.weekRate! + 210 + 87.5);
      // A later change of the room's charges does not change what was quoted.
      await db.update(roomTypes).set({ parkingCost: 45 }).where(eq(roomTypes.id, roomTypeId));
      const lines = [
        "Parking (US$30 × 7 nights): US$210",
        "Local taxes (US$12.50 × 7 nights): US$87.50",
      ];
      const sent = await db
        .select({ text: emailDeliveries.text })
        .from(emailDeliveries)
        .where(eq(emailDeliveries.requestId, requestId));
      expect(sent).toHaveLength(2);
      for (const { text } of sent) {
        for (const line of lines) expect(text).toContain(line);
        expect(text).not.toContain("Resort fee");
      }
      expect(await decide(requestId, "confirmed")).toMatchObject({ ok: true });
      const page = visibleText(
        await (await get(`/members/requests/${requestId}`, await memberCookie())).text(),
      );
      // Each charge beside its amount, as the booking form showed them.
      expect(page).toMatch(/>Parking \(US\$30 × 7 nights\)<\/dt><dd[^>]*>US\$210</);
      expect(page).toMatch(/>Local taxes \(US\$12\.50 × 7 nights\)<\/dt><dd[^>]*>US\$87\.50</);
    } finally {
      await db.update(roomTypes).set(room!).where(eq(roomTypes.id, roomTypeId));
      await invalidateLocationCaches(env.CACHE);
    }
  });

  it("confirming asks the guest to pay, with the rate, the total and the terms' reminders; paying books the week and sends a calendar entry", async () => {
    const { week, requestId } = await heldWeek(6);
    expect(await decide(requestId, "confirmed")).toMatchObject({ ok: true });
    expect(await weekById(week.id)).toMatchObject({ state: "requested", requestId });

    const [booking] = await requestsFor(week.id);
    const [email] = await db
      .select()
      .from(emailDeliveries)
      .where(
        and(
          eq(emailDeliveries.requestId, requestId),
          eq(
            emailDeliveries.subject,
            `Your stay at ${location.name} is confirmed: please pay to secure it`,
          ),
        ),
      );
    // Asked to pay the estimate, by the deadline, and told how; no calendar entry until paid.
    expect(email!.text).toContain(
      `To secure it, please pay US$${booking!.estimatedTotal!.toLocaleString("en-US")} by `,
    );
    expect(email!.text).toContain("reply to this e-mail");
    expect(email!.headers).toMatchObject({ "Reply-To": "staff@insiderstays.example" });
    expect(email!.attachments).toBeNull();
    for (const line of [
      // The resort's hours name its zone (Maui keeps UTC−10 all year).
      `Check-in: ${formatStayDate(week.checkIn)}, from 4 PM (Hawaii-Aleutian Standard Time, UTC−10)`,
      `Check-out: ${formatStayDate(addDays(week.checkIn, week.nights))}, by 10 AM (Hawaii-Aleutian Standard Time, UTC−10)`,
      `Weekly rate: US$${booking!.weekRate!.toLocaleString("en-US")}`,
      `Estimated total (rate, fees and taxes): US$${booking!.estimatedTotal!.toLocaleString("en-US")}`,
      "All payments are non-refundable.",
      "must be 21 or older",
      "costs US$75",
    ]) {
      expect(email!.text).toContain(line);
    }
    expect(await pay(requestId)).toMatchObject({ ok: true });
    expect(await weekById(week.id)).toMatchObject({ state: "booked", requestId, heldUntil: null });
    const [receipt] = await db
      .select()
      .from(emailDeliveries)
      .where(
        and(
          eq(emailDeliveries.requestId, requestId),
          eq(emailDeliveries.subject, `Paid: your stay at ${location.name} is booked`),
        ),
      );
    expect(receipt!.text).toContain("You can now book your flights.");
    // The calendar entry, read back by an iCalendar parser: from check-in at 4 PM to check-out at
    // 10 AM in the resort's zone (Maui: UTC-10 all year), with the zone's rules in the file.
    const [attachment] = receipt!.attachments!;
    expect(attachment).toMatchObject({ filename: "stay.ics" });
    const event = readCalendar(attachment!.content, attachment!.contentType)[0]!;
    expect(event.startDate.toString()).toBe(`${week.checkIn}T16:00:00`);
    expect(event.startDate.zone?.tzid).toBe("Pacific/Honolulu");
    expect(event.startDate.toJSDate().toISOString()).toBe(
      `${addDays(week.checkIn, 1)}T02:00:00.000Z`,
    );
    expect(event.endDate.toString()).toBe(`${addDays(week.checkIn, week.nights)}T10:00:00`);
    expect(event.endDate.toJSDate().toISOString()).toBe(
      `${addDays(week.checkIn, week.nights)}T20:00:00.000Z`,
    );
    expect(event.summary).toContain(location.name);
    expect(event.uid).toContain(requestId);
  });
});

describe("own dates the calendar has no week for", () => {
  /** Dates a week past the room's last week, where no week can say they are taken. */
  async function datesPastTheCalendar() {
    const [{ last }] = (await db
      .select({ last: sql<string>`max(date(${weeks.checkIn}, '+' || ${weeks.nights} || ' days'))` })
      .from(weeks)
      .where(eq(weeks.roomTypeId, roomTypeId))) as [{ last: string }];
    const checkInDate = addDays(last, 7);
    return { checkInDate, checkOutDate: addDays(checkInDate, 7) };
  }

  async function askForDates(dates: Record<string, string>, cookie: string) {
    const { week: _none, ...form } = weekForm("", dates);
    const response = await request(`/book?location=${location.slug}&roomType=${roomTypeId}`, {
      method: "POST",
      body: new URLSearchParams(form),
      headers: { Origin: "http://localhost", Cookie: cookie },
      redirect: "manual",
    });
    const [stored] = await db
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .where(eq(bookingRequests.idempotencyKey, form.idempotencyKey));
    return { response, id: stored?.id };
  }

  const weeksFrom = (checkIn: string) =>
    db
      .select({ id: weeks.id })
      .from(weeks)
      .where(and(eq(weeks.roomTypeId, roomTypeId), eq(weeks.checkIn, checkIn)));

  /** A request of the room for these dates, stored as it is, with no week. */
  const ownDatesRow = (
    id: string,
    checkInDate: string,
    checkOutDate: string,
    status: "new" | "confirmed" = "new",
  ) => ({
    id,
    idempotencyKey: id,
    firstName: "Ana",
    lastName: "Silva",
    email: `guest-${id}@example.com`,
    phone: "+1 555 0100",
    checkInDate,
    checkOutDate,
    adults: 2,
    locationId: location.id,
    locationName: location.name,
    locationCountry: location.country,
    roomTypeId,
    roomTypeName: "Room",
    status,
  });

  async function confirm(id: string) {
    const ctx = createExecutionContext();
    const app = createAppContext({ env, ctx }, new Request("http://localhost/admin/requests"));
    const result = await decideBooking(app, {
      id,
      decision: "confirmed",
      adminEmail: "admin@example.com",
    });
    await waitOnExecutionContext(ctx);
    return result;
  }

  it("of fifty requests for the same nights confirmed at once, exactly one is confirmed", async () => {
    const dates = await datesPastTheCalendar();
    // Two weeks later than the other test's nights, so the two tests never share one.
    const checkIn = addDays(dates.checkInDate, 14);
    const ids = Array.from({ length: 50 }, () => crypto.randomUUID());
    const insert = (id: string) =>
      db.insert(bookingRequests).values(ownDatesRow(id, checkIn, addDays(checkIn, 7)));
    const [first, ...rest] = ids.map(insert);
    await db.batch([first!, ...rest]);
    const results = await Promise.all(ids.map((id) => confirm(id)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const confirmed = await db
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .where(and(inArray(bookingRequests.id, ids), eq(bookingRequests.status, "confirmed")));
    expect(confirmed).toHaveLength(1);
  });

  it("two members asking for the same nights are never both confirmed, even at once, and later askers are told the nights are booked", async () => {
    const dates = await datesPastTheCalendar();
    const first = await askForDates(dates, await memberCookie());
    const second = await askForDates(
      {
        ...dates,
        checkInDate: addDays(dates.checkInDate, 3),
        checkOutDate: addDays(dates.checkOutDate, 3),
      },
      await memberCookie("user-admin"),
    );
    // A member asks once for any night: the third is another member.
    const third = await askForDates(dates, await memberCookie((await createUser()).id));
    expect([first.response.status, second.response.status, third.response.status]).toEqual([
      302, 302, 302,
    ]);

    const results = await Promise.all([first.id!, second.id!, third.id!].map((id) => confirm(id)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([
      { ok: false, reason: "dates-taken" },
      { ok: false, reason: "dates-taken" },
    ]);
    const confirmed = await db
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .where(
        and(
          eq(bookingRequests.roomTypeId, roomTypeId),
          eq(bookingRequests.status, "confirmed"),
          inArray(bookingRequests.id, [first.id!, second.id!, third.id!]),
        ),
      );
    expect(confirmed).toHaveLength(1);

    expect(
      transitionToast({ intent: "confirm", id: second.id! }, { ok: false, reason: "dates-taken" })
        .message,
    ).toContain("take a night already booked for another request");

    // A night of the confirmed stay is no longer offered to anyone.
    const late = await askForDates(
      { checkInDate: addDays(dates.checkInDate, 6), checkOutDate: addDays(dates.checkInDate, 13) },
      await memberCookie(),
    );
    expect(late.response.status).toBe(409);
    expect(visibleText(await late.response.text())).toContain(WEEK_MESSAGES.nightsBooked);
    expect(late.id).toBeUndefined();

    // An import may not open a week over those nights; a closed one says nothing is offered.
    const slug = location.slug;
    const importRow = (state: string) =>
      `location,room_type,check_in,nights,rate,state\r\n${slug},${roomTypeId},${dates.checkInDate},7,,${state}\r\n`;
    const opened = await importWeeks(db, importRow("open"), testNow());
    expect(opened).toMatchObject({
      ok: false,
      problems: [
        {
          line: 2,
          message: `These nights are booked for a confirmed request (${dates.checkInDate} to ${dates.checkOutDate}): write closed, or leave the week out.`,
        },
      ],
    });
    expect(await weeksFrom(dates.checkInDate)).toEqual([]);
    expect(await importWeeks(db, importRow("closed"), testNow())).toEqual({ ok: true, written: 1 });
    await db.delete(weeks).where(eq(weeks.id, `${roomTypeId}-${dates.checkInDate}`));

    // A week added later over those nights (by the calendar, say) is not theirs to hold.
    const added = {
      id: `${roomTypeId}-${dates.checkInDate}`,
      roomTypeId,
      checkIn: dates.checkInDate,
      nights: 7,
    };
    await db.insert(weeks).values(added);
    const offered = await request(
      `/book?location=${location.slug}&roomType=${roomTypeId}&week=${added.checkIn}`,
      { headers: { Cookie: await memberCookie() } },
    );
    expect(visibleText(await offered.text())).toContain(WEEK_MESSAGES.taken);
    const overBooked = await postWeek(weekForm(added.checkIn), await memberCookie());
    expect(overBooked.status).toBe(409);
    expect(visibleText(await overBooked.text())).toContain(WEEK_MESSAGES.taken);
    expect((await weekById(added.id)).state).toBe("open");
  });
  it("a member who asks again for the same dates (Back, then send again) is told so; of asks sent at once one is kept", async () => {
    const past = await datesPastTheCalendar();
    // Past the other tests' nights, so none of them shares one.
    const checkInDate = addDays(past.checkInDate, 70);
    const dates = { checkInDate, checkOutDate: addDays(checkInDate, 7) };
    const cookie = await memberCookie();
    const first = await askForDates(dates, cookie);
    expect(first.response.status).toBe(302);
    const again = await askForDates(dates, cookie);
    expect(again.response.status).toBe(409);
    expect(visibleText(await again.response.text())).toContain(WEEK_MESSAGES.datesAlreadyAsked);
    expect(again.id).toBeUndefined();
    // Another member may ask for them; so may this one, for other dates.
    expect((await askForDates(dates, await memberCookie("user-admin"))).response.status).toBe(302);
    const later = { checkInDate: addDays(checkInDate, 14), checkOutDate: addDays(checkInDate, 21) };
    // Nor for nights that overlap those they asked for.
    const overlapping = await askForDates(
      { checkInDate: addDays(checkInDate, 3), checkOutDate: addDays(checkInDate, 10) },
      cookie,
    );
    expect(overlapping.response.status).toBe(409);
    const atOnce = await Promise.all(Array.from({ length: 50 }, () => askForDates(later, cookie)));
    const statuses = atOnce.map(({ response }) => response.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const stored = await db
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .where(
        and(
          eq(bookingRequests.roomTypeId, roomTypeId),
          eq(bookingRequests.userId, "user-member"),
          inArray(bookingRequests.checkInDate, [dates.checkInDate, later.checkInDate]),
        ),
      );
    expect(stored).toHaveLength(2);
  });

  it("the calendar's tools never open a week over nights staff confirmed: a new season leaves it closed, and opening a range keeps it so", async () => {
    const dates = await datesPastTheCalendar();
    // Past the other tests' nights, so none of them shares one.
    const checkIn = addDays(dates.checkInDate, 42);
    await db
      .insert(bookingRequests)
      .values(ownDatesRow(crypto.randomUUID(), checkIn, addDays(checkIn, 5), "confirmed"));
    const around = () =>
      db
        .select({ checkIn: weeks.checkIn, nights: weeks.nights, state: weeks.state })
        .from(weeks)
        .where(
          and(
            eq(weeks.roomTypeId, roomTypeId),
            gte(weeks.checkIn, addDays(checkIn, -21)),
            lte(weeks.checkIn, addDays(checkIn, 21)),
          ),
        )
        .orderBy(asc(weeks.checkIn));
    const overTheStay = (week: { checkIn: string; nights: number }) =>
      week.checkIn < addDays(checkIn, 5) && addDays(week.checkIn, week.nights) > checkIn;

    // "Open 18 months of weeks" from three weeks before the stay.
    const opened = await openRoomSeason(db, roomTypeId, addDays(checkIn, -21));
    const season = await around();
    const booked = season.filter(overTheStay);
    expect(booked.length).toBeGreaterThan(0);
    expect(booked.map((week) => week.state)).toEqual(booked.map(() => "closed"));
    expect(season.filter((week) => !overTheStay(week)).map((week) => week.state)).toEqual(
      season.filter((week) => !overTheStay(week)).map(() => "open"),
    );
    expect(opened.closed).toBe(booked.length);

    // The editor's "Open" on a range that takes them in.
    const range = await setWeekRange(
      db,
      roomTypeId,
      {
        from: addDays(checkIn, -21),
        to: addDays(checkIn, 21),
        state: "open",
        defaultRate: false,
      },
      { now: testNow(), today: today() },
    );
    expect(await around()).toEqual(season);
    expect(range.held).toBe(booked.length);
    expect(range.weeks).toBe(season.length - booked.length);
  });
});

describe("the catalogue's cached pages", () => {
  const version = () => catalogueVersion(env.CACHE);

  async function store(form: Record<string, string>, member: TestUser) {
    const ctx = createExecutionContext();
    const app = createAppContext({ env, ctx }, new Request("http://localhost/book"));
    const input = bookingSchema({ today: today() }).parse(form);
    const { id } = await storeRequest(app, bookingKind, input, member);
    await waitOnExecutionContext(ctx);
    return id;
  }

  async function decide(id: string, decision: "confirmed" | "declined") {
    const ctx = createExecutionContext();
    const app = createAppContext({ env, ctx }, new Request("http://localhost/admin/requests"));
    await decideBooking(app, { id, decision, adminEmail: "admin@example.com" });
    await waitOnExecutionContext(ctx);
  }

  it("are read afresh when a week is held or decided, not for a place on its waitlist", async () => {
    const week = (await openWeeks())[12]!;
    let before = await version();
    const holder = await store(weekForm(week.checkIn), SEEDED_MEMBER);
    expect(await version()).not.toBe(before);

    before = await version();
    const waiting = await store(weekForm(week.checkIn, { waitlist: "yes" }), await createUser());
    await decide(waiting, "declined");
    expect(await version()).toBe(before);

    await decide(holder, "confirmed");
    expect(await version()).not.toBe(before);
  });
});

describe("the staff calendar feed of a room type", () => {
  async function makeLink(cookie: string) {
    return post("/admin/weeks", { intent: "calendar-link", roomTypeId }, cookie);
  }
  const tokenOf = async () =>
    (
      await db
        .select({ token: roomTypes.calendarToken })
        .from(roomTypes)
        .where(eq(roomTypes.id, roomTypeId))
    )[0]!.token!;

  it("lists the held weeks at a secret address an admin makes, and a new address revokes the old", async () => {
    const week = (await openWeeks())[10]!;
    expect((await postWeek(weekForm(week.checkIn), await memberCookie())).status).toBe(302);
    const admin = await signIn((await createUser("admin")).id);

    const made = await makeLink(admin);
    expect(made.status).toBe(302);
    expect(made.headers.get("Location")).toBe(
      `/admin?location=${location.id}&roomType=${roomTypeId}`,
    );
    const token = await tokenOf();
    const feed = await request(`/calendars/${token}.ics`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    const events = readCalendar(await feed.text(), feed.headers.get("Content-Type"));
    const held = events.find((event) => event.startDate.toString() === `${week.checkIn}T16:00:00`);
    expect(held?.summary).toBe("Requested: Ana Silva");
    expect(held?.endDate.toString()).toBe(`${addDays(week.checkIn, week.nights)}T10:00:00`);

    // The admin's editor shows the address.
    const editor = await request(`/admin?location=${location.id}&roomType=${roomTypeId}`, {
      headers: { Cookie: admin },
    });
    expect(await editor.text()).toContain(`http://localhost/calendars/${token}.ics`);

    expect((await makeLink(admin)).status).toBe(302);
    expect((await request(`/calendars/${token}.ics`)).status).toBe(404);
    expect((await request(`/calendars/${await tokenOf()}.ics`)).status).toBe(200);
  });

  it("answers an unknown or malformed address with 404, and a member cannot make one", async () => {
    for (const path of [
      "/calendars/nothing.ics",
      `/calendars/${"a".repeat(43)}.ics`,
      "/calendars/%00",
    ]) {
      expect((await request(path)).status).toBe(404);
    }
    const before = await tokenOf();
    await makeLink(await signIn((await createUser("member")).id));
    expect(await tokenOf()).toBe(before);
  });
});

describe("availability on a location page", () => {
  it("shows visitors the open weeks without a price, in the HTML and the .data", async () => {
    const open = await openWeeks();
    const [room] = await db.select().from(roomTypes).where(eq(roomTypes.id, roomTypeId));
    const rates = open.slice(0, 6).map((week) => weekRate(room!, week)!);
    for (const path of [`/locations/${location.slug}`, `/locations/${location.slug}.data`]) {
      const body = await (await request(path)).text();
      expect(body).toMatch(/availability/i);
      expect(body).toContain(open[0]!.checkIn.slice(0, 4));
      for (const rate of rates)
        expect(carriesNumber(body, rate), `${path} shows ${rate}`).toBe(false);
    }
  });

  it("reads the location's own weeks, not every open week of the catalogue", async () => {
    const { sql: query, params } = listedWeeksQuery(db, location.slug, testNow(), {
      memberId: SEEDED_MEMBER.id,
    }).toSQL();
    const { meta, results } = await env.DB.prepare(query)
      .bind(...params)
      .all();
    const [own] = await db
      .select({ weeks: count() })
      .from(weeks)
      .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
      .where(eq(roomTypes.locationId, location.id));
    const [catalogue] = await db
      .select({ weeks: count() })
      .from(weeks)
      .where(eq(weeks.state, "open"));
    expect(results.length).toBeGreaterThan(0);
    // Its room types' weeks, each read a few times (the index, the row, the ranking): far fewer
    // than the catalogue's open weeks, which a plan starting from `state` reads every one of.
    expect(own!.weeks * 5).toBeLessThan(catalogue!.weeks);
    expect(meta.rows_read).toBeLessThan(catalogue!.weeks);
  });

  it("shows members each week's rate and a link to request it", async () => {
    const [week] = await openWeeks();
    const html = await (
      await request(`/locations/${location.slug}`, { headers: { Cookie: await memberCookie() } })
    ).text();
    expect(visibleText(html)).toContain("Request this week");
    expect(html).toContain(
      `/book?location=${location.slug}&amp;roomType=${roomTypeId}&amp;week=${week!.checkIn}`,
    );
  });
});
