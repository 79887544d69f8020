/**
 * Opening a season of weeks: every room type gets a stay from each Saturday from `from` to `until`
 * (calendar dates). Stays are sold in whole weeks: seven nights, or as many whole weeks as cover
 * the location's minimum nights (ten nights: two weeks, every other Saturday), so each stay checks
 * in the day the one before checks out. A resort that takes shorter stays says so on its page and
 * arranges them on request. Weeks that exist stay as they are, and no new week takes a night of
 * one (the database refuses overlapping weeks). A new week over nights staff confirmed for a
 * member's own dates is added closed: those nights are not for sale again.
 * One statement whatever the size of the catalogue; the seed and the admin's tools run it. No
 * imports, so the seed script (plain Node) can use it too. With `returningStates`, it returns each
 * new week's state (for one room's season: the whole catalogue's would be every week).
 */

/** How far ahead weeks are opened, and how far the admin's calendar of a room type reaches. */
export const SEASON_MONTHS = 18;

/** Resorts change over on Saturdays unless an admin sets other check-in dates. */
const CHECK_IN_WEEKDAY = 6;

export function openSeasonStatement(
  db: D1Database,
  {
    from,
    until,
    roomTypeIds,
    returningStates = false,
  }: { from: string; until: string; roomTypeIds?: string[]; returningStates?: boolean },
) {
  const onlyRooms = roomTypeIds ? `AND room_types.id IN (SELECT value FROM json_each(?3))` : "";
  return db
    .prepare(
      `WITH RECURSIVE saturdays(day) AS (
         SELECT date(?1, 'weekday ${CHECK_IN_WEEKDAY}')
         UNION ALL SELECT date(day, '+7 days') FROM saturdays WHERE day < date(?2, '-7 days')
       )
       , stays(location_id, weeks_long) AS (
         SELECT id, (minimum_nights + 6) / 7 FROM locations
       )
       INSERT INTO weeks (id, room_type_id, check_in, nights, state)
       SELECT room_types.id || '-' || saturdays.day, room_types.id, saturdays.day,
              stays.weeks_long * 7,
              CASE WHEN EXISTS (
                SELECT 1 FROM booking_requests AS booked
                WHERE booked.room_type_id = room_types.id
                  AND booked.status = 'confirmed'
                  AND booked.check_in_date < date(saturdays.day, '+' || (stays.weeks_long * 7) || ' days')
                  AND booked.check_out_date > saturdays.day
              ) THEN 'closed' ELSE 'open' END
       FROM room_types
       JOIN stays ON stays.location_id = room_types.location_id
       CROSS JOIN saturdays
       WHERE ((julianday(saturdays.day) - julianday(date(?1, 'weekday ${CHECK_IN_WEEKDAY}'))) / 7)
             % stays.weeks_long = 0
         -- Not over another week of the room (an admin's week on another weekday, say).
         AND NOT EXISTS (
           SELECT 1 FROM weeks AS other
           WHERE other.room_type_id = room_types.id
             AND other.check_in <> saturdays.day
             AND other.check_in > date(saturdays.day, '-366 days')
             AND other.check_in < date(saturdays.day, '+' || (stays.weeks_long * 7) || ' days')
             AND date(other.check_in, '+' || other.nights || ' days') > saturdays.day
         )
         ${onlyRooms}
       ON CONFLICT (room_type_id, check_in) DO NOTHING
       ${returningStates ? "RETURNING state" : ""}`,
    )
    .bind(from, until, ...(roomTypeIds ? [JSON.stringify(roomTypeIds)] : []));
}
