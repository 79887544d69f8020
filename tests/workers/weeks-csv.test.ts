import { env } from "cloudflare:workers";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { locations, roomTypes, weeks } from "~/db/schema";
import { addDays, addMonths, localDate, nextWeekday } from "~/weeks/calendar";
import { exportWeeks } from "~/weeks/weeks-export.server";
import { importWeeks } from "~/weeks/weeks-import.server";
import { openSeasonStatement } from "~/weeks/season";
import { createUser, signIn } from "./auth-helpers";
import { request, toastOf, visibleSeed, visibleText } from "./helpers";
import { daysFromResortToday, resortToday, testNow } from "./clock";
import { placeTimeZone } from "~/catalogue/time-zones";

const db = createDb(env.DB);
// Resorts the other week tests leave alone.
const [first, second] = visibleSeed.filter((location) => location.roomTypes.length >= 2).slice(6);
const roomOf = (location: typeof first, index: number) => `${location!.id}-room-${index + 1}`;

const zoneOf = (location: typeof first) => placeTimeZone(location!);

/** The room's weeks its resort still offers (after its today), in order. */
async function weeksOf(roomTypeId: string) {
  const rows = await db
    .select({ week: weeks, timeZone: locations.timeZone })
    .from(weeks)
    .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
    .innerJoin(locations, eq(locations.id, roomTypes.locationId))
    .where(eq(weeks.roomTypeId, roomTypeId))
    .orderBy(asc(weeks.checkIn));
  return rows.filter((row) => row.week.checkIn > resortToday(row.timeZone)).map((row) => row.week);
}

const csv = (...lines: string[]) => lines.join("\r\n");
const HEADER = "location,room_type,check_in,nights,rate,state";
/** What a download's first line says: every rate names its currency. */
const EXPORT_HEADER = "location,room_type,check_in,nights,rate,currency,state";

describe("importing weeks from a spreadsheet", () => {
  it("writes a good file: new weeks, rates and closings, with the room type by name or id", async () => {
    const room = roomOf(first, 0);
    const all = await weeksOf(room);
    const [a, b] = all;
    const roomName = first!.roomTypes[0]!.name;
    // A new week of its own dates: a Tuesday after the room's last week.
    const extra = addDays(all.at(-1)!.checkIn, all.at(-1)!.nights + 3);
    const result = await importWeeks(
      db,
      csv(
        "Location slug, Room type, Check-in date, Nights, Rate, State",
        `${first!.slug},${roomName.toUpperCase()},${a!.checkIn},7,"$2,345.50",open`,
        `${first!.slug},${room},${b!.checkIn},7,,closed`,
        `${first!.slug},${room},${extra},5,1999,`,
      ),
      testNow(),
    );
    expect(result).toEqual({ ok: true, written: 3 });
    const after = new Map((await weeksOf(room)).map((week) => [week.checkIn, week]));
    expect(after.get(a!.checkIn)).toMatchObject({ rate: 2345.5, state: "open", nights: 7 });
    expect(after.get(b!.checkIn)).toMatchObject({ rate: null, state: "closed" });
    expect(after.get(extra)).toMatchObject({ rate: 1999, state: "open", nights: 5 });
  });

  it("finds a location by its slug written with capitals and spaces, as the export does", async () => {
    const room = roomOf(first, 1);
    const [week] = await weeksOf(room);
    const result = await importWeeks(
      db,
      csv(
        HEADER,
        ` ${first!.slug.toUpperCase()} ,${room},${week!.checkIn},${week!.nights},1234,open`,
      ),
      testNow(),
    );
    expect(result).toEqual({ ok: true, written: 1 });
    expect((await weeksOf(room))[0]).toMatchObject({ checkIn: week!.checkIn, rate: 1234 });
  });

  it("says in one answer which rows have the wrong number of cells and what else is wrong", async () => {
    const room = roomOf(second, 0);
    const [a] = await weeksOf(room);
    const result = await importWeeks(
      db,
      csv(
        HEADER,
        `${second!.slug},${room},${a!.checkIn},7,2500`,
        `${second!.slug},${room},2027-02-30,7,2500,open`,
      ),
      testNow(),
    );
    expect(result).toEqual({
      ok: false,
      more: 0,
      problems: [
        { line: 2, message: "This row has 5 cells where the first line names 6 columns." },
        { line: 3, message: "The check-in date “2027-02-30” is not a date written YYYY-MM-DD." },
      ],
    });
  });

  it("calls an empty file empty", async () => {
    expect(await importWeeks(db, "", testNow())).toEqual({
      ok: false,
      more: 0,
      problems: [{ line: 1, message: "The file is empty." }],
    });
  });

  it("reports every bad row by its line with a reason, and a file with any bad row writes nothing", async () => {
    const room = roomOf(second, 0);
    const before = await weeksOf(room);
    const [a, b, c] = before;
    const result = await importWeeks(
      db,
      csv(
        HEADER,
        `${second!.slug},${room},${a!.checkIn},7,2500,open`,
        `no-such-resort,${room},${a!.checkIn},7,2500,open`,
        `${second!.slug},No Such Room,${a!.checkIn},7,2500,open`,
        `${second!.slug},${room},2027-02-30,7,2500,open`,
        `${second!.slug},${room},${daysFromResortToday(zoneOf(second), -7)},7,2500,open`,
        `${second!.slug},${room},${b!.checkIn},seven,2500,open`,
        `${second!.slug},${room},${b!.checkIn},7,-5,open`,
        `${second!.slug},${room},${b!.checkIn},7,2500,maybe`,
        `${second!.slug},${room},${a!.checkIn},7,2600,open`,
        `${second!.slug},${room},${c!.checkIn},7,2500,booked`,
      ),
      testNow(),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((problem) => problem.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const said = result.problems.map((problem) => problem.message);
    expect(said[0]).toBe("No location has the slug “no-such-resort”.");
    expect(said[1]).toContain("has no room type “No Such Room”");
    expect(said[2]).toContain("is not a date written YYYY-MM-DD");
    expect(said[3]).toMatch(/is not after today at [a-z0-9-]+ \(\d{4}-\d\d-\d\d, [A-Za-z_/]+\)/);
    expect(said[4]).toContain("Nights must be a whole number");
    expect(said[5]).toContain("The rate must be empty");
    expect(said[6]).toContain("The state must be open or closed");
    expect(said[7]).toBe("The same week is on line 2 too.");
    expect(said[8]).toContain("Only a member's request makes a week requested or booked");
    // Line 2 was right, and still nothing was written.
    expect(await weeksOf(room)).toEqual(before);
  });

  it("refuses a week that shares nights with another of its room, in the file or the calendar", async () => {
    const room = roomOf(second, 1);
    const before = await weeksOf(room);
    const [a, b, c] = before;
    const result = await importWeeks(
      db,
      csv(
        HEADER,
        // Two nights from the Sunday, inside the week of `a`.
        `${second!.slug},${room},${addDays(a!.checkIn, 1)},2,,open`,
        // The week of `b` made 10 nights long reaches into the week of `c`.
        `${second!.slug},${room},${b!.checkIn},10,,open`,
        // Two new weeks after the calendar that share a night with each other.
        `${second!.slug},${room},${addDays(before.at(-1)!.checkIn, 14)},7,,open`,
        `${second!.slug},${room},${addDays(before.at(-1)!.checkIn, 20)},7,,open`,
      ),
      testNow(),
    );
    expect(result).toEqual({
      ok: false,
      more: 0,
      problems: [
        {
          line: 2,
          message: `This week shares nights with the ${a!.nights}-night week of ${a!.checkIn} already in the calendar.`,
        },
        {
          line: 3,
          message: `This week shares nights with the ${c!.nights}-night week of ${c!.checkIn} already in the calendar.`,
        },
        { line: 4, message: "This week shares nights with the week on line 5." },
      ],
    });
    expect(await weeksOf(room)).toEqual(before);
  });

  it("keeps a requested or booked week's nights: a row that shortens it is refused, and so is a week inside the stay", async () => {
    const room = roomOf(second, 1);
    const calendar = await weeksOf(room);
    const booked = calendar.at(-3)!;
    await db.update(weeks).set({ state: "booked" }).where(eq(weeks.id, booked.id));
    const before = await weeksOf(room);
    const result = await importWeeks(
      db,
      csv(
        HEADER,
        `${second!.slug},${room},${booked.checkIn},2,99,booked`,
        `${second!.slug},${room},${addDays(booked.checkIn, 2)},5,10,open`,
      ),
      testNow(),
    );
    expect(result).toEqual({
      ok: false,
      more: 0,
      problems: [
        {
          line: 2,
          message: `A requested or booked week keeps its nights: write ${booked.nights}, as in the calendar.`,
        },
        { line: 3, message: "This week shares nights with the week on line 2." },
      ],
    });
    expect(await weeksOf(room)).toEqual(before);
    // Its rate may change; it stays booked, for as many nights.
    expect(
      await importWeeks(
        db,
        csv(HEADER, `${second!.slug},${room},${booked.checkIn},${booked.nights},99,open`),
        testNow(),
      ),
    ).toEqual({ ok: true, written: 1 });
    expect((await weeksOf(room)).find((week) => week.id === booked.id)).toMatchObject({
      state: "booked",
      nights: booked.nights,
      rate: 99,
    });
  });

  it("the database itself refuses a week over another of its room, and a season opened later goes around it", async () => {
    const room = roomOf(second, 1);
    const [a] = await weeksOf(room);
    await expect(
      env.DB.prepare(
        "INSERT INTO weeks (id, room_type_id, check_in, nights) VALUES (?1, ?2, ?3, 7)",
      )
        .bind(`${room}-overlap`, room, addDays(a!.checkIn, 3))
        .run(),
    ).rejects.toThrow("overlapping week");
    await expect(
      env.DB.prepare("UPDATE weeks SET nights = 8 WHERE room_type_id = ?1 AND check_in = ?2")
        .bind(room, a!.checkIn)
        .run(),
    ).rejects.toThrow("overlapping week");

    // A week on Tuesdays beyond the calendar: reopening the season adds no Saturday over it.
    const last = (await weeksOf(room)).at(-1)!;
    const tuesday = addDays(last.checkIn, last.nights + 10);
    expect(
      await importWeeks(db, csv(HEADER, `${second!.slug},${room},${tuesday},7,,open`), testNow()),
    ).toEqual({ ok: true, written: 1 });
    await openSeasonStatement(env.DB, {
      from: resortToday(zoneOf(second)),
      until: addDays(tuesday, 60),
      roomTypeIds: [room],
    }).run();
    const after = await weeksOf(room);
    const nightsOf = (week: { checkIn: string; nights: number }) =>
      Array.from({ length: week.nights }, (_, night) => addDays(week.checkIn, night));
    const nights = after.flatMap(nightsOf);
    expect(new Set(nights).size).toBe(nights.length);
    expect(after.some((week) => week.checkIn > tuesday)).toBe(true);
  });

  it("names a row by its line in the file, blank lines counted, and refuses a decimal comma", async () => {
    const room = roomOf(second, 1);
    const [a, b] = await weeksOf(room);
    const rows = (...lines: string[]) =>
      importWeeks(db, [HEADER, "", "", ...lines].join("\n"), testNow());
    expect(
      await rows(
        `${second!.slug},${room},${a!.checkIn},99,,open`,
        `${second!.slug},${room},${b!.checkIn},7,"2,5",open`,
      ),
    ).toMatchObject({
      ok: false,
      problems: [
        { line: 4, message: "Nights must be a whole number from 1 to 28 (not “99”)." },
        { line: 5, message: expect.stringContaining("(not “2,5”)") },
      ],
    });
    // Any rate the room type editor takes, and not more.
    expect(await rows(`${second!.slug},${room},${a!.checkIn},7,10000000,open`)).toEqual({
      ok: true,
      written: 1,
    });
    expect(await rows(`${second!.slug},${room},${a!.checkIn},7,10000001,open`)).toMatchObject({
      ok: false,
      problems: [{ line: 4, message: expect.stringContaining("up to 10,000,000") }],
    });
    expect(await rows(`${second!.slug},${room},9999-12-25,7,,open`)).toMatchObject({
      ok: false,
      problems: [{ line: 4, message: expect.stringContaining("is more than two years ahead") }],
    });
    expect(await rows(`${second!.slug};${room}`)).toMatchObject({
      ok: false,
      problems: [
        { line: 4, message: "This row has 1 cells where the first line names 6 columns." },
      ],
    });
  });

  it("says which columns a file without the header lacks", async () => {
    const result = await importWeeks(db, csv("slug,room,date", "a,b,c"), testNow());
    expect(result).toMatchObject({ ok: false, problems: [{ line: 1 }] });
  });

  it("writes 5,000 rows in one import", async () => {
    const rooms = visibleSeed.slice(10).flatMap((location) =>
      location.roomTypes.map((_, index) => ({
        slug: location.slug,
        id: roomOf(location, index),
      })),
    );
    const lines: string[] = [];
    // Each room's open weeks take a new rate; then new short stays (Sunday to Wednesday,
    // Wednesday to Saturday, Saturday to Sunday), after the seeded 18 months and before two
    // years (the furthest a week may start), fill the file.
    for (const room of rooms) {
      for (const week of await weeksOf(room.id)) {
        if (week.state === "open" && lines.length < 5_000) {
          lines.push(`${room.slug},${room.id},${week.checkIn},${week.nights},1234.5,open`);
        }
      }
    }
    // Beyond every room's calendar, which reaches 18 months on from its resort's today.
    const firstSunday = nextWeekday(addDays(addMonths(resortToday(zoneOf(first)), 18), 8), 0);
    const stays = [
      { from: 0, nights: 3 },
      { from: 3, nights: 3 },
      { from: 6, nights: 1 },
    ];
    for (let stay = 0; lines.length < 5_000; stay += 1) {
      const { from, nights } = stays[stay % stays.length]!;
      const checkIn = addDays(firstSunday, Math.floor(stay / stays.length) * 7 + from);
      for (const room of rooms.slice(0, 5_000 - lines.length)) {
        lines.push(`${room.slug},${room.id},${checkIn},${nights},1234.5,open`);
      }
    }
    expect(lines).toHaveLength(5_000);
    const started = performance.now();
    expect(await importWeeks(db, csv(HEADER, ...lines), testNow())).toEqual({
      ok: true,
      written: 5_000,
    });
    console.log(`import of 5,000 weeks: ${Math.round(performance.now() - started)} ms`);
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)` })
      .from(weeks)
      .where(eq(weeks.rate, 1234.5))) as [{ count: number }];
    expect(count).toBeGreaterThanOrEqual(5_000);
  });

  it("reads back its own export unchanged", async () => {
    const exported = await new Response(
      exportWeeks(db, { location: first!.slug, now: testNow() }),
    ).text();
    const before = await weeksOf(roomOf(first, 1));
    expect(exported.split("\r\n")[0]).toBe(EXPORT_HEADER);
    // Only future weeks import; the export also lists none older than today's seed.
    const result = await importWeeks(db, exported, testNow());
    expect(result).toMatchObject({ ok: true });
    const after = await weeksOf(roomOf(first, 1));
    expect(after.map(({ updatedAt: _, ...week }) => week)).toEqual(
      before.map(({ updatedAt: _, ...week }) => week),
    );
  });
});

describe("exporting weeks", () => {
  it("writes every week ahead of every location, read a few locations at a time, in order", async () => {
    const lines = (await new Response(exportWeeks(db, { now: testNow() })).text())
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(EXPORT_HEADER);
    // Each rate names its location's currency (other files add resorts in euros).
    const currencies = new Map(
      (await db.select({ slug: locations.slug, currency: locations.currency }).from(locations)).map(
        (location) => [location.slug, location.currency],
      ),
    );
    const misnamed = lines
      .slice(1)
      .map((line) => line.split(","))
      .filter(([slug, , , , , currency]) => currencies.get(slug!) !== currency);
    expect(misnamed).toEqual([]);
    // The weeks each resort still offers: after its own today.
    const now = testNow();
    const all = await db
      .select({ checkIn: weeks.checkIn, timeZone: locations.timeZone })
      .from(weeks)
      .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
      .innerJoin(locations, eq(locations.id, roomTypes.locationId));
    const ahead = all.filter((week) => week.checkIn > localDate(now, week.timeZone));
    expect(lines).toHaveLength(ahead.length + 1);
    const slugs = lines.slice(1).map((line) => line.split(",")[0]!);
    expect(slugs).toEqual([...slugs].sort());
    // More locations than one query reads.
    expect(new Set(slugs).size).toBeGreaterThan(25);
  });
});

describe("a weeks file's currency", () => {
  it("is the location's: a file that names another is refused, and one that leaves it out is read as the location's", async () => {
    const room = roomOf(second, 1);
    const [week] = await weeksOf(room);
    const line = (currency: string) =>
      `${second!.slug},${room},${week!.checkIn},${week!.nights},1750,${currency},open`;
    expect(await importWeeks(db, csv(EXPORT_HEADER, line("EUR")), testNow())).toEqual({
      ok: false,
      more: 0,
      problems: [
        {
          line: 2,
          message: `The rates of ${second!.slug} are in USD, not EUR: write them in USD, or change the location's currency first.`,
        },
      ],
    });
    expect((await weeksOf(room))[0]!.rate).toBe(week!.rate);
    expect(await importWeeks(db, csv(EXPORT_HEADER, line("usd")), testNow())).toEqual({
      ok: true,
      written: 1,
    });
    expect((await weeksOf(room))[0]!.rate).toBe(1750);
  });
});

describe("/admin/weeks", () => {
  async function postFile(cookie: string, text: string) {
    const body = new FormData();
    body.set("intent", "import");
    body.set("file", new File([text], "weeks.csv", { type: "text/csv" }));
    return request("/admin/weeks", {
      method: "POST",
      body,
      headers: { Cookie: cookie, Origin: "http://localhost" },
      redirect: "manual",
    });
  }

  it("downloads the weeks ahead as CSV, and imports a file back with a toast", async () => {
    const cookie = await signIn((await createUser("admin")).id);
    const response = await request(`/admin/weeks/export?location=${second!.slug}`, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      new RegExp(`^attachment; filename="weeks-${second!.slug}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const text = await response.text();
    expect(text.split("\r\n")[0]).toBe(EXPORT_HEADER);
    expect(text).toContain(`${second!.slug},${roomOf(second, 0)},`);

    const imported = await postFile(cookie, text);
    expect(imported.status).toBe(302);
    expect(imported.headers.get("Location")).toBe("/admin/weeks");
  });

  it("answers a bad file with 400 and its rows' problems by line, and a post without a file too", async () => {
    const cookie = await signIn((await createUser("admin")).id);
    const bad = await postFile(
      cookie,
      csv(HEADER, `${second!.slug},${roomOf(second, 0)},soon,7,,open`),
    );
    expect(bad.status).toBe(400);
    const said = visibleText(await bad.text());
    expect(said).toContain("Nothing was imported");
    expect(said).toContain("Line 2:");

    const empty = await request("/admin/weeks", {
      method: "POST",
      body: new URLSearchParams({ intent: "import" }),
      headers: { Cookie: cookie, Origin: "http://localhost" },
    });
    expect(empty.status).toBe(400);
    expect(visibleText(await empty.text())).toContain("Choose a CSV file to import.");

    // A file chosen, with nothing in it.
    const nothing = await postFile(cookie, "");
    expect(nothing.status).toBe(400);
    const answer = visibleText(await nothing.text());
    expect(answer).toContain("The file is empty.");
    expect(answer).not.toContain("Choose a CSV file to import.");
  });

  it("answers a file over 4 MB on the page itself, as a browser without JavaScript posts it, and writes nothing", async () => {
    const cookie = await signIn((await createUser("admin")).id);
    const before = await weeksOf(roomOf(second, 0));
    const [week] = before;
    const row = `${second!.slug},${roomOf(second, 0)},${week!.checkIn},7,1,closed`;
    const huge = csv(HEADER, ...Array.from({ length: (4.2 * 2 ** 20) / row.length }, () => row));
    for (const path of ["/admin/weeks", "/admin/overview"]) {
      const body = new FormData();
      body.set("intent", path === "/admin/weeks" ? "import" : "import-catalogue");
      body.set("file", new File([huge], "big.csv", { type: "text/csv" }));
      const response = await request(path, {
        method: "POST",
        body,
        headers: { Cookie: cookie, Origin: "http://localhost" },
        redirect: "manual",
      });
      expect(response.status).toBe(413);
      const said = visibleText(await response.text());
      expect(said).toContain("The file is larger than 4 MB: split it and import each part.");
      // The page with its import form, not an error page.
      expect(said).toContain("CSV file (at most 4 MB)");
    }
    expect(await weeksOf(roomOf(second, 0))).toEqual(before);
  });

  it("a slug typed with capitals or spaces finds its location; an unknown one is said, not an empty file", async () => {
    const cookie = await signIn((await createUser("admin")).id);
    const typed = await request(
      `/admin/weeks/export?location=${encodeURIComponent(` ${second!.slug.toUpperCase()} `)}`,
      { headers: { Cookie: cookie } },
    );
    expect(typed.status).toBe(200);
    expect((await typed.text()).split("\r\n").length).toBeGreaterThan(10);

    const unknown = await request("/admin/weeks/export?location=nope", {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("Location")).toBe("/admin/weeks?location=nope");
    const form = await (
      await request("/admin/weeks?location=nope", { headers: { Cookie: cookie } })
    ).text();
    expect(form).toMatch(/name="location"[^>]*value="nope"/);
    expect(await toastOf(unknown)).toEqual({
      type: "error",
      message: "No location has the slug “nope”: nothing to download.",
    });
  });

  it("is for admins only: a member gets neither the file nor the import", async () => {
    const cookie = await signIn((await createUser("member")).id);
    const response = await request("/admin/weeks/export", { headers: { Cookie: cookie } });
    expect(response.headers.get("Content-Type")).not.toContain("text/csv");
    const before = await weeksOf(roomOf(second, 1));
    const [week] = before;
    await postFile(
      cookie,
      csv(HEADER, `${second!.slug},${roomOf(second, 1)},${week!.checkIn},7,1,closed`),
    );
    expect(await weeksOf(roomOf(second, 1))).toEqual(before);
  });
});
