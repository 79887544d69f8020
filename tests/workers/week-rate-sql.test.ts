import { eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { locations, roomTypes, weeks } from "~/db/schema";
import { addDays } from "~/weeks/calendar";
import { weekRate } from "~/weeks/rates";
import { weekRateInMonthSql, weekRateSql } from "~/weeks/week-rate-sql.server";
import { insertLocations, testApp } from "./helpers";

const db = testApp.db;
const tag = `rates-${crypto.randomUUID().slice(0, 8)}`;

/**
 * Stays of every length the month search may meet, from a night to more than a year, checking in
 * on the days around each holiday and the turns of the years: each in a room of its own (a room's
 * weeks never overlap), priced for every holiday, half of them with a weekly price too.
 */
const STAYS = [1, 3, 7, 10, 14, 21, 45, 120, 300, 364, 365, 366, 400, 700].flatMap((nights) =>
  ["2030-02-10", "2030-03-12", "2030-06-30", "2030-11-20", "2030-12-20", "2030-12-31"].map(
    (checkIn, index) => ({ nights, checkIn: addDays(checkIn, nights % 5), withPrice: index % 2 }),
  ),
);

it("prices a week in its month as weekRateSql does, and as the pages do", async () => {
  await insertLocations([{ id: tag, slug: tag, name: `Rates ${tag}` }]);
  try {
    const rooms = STAYS.map((stay, index) => ({ ...stay, id: `${tag}-${index}` }));
    for (let start = 0; start < rooms.length; start += 5) {
      await db.insert(roomTypes).values(
        rooms.slice(start, start + 5).map(({ id, withPrice }) => ({
          id,
          locationId: tag,
          name: id,
          price: withPrice ? 900 : null,
          presidentsDayPrice: 1100,
          springBreakPrice: 1200,
          fourthOfJulyPrice: 1300,
          thanksgivingPrice: 1400,
          christmasPrice: 1500,
          newYearsPrice: 1600,
        })),
      );
    }
    for (let start = 0; start < rooms.length; start += 10) {
      await db.insert(weeks).values(
        rooms.slice(start, start + 10).map(({ id, checkIn, nights }) => ({
          id: `${id}-week`,
          roomTypeId: id,
          checkIn,
          nights,
        })),
      );
    }
    const months = [...new Set(rooms.map(({ checkIn }) => checkIn.slice(0, 7)))];
    const rates = new Set<number | null>();
    for (const month of months) {
      const rows = await db
        .select({
          checkIn: weeks.checkIn,
          nights: weeks.nights,
          rate: weeks.rate,
          inSql: weekRateSql,
          inMonth: weekRateInMonthSql(month),
          room: roomTypes,
        })
        .from(weeks)
        .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
        .where(
          inArray(
            weeks.roomTypeId,
            rooms.filter(({ checkIn }) => checkIn.startsWith(month)).map(({ id }) => id),
          ),
        );
      for (const { room, ...row } of rows) {
        const week = { checkIn: row.checkIn, nights: row.nights };
        expect({ ...week, inMonth: row.inMonth, inSql: row.inSql }).toEqual({
          ...week,
          inMonth: weekRate(room, row),
          inSql: weekRate(room, row),
        });
      }
      for (const row of rows) rates.add(row.inMonth);
    }
    // Every holiday's price, the weekly price and no rate at all, each found.
    expect([...rates].sort()).toEqual([1100, 1200, 1300, 1400, 1500, 1600, 900, null]);
  } finally {
    await db.delete(locations).where(eq(locations.id, tag));
  }
});
