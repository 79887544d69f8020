import { asc, eq, gt, inArray, sql } from "drizzle-orm";
import Papa from "papaparse";
import {
  EXPORT_CSV_OPTIONS,
  exportHeader,
  plainNumber,
  readSpreadsheet,
  refusedImport,
  type ImportProblem,
  type ImportRefused,
} from "~/lib/spreadsheet-import.server";
import { type z } from "~/lib/zod";
import { type AppContext } from "~/context";
import { type Db } from "~/db/client.server";
import { locations, roomTypes } from "~/db/schema";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { type Actor } from "./audit.server";
import {
  locationSchema,
  NEW_LOCATION_DEFAULTS,
  roomTypeSchema,
  type LocationValues,
  type RoomTypeValues,
} from "./schemas";
import { HOLIDAYS, NIGHTLY_CHARGES } from "~/weeks/price-fields";

/**
 * The catalogue as a spreadsheet: one row per room type, each with its location's fields (a
 * location without room types has one row of its own). An import creates or updates locations by
 * slug and their room types by name, checked first with the admin forms' schemas; nothing is
 * written unless every row is right, and then all of it in one D1 batch (a statement reads a few
 * thousand rows as JSON), so a thousand locations come in at once. Room types the file does not
 * name, pictures and weeks are left as they are.
 */

/** A column and the form field it holds, with how a cell reads (and its table column, if named otherwise). */
type Column<Field extends string> = {
  field: Field;
  column: string;
  kind: "text" | "number" | "yes-no" | "list";
  stored?: string;
};

const LOCATION_COLUMNS: Column<keyof LocationValues>[] = [
  { field: "slug", column: "slug", kind: "text" },
  { field: "name", column: "name", kind: "text" },
  { field: "description", column: "description", kind: "text" },
  { field: "country", column: "country", kind: "text" },
  { field: "state", column: "state", kind: "text" },
  { field: "city", column: "city", kind: "text" },
  { field: "minimumNights", column: "minimum_nights", kind: "number" },
  { field: "timeZone", column: "time_zone", kind: "text" },
  { field: "checkInTime", column: "check_in_time", kind: "text" },
  { field: "checkOutTime", column: "check_out_time", kind: "text" },
  { field: "currency", column: "currency", kind: "text" },
  { field: "featured", column: "featured", kind: "yes-no" },
  { field: "hidden", column: "hidden", kind: "yes-no" },
];

const ROOM_COLUMNS: Column<keyof RoomTypeValues>[] = [
  { field: "name", column: "room_type", kind: "text", stored: "name" },
  { field: "description", column: "room_description", kind: "text", stored: "description" },
  { field: "bedrooms", column: "bedrooms", kind: "number" },
  { field: "bathrooms", column: "bathrooms", kind: "number" },
  { field: "maxGuests", column: "max_guests", kind: "number" },
  { field: "price", column: "price", kind: "number" },
  ...HOLIDAYS.map(({ key, column }) => ({ field: key, column, kind: "number" as const })),
  { field: "otherPrices", column: "other_prices", kind: "text" },
  { field: "roomFeatures", column: "room_features", kind: "list" },
  // Each charge after the box that waives it: a reader sees "free" before the amount it voids.
  ...NIGHTLY_CHARGES.flatMap(({ key, column, waiver }) => [
    ...(waiver ? [{ field: waiver.key, column: waiver.column, kind: "yes-no" as const }] : []),
    { field: key, column, kind: "number" as const },
  ]),
];

export const CATALOGUE_CSV_COLUMNS = [...LOCATION_COLUMNS, ...ROOM_COLUMNS].map(
  ({ column }) => column,
);

/** Rows per statement: their JSON stays well under D1's 2 MB for a value. */
const ROWS_PER_STATEMENT = 1_000;
/** A room type's features in one cell: "Balcony; Kitchen". */
const LIST_SEPARATOR = ";";

export type CatalogueImportResult =
  | { ok: true; locations: number; roomTypes: number }
  | ImportRefused;

/** A number as people write one: digits, a point for decimals, a minus sign for the forms to refuse. */
const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;
const YES = new Set(["yes", "y", "true", "1", "x"]);
const NO = new Set(["", "no", "n", "false", "0"]);

/**
 * A cell as the form would send it: empty is left out (the schema's default), a number loses
 * its "$" and thousands commas, yes/no becomes true/false (anything else, a problem).
 */
function cellValue(text: string, kind: Column<string>["kind"]) {
  const value = text.trim();
  if (kind === "yes-no") {
    const lower = value.toLowerCase();
    return YES.has(lower) ? true : NO.has(lower) ? false : { problem: `write yes or no` };
  }
  if (value === "") return undefined;
  if (kind === "number") {
    // Digits with a point for decimals, as the forms take them: Number() alone would also read
    // "0x10" as 16 and "1e1" as 10.
    const plain = plainNumber(value);
    return DECIMAL.test(plain)
      ? Number(plain)
      : { problem: "write a number, with a point for decimals" };
  }
  if (kind === "list")
    return value
      .split(LIST_SEPARATOR)
      .map((item) => item.trim())
      .filter(Boolean);
  return value;
}

type Parsed<Values> = { values: Values } | { problems: string[] };

/** The row's cells for `columns`, through the form's schema; problems name their column. */
function parseCells<Schema extends z.ZodType>(
  record: Record<string, string>,
  columns: Column<string>[],
  schema: Schema,
): Parsed<z.output<Schema>> {
  const input: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const { field, column, kind } of columns) {
    const value = cellValue(record[column] ?? "", kind);
    if (typeof value === "object" && value && "problem" in value) {
      problems.push(`${column}: ${value.problem} (not “${record[column]}”)`);
    } else if (value !== undefined) input[field] = value;
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const column = columns.find(({ field }) => field === issue.path[0])?.column ?? "row";
      // A cell already said to be unreadable is not also missing.
      if (!problems.some((problem) => problem.startsWith(`${column}: `)))
        problems.push(`${column}: ${issue.message}`);
    }
  }
  return problems.length > 0 || !result.success ? { problems } : { values: result.data };
}

const nameKey = (name: string) => name.trim().toLowerCase();

interface LocationPlan {
  id: string;
  isNew: boolean;
  line: number;
  values: LocationValues;
  rooms: Map<string, { line: number; values: RoomTypeValues }>;
}

/** Reads, checks and (only if every row is right) writes a catalogue file. */
/** A row's room type: none (its room columns are all empty), its values, or its problems. */
function rowRoom(record: Record<string, string>) {
  if ((record.room_type ?? "").trim() === "") {
    const roomCells = ROOM_COLUMNS.filter(({ column }) => (record[column] ?? "").trim() !== "");
    return roomCells.length > 0
      ? { problems: ["room_type: Name is required for a room type's columns"] }
      : null;
  }
  return parseCells(record, ROOM_COLUMNS, roomTypeSchema);
}

export async function importCatalogue(
  app: Pick<AppContext, "db" | "env" | "now">,
  actor: Actor,
  text: string,
): Promise<CatalogueImportResult> {
  const sheet = readSpreadsheet(text, { known: CATALOGUE_CSV_COLUMNS, required: ["slug", "name"] });
  if (!sheet.ok) return sheet;

  const problems: ImportProblem[] = [...sheet.problems];
  const plans = new Map<string, LocationPlan>();
  const locationOnly = LOCATION_COLUMNS.filter(({ column }) => column !== "slug");
  for (const { line, cells: record } of sheet.rows) {
    const slug = (record.slug ?? "").trim();
    const room = rowRoom(record);
    const earlier = plans.get(slug);
    // A location's later rows may leave its columns empty: they are its first row's.
    const inherits =
      earlier && locationOnly.every(({ column }) => (record[column] ?? "").trim() === "");
    let plan = earlier;
    if (!inherits) {
      const location = parseCells(
        { minimum_nights: String(NEW_LOCATION_DEFAULTS.minimumNights), ...dropEmpty(record) },
        LOCATION_COLUMNS,
        locationSchema,
      );
      if ("problems" in location) {
        // The row's room cells are checked too: every problem of the row is said at once.
        const all = [...location.problems, ...(room && "problems" in room ? room.problems : [])];
        problems.push(...all.map((message) => ({ line, message })));
        continue;
      }
      if (earlier && JSON.stringify(earlier.values) !== JSON.stringify(location.values)) {
        problems.push({
          line,
          message: `The location ${slug} reads differently on line ${earlier.line}: its rows must agree, or leave its columns empty after the first.`,
        });
        continue;
      }
      plan ??= { id: "", isNew: true, line, values: location.values, rooms: new Map() };
      plans.set(slug, plan);
    }
    if (!room) continue;
    if ("problems" in room) {
      problems.push(...room.problems.map((message) => ({ line, message })));
      continue;
    }
    const key = nameKey(room.values.name);
    const same = plan!.rooms.get(key);
    if (same) {
      problems.push({
        line,
        message: `The room type “${room.values.name}” is on line ${same.line} too.`,
      });
      continue;
    }
    plan!.rooms.set(key, { line, values: room.values });
  }

  const existing = await existingCatalogue(app.db, [...plans.keys()]);
  const roomIds = new Map<string, string>();
  const nextOrder = new Map<string, number>();
  for (const [slug, plan] of plans) {
    const stored = existing.get(slug);
    plan.isNew = !stored;
    plan.id = stored?.id ?? crypto.randomUUID();
    nextOrder.set(plan.id, stored?.nextOrder ?? 0);
    for (const [key, room] of plan.rooms) {
      const matches = stored?.rooms.filter((candidate) => nameKey(candidate.name) === key) ?? [];
      if (matches.length > 1) {
        problems.push({
          line: room.line,
          message: `${slug} has two room types named “${room.values.name}”: rename one in the locations manager first.`,
        });
      } else if (matches[0]) roomIds.set(`${plan.id} ${key}`, matches[0].id);
    }
  }
  if (problems.length > 0) return refusedImport(problems);

  const now = app.now.toISOString();
  // A new location is a draft, off the site, unless the file says it is not hidden.
  const draftWhenNew = !sheet.columns.includes("hidden");
  const locationRows = [...plans.values()].map(({ id, values, isNew }) => ({
    id,
    ...values,
    hidden: values.hidden || (isNew && draftWhenNew),
  }));
  const roomRows = [...plans.values()].flatMap((plan) =>
    [...plan.rooms].map(([key, { values }]) => {
      const known = roomIds.get(`${plan.id} ${key}`);
      const order = nextOrder.get(plan.id)!;
      if (!known) nextOrder.set(plan.id, order + 1);
      return {
        ...values,
        id: known ?? crypto.randomUUID(),
        locationId: plan.id,
        displayOrder: order,
      };
    }),
  );
  const auditRows = [...plans.values()].map((plan) => ({
    id: crypto.randomUUID(),
    action: plan.isNew ? "created" : "updated",
    locationId: plan.id,
    summary: `${plan.isNew ? "Created" : "Updated"} ${plan.values.name} from a spreadsheet (${plan.rooms.size} room types)`,
  }));
  try {
    const statement = (text: string, rows: unknown[]) =>
      app.db.$client.prepare(text).bind(JSON.stringify(rows), now, actor.email);
    const upsertLocationsSql = upsertLocations(updated(LOCATION_COLUMNS, sheet.columns));
    const upsertRoomTypesSql = upsertRoomTypes(updated(ROOM_COLUMNS, sheet.columns));
    await app.db.$client.batch([
      ...chunks(locationRows).map((rows) => statement(upsertLocationsSql, rows)),
      ...chunks(roomRows).map((rows) => statement(upsertRoomTypesSql, rows)),
      ...chunks(auditRows).map((rows) => statement(INSERT_AUDIT, rows)),
    ]);
  } catch (error) {
    // A location created with one of these slugs between the check and this batch.
    if (!String(error).includes("UNIQUE constraint failed: locations.slug")) throw error;
    return refusedImport([{ line: 1, message: CHANGED_MEANWHILE }]);
  }
  await invalidateLocationCaches(app.env.CACHE);
  return { ok: true, locations: locationRows.length, roomTypes: roomRows.length };
}

const CHANGED_MEANWHILE =
  "A location with one of these slugs was added while the file was checked: import the file again.";

/** The record without its empty cells, so defaults fill them in. */
function dropEmpty(record: Record<string, string>) {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value.trim() !== ""));
}

function chunks<T>(rows: T[]) {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT)
    out.push(rows.slice(start, start + ROWS_PER_STATEMENT));
  return out;
}

/** The file's locations already stored (by slug), with their room types: one query. */
async function existingCatalogue(db: Db, slugs: string[]) {
  const rows = await db
    .select({
      slug: locations.slug,
      id: locations.id,
      roomId: roomTypes.id,
      roomName: roomTypes.name,
      order: roomTypes.displayOrder,
    })
    .from(locations)
    .leftJoin(roomTypes, eq(roomTypes.locationId, locations.id))
    .where(sql`${locations.slug} in (select value from json_each(${JSON.stringify(slugs)}))`);
  const bySlug = new Map<
    string,
    { id: string; nextOrder: number; rooms: Array<{ id: string; name: string }> }
  >();
  for (const row of rows) {
    const entry = bySlug.get(row.slug) ?? { id: row.id, nextOrder: 0, rooms: [] };
    if (row.roomId && row.roomName !== null) {
      entry.rooms.push({ id: row.roomId, name: row.roomName });
      entry.nextOrder = Math.max(entry.nextOrder, (row.order ?? 0) + 1);
    }
    bySlug.set(row.slug, entry);
  }
  return bySlug;
}

/**
 * The table columns an import updates: those of the file's columns. A column the file leaves out
 * keeps what is stored (a file of slugs and names must not make every hidden location public);
 * a new row takes the form's defaults for it.
 */
function updated(columns: Column<string>[], inFile: string[]) {
  return columns
    .filter(({ column }) => inFile.includes(column))
    .map(({ column, stored }) => stored ?? column);
}

/** `on conflict` assignments of `stored` columns, and the time of the change. */
const assignments = (stored: string[]) =>
  [...stored, "updated_at"].map((column) => `${column} = excluded.${column}`).join(", ");

// drizzle has no insert from json_each: each statement reads a chunk of rows as JSON (?1), with
// the time of the import (?2) and who made it (?3).
const upsertLocations = (stored: string[]) => `insert into locations (id, name, slug,
    description, country, state, city, minimum_nights, time_zone, check_in_time, check_out_time,
    currency, featured, hidden, updated_at)
  select value ->> 'id', value ->> 'name', value ->> 'slug', value ->> 'description',
    value ->> 'country', value ->> 'state', value ->> 'city', value ->> 'minimumNights',
    value ->> 'timeZone', value ->> 'checkInTime', value ->> 'checkOutTime', value ->> 'currency',
    value ->> 'featured', value ->> 'hidden', ?2
  from json_each(?1) where ?3 is not null
  on conflict (id) do update set ${assignments(stored)}`;

/** A room type row as an import writes it: its table column, and its field in the JSON rows. */
const ROOM_TYPE_ROW = [
  { column: "id", field: "id", json: false },
  { column: "location_id", field: "locationId", json: false },
  ...ROOM_COLUMNS.map(({ field, column, kind, stored }) => ({
    column: stored ?? column,
    field,
    // A list stays JSON (->); any other cell is read as a value (->>).
    json: kind === "list",
  })),
  { column: "display_order", field: "displayOrder", json: false },
];

const upsertRoomTypes = (stored: string[]) => `insert into room_types (${ROOM_TYPE_ROW.map(
  ({ column }) => column,
).join(", ")}, updated_at)
  select ${ROOM_TYPE_ROW.map(({ field, json }) => `value ${json ? "->" : "->>"} '${field}'`).join(
    ", ",
  )}, ?2
  from json_each(?1) where ?3 is not null
  on conflict (id) do update set ${assignments(stored)}`;

const INSERT_AUDIT = `insert into audit_events (id, actor_email, action, entity_type, entity_id,
    location_id, summary, created_at)
  select value ->> 'id', ?3, value ->> 'action', 'location', value ->> 'locationId',
    value ->> 'locationId', value ->> 'summary', ?2
  from json_each(?1)`;

/** Locations per query of an export. */
const EXPORT_LOCATIONS_PER_QUERY = 100;

const cell = (value: unknown, kind: Column<string>["kind"]) => {
  if (kind === "yes-no") return value ? "yes" : "no";
  if (kind === "list") return (value as string[]).join(`${LIST_SEPARATOR} `);
  return value ?? "";
};

/**
 * Every location and room type as CSV, by slug and room type order, streamed a hundred locations
 * at a time. The file imports back as it is.
 */
export function exportCatalogue(db: Db) {
  const encoder = new TextEncoder();
  let after: string | null = null;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(exportHeader(CATALOGUE_CSV_COLUMNS)));
    },
    async pull(controller) {
      const page = await db
        .select()
        .from(locations)
        .where(after === null ? undefined : gt(locations.slug, after))
        .orderBy(asc(locations.slug))
        .limit(EXPORT_LOCATIONS_PER_QUERY);
      if (page.length === 0) return controller.close();
      after = page.at(-1)!.slug;
      const rooms = await db
        .select()
        .from(roomTypes)
        .where(
          inArray(
            roomTypes.locationId,
            page.map((location) => location.id),
          ),
        )
        .orderBy(asc(roomTypes.displayOrder), asc(roomTypes.name));
      const rows = page.flatMap((location) => {
        const locationCells = Object.fromEntries(
          LOCATION_COLUMNS.map(({ field, column, kind }) => [column, cell(location[field], kind)]),
        );
        const own = rooms.filter((room) => room.locationId === location.id);
        return own.length === 0
          ? [locationCells]
          : own.map((room) => ({
              ...locationCells,
              ...Object.fromEntries(
                ROOM_COLUMNS.map(({ field, column, kind }) => [column, cell(room[field], kind)]),
              ),
            }));
      });
      const text = Papa.unparse(rows, { ...EXPORT_CSV_OPTIONS, columns: CATALOGUE_CSV_COLUMNS });
      controller.enqueue(encoder.encode(`${text}\r\n`));
    },
  });
}
