import { env } from "cloudflare:workers";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { LOCATION_ADMIN_MESSAGES as M } from "~/catalogue/location-manager";
import { createDb } from "~/db/client.server";
import { locations, roomTypes, weeks } from "~/db/schema";
import { formatStayDate } from "~/guest-requests/format";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { addDays, addMonths, nextWeekday } from "~/weeks/calendar";
import { importWeeks } from "~/weeks/weeks-import.server";
import { WEEK_CALENDAR_MESSAGES as W } from "~/weeks/calendar-form";
import { createUser, signIn } from "./auth-helpers";
import { get, post, toastOf, visibleText } from "./helpers";
import { daysFromResortToday, resortToday, searchMonth, testNow } from "./clock";

/**
 * The room type editor's weeks and rates: opening a season for a room with no weeks, and setting a
 * range of weeks open or closed and priced, with plain form posts as a browser without JavaScript
 * sends them.
 */

const db = createDb(env.DB);
const ACTION = "/admin?index";

async function freshAdmin() {
  const admin = await createUser("admin");
  return signIn(admin.id);
}

/** The time zone of the locations below: their today is Hawaii's. */
const ZONE = "Pacific/Honolulu";

/** A visible location with one room type (no weeks yet) of its own, so no test sees another's. */
async function roomOfItsOwn({ minimumNights = 7 } = {}) {
  const key = crypto.randomUUID().slice(0, 8);
  const locationId = `loc-cal-${key}`;
  const roomTypeId = `${locationId}-room`;
  await db.insert(locations).values({
    id: locationId,
    name: `Calendar Test ${key}`,
    slug: `calendar-test-${key}`,
    city: "Lahaina",
    state: "Hawaii",
    country: "United States",
    timeZone: ZONE,
    minimumNights,
  });
  await db
    .insert(roomTypes)
    .values({ id: roomTypeId, locationId, name: "Garden Suite", price: 2400, published: true });
  return { locationId, roomTypeId, slug: `calendar-test-${key}` };
}

const roomWeeks = (roomTypeId: string) =>
  db
    .select({ checkIn: weeks.checkIn, state: weeks.state, rate: weeks.rate })
    .from(weeks)
    .where(eq(weeks.roomTypeId, roomTypeId))
    .orderBy(asc(weeks.checkIn));

/** A week held by a member's request, as the request would leave it. */
const holdWeek = (roomTypeId: string, checkIn: string) =>
  db
    .update(weeks)
    .set({ state: "requested" })
    .where(and(eq(weeks.roomTypeId, roomTypeId), eq(weeks.checkIn, checkIn)));

const editorOf = (room: { locationId: string; roomTypeId: string }) =>
  `/admin?location=${room.locationId}&roomType=${room.roomTypeId}`;

function setWeeks(
  room: { locationId: string; roomTypeId: string },
  fields: Record<string, string>,
  cookie: string,
) {
  // Where the editor's form posts without JavaScript: the page of the room type it edits.
  return post(
    `/admin?location=${room.locationId}&roomType=${room.roomTypeId}&index`,
    { intent: "set-weeks", locationId: room.locationId, roomTypeId: room.roomTypeId, ...fields },
    cookie,
  );
}

async function openedRoom(cookie: string) {
  const room = await roomOfItsOwn();
  const response = await post(ACTION, { intent: "open-weeks", ...room }, cookie);
  expect(response.status).toBe(302);
  return { room, response };
}

describe("the room type editor's weeks and rates", () => {
  it("a room with no weeks offers to open them, and opens 18 months of Saturdays once", async () => {
    const cookie = await freshAdmin();
    const room = await roomOfItsOwn();
    const before = visibleText(await (await get(editorOf(room), cookie)).text());
    expect(before).toContain("Weeks and rates");
    expect(before).toContain("Open 18 months of weeks");

    const response = await post(ACTION, { intent: "open-weeks", ...room }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(editorOf(room));
    const opened = await roomWeeks(room.roomTypeId);
    expect(await toastOf(response)).toEqual({
      type: "success",
      message: M.weeksOpened(opened.length, 0),
    });
    // A week each Saturday from today until 18 months ahead: 77 or 78 of them.
    expect(opened.length).toBeGreaterThanOrEqual(77);
    expect(opened.length).toBeLessThanOrEqual(79);
    expect(opened.every((week) => new Date(`${week.checkIn}T00:00:00Z`).getUTCDay() === 6)).toBe(
      true,
    );
    expect(opened.at(-1)!.checkIn < addMonths(resortToday(ZONE), 18)).toBe(true);

    const again = await post(ACTION, { intent: "open-weeks", ...room }, cookie);
    expect(await toastOf(again)).toEqual({ type: "success", message: M.weeksOpened(0, 0) });
    expect(await roomWeeks(room.roomTypeId)).toEqual(opened);

    const after = visibleText(await (await get(editorOf(room), cookie)).text());
    expect(after).toContain("Apply to these weeks");
    expect(after).not.toContain("Open 18 months of weeks");
    expect(after).toContain("$2,400");
  });

  it("the editor lists every week a member may ask for, up to two years ahead, past the 18 months it opens", async () => {
    const cookie = await freshAdmin();
    const { room } = await openedRoom(cookie);
    // As a weeks import may add one: 23 months ahead, after the season the editor opened.
    const far = nextWeekday(addMonths(resortToday(ZONE), 23), 6);
    await db.insert(weeks).values({
      id: `${room.roomTypeId}-${far}`,
      roomTypeId: room.roomTypeId,
      checkIn: far,
      nights: 7,
    });
    const html = await (await get(editorOf(room), cookie)).text();
    expect(html).toContain(`value="${far}"`);
  });

  it("weeks set for a room type deleted since say so, and lead back to its location", async () => {
    const cookie = await freshAdmin();
    const { room } = await openedRoom(cookie);
    const [first] = await roomWeeks(room.roomTypeId);
    await db.delete(roomTypes).where(eq(roomTypes.id, room.roomTypeId));
    for (const response of [
      await setWeeks(room, { from: first!.checkIn, to: first!.checkIn, state: "closed" }, cookie),
      await post(ACTION, { intent: "open-weeks", ...room }, cookie),
    ]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/admin?location=${room.locationId}`);
      expect(await toastOf(response)).toEqual({
        type: "error",
        message: "Error saving weeks: Room type not found",
      });
    }
  });

  it("a season is sold in whole weeks: seven nights where the resort's minimum is shorter, two weeks where it is ten nights", async () => {
    const cookie = await freshAdmin();
    const lengths = async (minimumNights: number) => {
      const room = await roomOfItsOwn({ minimumNights });
      await post(ACTION, { intent: "open-weeks", ...room }, cookie);
      const opened = await db
        .select({ checkIn: weeks.checkIn, nights: weeks.nights })
        .from(weeks)
        .where(eq(weeks.roomTypeId, room.roomTypeId))
        .orderBy(asc(weeks.checkIn));
      expect(opened.length).toBeGreaterThan(30);
      return {
        nights: new Set(opened.map((week) => week.nights)),
        // Each week checks in the day the one before checks out: no night is left unsold.
        gapless: opened.slice(1).every((week, index) => {
          const before = opened[index]!;
          return addDays(before.checkIn, before.nights) === week.checkIn;
        }),
      };
    };
    expect(await lengths(3)).toEqual({ nights: new Set([7]), gapless: true });
    expect(await lengths(7)).toEqual({ nights: new Set([7]), gapless: true });
    expect(await lengths(10)).toEqual({ nights: new Set([14]), gapless: true });
  });

  it("stays opened shorter than a week before grow to whole weeks, unless a night they need is taken or a member asked for them", async () => {
    const room = await roomOfItsOwn({ minimumNights: 3 });
    const saturday = nextWeekday(daysFromResortToday(ZONE, 30), 6);
    const stay = (days: number, nights: number, state: "open" | "requested" = "open") => ({
      id: `${room.roomTypeId}-${days}`,
      roomTypeId: room.roomTypeId,
      checkIn: addDays(saturday, days),
      nights,
      state,
    });
    await db.insert(weeks).values([
      stay(0, 3),
      stay(7, 3, "requested"),
      stay(14, 3),
      // An admin's stay on the Wednesday: the Saturday before keeps its three nights.
      stay(18, 2),
      stay(21, 3),
    ]);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes("whole_week_stays"))!;
    for (const query of migration.queries) await env.DB.prepare(query).run();
    const stored = await db
      .select({ checkIn: weeks.checkIn, nights: weeks.nights })
      .from(weeks)
      .where(eq(weeks.roomTypeId, room.roomTypeId))
      .orderBy(asc(weeks.checkIn));
    expect(stored.map((week) => week.nights)).toEqual([7, 3, 3, 2, 7]);
  });

  it("fifty opening a room's weeks at once, beside imports of a week on another day, open each night once", async () => {
    const room = await roomOfItsOwn();
    // Ten admins, five posts each: the admin check counts an address's requests to a page.
    const cookies = await Promise.all(Array.from({ length: 10 }, () => freshAdmin()));
    const tuesday = nextWeekday(daysFromResortToday(ZONE, 30), 2);
    const file = `location,room_type,check_in,nights,rate,state\r\n${room.slug},${room.roomTypeId},${tuesday},7,,open`;
    const results = await Promise.all([
      ...Array.from({ length: 50 }, (_, index) =>
        post(ACTION, { intent: "open-weeks", ...room }, cookies[index % 10]),
      ),
      ...Array.from({ length: 5 }, () => importWeeks(db, file, testNow())),
    ]);
    const posts = results.slice(0, 50) as Response[];
    expect(posts.map((response) => response.status)).toEqual(Array(50).fill(302));
    const all = await db
      .select({ checkIn: weeks.checkIn, nights: weeks.nights })
      .from(weeks)
      .where(eq(weeks.roomTypeId, room.roomTypeId));
    const nights = all.flatMap((week) =>
      Array.from({ length: week.nights }, (_, night) => addDays(week.checkIn, night)),
    );
    expect(nights.length).toBeGreaterThan(500);
    expect(new Set(nights).size).toBe(nights.length);
    // The season's Saturdays, each once, less those the Tuesday week (if it came first) holds.
    expect(new Set(all.map((week) => week.checkIn)).size).toBe(all.length);
  });

  it("closes a range of weeks at a rate of its own in one post, and the others stay as they were", async () => {
    const cookie = await freshAdmin();
    const { room } = await openedRoom(cookie);
    const all = await roomWeeks(room.roomTypeId);
    const [, second, third, fourth] = all;

    const response = await setWeeks(
      room,
      { from: second!.checkIn, to: fourth!.checkIn, state: "closed", rate: "4200.50" },
      cookie,
    );
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toEqual({ type: "success", message: M.weeksSet(3, 0) });
    const after = await roomWeeks(room.roomTypeId);
    expect(after.slice(1, 4)).toEqual(
      [second, third, fourth].map((week) => ({ ...week, state: "closed", rate: 4200.5 })),
    );
    expect([after[0], ...after.slice(4)]).toEqual([all[0], ...all.slice(4)]);

    const page = visibleText(await (await get(editorOf(room), cookie)).text());
    expect(page).toContain("$4,200.50");
    expect(page).toContain("Closed");

    // One week (the same first and last) open again, at the default rate.
    const reopened = await setWeeks(
      room,
      { from: third!.checkIn, to: third!.checkIn, state: "open", defaultRate: "on" },
      cookie,
    );
    expect(await toastOf(reopened)).toEqual({ type: "success", message: M.weeksSet(1, 0) });
    expect((await roomWeeks(room.roomTypeId))[2]).toEqual({ ...third, state: "open", rate: null });
  });

  it("leaves a past week as it was, whatever range is posted", async () => {
    const cookie = await freshAdmin();
    const { room } = await openedRoom(cookie);
    const past = daysFromResortToday(ZONE, -21);
    await db.insert(weeks).values({
      id: `${room.roomTypeId}-${past}`,
      roomTypeId: room.roomTypeId,
      checkIn: past,
      nights: 7,
    });
    const [first] = (await roomWeeks(room.roomTypeId)).filter((week) => week.checkIn > past);
    const response = await setWeeks(
      room,
      { from: past, to: first!.checkIn, state: "closed", rate: "999" },
      cookie,
    );
    expect(await toastOf(response)).toEqual({ type: "success", message: M.weeksSet(1, 0) });
    const after = await roomWeeks(room.roomTypeId);
    expect(after[0]).toEqual({ checkIn: past, state: "open", rate: null });
    expect(after[1]).toEqual({ checkIn: first!.checkIn, state: "closed", rate: 999 });
  });

  it("a requested or booked week keeps its state and takes the new rate", async () => {
    const cookie = await freshAdmin();
    const { room } = await openedRoom(cookie);
    const [first, second] = await roomWeeks(room.roomTypeId);
    await holdWeek(room.roomTypeId, first!.checkIn);

    const response = await setWeeks(
      room,
      { from: first!.checkIn, to: second!.checkIn, state: "closed", rate: "3000" },
      cookie,
    );
    expect(await toastOf(response)).toEqual({ type: "success", message: M.weeksSet(2, 1) });
    expect((await roomWeeks(room.roomTypeId)).slice(0, 2)).toEqual([
      { checkIn: first!.checkIn, state: "requested", rate: 3000 },
      { checkIn: second!.checkIn, state: "closed", rate: 3000 },
    ]);
  });

  it("closing only a requested week says no week was updated, and why", async () => {
    const cookie = await freshAdmin();
    const { room } = await openedRoom(cookie);
    const [first] = await roomWeeks(room.roomTypeId);
    await holdWeek(room.roomTypeId, first!.checkIn);

    const response = await setWeeks(
      room,
      { from: first!.checkIn, to: first!.checkIn, state: "closed" },
      cookie,
    );
    expect(await toastOf(response)).toEqual({
      type: "success",
      message: "0 weeks updated; 1 held by a request or booked kept its state",
    });
    expect((await roomWeeks(room.roomTypeId))[0]).toMatchObject({ state: "requested" });
  });

  it("a closed week stops being offered on the location page at once", async () => {
    const cookie = await freshAdmin();
    const { room } = await openedRoom(cookie);
    const [first] = await roomWeeks(room.roomTypeId);
    const offered = visibleText(await (await get(`/locations/${room.slug}`)).text());
    expect(offered).toContain(formatStayDate(first!.checkIn));

    await setWeeks(room, { from: first!.checkIn, to: first!.checkIn, state: "closed" }, cookie);
    const after = visibleText(await (await get(`/locations/${room.slug}`)).text());
    expect(after).not.toContain(formatStayDate(first!.checkIn));
  });

  it.each([
    ["an empty post", {}, [W.from, W.to]],
    [
      "a last week before the first",
      { from: "2027-05-08", to: "2027-05-01", rate: "10" },
      [W.order],
    ],
    ["an impossible date", { from: "2027-02-30", to: "2027-03-06", state: "open" }, [W.from]],
    [
      "a rate that is not a number",
      { from: "2027-05-01", to: "2027-05-08", rate: "abc" },
      [W.rate],
    ],
    ["a rate of nothing", { from: "2027-05-01", to: "2027-05-08", rate: "0" }, [W.rate]],
    ["a huge rate", { from: "2027-05-01", to: "2027-05-08", rate: "1e12" }, [W.rate]],
    [
      "a rate in fractions of a cent",
      { from: "2027-05-01", to: "2027-05-08", rate: "10.001" },
      [W.cents],
    ],
    [
      "a rate and the default rate",
      { from: "2027-05-01", to: "2027-05-08", rate: "10", defaultRate: "on" },
      [W.rateAndDefault],
    ],
    ["nothing to set", { from: "2027-05-01", to: "2027-05-08", state: "keep" }, [W.nothing]],
    ["a state that is not one", { from: "2027-05-01", to: "2027-05-08", state: "booked" }, []],
    ["dates with no week", { from: "1999-01-02", to: "1999-02-27", state: "closed" }, [W.noWeeks]],
  ])("%s is refused with a message and writes nothing", async (_case, fields, messages) => {
    const cookie = await freshAdmin();
    const { room } = await openedRoom(cookie);
    const before = await roomWeeks(room.roomTypeId);
    const response = await setWeeks(room, fields, cookie);
    expect(response.status).toBe(400);
    const text = visibleText(await response.text());
    for (const message of messages) expect(text).toContain(message);
    expect(await roomWeeks(room.roomTypeId)).toEqual(before);
  });

  it("another location's room type, or a member, changes nothing", async () => {
    const cookie = await freshAdmin();
    const { room } = await openedRoom(cookie);
    const other = await roomOfItsOwn();
    const before = await roomWeeks(room.roomTypeId);
    const [first] = before;
    const fields = { from: first!.checkIn, to: first!.checkIn, state: "closed" };

    const mismatched = await setWeeks(
      { locationId: other.locationId, roomTypeId: room.roomTypeId },
      fields,
      cookie,
    );
    expect(mismatched.status).toBe(302);
    expect(await toastOf(mismatched)).toEqual({
      type: "error",
      message: "Error saving weeks: Room type not found",
    });

    const member = await createUser("member");
    const refused = await setWeeks(room, fields, await signIn(member.id));
    expect(refused.status).toBe(403);
    expect(await roomWeeks(room.roomTypeId)).toEqual(before);
  });
});

describe("a room's weeks month by month", () => {
  const monthPage = (room: { slug: string; roomTypeId: string }, month?: string) =>
    `/locations/${room.slug}/weeks?room=${room.roomTypeId}${month ? `&month=${month}` : ""}`;

  it("shows visitors which weeks are open, never a rate, and members the rate to request", async () => {
    const cookie = await freshAdmin();
    const { room } = await openedRoom(cookie);
    const month = searchMonth(2).value;
    const inMonth = (await roomWeeks(room.roomTypeId)).filter((week) =>
      week.checkIn.startsWith(month),
    );
    const [taken, ...open] = inMonth;
    await setWeeks(room, { from: taken!.checkIn, to: taken!.checkIn, state: "closed" }, cookie);
    const path = monthPage({ slug: room.slug, roomTypeId: room.roomTypeId }, month);

    const visitor = await get(path);
    expect(visitor.status).toBe(200);
    const seen = visibleText(await visitor.text());
    expect(seen).toContain("Garden Suite");
    for (const week of open) expect(seen).toContain(formatStayDate(week.checkIn));
    expect(seen).not.toContain(formatStayDate(taken!.checkIn));
    expect(seen).toContain("check-in, not available");
    expect(seen).not.toContain("$2,400");
    expect(seen).toContain("Sign in to see each week's rate and request it.");
    const visitorData = await (await get(path.replace("/weeks?", "/weeks.data?"))).text();
    expect(visitorData).not.toContain("2400");

    const member = await createUser("member");
    const memberPage = visibleText(await (await get(path, await signIn(member.id))).text());
    expect(memberPage).toContain("$2,400");
    expect(memberPage.match(/Request this week/g)).toHaveLength(open.length);

    // The edge keeps the visitor's page, until a week of it changes.
    await vi.waitFor(
      async () => expect((await get(path)).headers.get("X-Page-Cache")).toBe("hit"),
      { timeout: 2000, interval: 20 },
    );
    const [closing] = open;
    await setWeeks(room, { from: closing!.checkIn, to: closing!.checkIn, state: "closed" }, cookie);
    const afterClosing = await get(path);
    expect(afterClosing.headers.get("X-Page-Cache")).not.toBe("hit");
    expect(visibleText(await afterClosing.text())).not.toContain(formatStayDate(closing!.checkIn));
  });

  it("answers a malformed or far month with a month it shows, and an unknown room with 404", async () => {
    const cookie = await freshAdmin();
    const { room } = await openedRoom(cookie);
    const monthOf = (date: string) =>
      new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
        new Date(`${date}T00:00:00Z`),
      );
    // An unreadable month opens on the room's first open week; one gone by, on this month.
    const [firstOpen] = (await roomWeeks(room.roomTypeId)).filter(
      (week) => week.state === "open" && week.checkIn > resortToday(ZONE),
    );
    for (const [month, shown] of [
      ["abc", monthOf(firstOpen!.checkIn)],
      ["2026-13", monthOf(firstOpen!.checkIn)],
      ["%00", monthOf(firstOpen!.checkIn)],
      // The first month the site's searches offer.
      ["1999-01", searchMonth(0).value],
    ]) {
      const response = await get(monthPage(room, month!));
      expect(response.status).toBe(200);
      expect(visibleText(await response.text())).toContain(shown);
    }
    expect((await get(monthPage(room, "9999-12"))).status).toBe(200);

    // A link without its room leads to the location's page, where its rooms are.
    for (const path of [`/locations/${room.slug}/weeks`, `/locations/${room.slug}/weeks?room=`]) {
      const response = await get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 302 });
      expect(response.headers.get("Location")).toBe(`/locations/${room.slug}#room-options`);
    }

    const other = await roomOfItsOwn();
    for (const path of [
      `/locations/${room.slug}/weeks?room=${"x".repeat(5000)}`,
      `/locations/${room.slug}/weeks?room=${other.roomTypeId}`,
      `/locations/no-such-resort/weeks?room=${room.roomTypeId}`,
    ]) {
      const response = await get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(visibleText(await response.text())).toContain("Room not found");
    }

    await db.update(locations).set({ hidden: true }).where(eq(locations.id, room.locationId));
    await invalidateLocationCaches(env.CACHE);
    expect((await get(monthPage(room))).status).toBe(404);
    expect((await get(monthPage(room), cookie)).status).toBe(200);
  });
});
