import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { roomTypes, weeks } from "~/db/schema";
import { openRoomSeason } from "~/weeks/week-editor.server";
import { createUser, signIn } from "./auth-helpers";
import { resortToday } from "./clock";
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

  it("a stale screen changes nothing and says why; two staff at once, one applies", async () => {
    const week = await freshWeek();
    const version = await versionOf(week.id, week.checkIn);
    const answers = await Promise.all([
      act(week.id, week.checkIn, { intent: "close-week", version }),
      act(week.id, week.checkIn, { intent: "set-rate", rate: "999", version }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    const stale = answers.find((answer) => answer.status === 409)!;
    expect(visibleText(await stale.text())).toContain(
      "This week changed since your screen showed it (it is now",
    );
    const after = await weekOf(week.id);
    // Exactly one of the two changes.
    expect([after.state === "closed", after.rate === 999].filter(Boolean)).toHaveLength(1);
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
