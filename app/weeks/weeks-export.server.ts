import { and, asc, eq, gt, inArray } from "drizzle-orm";
import Papa from "papaparse";
import { EXPORT_CSV_OPTIONS, exportHeader } from "~/lib/spreadsheet-import.server";
import { type Db } from "~/db/client.server";
import { locations, roomTypes, weeks } from "~/db/schema";
import { earliestLocalDate, localDate } from "./calendar";
import { WEEK_CSV_COLUMNS } from "./weeks-sheet";

/**
 * The weeks spreadsheet's export (`/admin/weeks/export`; its columns: weeks-sheet.ts): the weeks
 * each resort still offers, after its own today, streamed a few locations at a time; and whether a
 * location's slug exists, for the export of one location.
 */

/** Locations per query of an export: a few thousand weeks at a time. */
const EXPORT_LOCATIONS_PER_QUERY = 25;

/** Whether a location has this slug: the export of one location names an unknown one. */
export async function slugExists(db: Db, slug: string) {
  const [found] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.slug, slug))
    .limit(1);
  return Boolean(found);
}

/**
 * The weeks ahead as CSV, for every location or the one named (by slug), in location, room type
 * and date order. Streamed a few locations at a time, so a catalogue of a thousand resorts (some
 * 200,000 weeks) is never held whole in memory or read in one query.
 */
export function exportWeeks(db: Db, { location, now }: { location?: string; now: Date }) {
  const encoder = new TextEncoder();
  let after: string | null = null;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(exportHeader(WEEK_CSV_COLUMNS)));
    },
    async pull(controller) {
      // Until a chunk has rows (a location may have no weeks ahead) or every location is done.
      for (;;) {
        const slugs = await db
          .select({ slug: locations.slug })
          .from(locations)
          .where(
            and(
              location ? eq(locations.slug, location) : undefined,
              after === null ? undefined : gt(locations.slug, after),
            ),
          )
          .orderBy(asc(locations.slug))
          .limit(EXPORT_LOCATIONS_PER_QUERY);
        if (slugs.length === 0) return controller.close();
        after = slugs.at(-1)!.slug;
        const rows = await db
          .select({
            location: locations.slug,
            room_type: roomTypes.id,
            check_in: weeks.checkIn,
            nights: weeks.nights,
            rate: weeks.rate,
            currency: locations.currency,
            state: weeks.state,
            timeZone: locations.timeZone,
          })
          .from(weeks)
          .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
          .innerJoin(locations, eq(locations.id, roomTypes.locationId))
          .where(
            and(
              gt(weeks.checkIn, earliestLocalDate(now)),
              inArray(
                locations.slug,
                slugs.map((row) => row.slug),
              ),
            ),
          )
          .orderBy(
            asc(locations.slug),
            asc(roomTypes.displayOrder),
            asc(roomTypes.id),
            asc(weeks.checkIn),
          );
        // The weeks each resort still offers: after its own today.
        const ahead = rows.filter((row) => row.check_in > localDate(now, row.timeZone));
        if (ahead.length === 0) continue;
        const text = Papa.unparse(
          ahead.map(({ timeZone: _zone, ...row }) => ({ ...row, rate: row.rate ?? "" })),
          { ...EXPORT_CSV_OPTIONS, columns: WEEK_CSV_COLUMNS },
        );
        return controller.enqueue(encoder.encode(`${text}\r\n`));
      }
    },
  });
}
