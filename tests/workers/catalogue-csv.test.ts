import { env } from "cloudflare:workers";
import { eq, inArray, like } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, describe, expect, it } from "vitest";
import {
  CATALOGUE_CSV_COLUMNS,
  exportCatalogue,
  importCatalogue,
} from "~/catalogue/catalogue-csv.server";
import { createDb } from "~/db/client.server";
import { auditEvents, locations, roomTypes } from "~/db/schema";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { NOT_UTF8 } from "~/lib/spreadsheet-import.server";
import { createUser, signIn } from "./auth-helpers";
import { request, testApp, visibleSeed, visibleText } from "./helpers";

const db = createDb(env.DB);
const actor = { email: "importer@example.com" };
const HEADER = CATALOGUE_CSV_COLUMNS.join(",");
const csv = (...lines: string[]) => lines.join("\r\n");
/** Every location this file makes: removed at its end, as other files of the worker list them. */
const made: string[] = [];
/** A location's slug of this file's own (other files of this worker add theirs). */
const tagged = (name: string) => {
  const slug = `${name}-${crypto.randomUUID().slice(0, 8)}`;
  made.push(slug);
  return slug;
};

afterAll(async () => {
  await db.delete(locations).where(inArray(locations.slug, made));
  await invalidateLocationCaches(env.CACHE);
});

/** A row in the export's column order, from the cells given by column name. */
function row(cells: Record<string, string | number>) {
  return Papa.unparse([cells], { columns: CATALOGUE_CSV_COLUMNS, header: false });
}

async function postFile(cookie: string, contents: string | Uint8Array<ArrayBuffer>) {
  const body = new FormData();
  body.set("intent", "import-catalogue");
  body.set("file", new File([contents], "catalogue.csv", { type: "text/csv" }));
  return request("/admin/overview", {
    method: "POST",
    body,
    headers: { Cookie: cookie, Origin: "http://localhost" },
    redirect: "manual",
  });
}

const countOf = async () => db.$count(locations);

/** A location as stored, by slug, with its room types in their order. */
async function stored(slug: string) {
  const [location] = await db.select().from(locations).where(eq(locations.slug, slug));
  const rooms = await db
    .select()
    .from(roomTypes)
    .where(eq(roomTypes.locationId, location!.id))
    .orderBy(roomTypes.displayOrder);
  return { location: location!, rooms };
}

describe("the catalogue as a spreadsheet", () => {
  it("downloads every location with one row per room type, and the file imports back unchanged", async () => {
    const cookie = await signIn((await createUser("admin")).id);
    const response = await request("/admin/catalogue.csv", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await response.text();
    const { data } = Papa.parse<Record<string, string>>(text, {
      header: true,
      skipEmptyLines: true,
    });
    expect(Object.keys(data[0]!)).toEqual(CATALOGUE_CSV_COLUMNS);
    const seeded = visibleSeed.find((location) => location.roomTypes.length >= 2)!;
    const rows = data.filter((cells) => cells.slug === seeded.slug);
    expect(rows.map((cells) => cells.room_type)).toEqual(seeded.roomTypes.map((room) => room.name));
    expect(rows[0]).toMatchObject({ name: seeded.name, hidden: "no" });
    expect(new Set(data.map((cells) => cells.slug)).size).toBe(await countOf());

    const rooms = await db.$count(roomTypes);
    const before = await countOf();
    // The seed's rows (other files of this worker write rows no form would take).
    const seededSlugs = new Set(visibleSeed.map((location) => location.slug));
    const imported = await postFile(
      cookie,
      Papa.unparse(
        data.filter((cells) => seededSlugs.has(cells.slug!)),
        { columns: CATALOGUE_CSV_COLUMNS },
      ),
    );
    expect(imported.status).toBe(302);
    expect(imported.headers.get("Location")).toBe("/admin/overview");
    expect(await countOf()).toBe(before);
    expect(await db.$count(roomTypes)).toBe(rooms);
    const again = await (
      await request("/admin/catalogue.csv", { headers: { Cookie: cookie } })
    ).text();
    // Only what the other files of this worker changed meanwhile may differ: this file's rows not.
    expect(again.split("\r\n").filter((line) => line.startsWith(`${seeded.slug},`))).toEqual(
      text.split("\r\n").filter((line) => line.startsWith(`${seeded.slug},`)),
    );
  });

  it("creates locations and room types from their rows, as the forms would, and the list finds them", async () => {
    const slug = tagged("spreadsheet-sands");
    const result = await importCatalogue(
      testApp,
      actor,
      csv(
        HEADER,
        row({
          slug,
          name: "Spreadsheet Sands Resort",
          description: "Imported from a file.",
          country: "United States",
          state: "Hawaii",
          city: "Maui",
          minimum_nights: "",
          featured: "no",
          hidden: "No",
          room_type: "Ocean Suite",
          bedrooms: 2,
          bathrooms: 2.5,
          max_guests: 6,
          price: "$2,345.50",
          room_features: "Balcony; Kitchen",
          free_parking: "yes",
          local_taxes: "12.5",
        }),
        // A later row may leave its location's columns empty.
        row({ slug, room_type: "Garden Studio", price: 1500 }),
      ),
    );
    expect(result).toEqual({ ok: true, locations: 1, roomTypes: 2 });
    const [stored] = await db.select().from(locations).where(eq(locations.slug, slug));
    expect(stored).toMatchObject({
      name: "Spreadsheet Sands Resort",
      city: "Maui",
      state: "Hawaii",
      minimumNights: 7,
      featured: false,
      hidden: false,
    });
    const rooms = await db
      .select()
      .from(roomTypes)
      .where(eq(roomTypes.locationId, stored!.id))
      .orderBy(roomTypes.displayOrder);
    expect(rooms.map((room) => [room.name, room.displayOrder])).toEqual([
      ["Ocean Suite", 0],
      ["Garden Studio", 1],
    ]);
    expect(rooms[0]).toMatchObject({
      bedrooms: 2,
      bathrooms: 2.5,
      maxGuests: 6,
      price: 2345.5,
      roomFeatures: ["Balcony", "Kitchen"],
      freeParking: true,
      localTaxes: 12.5,
      description: null,
      // Imported room types are drafts: published in the locations manager once they are ready.
      published: false,
    });
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.locationId, stored!.id));
    expect(audit).toMatchObject({ actorEmail: actor.email, action: "created" });
    expect(audit!.summary).toContain("from a spreadsheet");
    const list = visibleText(
      await (await request(`/locations?q=${encodeURIComponent("Spreadsheet Sands")}`)).text(),
    );
    expect(list).toContain("Spreadsheet Sands Resort");
  });

  it("makes a new location a draft unless the file says it is not hidden", async () => {
    const [draft, shown] = [tagged("draft-dunes"), tagged("shown-shores")];
    const withoutHidden = await importCatalogue(
      testApp,
      actor,
      csv("slug,name,country", `${draft},Draft Dunes,Aruba`),
    );
    expect(withoutHidden).toMatchObject({ ok: true, locations: 1 });
    const shownToo = await importCatalogue(
      testApp,
      actor,
      csv("slug,name,country,hidden", `${shown},Shown Shores,Aruba,no`),
    );
    expect(shownToo).toMatchObject({ ok: true, locations: 1 });
    const stored = await db
      .select({ slug: locations.slug, hidden: locations.hidden })
      .from(locations)
      .where(inArray(locations.slug, [draft, shown]))
      .orderBy(locations.slug);
    expect(stored).toEqual([
      { slug: draft, hidden: true },
      { slug: shown, hidden: false },
    ]);
    expect((await request(`/locations/${draft}`)).status).toBe(404);
  });

  it("updates by slug and room type name, in any case, and leaves the room types it does not name", async () => {
    const slug = tagged("update-me");
    const create = (name: string, price: number) =>
      importCatalogue(
        testApp,
        actor,
        csv(
          HEADER,
          row({ slug, name, country: "Aruba", hidden: "yes", room_type: "Villa", price }),
          row({ slug, room_type: "Loft", price: 900 }),
        ),
      );
    expect(await create("Update Me", 1000)).toMatchObject({ ok: true });
    const result = await importCatalogue(
      testApp,
      actor,
      csv(
        HEADER,
        row({
          slug,
          name: "Updated Me",
          country: "Aruba",
          hidden: "yes",
          room_type: "VILLA",
          price: 1200,
        }),
      ),
    );
    expect(result).toEqual({ ok: true, locations: 1, roomTypes: 1 });
    const [stored] = await db.select().from(locations).where(eq(locations.slug, slug));
    expect(stored!.name).toBe("Updated Me");
    const rooms = await db
      .select({ name: roomTypes.name, price: roomTypes.price })
      .from(roomTypes)
      .where(eq(roomTypes.locationId, stored!.id))
      .orderBy(roomTypes.displayOrder);
    expect(rooms).toEqual([
      { name: "VILLA", price: 1200 },
      { name: "Loft", price: 900 },
    ]);
  });

  it("lists every wrong row by line with the form's message, and writes nothing", async () => {
    const slug = tagged("half-good");
    const before = await countOf();
    const result = await importCatalogue(
      testApp,
      actor,
      csv(
        HEADER,
        row({ slug, name: "Half Good", room_type: "Suite", price: 100 }),
        row({ slug: "Not A Slug", name: "Bad Slug" }),
        row({ slug: tagged("no-name"), name: "" }),
        row({ slug: tagged("atlantis"), name: "Atlantis", country: "Atlantis" }),
        row({ slug: tagged("maybe"), name: "Maybe", featured: "maybe" }),
        row({ slug, room_type: "suite", price: 200 }),
        row({ slug: tagged("cheap"), name: "Cheap", room_type: "Hut", price: -5 }),
        row({ slug, name: "Half Good, renamed" }),
        row({ slug: tagged("nights"), name: "Nights", minimum_nights: "a week" }),
        // What JavaScript's Number() reads and no one means: hexadecimal and exponents.
        row({ slug: tagged("hex"), name: "Hex", room_type: "Room", price: "0x10" }),
        row({ slug: tagged("exponent"), name: "Exponent", room_type: "Room", bedrooms: "1e1" }),
        // A wrong location cell and a wrong room cell: both said at once.
        row({
          slug: tagged("both"),
          name: "Both",
          minimum_nights: "7.5",
          room_type: "Room",
          price: "1e400",
        }),
      ),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      { line: 3, message: "slug: Use lowercase letters, numbers and hyphens only" },
      { line: 4, message: "name: Name is required" },
      { line: 5, message: "country: Please choose a country from the list" },
      { line: 6, message: "featured: write yes or no (not “maybe”)" },
      { line: 7, message: "The room type “suite” is on line 2 too." },
      { line: 8, message: "price: Must be 0 or more" },
      {
        line: 9,
        message: `The location ${slug} reads differently on line 2: its rows must agree, or leave its columns empty after the first.`,
      },
      {
        line: 10,
        message: "minimum_nights: write a number, with a point for decimals (not “a week”)",
      },
      { line: 11, message: "price: write a number, with a point for decimals (not “0x10”)" },
      { line: 12, message: "bedrooms: write a number, with a point for decimals (not “1e1”)" },
      { line: 13, message: "minimum_nights: Minimum nights must be a whole number from 1 to 365" },
      { line: 13, message: "price: write a number, with a point for decimals (not “1e400”)" },
    ]);
    expect(await countOf()).toBe(before);
  });

  it("imports a thousand locations in one go", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const lines = [HEADER];
    for (let index = 0; index < 1000; index++) {
      const slug = `bulk-${tag}-${index}`;
      lines.push(
        row({
          slug,
          name: `Bulk ${tag} ${index}`,
          country: "Bahamas",
          hidden: "yes",
          room_type: "Suite",
          price: 1000 + index,
        }),
        row({ slug, room_type: "Villa", price: 2000 }),
      );
    }
    const result = await importCatalogue(testApp, actor, csv(...lines));
    expect(result).toEqual({ ok: true, locations: 1000, roomTypes: 2000 });
    const made = await db
      .select({ id: locations.id })
      .from(locations)
      .where(like(locations.slug, `bulk-${tag}-%`));
    expect(made).toHaveLength(1000);
    expect(
      await db.$count(
        roomTypes,
        inArray(
          roomTypes.locationId,
          db
            .select({ id: locations.id })
            .from(locations)
            .where(like(locations.slug, `bulk-${tag}-%`)),
        ),
      ),
    ).toBe(2000);
    // Out of the way of the other files' lists.
    await db.delete(locations).where(like(locations.slug, `bulk-${tag}-%`));
  });

  it("five imports of the same new locations at once leave each slug once, and none answers 5xx", async () => {
    const cookie = await signIn((await createUser("admin")).id);
    const slugs = [tagged("race-a"), tagged("race-b")];
    const file = csv(
      HEADER,
      ...slugs.map((slug) =>
        row({ slug, name: slug, country: "Aruba", hidden: "yes", room_type: "Suite" }),
      ),
    );
    const responses = await Promise.all(Array.from({ length: 5 }, () => postFile(cookie, file)));
    for (const response of responses) expect([302, 400]).toContain(response.status);
    const stored = await db
      .select({ slug: locations.slug, room: roomTypes.name })
      .from(locations)
      .leftJoin(roomTypes, eq(roomTypes.locationId, locations.id))
      .where(inArray(locations.slug, slugs));
    expect(stored.map((location) => [location.slug, location.room]).sort()).toEqual(
      slugs.map((slug) => [slug, "Suite"]).sort(),
    );
  });

  it("carries each location's time zone, check-in and check-out times and currency; an empty zone is the place's", async () => {
    const [paris, maui] = [tagged("riviera"), tagged("maui")];
    const result = await importCatalogue(
      testApp,
      actor,
      csv(
        HEADER,
        row({
          slug: paris,
          name: "Riviera",
          country: "France",
          city: "Nice",
          time_zone: "Europe/Paris",
          check_in_time: "15:00",
          check_out_time: "11:30",
          currency: "EUR",
        }),
        row({ slug: maui, name: "Maui", country: "United States", state: "Hawaii", city: "Maui" }),
      ),
    );
    expect(result).toEqual({ ok: true, locations: 2, roomTypes: 0 });
    expect((await stored(paris)).location).toMatchObject({
      timeZone: "Europe/Paris",
      checkInTime: "15:00",
      checkOutTime: "11:30",
      currency: "EUR",
    });
    expect((await stored(maui)).location).toMatchObject({
      timeZone: "Pacific/Honolulu",
      checkInTime: "16:00",
      checkOutTime: "10:00",
      currency: "USD",
    });
    const lines = (await new Response(exportCatalogue(db)).text()).split("\r\n");
    expect(lines[0]).toContain("time_zone,check_in_time,check_out_time,currency");
    expect(lines.find((line) => line.startsWith(paris))).toContain("Europe/Paris,15:00,11:30,EUR");

    const wrong = await importCatalogue(
      testApp,
      actor,
      csv(
        HEADER,
        row({
          slug: tagged("wrong"),
          name: "Wrong",
          country: "Spain",
          currency: "ESP",
          time_zone: "Spain/Marbella",
          check_in_time: "4pm",
        }),
      ),
    );
    expect(wrong).toMatchObject({
      ok: false,
      problems: [
        { line: 2, message: "time_zone: Please choose a time zone from the list" },
        { line: 2, message: "check_in_time: Use a time of day such as 16:00" },
        { line: 2, message: "currency: Please choose a currency from the list" },
      ],
    });
  });

  it("a file that leaves columns out leaves them as they are: a hidden location stays hidden", async () => {
    const slug = tagged("keeps-its-columns");
    const full = {
      slug,
      name: "Keeps Its Columns",
      description: "Stays as written.",
      country: "United States",
      state: "Florida",
      city: "Miami",
      minimum_nights: 5,
      hidden: "yes",
      room_type: "Suite",
      max_guests: 4,
      price: 800,
    };
    expect(await importCatalogue(testApp, actor, csv(HEADER, row(full)))).toMatchObject({
      ok: true,
    });
    const renamed = await importCatalogue(
      testApp,
      actor,
      csv("slug,name,room_type,price", `${slug},Keeps Its Columns Renamed,suite,900`),
    );
    expect(renamed).toEqual({ ok: true, locations: 1, roomTypes: 1 });
    const { location, rooms } = await stored(slug);
    expect(location).toMatchObject({
      name: "Keeps Its Columns Renamed",
      description: "Stays as written.",
      state: "Florida",
      city: "Miami",
      minimumNights: 5,
      hidden: true,
    });
    expect(rooms).toMatchObject([{ name: "suite", maxGuests: 4, price: 900 }]);
    expect((await request(`/locations/${slug}`)).status).toBe(404);
  });

  it("refuses a column it does not know and a row of more or fewer cells, by the line an editor shows, with 400", async () => {
    const cookie = await signIn((await createUser("admin")).id);
    const before = await countOf();
    const misspelt = await importCatalogue(
      testApp,
      actor,
      csv("slug,name,descripton", `${tagged("misspelt")},Misspelt,Words`),
    );
    expect(misspelt).toMatchObject({
      ok: false,
      problems: [{ line: 1, message: expect.stringContaining("“descripton”") }],
    });
    const slug = tagged("ragged");
    // Blank lines and a line break inside a quoted cell count as lines, as in an editor.
    const ragged = [
      "slug,name,description",
      `${slug},Ragged,"Two`,
      `lines"`,
      "",
      "",
      `${tagged("one-more")},One More,Text,surplus`,
      `${tagged("one-less")},One Less`,
    ].join("\n");
    const response = await postFile(cookie, ragged);
    expect(response.status).toBe(400);
    const said = visibleText(await response.text()).replace(/<[^>]+>/g, "");
    expect(said).toContain("Line 6: This row has 4 cells where the first line names 3 columns.");
    expect(said).toContain("Line 7: This row has 2 cells where the first line names 3 columns.");
    expect(await countOf()).toBe(before);
  });

  it("reads thousands separators and mixed line endings, and refuses a decimal comma", async () => {
    const slug = tagged("numbers");
    const decimalComma = await importCatalogue(
      testApp,
      actor,
      csv("slug;name;country;room_type;bathrooms;price", `${slug};Numbers;Aruba;Suite;2,5;"1,500"`),
    );
    expect(decimalComma).toMatchObject({
      ok: false,
      problems: [
        { line: 2, message: "bathrooms: write a number, with a point for decimals (not “2,5”)" },
      ],
    });
    // A CRLF export with rows added by hand under LF.
    const mixed = `slug,name,country,room_type,bathrooms,price\r\n${slug},Numbers,Aruba,Suite,2.5,"1,500"\n${slug},,,Loft,1,900\n`;
    expect(await importCatalogue(testApp, actor, mixed)).toEqual({
      ok: true,
      locations: 1,
      roomTypes: 2,
    });
    const { rooms } = await stored(slug);
    expect(rooms.map(({ name, bathrooms, price }) => ({ name, bathrooms, price }))).toEqual([
      { name: "Suite", bathrooms: 2.5, price: 1500 },
      { name: "Loft", bathrooms: 1, price: 900 },
    ]);
  });

  it("both exports start with a UTF-8 byte order mark, which Excel needs to show accented letters", async () => {
    const cookie = await signIn((await createUser("admin")).id);
    const location = visibleSeed[0]!;
    for (const path of ["/admin/catalogue.csv", `/admin/weeks/export?location=${location.slug}`]) {
      const response = await request(path, { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(bytes.slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    }
  });

  it("refuses a file not saved as UTF-8 (Excel's plain CSV, or its Unicode text), saying how to save it, and writes nothing", async () => {
    const cookie = await signIn((await createUser("admin")).id);
    const slug = tagged("cafe-saint-barthelemy");
    const text = csv(
      HEADER,
      row({ slug, name: "Café Saint-Barthélemy", country: "France", room_type: "Suite" }),
    );
    // Windows-1252, as Excel's "CSV (Comma delimited)" saves it: é is the one byte E9.
    const windows1252 = Uint8Array.from(text, (character) => character.charCodeAt(0));
    // UTF-16 with its byte order mark, as Excel's "Unicode Text" saves it.
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(Uint16Array.from(text, (c) => c.charCodeAt(0)).buffer),
    ]);
    const before = await countOf();
    for (const file of [windows1252, utf16]) {
      const response = await postFile(cookie, file);
      expect(response.status).toBe(400);
      expect(visibleText(await response.text())).toContain(NOT_UTF8);
    }
    expect(await countOf()).toBe(before);
    // The same file saved as UTF-8 imports.
    expect((await postFile(cookie, text)).status).toBe(302);
    expect((await stored(slug)).location.name).toBe("Café Saint-Barthélemy");
  });

  it("exports a cell that starts like a formula as text, and reads it back as written", async () => {
    const cookie = await signIn((await createUser("admin")).id);
    const slug = tagged("formula");
    const formula = `=HYPERLINK("http://example.com","Click")`;
    expect(
      await importCatalogue(
        testApp,
        actor,
        csv(
          HEADER,
          row({
            slug,
            name: "Formula",
            description: formula,
            room_type: "Suite",
            other_prices: "+1 night $200",
          }),
        ),
      ),
    ).toMatchObject({ ok: true });
    const text = await (
      await request("/admin/catalogue.csv", { headers: { Cookie: cookie } })
    ).text();
    const line = text.split("\r\n").find((each) => each.startsWith(`${slug},`))!;
    expect(line).toContain(`"'=HYPERLINK(""http://example.com"",""Click"")"`);
    expect(line).toContain(`"'+1 night $200"`);
    expect(await importCatalogue(testApp, actor, `${HEADER}\r\n${line}`)).toMatchObject({
      ok: true,
    });
    const { location, rooms } = await stored(slug);
    expect(location.description).toBe(formula);
    expect(rooms.map((room) => room.otherPrices)).toEqual(["+1 night $200"]);
  });

  it("is for admins: a member gets neither the file nor the import; an empty post says what to send", async () => {
    const member = await signIn((await createUser("member")).id);
    const download = await request("/admin/catalogue.csv", { headers: { Cookie: member } });
    expect(download.headers.get("Content-Type")).not.toContain("text/csv");
    const slug = tagged("members-may-not");
    await postFile(member, csv(HEADER, row({ slug, name: "Nope" })));
    expect(await db.$count(locations, eq(locations.slug, slug))).toBe(0);

    const admin = await signIn((await createUser("admin")).id);
    const empty = await request("/admin/overview", {
      method: "POST",
      body: new URLSearchParams({ intent: "import-catalogue" }),
      headers: { Cookie: admin, Origin: "http://localhost" },
    });
    expect(empty.status).toBe(400);
    expect(visibleText(await empty.text())).toContain("Choose a CSV file to import.");
  });
});
