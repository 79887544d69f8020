import { eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { roomTypes, weeks } from "~/db/schema";
import { matchingResortsCount } from "~/house-calendar/house-calendar.server";
import {
  FILTER_STATES,
  readCalendarQuery,
  type FilterState,
} from "~/house-calendar/house-calendar";
import { openRoomSeason } from "~/weeks/week-editor.server";
import { createUser, signIn } from "./auth-helpers";
import { resortToday, testNow } from "./clock";
import { get, post, testApp, visibleText } from "./helpers";
import { decide, lifeFixture, pay, statusOf, weekOf } from "./life-fixture";

const { db } = testApp;
const { LOCATION, ROOM, freshWeek, heldWithWaitlist } = lifeFixture("Zephyr Calendar Keys");
const NO_RATE_ROOM = `${LOCATION.id}-no-rate`;

let admin: string;
beforeAll(async () => {
  const user = await createUser("admin");
  admin = await signIn(user.id, { aal: "aal2" });
  // A room with no weekly price: its weeks have no rate.
  await db.insert(roomTypes).values({
    id: NO_RATE_ROOM,
    locationId: LOCATION.id,
    name: "Garden Bungalow",
    maxGuests: 2,
    published: true,
    displayOrder: 5,
  });
  await openRoomSeason(db, NO_RATE_ROOM, resortToday(LOCATION.timeZone));
});

/** The calendar of this file's resort for the month `checkIn` falls in (a quarter if asked). */
const calendarPath = (checkIn: string, extra = "") =>
  `/admin/calendar?from=${checkIn.slice(0, 7)}&q=${encodeURIComponent("Zephyr Calendar")}${extra}`;

/** The cell of a week, as a screen reader names it. */
async function cellOf(weekId: string, checkIn: string, extra = "") {
  const html = await (await get(calendarPath(checkIn, extra), admin)).text();
  const link = html.match(new RegExp(`<a[^>]*href="[^"]*week=${weekId}[^"]*"[^>]*>`))?.[0];
  expect(link, `no cell for ${weekId}`).toBeTruthy();
  return visibleText(link!.match(/aria-label="([^"]*)"/)![1]!);
}

/** The week's version, as the page shows it in the open cell's form. */
async function versionOf(weekId: string, checkIn: string) {
  const html = await (await get(calendarPath(checkIn, `&week=${weekId}`), admin)).text();
  return html.match(/name="version" value="([^"]+)"/)![1]!;
}

const act = (weekId: string, checkIn: string, fields: Record<string, string>) =>
  post(calendarPath(checkIn, `&week=${weekId}`), { week: weekId, ...fields }, admin);

describe("the house calendar", () => {
  it("shows each week's state in words: open with its rate, held until when with the members waiting, confirmed and unpaid, booked, closed, draft and no rate", async () => {
    const open = await freshWeek();
    expect(await cellOf(open.id, open.checkIn)).toMatch(
      /^Two-Bedroom Suite, week of .+: Open, US\$2,100$/,
    );
    const noRate = `${NO_RATE_ROOM}-${open.checkIn}`;
    expect(await cellOf(noRate, open.checkIn)).toMatch(/^Garden Bungalow, week of .+: No rate$/);

    const { week, holder } = await heldWithWaitlist();
    expect(await cellOf(week.id, week.checkIn)).toMatch(
      /: Held until [A-Z][a-z]{2} \d{1,2}, US\$2,100, 2 waiting$/,
    );
    await decide(holder.request.id, "confirmed");
    expect(await cellOf(week.id, week.checkIn)).toMatch(/: Confirmed, unpaid until /);
    await pay(holder.request.id);
    expect((await statusOf(holder.request.id)).status).toBe("paid");
    expect(await cellOf(week.id, week.checkIn)).toMatch(/: Booked, US\$2,100$/);

    // Unpublished, the room's open weeks are a draft.
    await db.update(roomTypes).set({ published: false }).where(eq(roomTypes.id, ROOM));
    try {
      expect(await cellOf(open.id, open.checkIn)).toMatch(/: Draft, US\$2,100$/);
    } finally {
      await db.update(roomTypes).set({ published: true }).where(eq(roomTypes.id, ROOM));
    }
  });

  it("a cell's forms close and open a week and set its rate, each from the version the screen showed", async () => {
    const week = await freshWeek();
    const closed = await act(week.id, week.checkIn, {
      intent: "close-week",
      version: await versionOf(week.id, week.checkIn),
    });
    expect(closed.status).toBe(302);
    expect(closed.headers.get("Location")).toContain(`week=${week.id}#week-panel`);
    expect((await weekOf(week.id)).state).toBe("closed");
    expect(await cellOf(week.id, week.checkIn)).toMatch(/: Closed, US\$2,100$/);

    await act(week.id, week.checkIn, {
      intent: "set-rate",
      rate: "3150.5",
      version: await versionOf(week.id, week.checkIn),
    });
    expect((await weekOf(week.id)).rate).toBe(3150.5);
    await act(week.id, week.checkIn, {
      intent: "open-week",
      version: await versionOf(week.id, week.checkIn),
    });
    expect(await cellOf(week.id, week.checkIn)).toMatch(/: Open, US\$3,150\.50$/);
    // Empty: the room's default rate again.
    await act(week.id, week.checkIn, {
      intent: "set-rate",
      rate: "",
      version: await versionOf(week.id, week.checkIn),
    });
    expect((await weekOf(week.id)).rate).toBeNull();
  });

  it("a stale screen changes nothing and says why; fifty changes from five staff at once, one applies", async () => {
    const week = await freshWeek();
    const version = await versionOf(week.id, week.checkIn);
    const staff = [
      admin,
      ...(await Promise.all(
        [0, 1, 2, 3].map(async () => signIn((await createUser("admin")).id, { aal: "aal2" })),
      )),
    ];
    // Each from a screen showing the same version: a close, or a rate of its own.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        post(
          calendarPath(week.checkIn, `&week=${week.id}`),
          index % 3 === 0
            ? { week: week.id, intent: "close-week", version }
            : { week: week.id, intent: "set-rate", rate: String(1000 + index), version },
          staff[index % staff.length]!,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const stale = answers.find((answer) => answer.status === 409)!;
    expect(visibleText(await stale.text())).toContain(
      "This week changed since your screen showed it (it is now",
    );
    const applied = answers.findIndex((answer) => answer.status === 302);
    const after = await weekOf(week.id);
    // Exactly the one change that applied: a close (every third), or its rate.
    expect([after.state, after.rate]).toEqual(
      applied % 3 === 0 ? ["closed", null] : ["open", 1000 + applied],
    );
  });

  it("a week a request holds is not opened or closed from the calendar; its cell leads to the request", async () => {
    const { week, holder } = await heldWithWaitlist();
    const version = await versionOf(week.id, week.checkIn);
    const refused = await act(week.id, week.checkIn, { intent: "close-week", version });
    expect(refused.status).toBe(409);
    expect(visibleText(await refused.text())).toContain(
      "A member's request holds this week, or it is booked: decide the request in the inbox.",
    );
    expect((await weekOf(week.id)).state).toBe("requested");
    const panel = await (await get(calendarPath(week.checkIn, `&week=${week.id}`), admin)).text();
    expect(panel).toContain(`/admin/requests?kind=booking&amp;request=${holder.request.id}`);
    // The inbox shows that request alone.
    const inbox = await (
      await get(`/admin/requests?kind=booking&request=${holder.request.id}`, admin)
    ).text();
    expect(inbox.match(/<article\b/g)).toHaveLength(1);
    expect(visibleText(inbox)).toContain(holder.email);
  });

  it("a filter by the state of a resort's weeks reads the weeks by room and date, not every week of that state in the catalogue", async () => {
    /** How SQLite reads the weeks to count the resorts with a week in `state`. */
    const weeksRead = async (state: FilterState) => {
      const query = readCalendarQuery(new URLSearchParams({ weeks: state }), testNow());
      const { sql, params } = matchingResortsCount(db, query).toSQL();
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const plan = results.map((row) => row.detail);
      return {
        byRoomAndDate: plan.some((line) =>
          line.startsWith("SEARCH weeks USING INDEX weeks_room_type_check_in_idx"),
        ),
        byState: plan.some((line) => /^SEARCH weeks USING .*\(state=\?/.test(line)),
        // Read once for all resorts, not again for each.
        once: plan.some((line) => line.startsWith("LIST SUBQUERY")),
      };
    };
    const plans = Object.fromEntries(
      await Promise.all(FILTER_STATES.map(async (state) => [state, await weeksRead(state)])),
    );
    // Read resort by resort, a room's weeks are found by the room and their dates; by their
    // state, only the weeks requests hold (few), once.
    const roomByRoom = { byRoomAndDate: true, byState: false, once: false };
    const heldOnce = { byRoomAndDate: false, byState: true, once: true };
    expect(plans).toEqual({
      open: roomByRoom,
      booked: roomByRoom,
      closed: roomByRoom,
      held: heldOnce,
      unpaid: heldOnce,
      offered: heldOnce,
    });
  });

  it("filters by the state of a resort's weeks, by name and by country; refuses bad input with a message", async () => {
    const week = await freshWeek();
    const held = await cellOf(week.id, week.checkIn, "&weeks=open");
    expect(held).toContain("Open");
    const none = visibleText(
      await (await get(calendarPath(week.checkIn, "&country=Mexico"), admin)).text(),
    );
    expect(none).toContain("No resorts match.");
    const empty = await post(calendarPath(week.checkIn), {}, admin);
    expect(empty.status).toBe(400);
    const badRate = await act(week.id, week.checkIn, {
      intent: "set-rate",
      rate: "lots",
      version: await versionOf(week.id, week.checkIn),
    });
    expect(badRate.status).toBe(400);
    expect(visibleText(await badRate.text())).toContain(
      "Enter the week's rate as a number, or leave it empty for the default",
    );
    expect((await weekOf(week.id)).rate).toBeNull();
  });

  it("is for admins only", async () => {
    const member = await createUser();
    const refused = await get("/admin/calendar", await signIn(member.id));
    expect(refused.status).toBe(403);
    expect((await get("/admin/calendar")).status).toBe(401);
    const week = (await db.select().from(weeks).where(eq(weeks.roomTypeId, ROOM)).limit(1))[0]!;
    const posted = await post(
      "/admin/calendar",
      { intent: "close-week", week: week.id, version: week.updatedAt },
      await signIn(member.id),
    );
    expect(posted.status).toBe(403);
  });
});
