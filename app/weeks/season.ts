/**
 * Opening a season of weeks: every room type gets a week each Saturday from `from` to `until`
 * (calendar dates), as long as its location's minimum nights, and a week longer than seven nights
 * every two (or more) Saturdays so that weeks never overlap. Weeks that exist stay as they are,
 * and no new week takes a night of one (the database refuses overlapping weeks).
 * One statement whatever the size of the catalogue; the seed and the admin's tools run it. No
 * imports, so the seed script (plain Node) can use it too.
 */

/** How far ahead weeks are opened, and how far the admin's calendar of a room type reaches. */
export const SEASON_MONTHS = 18;

/** Resorts change over on Saturdays unless an admin sets other check-in dates. */
const CHECK_IN_WEEKDAY = 6;

export function openSeasonStatement(
  db: D1Database,
  { from, until, roomTypeIds }: { from: string; until: string; roomTypeIds?: string[] },
) {
  const onlyRooms = roomTypeIds ? `AND room_types.id IN (SELECT value FROM json_each(?3))` : "";
  return db
    .prepare(
      `WITH RECURSIVE saturdays(day) AS (
         SELECT date(?1, 'weekday ${CHECK_IN_WEEKDAY}')
         UNION ALL SELECT date(day, '+7 days') FROM saturdays WHERE day < date(?2, '-7 days')
       )
       INSERT INTO weeks (id, room_type_id, check_in, nights)
       SELECT room_types.id || '-' || saturdays.day, room_types.id, saturdays.day,
              locations.minimum_nights
       FROM room_types
       JOIN locations ON locations.id = room_types.location_id
       CROSS JOIN saturdays
       WHERE ((julianday(saturdays.day) - julianday(date(?1, 'weekday ${CHECK_IN_WEEKDAY}'))) / 7)
             % ((locations.minimum_nights + 6) / 7) = 0
         -- Not over another week of the room (an admin's week on another weekday, say).
         AND NOT EXISTS (
           SELECT 1 FROM weeks AS other
           WHERE other.room_type_id = room_types.id
             AND other.check_in <> saturdays.day
             AND other.check_in > date(saturdays.day, '-366 days')
             AND other.check_in < date(saturdays.day, '+' || locations.minimum_nights || ' days')
             AND date(other.check_in, '+' || other.nights || ' days') > saturdays.day
         )
         ${onlyRooms}
       ON CONFLICT (room_type_id, check_in) DO NOTHING`,
    )
    .bind(from, until, ...(roomTypeIds ? [JSON.stringify(roomTypeIds)] : []));
}
