import { env } from "cloudflare:workers";
import { and, eq, inArray } from "drizzle-orm";
import Papa from "papaparse";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { bookingRequests, emptyMonthSearches, locations, savedSearches } from "~/db/schema";
import { DEMAND_CSV_COLUMNS, TOP_RESORT_MONTHS } from "~/demand/demand";
import { demandFigures } from "~/demand/demand.server";
import { DemandPage } from "~/components/demand/demand-page";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { OFFER_HOURS } from "~/request-life/moves";
import { addDays } from "~/weeks/calendar";
import { HOLD_HOURS } from "~/weeks/week";
import { sendWeekAlerts } from "~/week-alerts/week-alerts.server";
import { createUser, MESSAGES, signIn } from "./auth-helpers";
import { searchMonth, testNow } from "./clock";
import { BOT_CHECK, get, HOUR, post, requestContextAt, testApp, visibleText } from "./helpers";
import {
  decide,
  lifeFixture,
  member,
  memberPost,
  pay,
  requestOf,
  statusOf,
  sweep,
  type Member,
} from "./life-fixture";

/**
 * The staff's demand figures (/admin/demand and its spreadsheet): the requests, waitlist places,
 * alerts and searches this file makes, each in its own country (a name no other file uses), so
 * the figures of its places are exactly what it made. The by-month figures hold every file's
 * requests too: those are checked against the spreadsheet, summed.
 */

const { db } = testApp;
const tag = crypto
  .randomUUID()
  .replace(/[^a-f]/g, "")
  .slice(0, 6);
const DEMANDLAND = `Demandland ${tag}`;
const SEARCHLAND = `Searchland ${tag}`;
const TOPLAND = `Topland ${tag}`;
const ZONE = "America/New_York";

const asked = lifeFixture(`Demand Resort ${tag}`, ZONE, {
  city: null,
  state: null,
  country: DEMANDLAND,
});
const searched = lifeFixture(`Search Resort ${tag}`, ZONE, {
  city: null,
  state: null,
  country: SEARCHLAND,
});

beforeAll(async () => {
  // The fixtures' resorts shown in the cached list (its countries are the place filters').
  await invalidateLocationCaches(env.CACHE);
});

async function admin() {
  const user = await createUser("admin");
  return signIn(user.id);
}

type Counts = {
  requests: number;
  waitlist: number;
  alerts: number;
  searches: number;
  asked: number;
  served: number;
  unserved: number;
  other: number;
};
const COUNT_KEYS = [
  "requests",
  "waitlist",
  "alerts",
  "searches",
  "asked",
  "served",
  "unserved",
  "other",
] as const;
const NONE: Counts = Object.fromEntries(COUNT_KEYS.map((key) => [key, 0])) as Counts;

/** The page's columns of numbers, in order. */
const PAGE_COLUMNS = [
  "unserved",
  "asked",
  "served",
  "other",
  "requests",
  "waitlist",
  "alerts",
  "searches",
] as const;

/** A table row of the page (`data-row`), its numbers by column; null when absent. */
function pageRow(html: string, key: string): Counts | null {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const row = html.match(new RegExp(`<tr data-row="${escaped}">([\\s\\S]*?)</tr>`));
  if (!row) return null;
  const cells = [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) =>
    Number(
      visibleText(cell[1]!)
        .replace(/<[^>]+>/g, "")
        .replaceAll(",", ""),
    ),
  );
  return Object.fromEntries(PAGE_COLUMNS.map((name, index) => [name, cells[index]])) as Counts;
}

/** The part of the page inside the element with this id. */
function section(html: string, id: string) {
  const start = html.indexOf(`id="${id}"`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</tbody>", start));
}

type CsvRow = Record<(typeof DEMAND_CSV_COLUMNS)[number], string>;

async function spreadsheet(cookie: string) {
  const response = await get("/admin/demand.csv", cookie);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  const text = await response.text();
  const parsed = Papa.parse<CsvRow>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.meta.fields).toEqual([...DEMAND_CSV_COLUMNS]);
  return parsed.data;
}

/** The spreadsheet's rows summed by `keyOf` (rows it returns null for left out). */
function summed(rows: CsvRow[], keyOf: (row: CsvRow) => string | null) {
  const sums = new Map<string, Counts>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    const sum = { ...(sums.get(key) ?? NONE) };
    sum.requests += Number(row.requests);
    sum.waitlist += Number(row.waitlist_places);
    sum.alerts += Number(row.alerts);
    sum.searches += Number(row.empty_searches);
    sum.asked += Number(row.asked);
    sum.served += Number(row.served);
    sum.unserved += Number(row.not_served);
    sum.other = sum.asked - sum.served - sum.unserved;
    sums.set(key, sum);
  }
  return sums;
}

const counts = (partial: Partial<Counts>): Counts => {
  const all = { ...NONE, ...partial };
  all.asked = all.requests + all.waitlist + all.alerts + all.searches;
  all.other = all.asked - all.served - all.unserved;
  return all;
};

async function page(cookie: string) {
  const response = await get("/admin/demand", cookie);
  expect(response.status).toBe(200);
  return response.text();
}

/** A member saves a week alert for the month at `country`, for `guests`. */
async function saveAlert(who: Member, month: string, country: string, guests: number) {
  const saved = await post(
    "/members/alerts",
    {
      intent: "save",
      month,
      country: country.toLowerCase().replace(/ /g, "-"),
      guests: `${guests}`,
    },
    who.cookie,
  );
  expect(saved.status).toBe(302);
  const [alert] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, who.id), eq(savedSearches.month, month)));
  expect(alert).toMatchObject({ country });
  return alert!;
}

describe("demand: what members asked for, and what was served", () => {
  it("counts each request, waitlist place and alert by its month and place, on the page and in the spreadsheet exactly", async () => {
    const { freshWeek, sendWeek, heldWithWaitlist, LOCATION, ROOM } = asked;
    const now = testNow();
    // What each ask became, by the month it checks in: the test's own account of it.
    const expected = new Map<string, Counts>();
    const count = (
      checkIn: string,
      kind: "requests" | "waitlist" | "alerts",
      outcome: "served" | "unserved" | "other",
    ) => {
      const month = checkIn.slice(0, 7);
      const sum = { ...(expected.get(month) ?? NONE) };
      sum[kind] += 1;
      sum.asked += 1;
      sum[outcome] += 1;
      expected.set(month, sum);
    };

    // Booked: the holder confirmed and paid; its waitlist closes.
    const booked = await heldWithWaitlist();
    await decide(booked.holder.request.id, "confirmed");
    await pay(booked.holder.request.id);
    count(booked.week.checkIn, "requests", "served");
    count(booked.week.checkIn, "waitlist", "unserved");
    count(booked.week.checkIn, "waitlist", "unserved");

    // Declined: the week offered to the first waiting, whose offer passes; the second is offered.
    const declined = await heldWithWaitlist();
    await decide(declined.holder.request.id, "declined");
    count(declined.week.checkIn, "requests", "unserved");
    count(declined.week.checkIn, "waitlist", "unserved");
    count(declined.week.checkIn, "waitlist", "other");

    // A hold no one decides lapses; a confirmed stay no one pays for lapses.
    const lapsing = await freshWeek();
    const lapser = await member();
    expect((await sendWeek(lapser, lapsing.checkIn)).status).toBe(302);
    count(lapsing.checkIn, "requests", "unserved");
    const unpaid = await freshWeek();
    const nonPayer = await member();
    expect((await sendWeek(nonPayer, unpaid.checkIn)).status).toBe(302);
    await decide((await requestOf(nonPayer, unpaid.id)).id, "confirmed");
    count(unpaid.checkIn, "requests", "unserved");

    // An alert for a place and a party no room there fits: it never finds a week.
    const unmatched = await saveAlert(
      await member(),
      booked.week.checkIn.slice(0, 7),
      DEMANDLAND,
      10,
    );
    count(booked.week.checkIn, "alerts", "unserved");

    await sweep(new Date(now.getTime() + (Math.max(HOLD_HOURS, OFFER_HOURS) + 1) * HOUR));
    expect((await statusOf(booked.first.request.id)).status).toBe("closed");
    expect((await statusOf(booked.second.request.id)).status).toBe("closed");
    expect((await statusOf(declined.first.request.id)).status).toBe("passed");
    expect((await statusOf(declined.second.request.id)).status).toBe("offered");
    expect((await requestOf(lapser, lapsing.id)).status).toBe("lapsed");
    expect((await requestOf(nonPayer, unpaid.id)).status).toBe("payment-lapsed");

    // An alert that finds a week: the week a decline frees opens in its month, and the alerts
    // run tells its member.
    const freed = await freshWeek();
    const watcher = await member();
    const matched = await saveAlert(watcher, freed.checkIn.slice(0, 7), DEMANDLAND, 2);
    const decliner = await member();
    expect((await sendWeek(decliner, freed.checkIn)).status).toBe(302);
    await decide((await requestOf(decliner, freed.id)).id, "declined");
    count(freed.checkIn, "requests", "unserved");
    const { app, settle } = requestContextAt(now);
    await sendWeekAlerts(app);
    await settle();
    const [told] = await db.select().from(savedSearches).where(eq(savedSearches.id, matched.id));
    expect(told!.alertedAt).not.toBeNull();
    count(freed.checkIn, "alerts", "other");
    const [untold] = await db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.id, unmatched.id));
    expect(untold!.alertedAt).toBeNull();

    // Withdrawn, and still waiting for a decision: neither served nor not.
    const withdrawnWeek = await freshWeek();
    const withdrawer = await member();
    expect((await sendWeek(withdrawer, withdrawnWeek.checkIn)).status).toBe(302);
    const withdrawn = await requestOf(withdrawer, withdrawnWeek.id);
    expect((await memberPost(withdrawer, withdrawn.id, "withdraw")).status).toBe(302);
    expect((await statusOf(withdrawn.id)).status).toBe("withdrawn");
    count(withdrawnWeek.checkIn, "requests", "other");
    const waitingWeek = await freshWeek();
    expect((await sendWeek(await member(), waitingWeek.checkIn)).status).toBe(302);
    count(waitingWeek.checkIn, "requests", "other");

    // A member's own dates: counted by the month they check in.
    const ownWeek = await freshWeek();
    const ownCheckIn = addDays(ownWeek.checkIn, 1);
    const owner = await member();
    const own = await post(
      `/book?location=${LOCATION.id}&roomType=${ROOM}`,
      {
        location: LOCATION.id,
        roomType: ROOM,
        checkInDate: ownCheckIn,
        checkOutDate: addDays(ownCheckIn, 7),
        firstName: "Olga",
        lastName: "Own",
        email: owner.email,
        phone: "+1 555 0100",
        adults: "2",
        idempotencyKey: crypto.randomUUID(),
        ...BOT_CHECK,
      },
      owner.cookie,
    );
    expect(own.status).toBe(302);
    const [ownRequest] = await db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.userId, owner.id));
    expect(ownRequest).toMatchObject({ weekId: null, checkInDate: ownCheckIn, status: "new" });
    count(ownCheckIn, "requests", "other");

    const cookie = await admin();
    const html = await page(cookie);
    const place = [...expected.values()].reduce(
      (sum, month) =>
        counts(Object.fromEntries(COUNT_KEYS.map((key) => [key, sum[key] + month[key]]))),
      NONE,
    );
    expect(place).toMatchObject({ requests: 8, waitlist: 4, alerts: 2, served: 1, unserved: 8 });
    expect(pageRow(section(html, "demand-by-place"), `${DEMANDLAND}|`)).toEqual(place);
    expect(visibleText(html)).toContain(DEMANDLAND);
    // The month chart is an image whose description states its main figures; the table follows.
    expect(html).toMatch(
      /<svg role="img" aria-labelledby="[^"]+"[^>]*><title[^>]*>Asked, served and not served by check-in month<\/title><desc[^>]*>Most asked: /,
    );

    // The spreadsheet: a row per month for the resort's requests, one per month and party for
    // the alerts, each exactly as counted.
    const rows = await spreadsheet(cookie);
    const ours = rows.filter((row) => row.country === DEMANDLAND);
    const resortRows = ours.filter((row) => row.resort !== "");
    expect(
      resortRows.every((row) => row.resort === LOCATION.name && row.resort_slug === LOCATION.id),
    ).toBe(true);
    for (const [month, figures] of expected) {
      const requests = summed(resortRows, (row) => (row.month === month ? month : null)).get(month);
      expect(requests ?? NONE).toEqual(
        counts({
          requests: figures.requests,
          waitlist: figures.waitlist,
          served: figures.served,
          unserved: figures.unserved - (month === unmatched.month ? 1 : 0),
        }),
      );
    }
    expect(ours.filter((row) => row.resort === "")).toEqual(
      [
        { month: unmatched.month, party_size: "10", alerts: "1", not_served: "1" },
        { month: matched.month, party_size: "2", alerts: "1", not_served: "0" },
      ]
        .sort(
          (a, b) => a.month.localeCompare(b.month) || Number(a.party_size) - Number(b.party_size),
        )
        .map((alert) => ({
          month: alert.month,
          country: DEMANDLAND,
          state: "",
          city: "",
          resort: "",
          resort_slug: "",
          party_size: alert.party_size,
          requests: "0",
          waitlist_places: "0",
          alerts: "1",
          empty_searches: "0",
          asked: "1",
          served: "0",
          not_served: alert.not_served,
        })),
    );
    expect(summed(ours, () => "all").get("all")).toEqual(place);

    // Every month's figures on the page are the spreadsheet's rows of that month, summed (every
    // file's requests included), and the totals theirs.
    const byMonth = summed(rows, (row) => row.month);
    for (const { value } of Array.from({ length: 18 }, (_, index) => searchMonth(index))) {
      expect(pageRow(section(html, "demand-by-month"), value)).toEqual(byMonth.get(value) ?? NONE);
    }
    expect(pageRow(html.slice(html.indexOf('id="demand-by-month"')), "total")).toEqual(
      summed(rows, () => "all").get("all"),
    );
  });

  it("lists the resort-months with the most not served first, a deleted resort by the name its requests kept", async () => {
    const month = searchMonth(10).value;
    const resort = {
      id: `top-${tag}`,
      slug: `top-${tag}`,
      name: `Top Unmet Resort ${tag}`,
      country: TOPLAND,
    };
    await db.insert(locations).values(resort);
    const second = {
      id: `top2-${tag}`,
      slug: `top2-${tag}`,
      name: `Second Unmet Resort ${tag}`,
      country: TOPLAND,
    };
    await db.insert(locations).values(second);
    // More not served than any other file's resort-month: 300 declined and 20 paid; and 299
    // declined at a second resort.
    const rows = (location: typeof resort, status: "declined" | "paid", many: number) =>
      Array.from({ length: many }, (_, index) => ({
        id: `${location.id}-${status}-${index}`,
        idempotencyKey: `${location.id}-${status}-${index}`,
        status,
        firstName: "Tia",
        lastName: "Top",
        email: "top@example.com",
        phone: "+1 555 0100",
        checkInDate: `${month}-1${index % 10}`,
        checkOutDate: `${month}-2${index % 8}`,
        adults: 2,
        locationId: location.id,
        locationName: location.name,
        locationCountry: location.country,
        roomTypeId: `${location.id}-room`,
        roomTypeName: "Suite",
      }));
    const all = [
      ...rows(resort, "declined", 300),
      ...rows(resort, "paid", 20),
      ...rows(second, "declined", 299),
    ];
    // Four rows a statement: D1 binds at most 100 values to one.
    const [first, ...rest] = Array.from({ length: Math.ceil(all.length / 4) }, (_, index) =>
      db.insert(bookingRequests).values(all.slice(index * 4, index * 4 + 4)),
    );
    await db.batch([first!, ...rest]);
    // The first resort is deleted since: its requests keep its name.
    await db.delete(locations).where(eq(locations.id, resort.id));

    const html = await page(await admin());
    const top = html.slice(
      html.indexOf('id="demand-top"'),
      html.indexOf("</ol>", html.indexOf('id="demand-top"')),
    );
    const listed = [...top.matchAll(/<li data-row="([^"]+)"/g)].map((match) => match[1]);
    expect(listed.length).toBeLessThanOrEqual(TOP_RESORT_MONTHS);
    expect(listed.slice(0, 2)).toEqual([`${resort.id}|${month}`, `${second.id}|${month}`]);
    const [firstItem, secondItem] = top.split("<li").slice(1);
    const text = (item: string) =>
      visibleText(item.replace(/^[^>]*>/, "").replace(/<[^>]+>/g, " "))
        .replace(/\s+/g, " ")
        .trim();
    const { label } = searchMonth(10);
    expect(text(firstItem!)).toBe(
      `${resort.name} ${TOPLAND} · ${label} 300 not served of 320 asked, 20 served`,
    );
    expect(text(secondItem!)).toBe(
      `${second.name} ${TOPLAND} · ${label} 299 not served of 299 asked, 0 served`,
    );
    // Deleted: named, not linked; the other links to its page.
    expect(firstItem).not.toContain("href=");
    expect(secondItem).toContain(`href="/locations/${second.slug}"`);
    expect(pageRow(section(html, "demand-by-place"), `${TOPLAND}|`)).toEqual(
      counts({ requests: 619, served: 20, unserved: 599 }),
    );
    await db
      .delete(bookingRequests)
      .where(inArray(bookingRequests.locationId, [resort.id, second.id]));
    await db.delete(locations).where(eq(locations.id, second.id));
  });

  it("says so when nothing was asked for in the window", async () => {
    // Fifty years on, no request, alert or search reaches the window.
    const later = new Date(testNow().getTime() + 50 * 365 * 24 * HOUR);
    const figures = await demandFigures({ db, now: later });
    expect(figures.byMonth).toHaveLength(18);
    expect(figures).toMatchObject({ byPlace: [], top: [], total: { served: 0, unserved: 0 } });
    const html = renderToString(createElement(DemandPage, { figures }));
    expect(visibleText(html)).toContain(
      `No demand recorded for ${figures.from} to ${figures.to} yet: no booking requests, waitlist places or week alerts for these months, and no member's search of them that found nothing.`,
    );
    expect(html).not.toContain("<svg");
  });

  it("is for admins only: a visitor gets the sign-in screen, a member is refused and signed out", async () => {
    for (const path of ["/admin/demand", "/admin/demand.csv"]) {
      const visitor = await get(path);
      expect(visitor.status).toBe(401);
      expect(visitor.headers.get("Content-Type")).not.toContain("text/csv");
      expect(await visitor.text()).not.toContain(DEMANDLAND);
      const { cookie } = await member();
      const refused = await get(path, cookie);
      expect(refused.status).toBe(403);
      expect(refused.headers.get("Content-Type")).not.toContain("text/csv");
      const body = visibleText(await refused.text());
      expect(body).toContain(MESSAGES.accessDenied);
      expect(body).not.toContain(DEMANDLAND);
    }
  });
});

describe("members' month searches that found nothing", () => {
  const slug = SEARCHLAND.toLowerCase().replace(/ /g, "-");
  /** A month in which the fixture's room (for up to 6 guests) has open weeks. */
  const month = () => searchMonth(6).value;
  const stored = async (when: string, guests: number) => {
    const [row] = await db
      .select()
      .from(emptyMonthSearches)
      .where(
        and(
          eq(emptyMonthSearches.month, when),
          eq(emptyMonthSearches.country, SEARCHLAND),
          eq(emptyMonthSearches.guests, guests),
        ),
      );
    return row?.searches ?? 0;
  };
  /** The count once the searches' after-response writes are in (they run after the page is sent). */
  const settled = (when: string, guests: number, expected: number) =>
    vi.waitFor(async () => expect(await stored(when, guests)).toBe(expected), { timeout: 5_000 });
  const search = (when: string, guests: number, cookie?: string, place = slug) =>
    get(`/locations?month=${when}&country=${place}&guests=${guests}`, cookie);

  it("counts a member's search that found nothing by month, place and party size only; a visitor's, an admin's and one with results count nothing", async () => {
    const who = await member();
    const when = month();
    // Nothing fits ten guests there: not found, for each of them.
    for (const cookie of [undefined, await admin()]) {
      const response = await search(when, 10, cookie);
      expect(visibleText(await response.text())).toContain(
        "No locations found with the selected filters.",
      );
    }
    // A search that finds the resort, and a place no location has (an edited address).
    const found = await search(when, 4, who.cookie);
    expect(visibleText(await found.text())).toContain(searched.LOCATION.name);
    await search(when, 10, who.cookie, `nowhere-${tag}`);
    expect((await search(when, 10, who.cookie)).status).toBe(200);
    expect((await search(when, 10, who.cookie)).status).toBe(200);
    await settled(when, 10, 2);
    expect(await stored(when, 4)).toBe(0);
    const rows = await db
      .select()
      .from(emptyMonthSearches)
      .where(eq(emptyMonthSearches.country, SEARCHLAND));
    // The row holds the month, the place, the party size and the count: nothing of who searched.
    expect(rows).toEqual([
      { month: when, country: SEARCHLAND, state: "", city: "", guests: 10, searches: 2 },
    ]);

    const cookie = await admin();
    expect(pageRow(section(await page(cookie), "demand-by-place"), `${SEARCHLAND}|`)).toEqual(
      counts({ searches: 2, unserved: 2 }),
    );
    expect((await spreadsheet(cookie)).filter((row) => row.country === SEARCHLAND)).toEqual([
      {
        month: when,
        country: SEARCHLAND,
        state: "",
        city: "",
        resort: "",
        resort_slug: "",
        party_size: "10",
        requests: "0",
        waitlist_places: "0",
        alerts: "0",
        empty_searches: "2",
        asked: "2",
        served: "0",
        not_served: "2",
      },
    ]);
  });

  it("counts fifty searches sent at once as fifty", async () => {
    const when = searchMonth(7).value;
    const members = await Promise.all(Array.from({ length: 50 }, () => member()));
    const responses = await Promise.all(members.map((who) => search(when, 9, who.cookie)));
    expect(responses.map((response) => response.status)).toEqual(members.map(() => 200));
    await settled(when, 9, 50);
  });
});
