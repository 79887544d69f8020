import { env } from "cloudflare:workers";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasValidPlace, isComplete } from "~/catalogue/places";
import { createSession } from "~/accounts/session.server";
import { createDb } from "~/db/client.server";
import { auditEvents, images, locations, rateLimits, roomTypes } from "~/db/schema";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { adminCheckStatus, clearAdminCheckCounters } from "~/lib/rate-limit-admin.server";
import { hitRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import { seedLocations } from "../../scripts/seed/data";
import { createUser, signIn } from "./auth-helpers";
import {
  cookiePair,
  get,
  LOCATIONS_PER_STATEMENT,
  post,
  readyRoomStatements,
  testApp,
  toastOf,
  visibleText,
} from "./helpers";
import { daysFromResortToday, testNow } from "./clock";
import { LOCATION_DEFAULTS } from "~/catalogue/location-defaults";

/** An open week two weeks on at the locations below (in the default time zone): ready for sale. */
const readyCheckIn = () => daysFromResortToday(LOCATION_DEFAULTS.timeZone, 14);

const db = createDb(env.DB);

const FEATURED = "/admin/featured";
const OVERVIEW = "/admin/overview";
const RATE_LIMITS_PAGE = "/admin/rate-limits";
const MESSAGES = {
  saved: "Featured locations order updated successfully!",
  failed: "Failed to save changes. Please try again.",
  stale: "The featured locations changed meanwhile. Please reload and try again.",
  cleaned: "Rate limit data cleaned up",
};

/** The seeded admin, signed in as the brief says (a session made without e-mail). */
async function seededAdminCookie() {
  return cookiePair(await createSession(testApp, "user-admin"));
}

/** A new admin of its own: the admin check counts calls per address and page. */
async function freshAdmin() {
  const admin = await createUser("admin");
  return { ...admin, cookie: await signIn(admin.id) };
}

const saveOrder = (ids: string[], cookie?: string) =>
  post(FEATURED, [["intent", "save"], ...ids.map((id): [string, string] => ["ids", id])], cookie);

const move = (id: string, direction: string, cookie?: string) =>
  post(
    FEATURED,
    [
      ["intent", "move"],
      ["id", id],
      ["direction", direction],
    ],
    cookie,
  );

/** The featured ids in their order, as the admin page and the home page sort them. */
async function featuredOrder() {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.featured, true))
    .orderBy(sql`coalesce(${locations.displayOrder}, 999999)`, asc(locations.name));
  return rows.map((row) => row.id);
}

/** Every location's display_order: what must not change when a write is refused. */
function displayOrders() {
  return db
    .select({ id: locations.id, displayOrder: locations.displayOrder })
    .from(locations)
    .orderBy(asc(locations.id));
}

/**
 * Each location's name and whether it is hidden, as stored now: other test files of this worker
 * may have added featured locations of their own.
 */
async function locationFacts() {
  const rows = await db
    .select({ id: locations.id, name: locations.name, hidden: locations.hidden })
    .from(locations);
  return new Map(rows.map((row) => [row.id, row]));
}

async function nameOf(id: string) {
  return (await locationFacts()).get(id)!.name;
}

/** The featured card names on the home page, in page order. */
async function homeFeaturedNames() {
  const response = await get("/");
  expect(response.status).toBe(200);
  const html = visibleText(await response.text());
  const section = html.slice(html.indexOf('id="featured-heading"'));
  return [...section.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((match) => match[1]);
}

async function visibleFeaturedNames(ids: string[]) {
  const facts = await locationFacts();
  return ids.filter((id) => !facts.get(id)!.hidden).map((id) => facts.get(id)!.name);
}

async function restoreSeedOrder() {
  const [first, ...rest] = seedLocations.map((location) =>
    db
      .update(locations)
      .set({ displayOrder: location.displayOrder })
      .where(eq(locations.id, location.id)),
  );
  await db.batch([first!, ...rest]);
  await invalidateLocationCaches(env.CACHE);
}

describe("the Complete rule", () => {
  const base = { description: "Ocean views.", imageCount: 2, roomCount: 1 };
  it.each([
    {
      case: "United States with city and state",
      place: { country: "United States", city: "Maui", state: "Hawaii" },
      valid: true,
    },
    {
      case: "United States without a state",
      place: { country: "United States", city: "Austin", state: null },
      valid: false,
    },
    {
      case: "United States without a city",
      place: { country: "United States", city: null, state: "Texas" },
      valid: false,
    },
    {
      case: "United States with neither",
      place: { country: "United States", city: null, state: null },
      valid: false,
    },
    {
      case: "Mexico with a city",
      place: { country: "Mexico", city: "Cancun", state: null },
      valid: true,
    },
    {
      case: "Mexico without a city",
      place: { country: "Mexico", city: null, state: null },
      valid: false,
    },
    {
      case: "Aruba with nothing",
      place: { country: "Aruba", city: null, state: null },
      valid: true,
    },
    {
      case: "France with nothing",
      place: { country: "France", city: null, state: null },
      valid: true,
    },
  ])("$case → place valid: $valid", ({ place, valid }) => {
    expect(hasValidPlace(place)).toBe(valid);
    expect(isComplete({ ...base, ...place })).toBe(valid);
  });

  const place = { country: "United States", city: "Maui", state: "Hawaii" };
  it.each([
    { case: "no description", fields: { description: null } },
    { case: "a blank description", fields: { description: "   " } },
    { case: "no images", fields: { imageCount: 0 } },
    { case: "no room types", fields: { roomCount: 0 } },
  ])("$case → incomplete", ({ fields }) => {
    expect(isComplete({ ...base, ...place, ...fields })).toBe(false);
  });
});

describe("the Checklist page", () => {
  const TEST_LOCATIONS = [
    {
      id: "loc-test-us-no-state",
      name: "Checklist Test Austin Lofts",
      slug: "checklist-test-austin-lofts",
      country: "United States",
      city: "Austin",
      state: null,
      description: "Lofts.",
      images: 1,
      rooms: 1,
    },
    {
      id: "loc-test-mx-no-city",
      name: "Checklist Test Baja Casitas",
      slug: "checklist-test-baja-casitas",
      country: "Mexico",
      city: null,
      state: null,
      description: "Casitas.",
      images: 2,
      rooms: 1,
    },
    {
      id: "loc-test-aruba",
      name: "Checklist Test Aruba Palms",
      slug: "checklist-test-aruba-palms",
      country: "Aruba",
      city: null,
      state: null,
      description: "Palms.",
      images: 1,
      rooms: 2,
    },
    {
      id: "loc-test-bare",
      name: "Checklist Test Bare Cabins",
      slug: "checklist-test-bare-cabins",
      country: "United States",
      city: "Aspen",
      state: "Colorado",
      description: null,
      images: 0,
      rooms: 0,
    },
  ];
  const ids = TEST_LOCATIONS.map((location) => location.id);

  let totalsBefore: ReturnType<typeof totalsOf>;
  beforeAll(async () => {
    totalsBefore = totalsOf(await checklistHtml());
    for (const location of TEST_LOCATIONS) {
      await db.insert(locations).values({
        id: location.id,
        name: location.name,
        slug: location.slug,
        country: location.country,
        city: location.city,
        state: location.state,
        description: location.description,
        hidden: true, // kept off the public pages other tests may look at
      });
      for (let index = 0; index < location.rooms; index++) {
        await db.batch(
          readyRoomStatements(
            {
              id: `${location.id}-room-${index}`,
              locationId: location.id,
              name: `Room ${index}`,
            },
            readyCheckIn(),
          ),
        );
      }
      for (let index = 0; index < location.images; index++) {
        await db.insert(images).values({
          id: `${location.id}-img-${index}`,
          locationId: location.id,
          imageUrl: `${location.id}/img-${index}.svg`,
          imageType: "image/svg+xml",
          width: 10,
          height: 10,
        });
      }
    }
    await db.insert(auditEvents).values({
      id: crypto.randomUUID(),
      actorEmail: "auditor@example.com",
      action: "updated",
      entityType: "location",
      entityId: "loc-test-aruba",
      locationId: "loc-test-aruba",
      summary: "Updated Checklist Test Aruba Palms",
      createdAt: "2026-03-07T10:00:00.000Z",
    });
  });

  afterAll(async () => {
    await db.delete(images).where(inArray(images.locationId, ids));
    await db.delete(roomTypes).where(inArray(roomTypes.locationId, ids));
    await db.delete(auditEvents).where(inArray(auditEvents.locationId, ids));
    await db.delete(locations).where(inArray(locations.id, ids));
  });

  async function checklistHtml(search = "") {
    const response = await get(`${OVERVIEW}${search}`, await seededAdminCookie());
    expect(response.status).toBe(200);
    return visibleText(await response.text());
  }

  /** The summary's counts above the table. */
  function totalsOf(html: string) {
    const total = (key: string) =>
      Number(html.match(new RegExp(`data-total="${key}"[^>]*>(\\d+)<`))?.[1]);
    return {
      complete: total("complete"),
      incomplete: total("incomplete"),
      hidden: total("hidden"),
      featured: total("featured"),
    };
  }

  /** One location's table row. */
  function rowOf(html: string, id: string) {
    const start = html.indexOf(`id="location-${id}"`);
    expect(start, `row for ${id}`).toBeGreaterThan(-1);
    return html.slice(start, html.indexOf("</tr>", start));
  }

  /** One cell of a row (by its data-check), as text. */
  function cellOf(row: string, check: string) {
    const start = row.indexOf(`data-check="${check}"`);
    expect(start).toBeGreaterThan(-1);
    return row
      .slice(start, row.indexOf("</td>", start))
      .replace(/^[^>]*>/, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  }

  const badges = (row: string) =>
    [...cellOf(row, "status").matchAll(/\b(Hidden|Featured|Complete|Incomplete)\b/g)].map(
      (m) => m[1],
    );

  it("lists a page of locations, hidden ones too, by name, with the column headers", async () => {
    const html = await checklistHtml();
    const firstPage = await db
      .select({ id: locations.id })
      .from(locations)
      .orderBy(sql`${locations.name} COLLATE NOCASE`, asc(locations.id))
      .limit(50);
    const positions = firstPage.map((row) => html.indexOf(`id="location-${row.id}"`));
    expect(positions.every((position) => position > -1)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(html.match(/<tr[^>]* id="location-/g)).toHaveLength(firstPage.length);
    for (const header of [
      "Location Name",
      "City/State",
      "Description",
      "Images",
      "Room Types",
      "Status",
      "Actions",
    ]) {
      expect(html).toContain(`<th scope="col"`);
      expect(html).toMatch(new RegExp(`<th scope="col"[^>]*>${header}</th>`));
    }
    expect(html).toContain("<caption");
  });

  it("shows the cells and badges of seeded locations", async () => {
    const hidden = seedLocations.find((location) => location.hidden)!;
    const hiddenRow = rowOf(await checklistHtml(`?q=${hidden.name}`), hidden.id);
    // Its room has no picture of its own yet: not ready for sale, so the location is incomplete.
    expect(badges(hiddenRow)).toEqual(["Hidden", "Incomplete"]);
    expect(cellOf(hiddenRow, "rooms")).toMatch(/^✕ 1 .*: needs a picture$/);
    expect(hiddenRow).toContain(`/${hidden.slug}`);

    const cabo = rowOf(await checklistHtml("?q=Casa Marena Cabo"), "loc-casa-marena-cabo");
    // One of its rooms has no picture yet: the location is not complete until it has.
    expect(badges(cabo)).toEqual(["Featured", "Incomplete"]);
    // The same place line as the public pages.
    expect(cellOf(cabo, "place")).toContain("Cabo San Lucas, Mexico");
    const caboImages = await db.$count(images, eq(images.locationId, "loc-casa-marena-cabo"));
    expect(cellOf(cabo, "images")).toBe(`✓ ${caboImages}`);
    expect(cellOf(cabo, "rooms")).toMatch(/^✕ 4 Two-Bedroom Ocean View\s*: needs a picture$/);
    expect(cellOf(cabo, "description")).toBe("✓ Yes");
    expect(cabo).toContain('href="/admin?location=loc-casa-marena-cabo"');
    expect(cabo).toMatch(
      /href="\/locations\/casa-marena-cabo" target="_blank" rel="noopener noreferrer"/,
    );

    const poipu = rowOf(await checklistHtml("?q=Poipu Sands"), "loc-poipu-sands");
    expect(badges(poipu)).toEqual(["Complete"]);
    expect(cellOf(poipu, "place")).toBe("✓ Kauai, Hawaii");
    expect(cellOf(poipu, "rooms")).toMatch(/^✓ \d+$/);
  });

  it("marks what an incomplete location is missing", async () => {
    const html = await checklistHtml("?q=Checklist Test");
    const usNoState = rowOf(html, "loc-test-us-no-state");
    expect(cellOf(usNoState, "place")).toContain("Missing");
    expect(badges(usNoState)).toEqual(["Hidden", "Incomplete"]);

    const mexicoNoCity = rowOf(html, "loc-test-mx-no-city");
    expect(cellOf(mexicoNoCity, "place")).toContain("Missing");
    // Its two pictures and its room's.
    expect(cellOf(mexicoNoCity, "images")).toBe("✓ 3");
    expect(badges(mexicoNoCity)).toEqual(["Hidden", "Incomplete"]);

    const aruba = rowOf(html, "loc-test-aruba");
    expect(cellOf(aruba, "place")).toBe("✓ Aruba");
    expect(cellOf(aruba, "rooms")).toBe("✓ 2");
    expect(badges(aruba)).toEqual(["Hidden", "Complete"]);
    expect(aruba.replace(/<[^>]+>/g, "")).toContain(
      "last edited by auditor@example.com on Mar 7, 2026",
    );

    const bare = rowOf(html, "loc-test-bare");
    expect(cellOf(bare, "description")).toBe("✕ Missing");
    expect(cellOf(bare, "images")).toBe("✕ None");
    expect(cellOf(bare, "rooms")).toBe("✕ None");
    expect(cellOf(bare, "place")).toBe("✓ Aspen, Colorado");
    expect(badges(bare)).toEqual(["Hidden", "Incomplete"]);
    expect(bare).not.toContain("last edited by");
  });

  it("sums up complete, incomplete, hidden and featured locations", async () => {
    const totals = totalsOf(await checklistHtml());
    // This file's locations: one complete, three incomplete, all hidden, none featured (other
    // files of this worker may have left locations of their own, counted in totalsBefore).
    expect(totals).toEqual({
      complete: totalsBefore.complete + 1,
      incomplete: totalsBefore.incomplete + 3,
      hidden: totalsBefore.hidden + TEST_LOCATIONS.length,
      featured: totalsBefore.featured,
    });
    expect(totals.complete + totals.incomplete).toBe(await db.$count(locations));
  });
});

describe("the Checklist, a page at a time", () => {
  // A tag of its own: other files of this worker add locations, so every read searches for it.
  const tag = `Paging ${crypto.randomUUID().slice(0, 8)}`;
  const number = (index: number) => String(index + 1).padStart(2, "0");
  /** 55 hidden locations; every fifth is complete, every seventh featured, one name holds "5%_". */
  const made = Array.from({ length: 55 }, (_, index) => ({
    id: `loc-paging-${tag.slice(-8)}-${number(index)}`,
    name: index === 54 ? `${tag} 55 5%_ off` : `${tag} ${number(index)}`,
    complete: index % 5 === 0,
    featured: index % 7 === 0,
  }));

  beforeAll(async () => {
    for (let start = 0; start < made.length; start += LOCATIONS_PER_STATEMENT) {
      const some = made.slice(start, start + LOCATIONS_PER_STATEMENT);
      await db.batch([
        db.insert(locations).values(
          some.map((location) => ({
            id: location.id,
            name: location.name,
            slug: location.id,
            country: "United States",
            city: "Kihei",
            state: "Hawaii",
            // Blank to JavaScript's trim() as well: no description.
            description: location.complete ? "Ocean views." : "\u00a0 \n\u2003",
            hidden: true,
            featured: location.featured,
          })),
        ),
        ...some.flatMap((location) =>
          readyRoomStatements(
            {
              id: `${location.id}-room`,
              locationId: location.id,
              name: "Suite",
            },
            readyCheckIn(),
          ),
        ),
        db.insert(images).values(
          some.map((location) => ({
            id: `${location.id}-img`,
            locationId: location.id,
            imageUrl: `${location.id}/photo.svg`,
            imageType: "image/svg+xml",
            width: 10,
            height: 10,
          })),
        ),
      ]);
    }
  });

  afterAll(async () => {
    const ids = made.map((location) => location.id);
    await db.delete(images).where(inArray(images.locationId, ids));
    await db.delete(roomTypes).where(inArray(roomTypes.locationId, ids));
    await db.delete(locations).where(inArray(locations.id, ids));
  });

  async function shown(search: string) {
    const response = await get(`${OVERVIEW}${search}`, await seededAdminCookie());
    expect(response.status).toBe(200);
    const html = visibleText(await response.text());
    return {
      html,
      ids: [...html.matchAll(/<tr[^>]* id="location-([^"]+)"/g)].map((match) => match[1]),
      rows: html.slice(html.indexOf("<tbody"), html.indexOf("</tbody>")),
    };
  }
  const query = (params: Record<string, string>) =>
    `?${new URLSearchParams({ q: tag, ...params }).toString()}`;
  const idsOf = (list: typeof made) => list.map((location) => location.id);

  it("shows 50 rows by name, then the rest on page 2, with the count and real page links", async () => {
    const first = await shown(query({}));
    expect(first.ids).toEqual(idsOf(made.slice(0, 50)));
    expect(first.html).toContain("1–50 of 55 locations matching, name a–z");
    expect(first.html).toContain("Page 1 of 2 · 55 locations");
    expect(first.html).toContain(
      `href="/admin/overview?q=${encodeURIComponent(tag).replaceAll("%20", "+")}&page=2#rows"`,
    );
    const second = await shown(query({ page: "2" }));
    expect(second.ids).toEqual(idsOf(made.slice(50)));
    expect(second.html).toContain("51–55 of 55 locations matching");
  });

  it("shows the last page for a page past it, and sends anything else to the first", async () => {
    expect((await shown(query({ page: "9" }))).ids).toEqual(idsOf(made.slice(50)));
    // A page number too long to be one is past the last page all the same.
    const far = await get(
      `${OVERVIEW}${query({ page: "99999999999" })}`,
      await seededAdminCookie(),
    );
    expect(far.status).toBe(302);
    const farAddress = new URL(far.headers.get("Location")!, "http://localhost");
    expect((await shown(farAddress.search)).ids).toEqual(idsOf(made.slice(50)));
    for (const page of ["0", "-1", "abc", "1e3"]) {
      const response = await get(`${OVERVIEW}${query({ page })}`, await seededAdminCookie());
      expect({ page, status: response.status, to: response.headers.get("Location") }).toEqual({
        page,
        status: 302,
        to: `${OVERVIEW}${query({})}`,
      });
    }
  });

  it("sorts by name the other way", async () => {
    const reversed = [...made].reverse();
    expect((await shown(query({ sort: "name-desc" }))).ids).toEqual(idsOf(reversed.slice(0, 50)));
    expect((await shown(query({ sort: "name-desc", page: "2" }))).ids).toEqual(
      idsOf(reversed.slice(50)),
    );
  });

  it("filters by status with the same Complete rule as the badges", async () => {
    const complete = await shown(query({ status: "complete" }));
    expect(complete.ids).toEqual(idsOf(made.filter((location) => location.complete)));
    expect(complete.rows).not.toContain(">Incomplete<");
    const incomplete = await shown(query({ status: "incomplete" }));
    expect(incomplete.ids).toEqual(idsOf(made.filter((location) => !location.complete)));
    expect(incomplete.rows).not.toContain(">Complete<");
    expect((await shown(query({ status: "featured" }))).ids).toEqual(
      idsOf(made.filter((location) => location.featured)),
    );
    expect((await shown(query({ status: "hidden", page: "2" }))).ids).toEqual(
      idsOf(made.slice(50)),
    );
  });

  it("searches names as typed, in any case, with % and _ as plain characters", async () => {
    expect((await shown(`?q=${encodeURIComponent(`${tag} 55 5%_`.toUpperCase())}`)).ids).toEqual([
      made[54]!.id,
    ]);
    expect((await shown(`?q=${encodeURIComponent(`${tag} 5_`)}`)).ids).toEqual([]);
    const none = await shown(`?q=${encodeURIComponent(`${tag} nothing`)}`);
    expect(none.html).toContain("No locations match.");
    expect(none.html).toMatch(/href="\/admin\/overview"[^>]*>Show all locations/);
  });

  it("leaves the form's empty fields and anything unknown out of the address", async () => {
    const cookie = await seededAdminCookie();
    for (const [search, address] of [
      [query({ status: "", sort: "name" }), query({})],
      [query({ status: "everything", sort: "random", x: "1" }), query({})],
      [`?q=&status=hidden&sort=name-desc`, "?status=hidden&sort=name-desc"],
      ["?q=+", ""],
    ]) {
      const response = await get(`${OVERVIEW}${search}`, cookie);
      expect({ search, status: response.status, to: response.headers.get("Location") }).toEqual({
        search,
        status: 302,
        to: `${OVERVIEW}${address}`,
      });
    }
  });

  it("counts every location above the table, whatever it shows", async () => {
    const page = await shown(query({ status: "featured" }));
    const total = (key: string) =>
      Number(page.html.match(new RegExp(`data-total="${key}"[^>]*>(\\d+)<`))?.[1]);
    expect(total("complete") + total("incomplete")).toBe(await db.$count(locations));
    expect(total("hidden")).toBeGreaterThanOrEqual(made.length);
  });
});

describe("the featured order", () => {
  let admin: Awaited<ReturnType<typeof freshAdmin>>;
  beforeAll(async () => {
    admin = await freshAdmin();
  });
  afterAll(restoreSeedOrder);

  it("lists the featured locations in order with rank, place or slug, Edit link and the Hidden badge", async () => {
    // A featured location with no place and a hidden one.
    await db
      .update(locations)
      .set({ hidden: true })
      .where(eq(locations.id, "loc-coral-bay-cottages"));
    try {
      const response = await get(FEATURED, admin.cookie);
      expect(response.status).toBe(200);
      const html = visibleText(await response.text());
      const order = await featuredOrder();
      const positions = order.map((id) => html.indexOf(`data-featured-id="${id}"`));
      expect(positions.every((position) => position > -1)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      const row = (id: string) => {
        const start = html.indexOf(`data-featured-id="${id}"`);
        return html
          .slice(start, html.indexOf("</li>", start))
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ");
      };
      expect(row(order[0]!)).toContain("Rank 1");
      expect(row("loc-kaanapali-beach-club")).toContain("Maui, Hawaii");
      expect(row("loc-eagle-beach-sands")).toContain("eagle-beach-sands-aruba");
      expect(row("loc-coral-bay-cottages")).toContain("Hidden");
      expect(row("loc-kaanapali-beach-club")).not.toContain("Hidden");
      expect(html).toContain('href="/admin?location=loc-kaanapali-beach-club"');
      // Without JavaScript: Move up / Move down forms and a plain Save Order form.
      expect(html).toMatch(/<button(?=[^>]*name="intent")(?=[^>]*value="move")[^>]*>/);
      expect(html).toContain("Save Order");
      expect(html).toContain(`name="ids" value="${order[0]}"`);
    } finally {
      await db
        .update(locations)
        .set({ hidden: false })
        .where(eq(locations.id, "loc-coral-bay-cottages"));
    }
  });

  it("says so, with a link to the Locations tab, when nothing is featured", async () => {
    const featured = await featuredOrder();
    await db.update(locations).set({ featured: false }).where(inArray(locations.id, featured));
    try {
      const response = await get(FEATURED, admin.cookie);
      expect(response.status).toBe(200);
      const html = visibleText(await response.text());
      expect(html).toContain("No featured locations yet.");
      expect(html).toMatch(/<a[^>]*href="\/admin"[^>]*>Locations tab<\/a>/);
      expect(html).not.toContain("Save Order");
    } finally {
      await db.update(locations).set({ featured: true }).where(inArray(locations.id, featured));
    }
  });

  it("saves a new order as display_order 0..n-1 at once, and the home page shows it at the next request", async () => {
    const before = await featuredOrder();
    // The home page's list is cached in KV: the save must clear it.
    expect(await homeFeaturedNames()).toEqual(await visibleFeaturedNames(before));
    const wanted = [...before].reverse();
    const auditsBefore = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityType, "featured_order"));

    const response = await saveOrder(wanted, admin.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(FEATURED);
    expect(await toastOf(response)).toEqual({ type: "success", message: MESSAGES.saved });

    const rows = await db
      .select({ id: locations.id, displayOrder: locations.displayOrder })
      .from(locations)
      .where(eq(locations.featured, true));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.displayOrder]))).toEqual(
      Object.fromEntries(wanted.map((id, index) => [id, index])),
    );
    const auditsAfter = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityType, "featured_order"));
    expect(auditsAfter.length).toBe(auditsBefore.length + 1);
    expect(
      auditsAfter.find((event) => !auditsBefore.some((old) => old.id === event.id))?.actorEmail,
    ).toBe(admin.email);

    expect(await featuredOrder()).toEqual(wanted);
    expect(await homeFeaturedNames()).toEqual(await visibleFeaturedNames(wanted));
  });

  it("moves a location up or down without JavaScript, and the home page follows", async () => {
    const before = await featuredOrder();
    expect(await homeFeaturedNames()).toEqual(await visibleFeaturedNames(before));

    const down = await move(before[0]!, "down", admin.cookie);
    expect(down.status).toBe(302);
    expect(down.headers.get("Location")).toBe(`${FEATURED}#featured-${before[0]}`);
    expect(await toastOf(down)).toEqual({ type: "success", message: MESSAGES.saved });
    const afterDown = [before[1]!, before[0]!, ...before.slice(2)];
    expect(await featuredOrder()).toEqual(afterDown);
    expect(await homeFeaturedNames()).toEqual(await visibleFeaturedNames(afterDown));

    const last = afterDown[afterDown.length - 1]!;
    const up = await move(last, "up", admin.cookie);
    expect(up.status).toBe(302);
    const afterUp = [...afterDown.slice(0, -2), last, afterDown[afterDown.length - 2]!];
    expect(await featuredOrder()).toEqual(afterUp);
    expect(await homeFeaturedNames()).toEqual(await visibleFeaturedNames(afterUp));
    // Every featured location now has its place as display_order.
    const rows = await db
      .select({ id: locations.id, displayOrder: locations.displayOrder })
      .from(locations)
      .where(eq(locations.featured, true));
    for (const row of rows) expect(row.displayOrder).toBe(afterUp.indexOf(row.id));
  });

  it("leaves the order alone for the first moving up and the last moving down", async () => {
    const order = await featuredOrder();
    const snapshot = await displayOrders();
    const firstUp = await move(order[0]!, "up", admin.cookie);
    expect(firstUp.status).toBe(302);
    expect(await toastOf(firstUp)).toEqual({
      type: "info",
      message: `${await nameOf(order[0]!)} is already first.`,
    });
    const lastDown = await move(order[order.length - 1]!, "down", admin.cookie);
    expect(lastDown.status).toBe(302);
    expect(await toastOf(lastDown)).toEqual({
      type: "info",
      message: `${await nameOf(order[order.length - 1]!)} is already last.`,
    });
    expect(await displayOrders()).toEqual(snapshot);
  });

  it("refuses a stale or forged id list with the message, and changes nothing", async () => {
    const order = await featuredOrder();
    const snapshot = await displayOrders();
    const [notFeatured] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.featured, false))
      .limit(1);
    for (const ids of [
      order.slice(1), // one went missing (un-featured meanwhile)
      [...order, notFeatured!.id], // one more than featured
      [notFeatured!.id, ...order.slice(1)], // a location that is not featured
      [order[0]!, ...order.slice(0, -1)], // a repeat
      [], // nothing
    ]) {
      const response = await saveOrder(ids, admin.cookie);
      expect(response.status).toBe(409);
      const html = visibleText(await response.text());
      expect(visibleText(html)).toContain(MESSAGES.stale);
      expect(visibleText(html)).toContain(MESSAGES.failed);
    }
    const gone = await move("loc-wailea-palms", "up", admin.cookie);
    expect(gone.status).toBe(409);
    const bad = await move(order[1]!, "sideways", admin.cookie);
    expect(bad.status).toBe(400);
    const unknown = await post(FEATURED, [["intent", "shuffle"]], admin.cookie);
    expect(unknown.status).toBe(400);
    expect(await displayOrders()).toEqual(snapshot);
  });

  it("refuses visitors (401) and members (403), and changes nothing", async () => {
    const order = await featuredOrder();
    const snapshot = await displayOrders();
    const reversed = [...order].reverse();

    expect((await saveOrder(reversed)).status).toBe(401);
    expect((await move(order[0]!, "down")).status).toBe(401);

    const member = await createUser("member");
    expect((await saveOrder(reversed, await signIn(member.id))).status).toBe(403);
    expect((await move(order[0]!, "down", await signIn(member.id))).status).toBe(403);

    expect(await displayOrders()).toEqual(snapshot);
    for (const path of [FEATURED, OVERVIEW, RATE_LIMITS_PAGE]) {
      expect((await get(path)).status).toBe(401);
      expect((await get(path, await signIn(member.id))).status).toBe(403);
    }
  });
});

describe("the rate-limit page", () => {
  const rule = RATE_LIMITS.adminCheck;
  /** The stored count of one admin's checks of one operation in its current window. */
  const count = async (email: string, operation: string) =>
    (await adminCheckStatus(db, email, testNow().getTime())).find(
      (row) => row.operation === operation,
    )?.count ?? 0;

  /** The count the page shows for one operation. */
  function shownCount(html: string, operation: string) {
    const start = html.indexOf(`data-operation="${operation}"`);
    expect(start).toBeGreaterThan(-1);
    const row = html.slice(start, html.indexOf("</tr>", start));
    return { count: Number(row.match(/data-count="true">(\d+)</)?.[1]), row };
  }

  it("shows this admin's admin-check calls per page in the current window, with a warning above 10", async () => {
    const admin = await freshAdmin();
    for (let i = 0; i < 3; i++) expect((await get(FEATURED, admin.cookie)).status).toBe(200);
    for (let i = 0; i < 11; i++) expect((await get(OVERVIEW, admin.cookie)).status).toBe(200);
    // A client-side navigation fetches `.data`: the page shows that key's count too (on the
    // page's own row, or a row of its own while checkAdmin keeps `.data` in the key).
    expect((await get(`${FEATURED}.data`, admin.cookie)).status).toBe(200);

    const response = await get(RATE_LIMITS_PAGE, admin.cookie);
    expect(response.status).toBe(200);
    const html = visibleText(await response.text());
    expect(html).toContain(admin.email);
    const featured = shownCount(html, FEATURED);
    const dataKey = html.includes(`data-operation="${FEATURED}.data"`)
      ? shownCount(html, `${FEATURED}.data`).count
      : 0;
    expect(featured.count + dataKey).toBe(4);
    expect(featured.count).toBe(await count(admin.email, FEATURED));
    expect(featured.row).toContain("OK");
    const overview = shownCount(html, OVERVIEW);
    expect(overview.count).toBe(11);
    expect(overview.row).toContain("Warning");
    expect(shownCount(html, RATE_LIMITS_PAGE).count).toBe(1);
    expect(shownCount(html, "/admin/users").count).toBe(0);
    expect(html).toContain("/ 50");
  });

  it("cleans up this admin's counters only", async () => {
    const admin = await freshAdmin();
    const other = await freshAdmin();
    await get(FEATURED, admin.cookie);
    await get(OVERVIEW, admin.cookie);
    await get(FEATURED, other.cookie);

    // Visitors and members cannot clean up.
    expect((await post(RATE_LIMITS_PAGE, [["intent", "cleanup"]])).status).toBe(401);
    const member = await createUser("member");
    expect(
      (await post(RATE_LIMITS_PAGE, [["intent", "cleanup"]], await signIn(member.id))).status,
    ).toBe(403);
    expect(await count(admin.email, FEATURED)).toBe(1);

    const response = await post(RATE_LIMITS_PAGE, [["intent", "cleanup"]], admin.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(RATE_LIMITS_PAGE);
    expect(await toastOf(response)).toEqual({ type: "success", message: MESSAGES.cleaned });
    const left = await db
      .select({ subject: rateLimits.subject })
      .from(rateLimits)
      .where(eq(rateLimits.rule, rule.name));
    expect(left.filter(({ subject }) => subject.startsWith(`${admin.email}:`))).toEqual([]);
    expect(await count(other.email, FEATURED)).toBe(1);

    const html = visibleText(await (await get(RATE_LIMITS_PAGE, admin.cookie)).text());
    expect(shownCount(html, FEATURED).count).toBe(0);
    expect(shownCount(html, OVERVIEW).count).toBe(0);
    expect(shownCount(html, RATE_LIMITS_PAGE).count).toBe(1);
  });

  it("answers an unknown intent with 400 and a message, and cleans up nothing", async () => {
    const admin = await freshAdmin();
    await get(FEATURED, admin.cookie);
    const posts: Array<Array<[string, string]>> = [[["intent", "clean"]], [["intent", ""]], []];
    for (const fields of posts) {
      const response = await post(RATE_LIMITS_PAGE, fields, admin.cookie);
      expect(response.status).toBe(400);
      expect(visibleText(await response.text())).toContain("Unknown action.");
    }
    expect(await count(admin.email, FEATURED)).toBe(1);
  });

  it("clears by the whole address, not a prefix of it", async () => {
    const email = "prefix@example.com";
    const addresses = [email, `${email}.evil`, `x${email}`];
    for (const address of addresses) {
      for (let i = 0; i < 3; i++)
        await hitRateLimit(db, rule, `${address}:/admin`, testNow().getTime());
    }
    expect(await clearAdminCheckCounters(db, email)).toBe(1);
    expect(await count(email, "/admin")).toBe(0);
    expect(await count(`${email}.evil`, "/admin")).toBe(3);
    expect(await count(`x${email}`, "/admin")).toBe(3);
  });
});
