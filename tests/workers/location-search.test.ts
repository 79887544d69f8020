import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppContext } from "~/context";
import { createDb } from "~/db/client.server";
import { locations, roomTypes } from "~/db/schema";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { FILTER_NOTICES } from "~/catalogue/location-filters";
import { loadLocationList } from "~/catalogue/location-list-loader.server";
import { createUser, signIn } from "./auth-helpers";
import {
  countingD1,
  get,
  hiddenSeed,
  insertLocations,
  ORIGIN,
  post,
  PRICE_FIELDS,
  request,
  visibleSeed,
  visibleText,
} from "./helpers";

const unique = () =>
  crypto
    .randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 6);

/** What a person sees of the list: the result rows (slugs in order, and their HTML), the text. */
async function list(path: string, cookie?: string) {
  const response = await get(path, cookie);
  const html = await response.text();
  const sections = [
    ...html.matchAll(/<section[^>]*aria-labelledby="rows-(\w+)"[\s\S]*?<\/section>/g),
  ];
  // The last section lists every result (Results when searching; All when browsing).
  const rows = [...(sections.at(-1)?.[0] ?? "").matchAll(/<li>([\s\S]*?)<\/li>/g)].map(
    ([, row]) => row!,
  );
  return {
    status: response.status,
    html,
    text: visibleText(html),
    rows,
    slugs: rows.map((row) => decodeURIComponent(row.match(/href="\/locations\/([^"]+)"/)![1]!)),
  };
}

/** Every result of `path`, page after page (the files of a test worker share its catalogue). */
async function listAll(path: string, cookie?: string) {
  const slugs: string[] = [];
  for (let page = 1; ; page += 1) {
    const { html, slugs: onPage } = await list(
      `${path}${path.includes("?") ? "&" : "?"}page=${page}`,
      cookie,
    );
    slugs.push(...onPage);
    if (!html.includes('rel="next"')) return slugs;
  }
}

async function visibleSlugsWhere(condition: string, ...values: unknown[]) {
  const { results } = await env.DB.prepare(
    `SELECT DISTINCT l.slug FROM locations l JOIN room_types r ON r.location_id = l.id
     WHERE l.hidden = 0 AND r.published = 1 AND ${condition}`,
  )
    .bind(...values)
    .all<{ slug: string }>();
  return results.map((row) => row.slug).sort();
}

async function freshAdmin() {
  const admin = await createUser("admin");
  return { ...admin, cookie: await signIn(admin.id) };
}

async function freshMember() {
  const member = await createUser("member");
  return { ...member, cookie: await signIn(member.id) };
}

const LOCATION_FIELDS = {
  description: "",
  country: "United States",
  state: "Florida",
  city: "Key West",
  minimumNights: "7",
};

/** A new location through the admin's form, in Key West, Florida unless `place` says otherwise. */
async function createLocation(
  cookie: string,
  name: string,
  place: { country?: string; state?: string; city?: string } = {},
) {
  const response = await post(
    "/admin?index&new=1",
    { intent: "create-location", ...LOCATION_FIELDS, ...place, slug: "", name },
    cookie,
  );
  expect(response.status).toBe(302);
  const id = new URL(response.headers.get("Location")!, ORIGIN).searchParams.get("location")!;
  // A new location is a draft until published.
  const published = await post(
    `/admin?index&location=${id}`,
    { intent: "publish-location", locationId: id },
    cookie,
  );
  expect(published.status).toBe(302);
  const slug = (await env.DB.prepare("SELECT slug FROM locations WHERE id = ?")
    .bind(id)
    .first<{ slug: string }>())!.slug;
  return { id, slug };
}

async function updateLocation(
  cookie: string,
  id: string,
  fields: { name: string; description?: string; hidden?: boolean },
) {
  const { slug } = (await env.DB.prepare("SELECT slug FROM locations WHERE id = ?")
    .bind(id)
    .first<{ slug: string }>())!;
  const response = await post(
    `/admin?index&location=${id}`,
    {
      intent: "update-location",
      locationId: id,
      ...LOCATION_FIELDS,
      slug,
      name: fields.name,
      description: fields.description ?? "",
      ...(fields.hidden ? { hidden: "on" } : {}),
    },
    cookie,
  );
  expect(response.status).toBe(302);
}

const MAUI = visibleSeed.filter((location) => location.city === "Maui").map((l) => l.slug);

describe("search", () => {
  it("finds the Maui resorts by 'maui' and by its start 'mau', each row marking why it matched", async () => {
    expect(MAUI.length).toBeGreaterThan(0);
    for (const q of ["maui", "mau", "MAUI", " Maui "]) {
      const found = await list(`/locations?q=${encodeURIComponent(q)}`);
      expect(found.status).toBe(200);
      expect(found.slugs).toEqual(expect.arrayContaining(MAUI));
      expect(found.text).toContain(`${found.slugs.length} locations found`);
      for (const row of found.rows) expect(row).toMatch(/<mark[^>]*>Mau/i);
    }
  });

  it("shows the whole place, marked, when a search word is in the part a row leaves out (a US resort's country)", async () => {
    const florida = visibleSeed.find(
      (l) => l.country === "United States" && l.state === "Florida",
    )!;
    // With the city: other files of this worker add United States resorts of their own, and a
    // page holds 24 rows.
    const usa = await list(`/locations?q=${encodeURIComponent(`${florida.city} united states`)}`);
    expect(usa.slugs).toContain(florida.slug);
    const row = usa.rows[usa.slugs.indexOf(florida.slug)]!;
    expect(row).toMatch(/<mark[^>]*>United<\/mark> <mark[^>]*>States<\/mark>/);
    const text = visibleText(row).replace(/<[^>]+>/g, "");
    expect(text).toContain(`${florida.city}, Florida, United States`);
    // In place of the short place line, not beside it.
    expect(text.split("Florida")).toHaveLength(2);
  });

  it("searches names, places, room features and descriptions; every word must match", async () => {
    const seaside = visibleSeed.find((l) =>
      l.roomTypes.some((r) => r.features.includes("Balcony")),
    )!;
    expect((await list("/locations?q=balcony")).slugs).toContain(seaside.slug);
    const cabo = visibleSeed.find((l) => l.city === "Cabo San Lucas")!;
    expect((await list("/locations?q=cabo%20san%20lucas")).slugs).toContain(cabo.slug);
    // Accents do not matter either way.
    const accented = await list("/locations?q=canc%C3%BAn");
    expect(accented.slugs).toEqual((await list("/locations?q=cancun")).slugs);
    expect((await list("/locations?q=maui%20cabo")).slugs).toEqual([]);
  });

  it("ranks by relevance (a name match first), then by name", async () => {
    const admin = await freshAdmin();
    const word = `qz${unique()}`;
    const named = await createLocation(admin.cookie, `Zulu Lodge ${word}`);
    const described = [];
    for (const name of [`Bravo Retreat ${unique()}`, `Alpha Retreat ${unique()}`]) {
      const created = await createLocation(admin.cookie, name);
      await updateLocation(admin.cookie, created.id, {
        name,
        description: `A quiet ${word} stay by the sea.`,
      });
      described.push({ ...created, name });
    }
    const alpha = described.find((l) => l.name.startsWith("Alpha"))!;
    const bravo = described.find((l) => l.name.startsWith("Bravo"))!;
    const found = await list(`/locations?q=${word}`);
    expect(found.slugs).toEqual([named.slug, alpha.slug, bravo.slug]);
    // A row whose name does not show the word shows the words around it.
    expect(found.rows[1]).toMatch(new RegExp(`<mark[^>]*>${word}</mark> stay by the sea`));
    expect(found.rows[0]).not.toContain("stay by the sea");
  });

  it("combines with the state and the city filters: only the matches in that place", async () => {
    const admin = await freshAdmin();
    const word = `qp${unique()}`;
    const keyWest = (await createLocation(admin.cookie, `Coral Inn ${word}`)).slug;
    const orlando = (await createLocation(admin.cookie, `Citrus Inn ${word}`, { city: "Orlando" }))
      .slug;
    const maui = (
      await createLocation(admin.cookie, `Palm Inn ${word}`, { state: "Hawaii", city: "Maui" })
    ).slug;
    const cancun = (
      await createLocation(admin.cookie, `Reef Inn ${word}`, {
        country: "Mexico",
        state: "",
        city: "Cancun",
      })
    ).slug;
    const search = async (place: string) =>
      (await list(`/locations?q=${word}${place}`)).slugs.sort();

    expect(await search("")).toEqual([keyWest, orlando, maui, cancun].sort());
    // Each place holds seed resorts without the word: the search leaves them out.
    const seedIn = (state: string | null, city: string) =>
      visibleSeed.filter((l) => l.state === state && l.city === city).map((l) => l.slug);
    for (const [place, seed] of [
      ["country=united-states&state=florida&city=orlando", seedIn("Florida", "Orlando")],
      ["country=united-states&state=hawaii&city=maui", seedIn("Hawaii", "Maui")],
      ["country=mexico&city=cancun", seedIn(null, "Cancun")],
    ] as const) {
      expect(seed.length).toBeGreaterThan(0);
      expect((await list(`/locations?${place}`)).slugs).toEqual(expect.arrayContaining(seed));
    }
    expect(await search("&country=united-states&state=florida")).toEqual([keyWest, orlando].sort());
    expect(await search("&country=united-states&state=hawaii")).toEqual([maui]);
    expect(await search("&country=united-states&state=florida&city=orlando")).toEqual([orlando]);
    expect(await search("&country=united-states&state=florida&city=key-west")).toEqual([keyWest]);
    expect(await search("&country=united-states&state=hawaii&city=maui")).toEqual([maui]);
    expect(await search("&country=mexico&city=cancun")).toEqual([cancun]);
    expect(await search("&country=mexico")).toEqual([cancun]);
    // A place with seed resorts but none with the word: nothing.
    expect(await search("&country=united-states&state=utah")).toEqual([]);
    expect(await search("&country=united-states&state=florida&city=captiva")).toEqual([]);
  });

  it.each([
    '"',
    "*",
    "(",
    ")",
    "NEAR",
    "OR",
    "AND",
    "NOT",
    "maui OR cabo",
    "name:maui",
    "NEAR(maui cabo, 2)",
    "' OR 1=1 --",
    "\\",
    "%_",
    "{name}: maui",
  ])("answers %j calmly, as words and never as query syntax", async (q) => {
    const found = await list(`/locations?q=${encodeURIComponent(q)}`);
    expect(found.status).toBe(200);
    expect(found.text).toContain("Our Locations");
  });

  it.each(['maui"', '"maui', "maui*", "(maui)", "-maui", "^maui", "maui +", "\u0000maui"])(
    "finds for %j what it finds for maui",
    async (q) => {
      const found = await list(`/locations?q=${encodeURIComponent(q)}`);
      expect(found.status).toBe(200);
      expect(found.slugs.sort()).toEqual((await list("/locations?q=maui")).slugs.sort());
    },
  );

  it("never finds a hidden location, and stops or starts finding one as an admin hides or shows it", async () => {
    for (const hidden of hiddenSeed) {
      const found = await list(`/locations?q=${encodeURIComponent(hidden.name)}`);
      expect(found.slugs).not.toContain(hidden.slug);
      expect(found.html).not.toContain(`/locations/${hidden.slug}`);
    }
    const admin = await freshAdmin();
    const name = `Hideaway ${unique()}`;
    const { id, slug } = await createLocation(admin.cookie, name);
    expect((await list(`/locations?q=${encodeURIComponent(name)}`)).slugs).toEqual([slug]);
    await updateLocation(admin.cookie, id, { name, hidden: true });
    expect((await list(`/locations?q=${encodeURIComponent(name)}`)).slugs).toEqual([]);
    await updateLocation(admin.cookie, id, { name });
    expect((await list(`/locations?q=${encodeURIComponent(name)}`)).slugs).toEqual([slug]);
  });

  it("follows every admin write at once: new, renamed, room types added and removed, deleted", async () => {
    const admin = await freshAdmin();
    const [first, second, roomWord] = [
      `Kestrel ${unique()}`,
      `Osprey ${unique()}`,
      `zz${unique()}`,
    ];
    const { id, slug } = await createLocation(admin.cookie, first);
    expect((await list(`/locations?q=${encodeURIComponent(first)}`)).slugs).toEqual([slug]);

    await updateLocation(admin.cookie, id, { name: second });
    expect((await list(`/locations?q=${encodeURIComponent(first)}`)).slugs).toEqual([]);
    expect((await list(`/locations?q=${encodeURIComponent(second)}`)).slugs).toEqual([slug]);

    const created = await post(
      `/admin?index&location=${id}&addRoomType=1`,
      { intent: "create-room-type", locationId: id, name: `Suite ${roomWord}` },
      admin.cookie,
    );
    expect(created.status).toBe(302);
    const roomId = new URL(created.headers.get("Location")!, ORIGIN).searchParams.get("roomType")!;
    // A new room type is a draft: found once published.
    expect((await list(`/locations?q=${roomWord}`)).slugs).toEqual([]);
    await env.DB.prepare("UPDATE room_types SET published = 1 WHERE id = ?").bind(roomId).run();
    await invalidateLocationCaches(env.CACHE);
    expect((await list(`/locations?q=${roomWord}`)).slugs).toEqual([slug]);
    const removed = await post(
      `/admin?index&location=${id}&roomType=${roomId}`,
      { intent: "delete-room-type", locationId: id, roomTypeId: roomId, confirmed: "yes" },
      admin.cookie,
    );
    expect(removed.status).toBe(302);
    expect((await list(`/locations?q=${roomWord}`)).slugs).toEqual([]);

    const deleted = await post(
      "/admin?index",
      { intent: "delete-location", locationId: id, confirmed: "yes" },
      admin.cookie,
    );
    expect(deleted.status).toBe(302);
    expect((await list(`/locations?q=${encodeURIComponent(second)}`)).slugs).toEqual([]);
  });

  it("keeps one index row per visible location, equal to what the catalogue says", async () => {
    // Room types written and reordered outside the admin's forms are followed too.
    const id = `loc-search-${unique()}`;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO locations (id, name, slug, country) VALUES (?, 'Index Check', ?, 'Aruba')",
      ).bind(id, id),
      env.DB.prepare(
        `INSERT INTO room_types (id, location_id, name, display_order, room_features, published)
         VALUES (?1 || '-a', ?1, 'Atrium', 0, '["Balcony"]', 1), (?1 || '-b', ?1, 'Bungalow', 1, '[]', 1),
                (?1 || '-c', ?1, 'Draft Den', 2, '[]', 0)`,
      ).bind(id),
      env.DB.prepare(
        "UPDATE room_types SET display_order = 2 - display_order WHERE location_id = ?",
      ).bind(id),
    ]);
    const { rooms } = (await env.DB.prepare(
      "SELECT rooms FROM location_search WHERE location_id = ?",
    )
      .bind(id)
      .first<{ rooms: string }>())!;
    // A draft room is not searched until it is published.
    expect(rooms).toBe("Bungalow. Atrium: Balcony");
    await env.DB.prepare("UPDATE room_types SET published = 1 WHERE id = ?").bind(`${id}-c`).run();
    const published = await env.DB.prepare(
      "SELECT rooms FROM location_search WHERE location_id = ?",
    )
      .bind(id)
      .first<{ rooms: string }>();
    expect(published!.rooms).toBe("Draft Den. Bungalow. Atrium: Balcony");

    const { results } = await env.DB.prepare(
      `SELECT
         (SELECT count(*) FROM location_search) AS indexed,
         (SELECT count(*) FROM locations WHERE hidden = 0) AS visible,
         (SELECT count(*) FROM location_search s JOIN location_search_source v
            ON v.location_id = s.location_id AND v.name = s.name AND v.place = s.place
           AND v.rooms = s.rooms AND v.description = s.description) AS current`,
    ).all<{ indexed: number; visible: number; current: number }>();
    const [counts] = results;
    expect(counts!.indexed).toBe(counts!.visible);
    expect(counts!.current).toBe(counts!.visible);
  });
});

describe("a search's pages", () => {
  // Thirty resorts that only this search finds, half of them in Portugal (no seeded resort is).
  const word = `Pagina${unique()}`;
  const made = Array.from({ length: 30 }, (_, index) => {
    const number = String(index + 1).padStart(2, "0");
    return {
      id: `loc-search-pages-${word}-${number}`,
      name: `${word} Villa ${number}`,
      slug: `search-pages-${word.toLowerCase()}-${number}`,
      country: index % 2 === 0 ? "Portugal" : "Spain",
      city: "Lagos",
      state: null,
    };
  });
  const db = createDb(env.DB);

  beforeAll(async () => {
    await insertLocations(made);
    await invalidateLocationCaches(env.CACHE);
  });

  afterAll(async () => {
    await db.delete(locations).where(like(locations.id, `loc-search-pages-${word}-%`));
    await invalidateLocationCaches(env.CACHE);
  });

  it("lists 24 a page in order, counts every match, and shows the last page for one past it", async () => {
    const bySlug = made.map((location) => location.slug);
    const first = await list(`/locations?q=${word}`);
    expect(first.slugs).toEqual(bySlug.slice(0, 24));
    expect(first.text).toContain("30 locations found");
    const second = await list(`/locations?q=${word}&page=2`);
    expect(second.slugs).toEqual(bySlug.slice(24));
    expect(second.text).toContain("30 locations found");
    expect((await list(`/locations?q=${word}&page=9`)).slugs).toEqual(bySlug.slice(24));
  });

  it("pages only the matches in the chosen place", async () => {
    const inPortugal = made
      .filter((location) => location.country === "Portugal")
      .map((location) => location.slug);
    const found = await list(`/locations?q=${word}&country=portugal`);
    expect(found.slugs).toEqual(inPortugal);
    expect(found.text).toContain("15 locations found");
    expect((await list(`/locations?q=${word}&country=portugal&page=2`)).slugs).toEqual(inPortugal);
  });
});

describe("fit filters", () => {
  it("guests=8 lists only the locations with a room type for at least 8", async () => {
    const found = await list("/locations?guests=8");
    expect(found.slugs.sort()).toEqual(await visibleSlugsWhere("r.max_guests >= 8"));
    expect(found.slugs.length).toBeGreaterThan(0);
    expect(found.html).toMatch(/<option value="8" selected="">8\+<\/option>/);
  });

  it("guests and bedrooms must fit in the same room type, and combine with search and place", async () => {
    const found = await list("/locations?guests=8&bedrooms=3");
    expect(found.slugs.sort()).toEqual(
      await visibleSlugsWhere("r.max_guests >= 8 AND r.bedrooms >= 3"),
    );
    const inMexico = await list("/locations?country=mexico&bedrooms=2&q=beach");
    expect(inMexico.rows.length).toBeGreaterThan(0);
    for (const row of inMexico.rows) expect(visibleText(row)).toContain("Mexico");
  });

  it("gives a member only locations with a priced room type within the weekly price (in US dollars)", async () => {
    const member = await freshMember();
    expect((await list("/locations?maxPrice=3000", member.cookie)).html).toContain(
      'id="filter-max-price"',
    );
    const found = await listAll("/locations?maxPrice=3000", member.cookie);
    expect(found.sort()).toEqual(
      await visibleSlugsWhere("r.price > 0 AND r.price <= 3000 AND l.currency = 'USD'"),
    );
    expect(found.length).toBeGreaterThan(0);
    const bigAndCheap = await listAll("/locations?maxPrice=3000&guests=6", member.cookie);
    expect(bigAndCheap.sort()).toEqual(
      await visibleSlugsWhere(
        "r.price > 0 AND r.price <= 3000 AND r.max_guests >= 6 AND l.currency = 'USD'",
      ),
    );
    const searched = await listAll("/locations?maxPrice=3000&q=beach", member.cookie);
    expect(searched.length).toBeGreaterThan(0);
    for (const slug of searched) expect(found).toContain(slug);
  });

  it("ignores the weekly price for a visitor: the same results, the same order, no price anywhere", async () => {
    for (const query of ["", "q=beach", "guests=4"]) {
      const without = await list(`/locations?${query}`);
      for (const price of ["1", "3000", "999999", "abc"]) {
        const withPrice = await list(`/locations?${query}&maxPrice=${price}`);
        expect(withPrice.slugs).toEqual(without.slugs);
        expect(withPrice.text).not.toContain("weekly price");
        expect(withPrice.html).not.toContain("filter-max-price");
        for (const field of PRICE_FIELDS) expect(withPrice.html).not.toContain(`"${field}"`);
      }
    }
  });
});

describe("a weekly price in one currency", () => {
  // Two resorts that only this block's search finds, each with a room at 700 a week: one prices
  // in US dollars, the other in euros.
  const word = `Devise${unique()}`;
  const resort = (currency: "USD" | "EUR") => ({
    id: `loc-search-currency-${word}-${currency}`,
    name: `${word} ${currency === "USD" ? "Dollar" : "Euro"} Lodge`,
    slug: `search-currency-${word.toLowerCase()}-${currency.toLowerCase()}`,
    country: "France",
    currency,
  });
  const [dollars, euros] = [resort("USD"), resort("EUR")];
  const db = createDb(env.DB);
  const found = async (query: string) => {
    const member = await freshMember();
    return (await list(`/locations?q=${word}&${query}`, member.cookie)).slugs.sort();
  };

  beforeAll(async () => {
    await insertLocations([dollars, euros]);
    await db.insert(roomTypes).values(
      [dollars, euros].map((location) => ({
        id: `${location.id}-suite`,
        locationId: location.id,
        name: "Suite",
        price: 700,
        maxGuests: 4,
        published: true,
      })),
    );
    await invalidateLocationCaches(env.CACHE);
  });

  afterAll(async () => {
    await db.delete(locations).where(like(locations.id, `loc-search-currency-${word}-%`));
    await invalidateLocationCaches(env.CACHE);
  });

  it("compares “up to US$800” with prices in US dollars only: a resort at €700 is not found", async () => {
    expect(await found("maxPrice=800")).toEqual([dollars.slug]);
    expect(await found("maxPrice=800&currency=USD")).toEqual([dollars.slug]);
    const member = await freshMember();
    const browsing = await listAll("/locations?maxPrice=800", member.cookie);
    expect(browsing).toContain(dollars.slug);
    expect(browsing).not.toContain(euros.slug);
  });

  it("compares “up to €800” with prices in euros only, and “up to €600” finds neither", async () => {
    expect(await found("maxPrice=800&currency=EUR")).toEqual([euros.slug]);
    expect(await found("maxPrice=600&currency=EUR")).toEqual([]);
    const member = await freshMember();
    const browsing = await listAll("/locations?maxPrice=800&currency=EUR", member.cookie);
    expect(browsing).toContain(euros.slug);
    expect(browsing).not.toContain(dollars.slug);
  });

  it("names the price's currency beside it, offering those the catalogue prices in", async () => {
    const member = await freshMember();
    const { html } = await list("/locations?maxPrice=800&currency=EUR", member.cookie);
    const field = html.match(/<fieldset[^>]*>[\s\S]*?<\/fieldset>/)?.[0] ?? "";
    expect(visibleText(field)).toContain("Weekly price up to");
    expect(field).toMatch(/<select[^>]*name="currency"/);
    expect(field).toMatch(/<option value="USD">US\$<\/option>/);
    expect(field).toMatch(/<option value="EUR" selected="">€<\/option>/);
    expect(field).toMatch(/<input[^>]*name="maxPrice"[^>]*value="800"/);
  });

  it("explains a currency it does not know, and compares no price", async () => {
    const member = await freshMember();
    const { text, slugs } = await list(
      `/locations?q=${word}&maxPrice=800&currency=XYZ`,
      member.cookie,
    );
    expect(text).toContain(FILTER_NOTICES.currency);
    expect(slugs.sort()).toEqual([dollars.slug, euros.slug].sort());
  });
});

describe("bad input", () => {
  it.each([
    ["guests=abc", FILTER_NOTICES.guests],
    ["guests=-1", FILTER_NOTICES.guests],
    ["bedrooms=-4", FILTER_NOTICES.bedrooms],
    ["bedrooms=1e309", FILTER_NOTICES.bedrooms],
    [`q=${"x".repeat(5000)}`, FILTER_NOTICES.searchTooLong],
    [`q=${encodeURIComponent('"*(')}`, FILTER_NOTICES.searchWithoutWords],
  ])("%s shows the list with a clear message", async (query, notice) => {
    const found = await list(`/locations?${query}`);
    expect(found.status).toBe(200);
    expect(found.text).toContain(notice);
    expect(found.text).toContain("Our Locations");
  });

  it("a member's impossible weekly price is explained too", async () => {
    const member = await freshMember();
    const found = await list("/locations?maxPrice=-5", member.cookie);
    expect(found.status).toBe(200);
    expect(found.text).toContain(FILTER_NOTICES.maxPrice);
  });

  it("an empty result says so, with a way back to every location", async () => {
    const found = await list("/locations?q=zzzzqqqq");
    expect(found.status).toBe(200);
    expect(found.text).toContain("No locations found with the selected filters.");
    expect(found.html).toMatch(/<a[^>]*href="\/locations"[^>]*>View all locations<\/a>/);
  });

  it("a form sent without JavaScript keeps the search and the sizes through the place rules", async () => {
    const response = await request(
      "/locations?prevCountry=mexico&prevState=&country=united-states&state=&q=beach&guests=8&bedrooms=",
      { redirect: "manual" },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      "/locations?country=united-states&q=beach&guests=8",
    );
  });
});

describe("cost", () => {
  async function roundTrips(path: string) {
    const { db, calls } = countingD1(env.DB);
    const ctx = createExecutionContext();
    const pageRequest = new Request(`${ORIGIN}${path}`);
    const app = createAppContext({ env: { ...env, DB: db }, ctx }, pageRequest);
    await loadLocationList(pageRequest, app, {
      memberId: path.includes("maxPrice") ? "user-member" : null,
    });
    await waitOnExecutionContext(ctx);
    return calls.batch + calls.statements;
  }

  it("the list and its place and size filters come from the cache; a search is one D1 query", async () => {
    await roundTrips("/locations");
    expect(await roundTrips("/locations")).toBe(0);
    expect(await roundTrips("/locations?country=united-states&guests=8&bedrooms=2")).toBe(0);
    expect(await roundTrips("/locations?q=maui")).toBe(1);
    expect(await roundTrips("/locations?q=beach&guests=8&country=mexico")).toBe(1);
    expect(await roundTrips("/locations?maxPrice=3000&q=beach&guests=6")).toBe(1);
  });
});
