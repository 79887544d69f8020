/**
 * What a location starts with until an admin says otherwise, and what the database fills in for
 * a row that names none. No imports: the schema and the seed script (plain Node) read it too.
 */
export const LOCATION_DEFAULTS = {
  /** The resort's own day (an IANA zone); a new location takes its place's instead. */
  timeZone: "America/New_York",
  /** When guests arrive and leave, on the resort's clock. */
  checkInTime: "16:00",
  checkOutTime: "10:00",
  /** What its prices are in (ISO 4217). */
  currency: "USD",
} as const;

/** What a price is in when nothing says otherwise: a new location's currency. */
export const DEFAULT_CURRENCY = LOCATION_DEFAULTS.currency;
