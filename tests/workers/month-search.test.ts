import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, gte, inArray, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppContext } from "~/context";
import { locations, roomTypes, weeks } from "~/db/schema";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { FILTER_NOTICES } from "~/catalogue/location-filters";
import { loadLocationList } from "~/catalogue/location-list-loader.server";
import { openMonths } from "~/catalogue/month-search.server";
import { addDays, addMonths } from "~/weeks/calendar";
import { SEARCH_MONTHS } from "~/weeks/month";
import { weekRate } from "~/weeks/rates";
import { weekRateSql } from "~/weeks/week-rate-sql.server";
import { createUser, signIn } from "./auth-helpers";
import {
  carriesNumber,
  countingD1,
  get,
  insertLocations,
  ORIGIN,
  testApp,
  visibleText,
} from "./helpers";
import { searchMonth } from "./clock";

const tag = crypto
  .randomUUID()
  .replace(/[^a-f]/g, "")
  .slice(0, 6);
const countrySlug = `testland-${tag}`;
const db = testApp.db;

/** The month three from now, and the one after: every week of them is ahead of every resort. */
const { value: month, label: monthLabel } = searchMonth(3);
const nextMonth = searchMonth(4).value;
const shortMonth = monthLabel.slice(0, 3);

const place = (name: string) => ({
  id: `${tag}-${name.toLowerCase()}`,
  slug: `${tag}-${name.toLowerCase()}`,
  name: `${name} Month ${tag}`,
  country: `Testland ${tag}`,
});
const [alpha, beta, gamma] = [place("Alpha"), place("Beta"), place("Gamma")];

const room = (
  locationId: string,
  id: string,
  fields: Partial<typeof roomTypes.$inferInsert>,
): typeof roomTypes.$inferInsert => ({
  id: `${tag}-${id}`,
  locationId,
  name: id,
  published: true,
  bedrooms: 2,
  ...fields,
});
const rooms = [
  room(alpha.id, "Ocean Suite", { maxGuests: 6, price: 2150 }),
  room(alpha.id, "Draft Villa", { maxGuests: 8, price: 1000, published: false }),
  room(alpha.id, "Unpriced Loft", { maxGuests: 8, price: null }),
  room(beta.id, "Garden Room", { maxGuests: 2, price: 3000 }),
  room(gamma.id, "Summit House", { maxGuests: 8, price: 4000 }),
];
const week = (
  roomName: string,
  checkIn: string,
  state: "open" | "booked" = "open",
): typeof weeks.$inferInsert => ({
  id: `${tag}-${roomName}-${checkIn}`,
  roomTypeId: `${tag}-${roomName}`,
  checkIn,
  nights: 7,
  state,
});

async function list(path: string, cookie?: string) {
  const response = await get(path, cookie);
  const html = await response.text();
  return { status: response.status, html, text: visibleText(html) };
}

const inTestland = (query: string) => `/locations?country=${countrySlug}&${query}`;

describe("the list's “When”: locations with an open week in a month", () => {
  beforeAll(async () => {
    await insertLocations([alpha, beta, gamma]);
    await db.insert(roomTypes).values(rooms);
    await db
      .insert(weeks)
      .values([
        week("Ocean Suite", `${month}-05`),
        week("Ocean Suite", `${month}-12`, "booked"),
        week("Ocean Suite", `${nextMonth}-05`),
        week("Draft Villa", `${month}-05`),
        week("Unpriced Loft", `${month}-05`),
        week("Garden Room", `${month}-19`),
        week("Summit House", `${nextMonth}-12`),
      ]);
    await invalidateLocationCaches(env.CACHE);
  });
  afterAll(async () => {
    await db.delete(locations).where(inArray(locations.id, [alpha.id, beta.id, gamma.id]));
    await invalidateLocationCaches(env.CACHE);
  });

  it("shows a visitor the locations with an open week that month, and their dates, never a rate", async () => {
    const { status, text, html } = await list(inTestland(`month=${month}`));
    expect(status).toBe(200);
    expect(text).toContain("2 locations found");
    expect(text).toContain(alpha.name);
    expect(text).toContain(beta.name);
    expect(text).not.toContain(gamma.name);
    expect(text).toContain(`Weeks in ${monthLabel}`);
    expect(text).toContain(`${shortMonth} 5 to ${shortMonth} 12`);
    expect(text).toContain(`${shortMonth} 19 to ${shortMonth} 26`);
    // The booked week, the draft room's and the week without a rate are not offered.
    expect(text).not.toContain(`${shortMonth} 12 to ${shortMonth} 19`);
    expect(text).not.toContain("Draft Villa");
    expect(text).not.toContain("Unpriced Loft");
    expect(text).not.toContain("Request this week");
    expect(carriesNumber(html, 2150)).toBe(false);
    expect(text).toContain(
      "to see each week's rate and request it, or to be told when a week opens.",
    );
  });

  it("keeps to the rooms that fit: a week of a room for fewer guests does not qualify", async () => {
    const four = await list(inTestland(`month=${month}&guests=4`));
    expect(four.text).toContain("1 location found");
    expect(four.text).toContain(alpha.name);
    expect(four.text).not.toContain(beta.name);
    // Only the draft and the unpriced rooms are for seven: nothing is on sale for them.
    const seven = await list(inTestland(`month=${month}&guests=7`));
    expect(seven.text).toContain("No locations found with the selected filters.");
  });

  it("finds the next month's weeks, and by a search's words too", async () => {
    const next = await list(inTestland(`month=${nextMonth}`));
    expect(next.text).toContain(alpha.name);
    expect(next.text).toContain(gamma.name);
    expect(next.text).not.toContain(beta.name);
    const searched = await list(`/locations?q=${tag}+month&month=${month}`);
    expect(searched.text).toContain("2 locations found");
    expect(searched.text).toContain(`${shortMonth} 19 to ${shortMonth} 26`);
    expect(searched.text).not.toContain(gamma.name);
  });

  it("gives a member each week's rate and a link that requests it, within the weekly price", async () => {
    const member = await createUser("member");
    const cookie = await signIn(member.id);
    const { text, html } = await list(inTestland(`month=${month}&maxPrice=2500`), cookie);
    expect(text).toContain("1 location found");
    expect(text).toContain("US$2,150");
    expect(text).not.toContain(beta.name);
    const href = new URLSearchParams({
      location: alpha.slug,
      roomType: `${tag}-Ocean Suite`,
      week: `${month}-05`,
    });
    expect(html).toContain(`href="/book?${href.toString().replaceAll("&", "&amp;")}"`);
    expect(text).toContain("Request this week");
  });

  it("compares the weekly price with the weeks priced in its currency only", async () => {
    // A resort in another country that prices in euros, with a week at €2,000 in the month.
    const euros = {
      id: `${tag}-euros`,
      slug: `${tag}-euros`,
      name: `Euro Month ${tag}`,
      country: `Eurotestland ${tag}`,
      currency: "EUR",
    };
    await insertLocations([euros]);
    await using _euros = {
      [Symbol.asyncDispose]: async () => {
        await db.delete(locations).where(eq(locations.id, euros.id));
        await invalidateLocationCaches(env.CACHE);
      },
    };
    await db.insert(roomTypes).values(room(euros.id, "Euro Suite", { maxGuests: 4, price: 2000 }));
    await db.insert(weeks).values(week("Euro Suite", `${month}-05`));
    await invalidateLocationCaches(env.CACHE);
    const cookie = await signIn((await createUser("member")).id);
    const inBoth = (query: string) =>
      list(`/locations?q=${tag}+month&month=${month}&${query}`, cookie);

    const dollars = await inBoth("maxPrice=2500");
    expect(dollars.text).toContain(alpha.name);
    expect(dollars.text).not.toContain(euros.name);
    const inEuros = await inBoth("maxPrice=2500&currency=EUR");
    expect(inEuros.text).toContain("1 location found");
    expect(inEuros.text).toContain(euros.name);
    expect(inEuros.text).toContain("€2,000");
    expect(inEuros.text).not.toContain(alpha.name);
    // Browsing the month, without a search, compares the same way.
    const browsing = await list(`/locations?month=${month}&maxPrice=2500&currency=EUR`, cookie);
    expect(browsing.text).toContain(euros.name);
    expect(browsing.text).not.toContain(alpha.name);
  });

  it("says a month it does not offer, and lists every time instead", async () => {
    const { status, text } = await list(inTestland("month=1999-01"));
    expect(status).toBe(200);
    expect(text).toContain(FILTER_NOTICES.month);
    expect(text).toContain(gamma.name);
  });

  it("reads a page of a month in one batch", async () => {
    const { db: counted, calls } = countingD1(env.DB);
    const ctx = createExecutionContext();
    const pageRequest = new Request(`${ORIGIN}${inTestland(`month=${month}`)}`);
    const app = createAppContext({ env: { ...env, DB: counted }, ctx }, pageRequest);
    await loadLocationList(pageRequest, app, { memberId: null });
    await loadLocationList(pageRequest, app, { memberId: null });
    await waitOnExecutionContext(ctx);
    // The first reads the cached list too; the second only its month.
    calls.batch = 0;
    calls.statements = 0;
    await loadLocationList(pageRequest, app, { memberId: null });
    expect(calls.batch + calls.statements).toBe(1);
  });
});

describe("the home page's “When”", () => {
  /** The months the home page's “When” offers (YYYY-MM). */
  async function homeMonths() {
    const html = await (await get("/")).text();
    const select = html.match(/<select[^>]*id="home-month"[\s\S]*?<\/select>/)![0];
    return [...select.matchAll(/<option value="(\d{4}-\d{2})"/g)].map(([, value]) => value);
  }

  it("offers only the months with an open week", async () => {
    // The last month offered, emptied of its open weeks for the test (the seed opens weeks in
    // every month offered), then opened again.
    const last = searchMonth(SEARCH_MONTHS - 1).value;
    const inLast = and(
      eq(weeks.state, "open"),
      gte(weeks.checkIn, `${last}-01`),
      lt(weeks.checkIn, addMonths(`${last}-01`, 1)),
    );
    const emptied = (await db.select({ id: weeks.id }).from(weeks).where(inLast)).map(
      ({ id }) => id,
    );
    expect(emptied.length).toBeGreaterThan(0);
    expect(await homeMonths()).toContain(last);
    await using _reopened = {
      [Symbol.asyncDispose]: async () => {
        // A statement binds at most 100 values.
        for (let start = 0; start < emptied.length; start += 90) {
          await db
            .update(weeks)
            .set({ state: "open" })
            .where(inArray(weeks.id, emptied.slice(start, start + 90)));
        }
        await invalidateLocationCaches(env.CACHE);
      },
    };
    await db.update(weeks).set({ state: "closed" }).where(inLast);
    await invalidateLocationCaches(env.CACHE);
    const offered = await homeMonths();
    expect(offered).not.toContain(last);
    expect(offered).toContain(month);
    expect(offered).toContain(nextMonth);
  });

  it("reads them once per catalogue version: one query, then none", async () => {
    await invalidateLocationCaches(env.CACHE);
    const { db: counted, calls } = countingD1(env.DB);
    const ctx = createExecutionContext();
    const app = createAppContext({ env: { ...env, DB: counted }, ctx }, new Request(ORIGIN));
    const first = await openMonths(app);
    await waitOnExecutionContext(ctx);
    expect(calls).toEqual({ batch: 0, statements: 1 });
    expect(await openMonths(app)).toEqual(first);
    expect(calls).toEqual({ batch: 0, statements: 1 });
  });
});

describe("a week's rate in SQL", () => {
  const holidayRooms = [0, 1, 2].map((offset) => ({ id: `${tag}-holidays-${offset}`, offset }));
  /** The rooms and their weeks, removed after the test. */
  async function holidayWeeks() {
    await insertLocations([{ id: `${tag}-rates`, slug: `${tag}-rates`, name: "Rates" }]);
    await db.insert(roomTypes).values(
      holidayRooms.map(({ id }) => ({
        id,
        locationId: `${tag}-rates`,
        name: id,
        price: null,
        presidentsDayPrice: 1100,
        springBreakPrice: 1200,
        fourthOfJulyPrice: 1300,
        thanksgivingPrice: 1400,
        christmasPrice: 1500,
        newYearsPrice: 1600,
      })),
    );
    // In three rooms four days apart, a week every eleven days for three years, of 3 to 10
    // nights: every holiday is met from each side, across the turns of the years.
    const rows = holidayRooms.flatMap(({ id, offset }) =>
      Array.from({ length: 100 }, (_, index) => ({
        id: `${id}-${index}`,
        roomTypeId: id,
        checkIn: addDays("2027-01-02", offset * 4 + index * 11),
        nights: 3 + (index % 8),
        rate: index % 17 === 0 ? 999 : null,
      })),
    );
    // A statement binds at most 100 values: ten weeks of nine columns.
    for (let start = 0; start < rows.length; start += 10) {
      await db.insert(weeks).values(rows.slice(start, start + 10));
    }
    return {
      [Symbol.asyncDispose]: async () => {
        await db.delete(locations).where(eq(locations.id, `${tag}-rates`));
      },
    };
  }

  it("is the rate the pages show (the week's own, else its holidays', else the room's)", async () => {
    await using _rooms = await holidayWeeks();
    const rows = await db
      .select({
        checkIn: weeks.checkIn,
        nights: weeks.nights,
        rate: weeks.rate,
        inSql: weekRateSql,
        room: roomTypes,
      })
      .from(weeks)
      .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
      .where(
        inArray(
          weeks.roomTypeId,
          holidayRooms.map(({ id }) => id),
        ),
      );
    expect(rows).toHaveLength(300);
    const priced = rows.filter((row) => row.inSql !== null);
    // Some weeks hold a holiday (priced) and most hold none (no rate: the room has no price).
    expect(priced.length).toBeGreaterThan(20);
    expect(priced.length).toBeLessThan(100);
    for (const row of rows) expect(row.inSql).toBe(weekRate(row.room, row));
  });
});
