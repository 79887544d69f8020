import { env } from "cloudflare:workers";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { auditEvents, bookingRequests, images, locations, roomTypes } from "~/db/schema";
import { seedLocations } from "../../scripts/seed/data";
import { createUser, signIn } from "./auth-helpers";
import { get, insertLocations, post, toastOf, visibleText } from "./helpers";

const db = createDb(env.DB);
/**
 * The locations manager is the admin layout's index route: its action answers `?index`. Each form
 * posts to the page's own address, as the browser does.
 */
const ACTION = "/admin?index";
const NEW_PAGE = "/admin?index&new=1";
const pageOf = (locationId: string, extra = "") =>
  `/admin?index&location=${encodeURIComponent(locationId)}${extra}`;

/** A new admin of its own: the admin check counts calls per address (50 a minute). */
async function freshAdmin() {
  const admin = await createUser("admin");
  return { ...admin, cookie: await signIn(admin.id) };
}

const unique = () => crypto.randomUUID().slice(0, 8);

async function locationRow(id: string) {
  const [row] = await db.select().from(locations).where(eq(locations.id, id));
  return row;
}

async function locationByName(name: string) {
  const [row] = await db.select().from(locations).where(eq(locations.name, name));
  return row;
}

async function roomRows(locationId: string) {
  return db
    .select()
    .from(roomTypes)
    .where(eq(roomTypes.locationId, locationId))
    .orderBy(asc(roomTypes.displayOrder), asc(roomTypes.name));
}

const LOCATION_FIELDS = {
  name: "",
  slug: "",
  description: "",
  country: "United States",
  state: "",
  city: "",
  minimumNights: "7",
};

/** Creates a location through the action and returns its id. */
async function createThroughAction(cookie: string, fields: Record<string, string> = {}) {
  const name = fields.name ?? `Test Cove ${unique()}`;
  const response = await post(
    NEW_PAGE,
    { intent: "create-location", ...LOCATION_FIELDS, name, ...fields },
    cookie,
  );
  expect(response.status).toBe(302);
  const id = new URL(response.headers.get("Location")!, "http://localhost").searchParams.get(
    "location",
  );
  expect(id).toBeTruthy();
  return id!;
}

function updateLocation(cookie: string, id: string, fields: Record<string, string>) {
  return post(
    pageOf(id),
    { intent: "update-location", locationId: id, ...LOCATION_FIELDS, ...fields },
    cookie,
  );
}

async function createRoom(cookie: string, locationId: string, name: string) {
  const response = await post(
    pageOf(locationId, "&addRoomType=1"),
    { intent: "create-room-type", locationId, name },
    cookie,
  );
  expect(response.status).toBe(302);
  return new URL(response.headers.get("Location")!, "http://localhost").searchParams.get(
    "roomType",
  )!;
}

const ROOM_FIELDS = {
  name: "Garden Suite",
  description: "",
  bedrooms: "",
  bathrooms: "",
  maxGuests: "",
  price: "",
  presidentsDayPrice: "",
  springBreakPrice: "",
  fourthOfJulyPrice: "",
  thanksgivingPrice: "",
  christmasPrice: "",
  newYearsPrice: "",
  otherPrices: "",
  parkingCost: "",
  resortFeeCost: "",
  localTaxes: "",
};

/** A room type's save as the editor sends it: every field, `fields` over them. */
function saveRoomType(
  cookie: string,
  locationId: string,
  roomTypeId: string,
  fields: Record<string, string> = {},
) {
  return fetchForm(
    new URLSearchParams({
      intent: "update-room-type",
      locationId,
      roomTypeId,
      ...ROOM_FIELDS,
      ...fields,
    }),
    cookie,
  );
}

/** A form post with repeated names (the room features). */
function fetchForm(body: URLSearchParams, cookie: string) {
  const roomPage = pageOf(
    String(body.get("locationId")),
    `&roomType=${encodeURIComponent(String(body.get("roomTypeId")))}`,
  );
  return post(roomPage, body, cookie);
}

async function pageText(response: Response) {
  return visibleText(await response.text());
}

describe("creating a location", () => {
  it("starts a draft with no description, 7 minimum nights, not featured; records an audit event and, published, shows on the public list at once", async () => {
    const admin = await freshAdmin();
    // The public list is cached in KV: read it first so the cache is warm.
    expect(await (await get("/locations")).text()).not.toContain("Saltwater Cove");
    const name = `Saltwater Cove ${unique()}`;
    const response = await post(
      NEW_PAGE,
      {
        intent: "create-location",
        ...LOCATION_FIELDS,
        name,
        state: "Florida",
        city: "Key West",
        // Saved only by a later edit: a new location starts with the defaults.
        description: "Not saved on create",
        minimumNights: "3",
        featured: "on",
        hidden: "on",
      },
      admin.cookie,
    );
    expect(response.status).toBe(302);
    const row = (await locationByName(name))!;
    expect(response.headers.get("Location")).toBe(`/admin?location=${row.id}`);
    expect(await toastOf(response)).toEqual({
      type: "success",
      message: "Location created successfully",
    });
    expect(row).toMatchObject({
      slug: name.toLowerCase().replaceAll(" ", "-"),
      description: "",
      featured: false,
      minimumNights: 7,
      hidden: true,
      country: "United States",
      state: "Florida",
      city: "Key West",
      displayOrder: null,
    });

    const audit = await db.select().from(auditEvents).where(eq(auditEvents.entityId, row.id));
    expect(audit).toEqual([
      expect.objectContaining({
        action: "created",
        entityType: "location",
        locationId: row.id,
        actorEmail: admin.email,
      }),
    ]);

    // A draft is off the site until published. By a search: the list holds 24 a page, and other
    // files add locations of their own. A search still lists only what the cached list holds, so
    // this also shows the cache was cleared.
    const searched = () => get(`/locations?q=${encodeURIComponent(name)}`);
    expect(await (await searched()).text()).not.toContain(`href="/locations/${row.slug}"`);
    const published = await post(
      `/admin?index&location=${row.id}`,
      { intent: "publish-location", locationId: row.id },
      admin.cookie,
    );
    expect(await toastOf(published)).toEqual({
      type: "success",
      message: "Location published: it is on the site",
    });
    expect(await (await searched()).text()).toContain(`href="/locations/${row.slug}"`);

    // The form then shows the saved values.
    const page = await get(`/admin?location=${row.id}`, admin.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`value="${row.slug}"`);
    expect(visibleText(html)).toContain("Save Location");
    expect(html).toContain(`href="/locations/${row.slug}"`);
  });

  it("opens an empty form with the defaults for '+ Add Location'", async () => {
    const admin = await freshAdmin();
    const response = await get("/admin?new=1", admin.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(visibleText(html)).toContain("Create Location");
    expect(html).toMatch(/<option value="United States"[^>]* selected="">United States<\/option>/);
    expect(html).toMatch(/value="7"/);
    expect(html).not.toMatch(/<input[^>]*type="checkbox"[^>]*checked/);
  });
});

describe("slug rules", () => {
  it("makes the slug from the name when it is left empty on create", async () => {
    const admin = await freshAdmin();
    const id = await createThroughAction(admin.cookie, {
      name: `  Café & Bar — Ōcean ${unique()} `,
    });
    // Letters are transliterated, not dropped.
    expect((await locationRow(id))!.slug).toMatch(/^cafe-bar-ocean-[a-z0-9]{8}$/);
  });

  it("keeps a slug given by hand", async () => {
    const admin = await freshAdmin();
    const slug = `hand-made-${unique()}`;
    const id = await createThroughAction(admin.cookie, { slug });
    expect((await locationRow(id))!.slug).toBe(slug);
  });

  it("refuses a bad pattern, an empty slug on edit and a name that gives no slug, with status 400", async () => {
    const admin = await freshAdmin();
    const id = await createThroughAction(admin.cookie);
    const before = (await locationRow(id))!;

    const bad = await updateLocation(admin.cookie, id, {
      name: before.name,
      slug: "Not A Slug!",
      description: "Kept text",
    });
    expect(bad.status).toBe(400);
    const badText = await pageText(bad);
    expect(badText).toContain("Use lowercase letters, numbers and hyphens only");
    // The values are kept.
    expect(badText).toMatch(/name="slug"[^>]*value="Not A Slug!"/);
    expect(badText).toMatch(/name="description"[^>]*>Kept text<\/textarea>/);

    const empty = await updateLocation(admin.cookie, id, { name: before.name, slug: "" });
    expect(empty.status).toBe(400);
    expect(await pageText(empty)).toContain("Slug is required");
    expect(await locationRow(id)).toEqual(before);

    const nameless = await post(
      NEW_PAGE,
      { intent: "create-location", ...LOCATION_FIELDS, name: "!!!" },
      admin.cookie,
    );
    expect(nameless.status).toBe(400);
    expect(await pageText(nameless)).toContain("Slug is required");

    const noName = await post(
      NEW_PAGE,
      { intent: "create-location", ...LOCATION_FIELDS, name: "  " },
      admin.cookie,
    );
    expect(noName.status).toBe(400);
    expect(await pageText(noName)).toContain("Name is required");
  });

  it("refuses a slug another location uses with 409, on the slug field, and stores nothing", async () => {
    const admin = await freshAdmin();
    const taken = seedLocations[0]!.slug;
    const name = `Copycat ${unique()}`;
    const response = await post(
      NEW_PAGE,
      { intent: "create-location", ...LOCATION_FIELDS, name, slug: taken },
      admin.cookie,
    );
    // A clash with what is stored, not a rule the form broke.
    expect(response.status).toBe(409);
    const html = visibleText(await response.text());
    // On the slug field, linked to it, with the values kept.
    const error = html.match(/<p id="([^"]+)"[^>]*>Another location already uses this slug<\/p>/);
    expect(error).not.toBeNull();
    const slugInput = html.match(/<input[^>]*name="slug"[^>]*>/)![0];
    expect(slugInput).toContain(`aria-describedby="${error![1]}`);
    expect(slugInput).toContain('aria-invalid="true"');
    expect(slugInput).toContain(`value="${taken}"`);
    expect(html).toMatch(new RegExp(`name="name"[^>]*value="${name}"`));
    expect(await locationByName(name)).toBeUndefined();

    const id = await createThroughAction(admin.cookie);
    const edit = await updateLocation(admin.cookie, id, { name: "Renamed", slug: taken });
    expect(edit.status).toBe(409);
    expect(await pageText(edit)).toContain("Another location already uses this slug");
    expect((await locationRow(id))!.name).not.toBe("Renamed");
  });
});

describe("two admins, or two tabs, saving one location", () => {
  it("the form saved from the older page is refused, naming why, and the newer save stands", async () => {
    const admin = await freshAdmin();
    const id = await createThroughAction(admin.cookie);
    const opened = (await locationRow(id))!;
    // The page carries the version it was opened at.
    const page = await (await get(pageOf(id), admin.cookie)).text();
    expect(page).toContain(`name="version" value="${opened.updatedAt}"`);

    const first = await updateLocation(admin.cookie, id, {
      name: opened.name,
      slug: opened.slug,
      minimumNights: "5",
      version: opened.updatedAt,
    });
    expect(first.status).toBe(302);
    const second = await updateLocation(admin.cookie, id, {
      name: opened.name,
      slug: opened.slug,
      description: "Written in the other tab",
      version: opened.updatedAt,
    });
    expect(second.status).toBe(409);
    expect(await pageText(second)).toContain(
      "Another admin or another tab saved this location after you opened it",
    );
    const stored = (await locationRow(id))!;
    expect(stored.minimumNights).toBe(5);
    // The refused save is not in the location's history.
    const history = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, "updated")));
    expect(history).toHaveLength(1);
    expect(stored.description).not.toBe("Written in the other tab");

    // Saved again from the page as it now is: accepted.
    const again = await updateLocation(admin.cookie, id, {
      name: opened.name,
      slug: opened.slug,
      minimumNights: "5",
      description: "Written in the other tab",
      version: stored.updatedAt,
    });
    expect(again.status).toBe(302);
    expect((await locationRow(id))!.description).toBe("Written in the other tab");
  });

  it("of fifty saves sent at once from pages opened at one version, one is applied and recorded", async () => {
    const admin = await freshAdmin();
    const id = await createThroughAction(admin.cookie);
    const opened = (await locationRow(id))!;
    // Ten admins: the admin check counts an address's requests to a page.
    const admins = await Promise.all(Array.from({ length: 10 }, () => freshAdmin()));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        updateLocation(admins[index % 10]!.cookie, id, {
          name: opened.name,
          slug: opened.slug,
          description: `Save ${index}`,
          version: opened.updatedAt,
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([302, ...Array(49).fill(409)]);
    const winner = responses.findIndex((response) => response.status === 302);
    expect((await locationRow(id))!.description).toBe(`Save ${winner}`);
    const history = await db
      .select({ summary: auditEvents.summary })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, "updated")));
    expect(history).toHaveLength(1);
  });
});

describe("place rules through the action", () => {
  it("keeps a state only in the United States and a city only where cities are kept", async () => {
    const admin = await freshAdmin();
    const id = await createThroughAction(admin.cookie);
    const name = (await locationRow(id))!.name;
    const slug = (await locationRow(id))!.slug;

    expect(
      (
        await updateLocation(admin.cookie, id, {
          name,
          slug,
          country: "France",
          state: "Hawaii",
          city: "Nice",
        })
      ).status,
    ).toBe(302);
    expect(await locationRow(id)).toMatchObject({ country: "France", state: null, city: "Nice" });

    expect(
      (
        await updateLocation(admin.cookie, id, {
          name,
          slug,
          country: "Aruba",
          state: "Texas",
          city: "Oranjestad",
        })
      ).status,
    ).toBe(302);
    expect(await locationRow(id)).toMatchObject({ country: "Aruba", state: null, city: null });

    expect(
      (
        await updateLocation(admin.cookie, id, {
          name,
          slug,
          country: "Mexico",
          state: "Texas",
          city: "Tulum",
        })
      ).status,
    ).toBe(302);
    expect(await locationRow(id)).toMatchObject({ country: "Mexico", state: null, city: "Tulum" });

    expect(
      (
        await updateLocation(admin.cookie, id, {
          name,
          slug,
          country: "United States",
          state: "Hawaii",
          city: "Maui",
        })
      ).status,
    ).toBe(302);
    expect(await locationRow(id)).toMatchObject({
      country: "United States",
      state: "Hawaii",
      city: "Maui",
    });
  });

  it("asks for an island in Hawaii", async () => {
    const admin = await freshAdmin();
    const id = await createThroughAction(admin.cookie);
    const before = (await locationRow(id))!;
    const response = await updateLocation(admin.cookie, id, {
      name: before.name,
      slug: before.slug,
      country: "United States",
      state: "Hawaii",
      city: "Honolulu",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain("Please choose an island");
    // The form comes back in Hawaii, with the island select.
    expect(html).toMatch(/<option value="Maui">Maui<\/option>/);
    expect(await locationRow(id)).toEqual(before);
  });

  it("drops the island when a location leaves Hawaii (without JavaScript the island select is still there)", async () => {
    const admin = await freshAdmin();
    const id = await createThroughAction(admin.cookie);
    const { name, slug } = (await locationRow(id))!;
    const place = { name, slug, country: "United States", state: "Hawaii", city: "Maui" };
    expect((await updateLocation(admin.cookie, id, place)).status).toBe(302);
    expect((await updateLocation(admin.cookie, id, { ...place, state: "California" })).status).toBe(
      302,
    );
    expect(await locationRow(id)).toMatchObject({ state: "California", city: null });
    expect((await updateLocation(admin.cookie, id, place)).status).toBe(302);
    expect((await updateLocation(admin.cookie, id, { ...place, country: "Mexico" })).status).toBe(
      302,
    );
    expect(await locationRow(id)).toMatchObject({ country: "Mexico", state: null, city: null });
  });

  it("refuses a country or a state that is not on the list", async () => {
    const admin = await freshAdmin();
    const id = await createThroughAction(admin.cookie);
    const { name, slug } = (await locationRow(id))!;
    const country = await updateLocation(admin.cookie, id, { name, slug, country: "Atlantis" });
    expect(country.status).toBe(400);
    expect(await pageText(country)).toContain("Please choose a country from the list");
    const state = await updateLocation(admin.cookie, id, { name, slug, state: "Ontario" });
    expect(state.status).toBe(400);
    expect(await pageText(state)).toContain("Please choose a state from the list");
  });
});

describe("time zone", () => {
  it("starts as the place's, shows in the form, saves a zone chosen from the list and refuses another", async () => {
    const admin = await freshAdmin();
    const id = await createThroughAction(admin.cookie, { state: "Hawaii", city: "Maui" });
    const row = (await locationRow(id))!;
    expect(row.timeZone).toBe("Pacific/Honolulu");
    const form = await (await get(pageOf(id), admin.cookie)).text();
    expect(visibleText(form)).toContain("Time zone");
    expect(form).toMatch(/<option value="Pacific\/Honolulu" selected="">/);

    const { name, slug } = row;
    const chosen = await updateLocation(admin.cookie, id, {
      name,
      slug,
      state: "Hawaii",
      city: "Maui",
      timeZone: "America/Los_Angeles",
    });
    expect(chosen.status).toBe(302);
    expect((await locationRow(id))!.timeZone).toBe("America/Los_Angeles");

    const unknown = await updateLocation(admin.cookie, id, {
      name,
      slug,
      timeZone: "Mars/Olympus_Mons",
    });
    expect(unknown.status).toBe(400);
    expect(await pageText(unknown)).toContain("Please choose a time zone from the list");
    expect((await locationRow(id))!.timeZone).toBe("America/Los_Angeles");
  });
});

describe("minimum nights", () => {
  it("takes 1 to 365 and refuses anything else: 'Minimum nights must be a whole number from 1 to 365'", async () => {
    const admin = await freshAdmin();
    const id = await createThroughAction(admin.cookie);
    const { name, slug } = (await locationRow(id))!;
    for (const minimumNights of ["0", "366", "abc", "", "2.5", "-3"]) {
      const response = await updateLocation(admin.cookie, id, { name, slug, minimumNights });
      expect(response.status).toBe(400);
      expect(await pageText(response)).toContain(
        "Minimum nights must be a whole number from 1 to 365",
      );
    }
    expect((await locationRow(id))!.minimumNights).toBe(7);
    for (const minimumNights of ["1", "365"]) {
      const response = await updateLocation(admin.cookie, id, { name, slug, minimumNights });
      expect(response.status).toBe(302);
      expect(await toastOf(response)).toEqual({
        type: "success",
        message: "Location updated successfully",
      });
      expect((await locationRow(id))!.minimumNights).toBe(Number(minimumNights));
    }
  });

  it("saves every field of an edit", async () => {
    const admin = await freshAdmin();
    const id = await createThroughAction(admin.cookie);
    const response = await updateLocation(admin.cookie, id, {
      name: "Edited Name",
      slug: `edited-${id.slice(0, 8)}`,
      description: "Sea views.",
      country: "Spain",
      city: "Marbella",
      minimumNights: "4",
      featured: "on",
      hidden: "on",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin?location=${id}`);
    expect(await locationRow(id)).toMatchObject({
      name: "Edited Name",
      description: "Sea views.",
      country: "Spain",
      state: null,
      city: "Marbella",
      minimumNights: 4,
      featured: true,
      hidden: true,
    });
  });
});

describe("room types", () => {
  it("creates one with only its name, then selects it", async () => {
    const admin = await freshAdmin();
    const locationId = await createThroughAction(admin.cookie);
    const response = await post(
      pageOf(locationId, "&addRoomType=1"),
      { intent: "create-room-type", locationId, name: "Ocean View Suite" },
      admin.cookie,
    );
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toEqual({
      type: "success",
      message: "Room type created successfully",
    });
    const [room] = await roomRows(locationId);
    expect(response.headers.get("Location")).toBe(
      `/admin?location=${locationId}&roomType=${room!.id}`,
    );
    expect(room).toMatchObject({
      name: "Ocean View Suite",
      displayOrder: 0,
      roomFeatures: [],
      imageFolder: `${locationId}/${room!.id}`,
    });

    const editor = await get(`/admin?location=${locationId}&roomType=${room!.id}`, admin.cookie);
    const text = await pageText(editor);
    expect(text).toContain("Save Room Type");
    expect(text).toContain("Back to Location");
    expect(text).toContain("Delete Room Type");

    const empty = await post(
      pageOf(locationId, "&addRoomType=1"),
      { intent: "create-room-type", locationId, name: " " },
      admin.cookie,
    );
    expect(empty.status).toBe(400);
    expect(await pageText(empty)).toContain("Name is required");

    const nowhere = await post(
      pageOf("no-such-location", "&addRoomType=1"),
      { intent: "create-room-type", locationId: "no-such-location", name: "Lost" },
      admin.cookie,
    );
    expect(nowhere.status).toBe(404);
    expect(await pageText(nowhere)).toContain("Location not found");
  });

  it("refuses a second room type of one location by the same name, whatever its capitals and spaces, even sent at once", async () => {
    const admin = await freshAdmin();
    const locationId = await createThroughAction(admin.cookie);
    const suiteId = await createRoom(admin.cookie, locationId, "Garden Suite");
    const again = await post(
      pageOf(locationId, "&addRoomType=1"),
      { intent: "create-room-type", locationId, name: "  garden SUITE " },
      admin.cookie,
    );
    expect(again.status).toBe(409);
    expect(await pageText(again)).toContain(
      "This location already has a room type named “garden SUITE”",
    );
    // Renaming another room to it is refused too.
    const villaId = await createRoom(admin.cookie, locationId, "Pool Villa");
    const renamed = await saveRoomType(admin.cookie, locationId, villaId, {
      name: "GARDEN suite",
    });
    expect(renamed.status).toBe(409);
    // Fifty posts naming a new room "Ocean Loft" at the same moment (ten admins, as the admin
    // check counts an address's requests to a page) make one; the others are told why.
    const admins = await Promise.all(Array.from({ length: 10 }, () => freshAdmin()));
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        post(
          pageOf(locationId, "&addRoomType=1"),
          { intent: "create-room-type", locationId, name: "Ocean Loft" },
          admins[index % 10]!.cookie,
        ),
      ),
    );
    expect(created.map((response) => response.status).sort()).toEqual([
      302,
      ...Array(49).fill(409),
    ]);
    const names = (await roomRows(locationId)).map((room) => room.name).sort();
    expect(names).toEqual(["Garden Suite", "Ocean Loft", "Pool Villa"]);
    expect(suiteId).toBeTruthy();
  });

  it("a room type saved from a page opened before another save of it is refused, and recorded once", async () => {
    const admin = await freshAdmin();
    const locationId = await createThroughAction(admin.cookie);
    const roomId = await createRoom(admin.cookie, locationId, "Garden Suite");
    const [opened] = await roomRows(locationId);
    const page = await (await get(pageOf(locationId, `&roomType=${roomId}`), admin.cookie)).text();
    expect(page).toContain(`name="version" value="${opened!.updatedAt}"`);
    const save = (fields: Record<string, string>) =>
      saveRoomType(admin.cookie, locationId, roomId, { version: opened!.updatedAt, ...fields });
    expect((await save({ price: "2400" })).status).toBe(302);
    const stale = await save({ description: "From the other tab" });
    expect(stale.status).toBe(409);
    expect(await pageText(stale)).toContain(
      "Another admin or another tab saved this room type after you opened it",
    );
    const [stored] = await roomRows(locationId);
    expect(stored).toMatchObject({ price: 2400, description: null });
    const history = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, roomId), eq(auditEvents.action, "updated")));
    expect(history).toHaveLength(1);
  });

  it("saves every field; empty numbers become 0; other features are kept", async () => {
    const admin = await freshAdmin();
    const locationId = await createThroughAction(admin.cookie);
    const roomId = await createRoom(admin.cookie, locationId, "Garden Suite");
    const body = new URLSearchParams({
      intent: "update-room-type",
      locationId,
      roomTypeId: roomId,
      ...ROOM_FIELDS,
      name: "Garden Suite Deluxe",
      description: "Two bedrooms by the pool.",
      bedrooms: "2",
      bathrooms: "1.5",
      maxGuests: "6",
      price: "2450.50",
      presidentsDayPrice: "2600",
      springBreakPrice: "2700",
      fourthOfJulyPrice: "2800",
      thanksgivingPrice: "2900",
      christmasPrice: "3100",
      newYearsPrice: "3200",
      otherPrices: "Summer weeks $2,900",
      freeParking: "on",
      parkingCost: "",
      resortFeeCost: "25.75",
      localTaxes: "12.5",
    });
    body.append("roomFeatures", "Balcony");
    body.append("roomFeatures", "Ocean view");
    const response = await fetchForm(body, admin.cookie);
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toEqual({
      type: "success",
      message: "Room type updated successfully",
    });
    expect(response.headers.get("Location")).toBe(
      `/admin?location=${locationId}&roomType=${roomId}`,
    );
    const [room] = await roomRows(locationId);
    expect(room).toMatchObject({
      name: "Garden Suite Deluxe",
      description: "Two bedrooms by the pool.",
      bedrooms: 2,
      bathrooms: 1.5,
      maxGuests: 6,
      price: 2450.5,
      presidentsDayPrice: 2600,
      springBreakPrice: 2700,
      fourthOfJulyPrice: 2800,
      thanksgivingPrice: 2900,
      christmasPrice: 3100,
      newYearsPrice: 3200,
      otherPrices: "Summer weeks $2,900",
      roomFeatures: ["Balcony", "Ocean view"],
      freeParking: true,
      parkingCost: 0,
      noResortFees: false,
      resortFeeCost: 25.75,
      localTaxes: 12.5,
    });

    // The editor shows the saved values, keeps the other feature as a hidden input.
    const html = await (
      await get(`/admin?location=${locationId}&roomType=${roomId}`, admin.cookie)
    ).text();
    expect(html).toMatch(/type="hidden" name="roomFeatures" value="Ocean view"/);
    // Money with both its cents, as it was typed; half a bathroom as a number.
    const valueOf = (name: string) =>
      html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0].match(/value="([^"]*)"/)?.[1];
    expect(
      ["price", "resortFeeCost", "localTaxes", "christmasPrice", "bathrooms"].map(valueOf),
    ).toEqual(["2450.50", "25.75", "12.50", "3100", "1.5"]);
    expect(html.match(/<input[^>]*name="roomFeatures"[^>]*value="Balcony"[^>]*>/)?.[0]).toContain(
      'checked=""',
    );

    // Everything empty: numbers become 0; Balcony unticked, the other feature stays.
    const cleared = new URLSearchParams({
      intent: "update-room-type",
      locationId,
      roomTypeId: roomId,
      ...ROOM_FIELDS,
    });
    cleared.append("roomFeatures", "Ocean view");
    expect((await fetchForm(cleared, admin.cookie)).status).toBe(302);
    const [after] = await roomRows(locationId);
    expect(after).toMatchObject({
      name: "Garden Suite",
      description: null,
      bedrooms: 0,
      bathrooms: 0,
      maxGuests: 0,
      price: 0,
      christmasPrice: 0,
      otherPrices: null,
      roomFeatures: ["Ocean view"],
      freeParking: false,
      parkingCost: 0,
      resortFeeCost: 0,
      localTaxes: 0,
    });
  });

  it("does not ask for a cost its ticked 'free' box hides: one that would be refused is dropped", async () => {
    const admin = await freshAdmin();
    const locationId = await createThroughAction(admin.cookie);
    const roomId = await createRoom(admin.cookie, locationId, "Garden Suite");
    const save = (fields: Record<string, string>) =>
      saveRoomType(admin.cookie, locationId, roomId, fields);
    const hidden = await save({
      freeParking: "on",
      parkingCost: "12.345",
      noResortFees: "on",
      resortFeeCost: "-3",
    });
    expect(hidden.status).toBe(302);
    expect((await roomRows(locationId))[0]).toMatchObject({
      freeParking: true,
      parkingCost: 0,
      noResortFees: true,
      resortFeeCost: 0,
    });
    // A valid cost is kept while free (it comes back when the box is unticked).
    expect((await save({ freeParking: "on", parkingCost: "12.5" })).status).toBe(302);
    expect((await roomRows(locationId))[0]).toMatchObject({ freeParking: true, parkingCost: 12.5 });
    const shown = await save({ parkingCost: "12.345" });
    expect(shown.status).toBe(400);
    expect(await pageText(shown)).toContain("Use at most two decimals");
  });

  it("refuses negative numbers, half-step bathrooms, cents and an empty name, keeping the row", async () => {
    const admin = await freshAdmin();
    const locationId = await createThroughAction(admin.cookie);
    const roomId = await createRoom(admin.cookie, locationId, "Garden Suite");
    const [before] = await roomRows(locationId);
    const cases: Array<[Record<string, string>, string]> = [
      [{ price: "-1" }, "Must be 0 or more"],
      [{ bedrooms: "-2" }, "Must be 0 or more"],
      [{ localTaxes: "-0.01" }, "Must be 0 or more"],
      [{ bathrooms: "1.25" }, "Use steps of 0.5"],
      [{ parkingCost: "10.005" }, "Use at most two decimals"],
      [{ maxGuests: "2.5" }, "Use a whole number"],
      // What a browser's number field would have sent as empty (saved as 0), and what Number()
      // alone reads as a number.
      [{ price: "lots" }, "Enter a number, with a point for cents"],
      [{ christmasPrice: "12e" }, "Enter a number, with a point for cents"],
      [{ price: "0x10" }, "Enter a number, with a point for cents"],
      [{ localTaxes: "1e3" }, "Enter a number, with a point for cents"],
      [{ name: "" }, "Name is required"],
    ];
    for (const [fields, message] of cases) {
      const response = await saveRoomType(admin.cookie, locationId, roomId, fields);
      expect(response.status).toBe(400);
      expect(await pageText(response)).toContain(message);
    }
    expect((await roomRows(locationId))[0]).toEqual(before);

    // The fields are text, so what was typed reaches the server as typed; thousands may have commas.
    const editor = await (
      await get(pageOf(locationId, `&roomType=${roomId}`), admin.cookie)
    ).text();
    expect(editor).toMatch(
      /<input[^>]*type="text"[^>]*inputMode="decimal"[^>]*name="christmasPrice"|<input[^>]*name="christmasPrice"[^>]*type="text"/i,
    );
    expect(
      (await saveRoomType(admin.cookie, locationId, roomId, { price: "1,290.50" })).status,
    ).toBe(302);
    expect((await roomRows(locationId))[0]).toMatchObject({ price: 1290.5 });

    const elsewhere = await saveRoomType(admin.cookie, seedLocations[0]!.id, roomId);
    expect(elsewhere.status).toBe(404);
    expect(await pageText(elsewhere)).toContain("Error saving room type: Room type not found");
  });

  it("moves room types up and down without JavaScript, leaving the edges as they are", async () => {
    const admin = await freshAdmin();
    const locationId = await createThroughAction(admin.cookie);
    const a = await createRoom(admin.cookie, locationId, "A room");
    const b = await createRoom(admin.cookie, locationId, "B room");
    const c = await createRoom(admin.cookie, locationId, "C room");
    const order = async () => (await roomRows(locationId)).map((room) => room.id);
    const move = (roomTypeId: string, direction: string) =>
      post(
        pageOf(locationId, `&roomType=${roomTypeId}`),
        { intent: "move-room-type", locationId, roomTypeId, direction },
        admin.cookie,
      );
    expect(await order()).toEqual([a, b, c]);

    const up = await move(c, "up");
    expect(up.status).toBe(302);
    expect(up.headers.get("Location")).toBe(`/admin?location=${locationId}&roomType=${c}`);
    // Confirmed as a drag-and-drop move is.
    expect(await toastOf(up)).toEqual({
      type: "success",
      message: "Room types reordered successfully",
    });
    expect(await order()).toEqual([a, c, b]);
    expect((await roomRows(locationId)).map((room) => room.displayOrder)).toEqual([0, 1, 2]);

    // The first cannot go up, the last cannot go down: nothing changes, no error.
    for (const [id, direction] of [
      [a, "up"],
      [b, "down"],
    ] as const) {
      const edge = await move(id, direction);
      expect(edge.status).toBe(302);
      expect(await toastOf(edge)).toBeNull();
      expect(await order()).toEqual([a, c, b]);
    }

    // Down then up again: the same order as before.
    await move(a, "down");
    expect(await order()).toEqual([c, a, b]);
    await move(a, "up");
    expect(await order()).toEqual([a, c, b]);

    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.locationId, locationId), eq(auditEvents.action, "reordered")));
    expect(audit).toHaveLength(3);

    // A room type of another location is not in this list.
    const stranger = await move("not-a-room", "up");
    expect(await toastOf(stranger)).toEqual({
      type: "error",
      message: "Reorder failed: Unable to find proper indices for room type reordering operation",
    });
    const bad = await move(a, "sideways");
    expect(await toastOf(bad)).toEqual({ type: "error", message: "Failed to reorder room types" });
    expect(await order()).toEqual([a, c, b]);
  });

  it("deletes a room type after a confirmation, with its images and their objects", async () => {
    const admin = await freshAdmin();
    const locationId = await createThroughAction(admin.cookie);
    const keep = await createRoom(admin.cookie, locationId, "Keep me");
    const roomId = await createRoom(admin.cookie, locationId, "Delete me");
    const key = `${locationId}/${roomId}/1_room.png`;
    await env.IMAGE_BUCKET.put(key, new Uint8Array([1, 2, 3]));
    await db.insert(images).values({
      id: crypto.randomUUID(),
      locationId,
      roomTypeId: roomId,
      imageUrl: key,
      imageType: "image/png",
      width: 10,
      height: 10,
    });

    // Without JavaScript the first post asks first, on a page of its own (Back after the delete
    // is then a plain page, not a form sent again).
    const fields = { intent: "delete-room-type", locationId, roomTypeId: roomId };
    const posted = await post(pageOf(locationId, `&roomType=${roomId}`), fields, admin.cookie);
    expect(posted.status).toBe(302);
    const question = posted.headers.get("Location")!;
    expect(question).toBe(
      `/admin?location=${locationId}&roomType=${roomId}&confirmDelete=room-type#delete-room-type`,
    );
    const ask = await get(question.replace(/#.*/, ""), admin.cookie);
    expect(ask.status).toBe(200);
    expect(await pageText(ask)).toContain("Yes, delete Delete me");
    expect(await roomRows(locationId)).toHaveLength(2);

    const response = await post(ACTION, { ...fields, confirmed: "yes" }, admin.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin?location=${locationId}`);
    expect(await toastOf(response)).toEqual({
      type: "success",
      message: "Room type deleted successfully",
    });
    expect((await roomRows(locationId)).map((room) => room.id)).toEqual([keep]);
    expect(await db.select().from(images).where(eq(images.roomTypeId, roomId))).toEqual([]);
    expect((await env.IMAGE_BUCKET.list({ prefix: `${locationId}/${roomId}/` })).objects).toEqual(
      [],
    );

    const again = await post(ACTION, { ...fields, confirmed: "yes" }, admin.cookie);
    expect(await toastOf(again)).toEqual({
      type: "error",
      message: "Error deleting room type: Room type not found",
    });
  });
});

describe("deleting a location", () => {
  it("says, when asking, how many stays ahead are confirmed or awaiting confirmation there", async () => {
    const admin = await freshAdmin();
    const locationId = await createThroughAction(admin.cookie);
    const { name } = (await locationRow(locationId))!;
    const roomId = await createRoom(admin.cookie, locationId, "Suite");
    const stay = (status: "new" | "confirmed" | "declined", checkIn: string) => ({
      id: crypto.randomUUID(),
      idempotencyKey: crypto.randomUUID(),
      status,
      firstName: "Ana",
      lastName: "Silva",
      email: "ana@example.com",
      phone: "+1 555 0100",
      checkInDate: checkIn,
      checkOutDate: checkIn.replace(
        /-(\d\d)$/,
        (_, day) => `-${String(Number(day) + 7).padStart(2, "0")}`,
      ),
      adults: 2,
      locationId,
      locationName: name,
      locationCountry: "United States",
      roomTypeId: roomId,
      roomTypeName: "Suite",
    });
    await db.insert(bookingRequests).values([
      stay("confirmed", "2099-01-02"),
      stay("new", "2099-02-02"),
      // Neither counts: declined, and a stay long past.
      stay("declined", "2099-03-02"),
      stay("confirmed", "2001-01-02"),
    ]);
    const room = await get(
      `/admin?location=${locationId}&roomType=${roomId}&confirmDelete=room-type`,
      admin.cookie,
    );
    expect(await pageText(room)).toContain(
      "Are you sure you want to delete this room type? This will remove its images. 2 stays ahead are confirmed or awaiting confirmation in it; their guests are not told.",
    );
    const ask = await get(`/admin?location=${locationId}&confirmDelete=location`, admin.cookie);
    expect(await pageText(ask)).toContain(
      "Are you sure you want to delete this location? This will remove its room types and images. 2 stays ahead are confirmed or awaiting confirmation in it; their guests are not told.",
    );
    // With none, the question is the spec's own.
    const emptyId = await createThroughAction(admin.cookie);
    const plain = await pageText(
      await get(`/admin?location=${emptyId}&confirmDelete=location`, admin.cookie),
    );
    expect(plain).toContain(
      "Are you sure you want to delete this location? This will remove its room types and images.",
    );
    expect(plain).not.toContain("stays ahead");
  });

  it("asks first without JavaScript, then removes its room types, images and stored objects", async () => {
    const admin = await freshAdmin();
    const locationId = await createThroughAction(admin.cookie);
    const { name } = (await locationRow(locationId))!;
    const roomId = await createRoom(admin.cookie, locationId, "Suite");
    const keys = [
      `${locationId}/1_front.png`,
      `${locationId}/${roomId}/2_room.png`,
      `${locationId}/stray.png`,
    ];
    for (const key of keys) await env.IMAGE_BUCKET.put(key, new Uint8Array([1, 2, 3]));
    await db.insert(images).values([
      {
        id: crypto.randomUUID(),
        locationId,
        roomTypeId: null,
        imageUrl: keys[0]!,
        imageType: "image/png",
        width: 10,
        height: 10,
      },
      {
        id: crypto.randomUUID(),
        locationId,
        roomTypeId: roomId,
        imageUrl: keys[1]!,
        imageType: "image/png",
        width: 10,
        height: 10,
      },
    ]);
    // Another location's objects stay.
    const otherKey = `${seedLocations[0]!.id}-not-deleted/keep.png`;
    await env.IMAGE_BUCKET.put(otherKey, new Uint8Array([1]));

    const posted = await post(
      pageOf(locationId),
      { intent: "delete-location", locationId },
      admin.cookie,
    );
    expect(posted.status).toBe(302);
    const question = posted.headers.get("Location")!;
    expect(question).toBe(`/admin?location=${locationId}&confirmDelete=location#delete-location`);
    const ask = await get(question.replace(/#.*/, ""), admin.cookie);
    expect(ask.status).toBe(200);
    expect(await pageText(ask)).toContain(`Yes, delete ${name}`);
    expect(await locationRow(locationId)).toBeDefined();

    const response = await post(
      ACTION,
      { intent: "delete-location", locationId, confirmed: "yes" },
      admin.cookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    expect(await toastOf(response)).toEqual({
      type: "success",
      message: "Location deleted successfully",
    });
    expect(await locationRow(locationId)).toBeUndefined();
    expect(await roomRows(locationId)).toEqual([]);
    expect(await db.select().from(images).where(eq(images.locationId, locationId))).toEqual([]);
    expect((await env.IMAGE_BUCKET.list({ prefix: `${locationId}/` })).objects).toEqual([]);
    expect(await env.IMAGE_BUCKET.head(otherKey)).not.toBeNull();
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, locationId), eq(auditEvents.action, "deleted")));
    expect(audit).toHaveLength(1);
    expect(visibleText(await (await get("/locations")).text())).not.toContain(name);

    const again = await post(
      ACTION,
      { intent: "delete-location", locationId, confirmed: "yes" },
      admin.cookie,
    );
    expect(await toastOf(again)).toEqual({
      type: "error",
      message: "Error deleting location: Location not found",
    });

    const page = await get(`/admin?location=${locationId}`, admin.cookie);
    expect(page.status).toBe(404);
    expect(await pageText(page)).toContain("Location not found");
  });
});

describe("the page", () => {
  it("finds a name in the picker and the Checklist whatever its accents and case, by part of a word too, and follows a rename", async () => {
    const admin = await freshAdmin();
    const tag = crypto.randomUUID().slice(0, 8);
    const id = `loc-accents-${tag}`;
    await db
      .insert(locations)
      .values({ id, name: `Curaçao Côte ${tag}`, slug: `curacao-${tag}`, hidden: true });
    /** Whether a search of the picker and one of the Checklist each list the location. */
    const found = async (q: string) => {
      const query = encodeURIComponent(q);
      const picker = await (await get(`/admin?q=${query}`, admin.cookie)).text();
      const checklist = await (await get(`/admin/overview?q=${query}`, admin.cookie)).text();
      return [picker, checklist].map((html) => html.includes(`/admin?location=${id}`));
    };
    for (const q of [
      `curacao ${tag}`,
      `CÔTE ${tag}`,
      `cura ${tag}`,
      `${tag} curaçao`,
      `raça ${tag}`,
    ]) {
      expect({ q, found: await found(q) }).toEqual({ q, found: [true, true] });
    }
    expect(await found(`curacao-x ${tag}`)).toEqual([false, false]);
    expect(await found(`% ${tag}`)).toEqual([false, false]);

    await db
      .update(locations)
      .set({ name: `Bonaire ${tag}` })
      .where(eq(locations.id, id));
    expect(await found(`curacao ${tag}`)).toEqual([false, false]);
    expect(await found(`bonaire ${tag}`)).toEqual([true, true]);
    await db.delete(locations).where(eq(locations.id, id));
    expect(await found(tag)).toEqual([false, false]);
  });

  it("a search of a long word, of accented letters or of many words is answered, never a 500, and a long word in a name is found", async () => {
    const admin = await freshAdmin();
    const tag = crypto.randomUUID().slice(0, 8);
    const longWord = `${"Kalanianaole".repeat(5)}${tag}`;
    const id = `loc-long-word-${tag}`;
    await db
      .insert(locations)
      .values({ id, name: `Villa ${longWord}`, slug: `long-word-${tag}`, hidden: true });
    const answers = async (q: string) => {
      const query = encodeURIComponent(q);
      const responses = await Promise.all([
        get(`/admin?q=${query}`, admin.cookie),
        get(`/admin/overview?q=${query}`, admin.cookie),
      ]);
      return Promise.all(
        responses.map(async (response) => ({
          status: response.status,
          found: (await response.text()).includes(`/admin?location=${id}`),
        })),
      );
    };
    const none = [
      { status: 200, found: false },
      { status: 200, found: false },
    ];
    expect(await answers("a".repeat(60))).toEqual(none);
    expect(await answers("é".repeat(30))).toEqual(none);
    // 99 characters, as the search box allows.
    expect(await answers(Array.from({ length: 50 }, () => "z").join(" "))).toEqual(none);
    expect(await answers(longWord.toLowerCase())).toEqual([
      { status: 200, found: true },
      { status: 200, found: true },
    ]);
    await db.delete(locations).where(eq(locations.id, id));
  });

  it("lists the locations, hidden ones too, 50 at a time by name, with a server search and Previous / Next", async () => {
    const admin = await freshAdmin();
    // More than a page of them, whatever other files of this worker left.
    const tag = crypto.randomUUID().slice(0, 8);
    const extra = Array.from({ length: 60 }, (_, index) => ({
      id: `loc-picker-${tag}-${index}`,
      name: `Picker ${tag} ${index}`,
      slug: `picker-${tag}-${index}`,
      hidden: true,
    }));
    await insertLocations(extra);
    // Every location there is (other test files add their own), as the picker orders them.
    const sorted = await db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .orderBy(sql`${locations.name} COLLATE NOCASE`, asc(locations.id));
    const optionIds = (html: string) => {
      const list = html.slice(html.indexOf('<ul id="location-options"'));
      return [
        ...list.slice(0, list.indexOf("</ul>")).matchAll(/href="\/admin\?location=([^"&]+)/g),
      ].map((match) => match[1]);
    };
    const text = visibleText(await (await get("/admin", admin.cookie)).text());
    expect(text).toContain("+ Add Location");
    expect(optionIds(text)).toEqual(sorted.slice(0, 50).map((location) => location.id));
    expect(text).toContain(`1–50 of ${sorted.length}`);
    const second = visibleText(await (await get("/admin?page=2", admin.cookie)).text());
    expect(optionIds(second)).toEqual(sorted.slice(50, 100).map((location) => location.id));

    // A selected location opens with the page of the list that holds it, and its neighbours.
    const at = 53;
    const middle = sorted[at]!;
    const selected = visibleText(
      await (await get(`/admin?location=${middle.id}`, admin.cookie)).text(),
    );
    expect(selected).toContain(`rel="prev" href="/admin?location=${sorted[at - 1]!.id}"`);
    expect(selected).toContain(`rel="next" href="/admin?location=${sorted[at + 1]!.id}"`);
    const pageStart = Math.floor(at / 50) * 50;
    expect(optionIds(selected)).toEqual(
      sorted.slice(pageStart, pageStart + 50).map((location) => location.id),
    );

    // The hidden seeded location is found by a search, in any case, among all of them.
    const hidden = seedLocations.find((location) => location.hidden)!;
    const searched = visibleText(
      await (
        await get(`/admin?q=${encodeURIComponent(hidden.name.toUpperCase())}`, admin.cookie)
      ).text(),
    );
    expect(optionIds(searched)).toEqual([hidden.id]);
    expect(
      optionIds(visibleText(await (await get("/admin?q=cabo", admin.cookie)).text())),
    ).toContain("loc-casa-marena-cabo");
    expect(visibleText(await (await get("/admin?q=zzzz-nothing", admin.cookie)).text())).toContain(
      "No locations found",
    );
    await db.delete(locations).where(
      inArray(
        locations.id,
        extra.map((location) => location.id),
      ),
    );
  });
});

describe("refusals", () => {
  const intents = [
    "create-location",
    "update-location",
    "delete-location",
    "create-room-type",
    "update-room-type",
    "delete-room-type",
    "move-room-type",
  ];

  it("refuses every action to visitors (401) and members (403) and changes nothing", async () => {
    const admin = await freshAdmin();
    const locationId = await createThroughAction(admin.cookie);
    const roomId = await createRoom(admin.cookie, locationId, "Suite");
    await createRoom(admin.cookie, locationId, "Second suite");
    const location = await locationRow(locationId);
    const rooms = await roomRows(locationId);
    const name = `Intruder ${unique()}`;
    const fields = (intent: string) => ({
      intent,
      ...LOCATION_FIELDS,
      ...ROOM_FIELDS,
      name,
      slug: `intruder-${unique()}`,
      locationId,
      roomTypeId: roomId,
      direction: "down",
      confirmed: "yes",
    });

    for (const intent of intents) {
      const visitor = await post(ACTION, fields(intent), undefined);
      expect(visitor.status).toBe(401);
      // A member is signed out by the refusal: each try signs in again.
      const member = await createUser("member");
      const refused = await post(ACTION, fields(intent), await signIn(member.id));
      expect(refused.status).toBe(403);
    }
    expect(await locationRow(locationId)).toEqual(location);
    expect(await roomRows(locationId)).toEqual(rooms);
    expect(await locationByName(name)).toBeUndefined();

    expect((await get("/admin", undefined)).status).toBe(401);
    expect((await get("/admin", await signIn((await createUser("member")).id))).status).toBe(403);
  });

  it("refuses a post from another site", async () => {
    const admin = await freshAdmin();
    const name = `Cross Site ${unique()}`;
    const response = await post(
      ACTION,
      { intent: "create-location", ...LOCATION_FIELDS, name },
      admin.cookie,
      {
        Origin: "https://evil.example",
      },
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await locationByName(name)).toBeUndefined();
  });
});
