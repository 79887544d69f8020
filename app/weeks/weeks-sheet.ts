/**
 * Weeks and rates as a spreadsheet (`/admin/weeks`), for many room types at once: its columns, one
 * list for the import (weeks-import.server.ts), the export (weeks-export.server.ts) and the page
 * that names them. The columns: location (its slug), room type (its id, or its name at that
 * location), check-in date (YYYY-MM-DD), nights, rate (empty: the default rate), its currency (the
 * location's: a file naming another is refused) and state (open or closed; a requested or booked
 * week keeps its state and nights).
 */

export const WEEK_CSV_COLUMNS = [
  "location",
  "room_type",
  "check_in",
  "nights",
  "rate",
  "currency",
  "state",
];
