import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createAppContext } from "~/context";
import { createDb } from "~/db/client.server";
import { locations, roomTypes, weeks } from "~/db/schema";
import { bookingSchema } from "~/guest-requests/booking";
import { bookingKind } from "~/guest-requests/booking.server";
import { addDays, earliestLocalDate } from "~/weeks/calendar";
import { exportWeeks } from "~/weeks/weeks-export.server";
import { importWeeks } from "~/weeks/weeks-import.server";
import { weeksByRoom, roomMonth } from "~/weeks/open-weeks.server";
import { quoteWeek } from "~/weeks/quotes.server";
import { roomCalendarWeeks } from "~/weeks/week-editor.server";

const db = createDb(env.DB);
const FRIDAY = addDays("2031-03-08", -1);

/**
 * Two resorts a world apart, with the same weeks: at 08:00 UTC on a Saturday it is still Friday
 * evening in Hawaii and already Saturday morning in Paris. The week that checks in that Saturday
 * has not begun in Hawaii, and has in Paris. (Dates years ahead of any moment the suite runs at.)
 */
const SATURDAY = "2031-03-08";
const NEXT_SATURDAY = "2031-03-15";
const MOMENT = new Date(`${SATURDAY}T08:00:00Z`);
const resorts = {
  hawaii: { id: "loc-day-hawaii", timeZone: "Pacific/Honolulu" },
  paris: { id: "loc-day-paris", timeZone: "Europe/Paris" },
};
const roomOf = (resort: { id: string }) => `${resort.id}-room`;

beforeAll(async () => {
  const all = Object.values(resorts);
  await db.insert(locations).values(
    all.map((resort) => ({
      id: resort.id,
      name: `Own day ${resort.timeZone}`,
      slug: resort.id,
      country: "United States",
      timeZone: resort.timeZone,
    })),
  );
  await db.insert(roomTypes).values(
    all.map((resort) => ({
      id: roomOf(resort),
      locationId: resort.id,
      name: "Suite",
      price: 2000,
      published: true,
    })),
  );
  await db.insert(weeks).values(
    all.flatMap((resort) =>
      [SATURDAY, NEXT_SATURDAY].map((checkIn) => ({
        id: `${roomOf(resort)}-${checkIn}`,
        roomTypeId: roomOf(resort),
        checkIn,
        nights: 7,
        state: "open" as const,
      })),
    ),
  );
});

describe("each resort lives on its own day", () => {
  it("offers the week that checks in on the resort's tomorrow, not the one that begins today there", async () => {
    const offered = async (resort: { id: string }) =>
      (await weeksByRoom(db, resort.id, { now: MOMENT, memberId: null }))[roomOf(resort)]?.map(
        (week) => week.checkIn,
      );
    expect(await offered(resorts.hawaii)).toEqual([SATURDAY, NEXT_SATURDAY]);
    expect(await offered(resorts.paris)).toEqual([NEXT_SATURDAY]);
  });

  it("takes a request for that week in Hawaii, and calls it begun in Paris", async () => {
    const quote = (resort: { id: string }) =>
      quoteWeek(db, { roomTypeId: roomOf(resort), checkIn: SATURDAY, now: MOMENT });
    expect((await quote(resorts.hawaii))?.begun).toBe(false);
    expect((await quote(resorts.paris))?.begun).toBe(true);
  });

  it("shows the same in the month view and the admin's calendar", async () => {
    for (const [resort, open] of [
      [resorts.hawaii, true],
      [resorts.paris, false],
    ] as const) {
      const month = await roomMonth(db, {
        locationKey: resort.id,
        roomTypeId: roomOf(resort),
        month: "2031-03",
        now: MOMENT,
        memberId: null,
        includeHidden: true,
      });
      expect(month?.weeks.find((week) => week.checkIn === SATURDAY)?.availability).toBe(
        open ? "open" : "unavailable",
      );
      const calendar = await roomCalendarWeeks(db, roomOf(resort), MOMENT);
      expect(calendar.some((week) => week.checkIn === SATURDAY)).toBe(open);
      expect(calendar.some((week) => week.checkIn === NEXT_SATURDAY)).toBe(true);
    }
  });

  it("exports the weeks each resort still offers, and imports a week only after the resort's today", async () => {
    const exported = async (resort: { id: string }) =>
      (await new Response(exportWeeks(db, { location: resort.id, now: MOMENT })).text())
        .trimEnd()
        .split("\r\n")
        .slice(1)
        .map((line) => line.split(",")[2]);
    expect(await exported(resorts.hawaii)).toEqual([SATURDAY, NEXT_SATURDAY]);
    expect(await exported(resorts.paris)).toEqual([NEXT_SATURDAY]);

    const file = (resort: { id: string }) =>
      `location,room_type,check_in,nights,rate,state\r\n${resort.id},Suite,${SATURDAY},7,2100,open`;
    expect(await importWeeks(db, file(resorts.hawaii), MOMENT)).toEqual({ ok: true, written: 1 });
    expect(await importWeeks(db, file(resorts.paris), MOMENT)).toEqual({
      ok: false,
      more: 0,
      problems: [
        {
          line: 2,
          message: `The check-in date ${SATURDAY} is not after today at ${resorts.paris.id} (${SATURDAY}, Europe/Paris).`,
        },
      ],
    });
  });

  it("takes a member's own dates from the resort's today: Friday is still today in Hawaii, and past in Paris", async () => {
    const row = (resort: { id: string }) => {
      const input = bookingSchema({ today: earliestLocalDate(MOMENT) }).parse({
        location: resort.id,
        roomType: roomOf(resort),
        checkInDate: FRIDAY,
        checkOutDate: addDays(FRIDAY, 7),
        firstName: "Ana",
        lastName: "Silva",
        email: "ana@example.com",
        phone: "+1 555 0100",
        adults: "2",
      });
      const id = crypto.randomUUID();
      const app = {
        ...createAppContext(
          { env, ctx: createExecutionContext() },
          new Request("http://localhost/book"),
        ),
        now: MOMENT,
      };
      return bookingKind.toRow(app, input, {
        id,
        idempotencyKey: id,
        userId: null,
        email: "ana@example.com",
      });
    };
    await expect(row(resorts.hawaii)).resolves.toMatchObject({ checkInDate: FRIDAY });
    await expect(row(resorts.paris)).rejects.toMatchObject({
      message: "Check-in cannot be in the past",
    });
  });
});
