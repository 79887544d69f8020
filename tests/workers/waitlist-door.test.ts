import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadLocationList } from "~/catalogue/location-list-loader.server";
import { createAppContext } from "~/context";
import { createDb } from "~/db/client.server";
import { bookingRequests, locations, roomTypes, weeks } from "~/db/schema";
import { formatStayDate } from "~/guest-requests/format";
import { bookingRequestPath } from "~/request-life/moves";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { monthDay } from "~/lib/dates";
import { addDays } from "~/weeks/calendar";
import { WEEK_MESSAGES } from "~/weeks/week";
import { weeksByRoom } from "~/weeks/open-weeks.server";
import { createUser, signIn, type TestUser } from "./auth-helpers";
import {
  BOT_CHECK,
  countingD1,
  get,
  insertLocations,
  ORIGIN,
  post,
  testApp,
  visibleText,
} from "./helpers";
import { searchMonth, testNow } from "./clock";

/**
 * The waitlist's door: a week another member's request holds is shown as held on the location
 * page, the month view and the month search; a member sees how many wait for it and joins them
 * from there, landing on the booking form with the waitlist chosen; a visitor sees only that it is
 * held. Booked and closed weeks stay out of reach.
 */

const db = testApp.db;
const tag = crypto.randomUUID().slice(0, 8);
const { value: month, label: monthLabel } = searchMonth(2);
const RATE = 2470;

const resort = {
  id: `loc-door-${tag}`,
  slug: `door-test-${tag}`,
  name: `Door Test ${tag}`,
  country: `Doorland ${tag}`,
};
/** A second resort whose one week of the month is held: the month search still finds it. */
const onlyHeld = {
  id: `loc-door-held-${tag}`,
  slug: `door-held-${tag}`,
  name: `Held Only ${tag}`,
  country: `Doorland ${tag}`,
};
const room = { id: `${resort.id}-room`, locationId: resort.id, name: "Lagoon Suite" };
const heldRoom = { id: `${onlyHeld.id}-room`, locationId: onlyHeld.id, name: "Cliff Villa" };

/** The month's weeks of the room: one open, two held, one booked, one closed. */
/** Six nights: the five weeks check in within every month, February's 28 days too. */
const NIGHTS = 6;
const W = {
  open: `${month}-01`,
  held: `${month}-07`,
  heldByNobodyWaiting: `${month}-13`,
  booked: `${month}-19`,
  closed: `${month}-25`,
};
const countrySlug = `doorland-${tag}`;

const pagePath = `/locations/${resort.slug}`;
const monthPath = `/locations/${resort.slug}/weeks?room=${room.id}&month=${month}`;
const searchPath = `/locations?country=${countrySlug}&month=${month}`;

/** The booking form's address for a week of `roomId`, as a link gives it. */
const bookPath = (checkIn: string, extra = "", slug = resort.slug, roomId = room.id) =>
  `/book?location=${slug}&roomType=${roomId}&week=${checkIn}${extra}`;
/** A link's address as the HTML writes it. */
const inHtml = (href: string) => `href="${href.replaceAll("&", "&amp;")}"`;

/** Sends the week's booking form as `member` (on its waitlist with `waitlist`). */
async function requestWeek(
  member: TestUser,
  checkIn: string,
  { waitlist = false, at = resort } = {},
) {
  const roomId = at === resort ? room.id : heldRoom.id;
  const response = await post(
    bookPath(checkIn, "", at.slug, roomId),
    {
      location: at.slug,
      roomType: roomId,
      week: checkIn,
      checkInDate: checkIn,
      checkOutDate: addDays(checkIn, NIGHTS),
      firstName: "Wanda",
      lastName: "Waiting",
      phone: "+1 555 0199",
      adults: "2",
      children: "0",
      infants: "0",
      idempotencyKey: crypto.randomUUID(),
      ...(waitlist && { waitlist: "yes" }),
      ...BOT_CHECK,
    },
    await signIn(member.id),
  );
  expect(response.status).toBe(302);
}

const requestOf = async (member: TestUser) =>
  (
    await db
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .where(and(eq(bookingRequests.userId, member.id), eq(bookingRequests.roomTypeId, room.id)))
  )[0]!.id;

/** A page's HTML, and its words as a screen reader reads them (tags dropped, hidden words kept). */
async function pageText(path: string, cookie?: string) {
  const response = await get(path, cookie);
  const html = await response.text();
  return { response, html, text: visibleText(html).replace(/<[^>]*>/g, "") };
}

/** The booking form's box "Put me on the waitlist for this week". */
const waitlistBox = (html: string) => html.match(/<input[^>]*name="waitlist"[^>]*>/)?.[0] ?? "";

/** How many weeks a page marks "Held". */
const heldBadges = (html: string) => html.match(/>Held</g)?.length ?? 0;

let holder: TestUser;
let waiters: TestUser[];

beforeAll(async () => {
  await insertLocations([resort, onlyHeld]);
  await db
    .insert(roomTypes)
    .values(
      [room, heldRoom].map((row) => ({ ...row, price: RATE, maxGuests: 4, published: true })),
    );
  const week = (roomId: string, checkIn: string, state: "open" | "booked" | "closed" = "open") => ({
    id: `${roomId}-${checkIn}`,
    roomTypeId: roomId,
    checkIn,
    nights: NIGHTS,
    state,
  });
  await db
    .insert(weeks)
    .values([
      week(room.id, W.open),
      week(room.id, W.held),
      week(room.id, W.heldByNobodyWaiting),
      week(room.id, W.booked, "booked"),
      week(room.id, W.closed, "closed"),
      week(heldRoom.id, `${month}-08`),
    ]);
  await invalidateLocationCaches(env.CACHE);
  // Another member holds two weeks and the other resort's one; two members wait for the first.
  holder = await createUser();
  await requestWeek(holder, W.held);
  await requestWeek(holder, W.heldByNobodyWaiting);
  await requestWeek(holder, `${month}-08`, { at: onlyHeld });
  waiters = [await createUser(), await createUser()];
  for (const waiter of waiters) await requestWeek(waiter, W.held, { waitlist: true });
});

afterAll(async () => {
  await db
    .delete(bookingRequests)
    .where(inArray(bookingRequests.roomTypeId, [room.id, heldRoom.id]));
  await db.delete(locations).where(inArray(locations.id, [resort.id, onlyHeld.id]));
  await invalidateLocationCaches(env.CACHE);
});

describe("a held week on the location page", () => {
  it("shows a member it as held, with how many wait and the way onto its waitlist", async () => {
    const { text, html } = await pageText(pagePath, await signIn((await createUser()).id));
    const held = formatStayDate(W.held);
    expect(text).toContain(`Join the waitlist (2 waiting) for the week of ${held}`);
    expect(text).toContain(
      `Join the waitlist for the week of ${formatStayDate(W.heldByNobodyWaiting)}`,
    );
    expect(heldBadges(html)).toBe(2);
    expect(html).toContain(inHtml(bookPath(W.held, "&waitlist=yes")));
    expect(html).toContain(inHtml(bookPath(W.open)));
    // Booked and closed weeks are not for asking: not listed, no link.
    for (const week of [W.booked, W.closed]) {
      expect(text).not.toContain(`${formatStayDate(week)} to`);
      expect(html).not.toContain(`week=${week}`);
    }
  });

  it("shows a visitor only the held week's dates and that it is held, in the HTML and the .data", async () => {
    const { text, html } = await pageText(pagePath);
    expect(text).toContain(formatStayDate(W.held));
    expect(heldBadges(html)).toBe(2);
    expect(text).not.toContain("Join the waitlist");
    expect(text).not.toContain("waiting");
    expect(html).not.toContain("/book?");
    const data = await (await get(`${pagePath}.data`)).text();
    expect(data).toContain(W.held);
    for (const word of ["waiting", "ownRequestId", String(RATE)]) expect(data).not.toContain(word);
  });

  it("shows the member who holds it, or waits for it, their own request instead", async () => {
    for (const member of [holder, waiters[0]!]) {
      const { text, html } = await pageText(pagePath, await signIn(member.id));
      expect(text).toContain(`See your request for the week of ${formatStayDate(W.held)}`);
      expect(html).toContain(inHtml(bookingRequestPath(await requestOf(member))));
      expect(html).not.toContain(inHtml(bookPath(W.held, "&waitlist=yes")));
    }
  });

  it("reads how many wait in the page's one query of weeks, whatever the number of weeks", async () => {
    const { db: counted, calls } = countingD1(env.DB);
    const member = await createUser();
    const byRoom = await weeksByRoom(createDb(counted), resort.slug, {
      now: testNow(),
      memberId: member.id,
    });
    expect(calls).toEqual({ batch: 0, statements: 1 });
    expect(
      byRoom[room.id]?.map(({ checkIn, availability, waiting }) => ({
        checkIn,
        availability,
        waiting,
      })),
    ).toEqual([
      { checkIn: W.open, availability: "open", waiting: undefined },
      { checkIn: W.held, availability: "held", waiting: 2 },
      { checkIn: W.heldByNobodyWaiting, availability: "held", waiting: 0 },
    ]);
  });
});

describe("a held week in the month view", () => {
  it("marks its nights held, and lists it with its waitlist for a member and its dates for a visitor", async () => {
    const member = await pageText(monthPath, await signIn((await createUser()).id));
    expect(member.text).toContain("check-in of a held week");
    expect(member.text).toContain(`Weeks in ${monthLabel}`);
    expect(member.text).toContain(
      `Join the waitlist (2 waiting) for the week of ${formatStayDate(W.held)}`,
    );
    expect(member.html).toContain(inHtml(bookPath(W.held, "&waitlist=yes")));
    // Booked and closed: not available, as before.
    expect(member.text.match(/check-in, not available/g)).toHaveLength(2);
    expect(member.html).not.toContain(`week=${W.booked}`);
    expect(member.html).not.toContain(`week=${W.closed}`);

    const visitor = await pageText(monthPath);
    expect(visitor.text).toContain("check-in of a held week");
    expect(visitor.text).toContain(formatStayDate(W.held));
    expect(visitor.text).not.toContain("Join the waitlist");
    expect(visitor.text).not.toContain("waiting");
  });
});

describe("a held week in the month search", () => {
  it("is listed with its waitlist for a member, and finds a resort whose only week is held", async () => {
    const { text, html } = await pageText(searchPath, await signIn((await createUser()).id));
    expect(text).toContain("2 locations found");
    expect(text).toContain(onlyHeld.name);
    expect(text).toContain(`Join the waitlist (2 waiting): ${resort.name}, ${room.name}`);
    expect(html).toContain(inHtml(bookPath(W.held, "&waitlist=yes")));
    expect(html).toContain(
      inHtml(bookPath(`${month}-08`, "&waitlist=yes", onlyHeld.slug, heldRoom.id)),
    );
    expect(text).not.toContain(`${monthDay(new Date(`${W.booked}T00:00:00Z`))} to`);
  });

  it("reads how many wait in the page's one query of weeks", async () => {
    const memberId = (await createUser()).id;
    const { db: counted, calls } = countingD1(env.DB);
    const ctx = createExecutionContext();
    const pageRequest = new Request(`${ORIGIN}${searchPath}`);
    const app = createAppContext({ env: { ...env, DB: counted }, ctx }, pageRequest);
    // The first also reads the cached list and the month's rooms.
    await loadLocationList(pageRequest, app, { memberId });
    await waitOnExecutionContext(ctx);
    calls.batch = 0;
    calls.statements = 0;
    const { data } = await loadLocationList(pageRequest, app, { memberId });
    expect(calls.batch + calls.statements).toBe(1);
    const held = data.all
      .find((row) => row.id === resort.id)
      ?.weeks?.find((week) => week.checkIn === W.held);
    expect(held).toMatchObject({ availability: "held", waiting: 2, ownRequestId: null });
  });

  it("shows a visitor the held week's dates and 'Held', nothing more", async () => {
    const { text, html } = await pageText(searchPath);
    expect(text).toContain("2 locations found");
    expect(text).toContain(`${monthDay(new Date(`${W.held}T00:00:00Z`))} to`);
    // The two held weeks of the first resort, and the other's one.
    expect(heldBadges(html)).toBe(3);
    expect(text).not.toContain("Join the waitlist");
    expect(text).not.toContain("waiting");
  });
});

describe("joining from the door", () => {
  it("lands on the booking form with the waitlist chosen, and the next page counts the new place", async () => {
    const joiner = await createUser();
    const cookie = await signIn(joiner.id);
    const form = await pageText(bookPath(W.held, "&waitlist=yes"), cookie);
    expect(form.text).toContain("Put me on the waitlist for this week");
    expect(waitlistBox(form.html)).toContain('checked=""');
    // What the waitlist means, not a warning that the week is gone.
    expect(form.text).toContain(WEEK_MESSAGES.held);
    expect(form.text).not.toContain(WEEK_MESSAGES.taken);
    // Without the link's choice, the box is offered but not ticked.
    const plain = await pageText(bookPath(W.held), cookie);
    expect(plain.text).toContain(WEEK_MESSAGES.taken);
    expect(waitlistBox(plain.html)).not.toContain("checked");
    // A week open again by the time the link is followed is simply that week's form.
    const open = await pageText(bookPath(W.open, "&waitlist=yes"), cookie);
    expect(open.text).toContain("Estimated total");
    expect(waitlistBox(open.html)).toBe("");

    await requestWeek(joiner, W.held, { waitlist: true });
    const after = await pageText(pagePath, await signIn((await createUser()).id));
    expect(after.text).toContain(
      `Join the waitlist (3 waiting) for the week of ${formatStayDate(W.held)}`,
    );
  });

  it("a hold shows on a visitor's cached page at once: the week is held, not gone", async () => {
    await vi.waitFor(
      async () => expect((await get(pagePath)).headers.get("X-Page-Cache")).toBe("hit"),
      { timeout: 2000, interval: 20 },
    );
    await requestWeek(await createUser(), W.open);
    const { response, text, html } = await pageText(pagePath);
    expect(response.headers.get("X-Page-Cache")).not.toBe("hit");
    expect(heldBadges(html)).toBe(3);
    expect(text).toContain(formatStayDate(W.open));
  });
});
