import { env } from "cloudflare:workers";
import { and, eq, gt } from "drizzle-orm";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CATALOGUE_CSV_COLUMNS } from "~/catalogue/catalogue-csv.server";
import { READY_WEEKS_MONTHS } from "~/catalogue/checklist";
import { loadChecklist } from "~/catalogue/checklist.server";
import { images, locations, weeks } from "~/db/schema";
import { addDays, addMonths, todayUtc, type CalendarDate } from "~/weeks/calendar";
import { png } from "../fixtures/images";
import { createUser, signIn } from "./auth-helpers";
import { testNow } from "./clock";
import { get, ORIGIN, post, request, testApp, visibleText } from "./helpers";

/**
 * The Checklist's counts are kept by triggers as the catalogue changes
 * (migrations/0029_checklist_counts.sql): after each way an admin, a member or a spreadsheet
 * changes it, the counts the page shows equal a count made afresh from the catalogue, and the
 * rows the triggers keep equal the views they are built from.
 */

const db = testApp.db;
const unique = () => crypto.randomUUID().slice(0, 8);

/** What JavaScript's trim() takes away (a description of these alone is blank), as SQLite's trim() takes a set. */
const BLANK = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code))
  .filter((character) => character.trim() === "")
  .join("");

/**
 * The counts made afresh from the catalogue on `today`, by the Complete rule as the Checklist
 * words it: a description, a picture, a room type, its place, and every room with a weekly rate,
 * a guest limit, a picture of its own and an open week after today and by READY_WEEKS_MONTHS on.
 */
async function freshCounts(today: CalendarDate) {
  const counts = await env.DB.prepare(
    `SELECT
       (SELECT count(*) FROM locations) AS "all",
       (SELECT count(*) FROM locations AS l
        WHERE trim(coalesce(l.description, ''), ?3) <> ''
          AND (CASE l.country
            WHEN 'United States' THEN coalesce(l.city, '') <> '' AND coalesce(l.state, '') <> ''
            WHEN 'Mexico' THEN coalesce(l.city, '') <> ''
            ELSE 1 END)
          AND EXISTS (SELECT 1 FROM images AS i WHERE i.location_id = l.id)
          AND EXISTS (SELECT 1 FROM room_types AS r WHERE r.location_id = l.id)
          AND NOT EXISTS (
            SELECT 1 FROM room_types AS r WHERE r.location_id = l.id AND NOT (
              coalesce(r.price, 0) > 0 AND coalesce(r.max_guests, 0) > 0
              AND EXISTS (
                SELECT 1 FROM images AS i WHERE i.location_id = r.location_id AND i.room_type_id = r.id)
              AND EXISTS (
                SELECT 1 FROM weeks AS w WHERE w.room_type_id = r.id AND w.state = 'open'
                  AND w.check_in > ?1 AND w.check_in <= ?2)))) AS complete,
       (SELECT count(*) FROM locations WHERE hidden = 1) AS hidden,
       (SELECT count(*) FROM locations WHERE featured = 1) AS featured`,
  )
    .bind(today, addMonths(today, READY_WEEKS_MONTHS), BLANK)
    .first<{ all: number; complete: number; hidden: number; featured: number }>();
  return { ...counts!, incomplete: counts!.all - counts!.complete };
}

/** Rows of `table` that its view, read afresh, does not have, and the other way. */
async function drift(table: string, view: string) {
  const apart = async (a: string, b: string) =>
    (await env.DB.prepare(`SELECT * FROM ${a} EXCEPT SELECT * FROM ${b}`).all()).results;
  return { kept: await apart(table, view), afresh: await apart(view, table) };
}

/** The counts above the Checklist's table, as the page shows them. */
async function shownCounts(cookie: string) {
  const response = await get("/admin/overview", cookie);
  expect(response.status).toBe(200);
  const html = visibleText(await response.text());
  const total = (key: string) =>
    Number(html.match(new RegExp(`data-total="${key}"[^>]*>(\\d+)<`))?.[1]);
  return {
    all: Number(html.match(/All (\d+) locations/)?.[1]),
    complete: total("complete"),
    incomplete: total("incomplete"),
    hidden: total("hidden"),
    featured: total("featured"),
  };
}

/** After a change: the page's counts are the fresh ones, and the kept rows their views'. */
async function expectCountsRight(cookie: string, after: string) {
  const none = { kept: [], afresh: [] };
  expect({
    after,
    counts: await shownCounts(cookie),
    rooms: await drift("room_open_weeks", "room_open_weeks_source"),
    locations: await drift("location_checklist", "location_checklist_source"),
  }).toEqual({
    after,
    counts: await freshCounts(todayUtc(testNow())),
    rooms: none,
    locations: none,
  });
}

const admin = async () => signIn((await createUser("admin")).id);
const pageOf = (locationId: string, extra = "") => `/admin?index&location=${locationId}${extra}`;

const LOCATION_FIELDS = {
  description: "",
  country: "United States",
  state: "Florida",
  city: "Captiva",
  minimumNights: "7",
};

async function createLocation(cookie: string, name: string) {
  const response = await post(
    "/admin?index&new=1",
    { intent: "create-location", ...LOCATION_FIELDS, name, slug: "" },
    cookie,
  );
  expect(response.status).toBe(302);
  return new URL(response.headers.get("Location")!, ORIGIN).searchParams.get("location")!;
}

const updateLocation = (
  cookie: string,
  id: string,
  fields: { name: string; slug: string } & Record<string, string>,
) =>
  post(
    pageOf(id),
    { intent: "update-location", locationId: id, ...LOCATION_FIELDS, ...fields },
    cookie,
  );

async function createRoom(cookie: string, locationId: string, name: string) {
  const response = await post(
    pageOf(locationId, "&addRoomType=1"),
    { intent: "create-room-type", locationId, name },
    cookie,
  );
  expect(response.status).toBe(302);
  return new URL(response.headers.get("Location")!, ORIGIN).searchParams.get("roomType")!;
}

const roomIntent = (
  cookie: string,
  locationId: string,
  roomTypeId: string,
  fields: Record<string, string>,
) =>
  post(
    pageOf(locationId, `&roomType=${roomTypeId}`),
    { locationId, roomTypeId, ...fields },
    cookie,
  );

const ROOM_FIELDS = {
  description: "",
  bedrooms: "",
  bathrooms: "",
  maxGuests: "4",
  price: "2000",
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

/** Uploads a picture of the location's, or of its room's. */
async function uploadPicture(cookie: string, locationId: string, roomTypeId = "") {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("locationId", locationId);
  form.set("roomTypeId", roomTypeId);
  form.set("redirectTo", pageOf(locationId));
  form.append("files", new File([png(300, 200)], "view.png", { type: "image/png" }));
  const response = await request("/admin/images", {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, Cookie: cookie, Accept: "application/json" },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { ids: string[] }).ids[0]!;
}

const deletePicture = (cookie: string, imageId: string) =>
  request("/admin/images", {
    method: "POST",
    body: new URLSearchParams({
      intent: "delete",
      imageId,
      confirmed: "yes",
      redirectTo: "/admin",
    }),
    headers: { Origin: ORIGIN, Cookie: cookie, Accept: "application/json" },
  });

/**
 * The catalogue downloaded as a spreadsheet, this location's rows changed by `edit` and rows
 * added, and imported back, as an admin would.
 */
async function importSpreadsheet(
  cookie: string,
  slug: string,
  edit: (row: Record<string, string>) => Record<string, string>[],
) {
  const download = await get("/admin/catalogue.csv", cookie);
  const { data } = Papa.parse<Record<string, string>>(await download.text(), { header: true });
  const rows = data.filter((row) => row.slug === slug).flatMap(edit);
  const body = new FormData();
  body.set("intent", "import-catalogue");
  const text = Papa.unparse(rows, { columns: [...CATALOGUE_CSV_COLUMNS] });
  body.set("file", new File([text], "catalogue.csv", { type: "text/csv" }));
  return request("/admin/overview", {
    method: "POST",
    body,
    headers: { Cookie: cookie, Origin: ORIGIN },
    redirect: "manual",
  });
}

describe("the Checklist's counts, kept as the catalogue changes", () => {
  it("equal a fresh count after each change an admin, a member or a spreadsheet makes", async () => {
    const cookie = await admin();
    const name = `Counted Cove ${unique()}`;
    await expectCountsRight(cookie, "before");
    const before = await shownCounts(cookie);
    /** How many more complete locations the Checklist counts than before this test. */
    const completeSince = async () => (await shownCounts(cookie)).complete - before.complete;

    // A location: added (a hidden draft), described, placed elsewhere.
    const locationId = await createLocation(cookie, name);
    await expectCountsRight(cookie, "added");
    const [{ slug }] = (await db
      .select({ slug: locations.slug })
      .from(locations)
      .where(eq(locations.id, locationId))) as [{ slug: string }];
    const named = { name, slug };
    expect(
      (await updateLocation(cookie, locationId, { ...named, description: "Waves.", hidden: "on" }))
        .status,
    ).toBe(302);
    await expectCountsRight(cookie, "described");

    // Room types: added, priced, pictured, with open weeks, published; a picture of the place.
    const roomId = await createRoom(cookie, locationId, "Ocean Suite");
    await expectCountsRight(cookie, "room added");
    const saved = await roomIntent(cookie, locationId, roomId, {
      intent: "update-room-type",
      name: "Ocean Suite",
      ...ROOM_FIELDS,
    });
    expect(saved.status).toBe(302);
    await expectCountsRight(cookie, "room priced");
    const placePicture = await uploadPicture(cookie, locationId);
    await expectCountsRight(cookie, "location's picture");
    await uploadPicture(cookie, locationId, roomId);
    await expectCountsRight(cookie, "room's picture");
    expect((await roomIntent(cookie, locationId, roomId, { intent: "open-weeks" })).status).toBe(
      302,
    );
    await expectCountsRight(cookie, "weeks opened");
    expect(await completeSince()).toBe(1);
    expect(
      (
        await roomIntent(cookie, locationId, roomId, {
          intent: "publish-room-type",
          publish: "yes",
        })
      ).status,
    ).toBe(302);
    await expectCountsRight(cookie, "room published");

    // Shown, featured, hidden again.
    expect(
      (await post(pageOf(locationId), { intent: "publish-location", locationId }, cookie)).status,
    ).toBe(302);
    await expectCountsRight(cookie, "shown");
    expect(
      (
        await updateLocation(cookie, locationId, {
          ...named,
          description: "Waves.",
          featured: "on",
        })
      ).status,
    ).toBe(302);
    await expectCountsRight(cookie, "featured");
    expect(
      (await updateLocation(cookie, locationId, { ...named, description: "Waves.", hidden: "on" }))
        .status,
    ).toBe(302);
    await expectCountsRight(cookie, "hidden");

    // Weeks: the next four months closed (a gap wider than the months a room must reach), one
    // held by a member's request, all open again.
    const today = todayUtc(testNow());
    const closed = await roomIntent(cookie, locationId, roomId, {
      intent: "set-weeks",
      from: addDays(today, 1),
      to: addMonths(today, 4),
      state: "closed",
    });
    expect(closed.status).toBe(302);
    await expectCountsRight(cookie, "weeks closed");
    expect(await completeSince()).toBe(0);
    const [later] = await db
      .select({ id: weeks.id })
      .from(weeks)
      .where(and(eq(weeks.roomTypeId, roomId), gt(weeks.checkIn, addMonths(today, 5))))
      .limit(1);
    await db.update(weeks).set({ state: "requested" }).where(eq(weeks.id, later!.id));
    await expectCountsRight(cookie, "a week held");
    const reopened = await roomIntent(cookie, locationId, roomId, {
      intent: "set-weeks",
      from: addDays(today, 1),
      to: addMonths(today, 4),
      state: "open",
    });
    expect(reopened.status).toBe(302);
    await expectCountsRight(cookie, "weeks open again");
    expect(await completeSince()).toBe(1);

    // A second room without a picture of its own, then deleted; the place's picture deleted.
    const second = await createRoom(cookie, locationId, "Garden Studio");
    await expectCountsRight(cookie, "second room");
    expect(await completeSince()).toBe(0);
    expect(
      (
        await roomIntent(cookie, locationId, second, {
          intent: "delete-room-type",
          confirmed: "yes",
        })
      ).status,
    ).toBe(302);
    await expectCountsRight(cookie, "second room deleted");
    expect(await completeSince()).toBe(1);
    expect((await deletePicture(cookie, placePicture)).status).toBe(200);
    await expectCountsRight(cookie, "location's picture deleted");

    // The spreadsheet: this location's description cleared, and a location of its own added.
    const imported = `counted-import-${unique()}`;
    const spreadsheet = await importSpreadsheet(cookie, slug, (row) => [
      { ...row, description: "" },
      { ...row, slug: imported, name: `Imported Cove ${unique()}`, description: "From a file." },
    ]);
    expect(spreadsheet.status).toBe(302);
    await expectCountsRight(cookie, "imported");

    // Both locations deleted, with their rooms, pictures and weeks.
    const [importedRow] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.slug, imported));
    for (const id of [locationId, importedRow!.id]) {
      const deleted = await post(
        pageOf(id),
        { intent: "delete-location", locationId: id, confirmed: "yes" },
        cookie,
      );
      expect(deleted.status).toBe(302);
      await expectCountsRight(cookie, `deleted ${id}`);
    }
    expect(await db.$count(images, eq(images.locationId, locationId))).toBe(0);
  });

  it("count a location complete on just the days its rooms have an open week in the next months", async () => {
    const cookie = await admin();
    const name = `Counted Days ${unique()}`;
    const locationId = await createLocation(cookie, name);
    const roomId = await createRoom(cookie, locationId, "Suite");
    const [{ slug }] = (await db
      .select({ slug: locations.slug })
      .from(locations)
      .where(eq(locations.id, locationId))) as [{ slug: string }];
    await updateLocation(cookie, locationId, { name, slug, description: "Sand." });
    await roomIntent(cookie, locationId, roomId, {
      intent: "update-room-type",
      name: "Suite",
      ...ROOM_FIELDS,
    });
    await uploadPicture(cookie, locationId);
    await uploadPicture(cookie, locationId, roomId);
    await roomIntent(cookie, locationId, roomId, { intent: "open-weeks" });
    // Five months closed from two months on: a gap wider than the next months reach.
    const today = todayUtc(testNow());
    await roomIntent(cookie, locationId, roomId, {
      intent: "set-weeks",
      from: addMonths(today, 2),
      to: addMonths(today, 7),
      state: "closed",
    });
    // Every fifth day for two years, before the room's first week to past its last: the
    // Checklist's count is the fresh one on each.
    for (let day = addDays(today, -40); day < addMonths(today, 20); day = addDays(day, 5)) {
      const { totals } = await loadChecklist(
        db,
        { q: "", status: null, sort: "name", page: 1 },
        day,
      );
      expect({ day, ...totals }).toEqual({ day, ...(await freshCounts(day)) });
    }
    await post(
      pageOf(locationId),
      { intent: "delete-location", locationId, confirmed: "yes" },
      cookie,
    );
  });
});
