import { roomTypes } from "~/db/schema";
import { HOLIDAYS, NIGHTLY_CHARGES } from "./price-fields";

/** The room type columns of `keys`, for a select. */
const roomTypeColumns = <Key extends keyof typeof roomTypes.$inferSelect>(keys: readonly Key[]) =>
  Object.fromEntries(keys.map((key) => [key, roomTypes[key]])) as {
    [Picked in Key]: (typeof roomTypes)[Picked];
  };

/** A room type's holiday prices (price-fields.ts lists them). */
export const holidayPriceColumns = roomTypeColumns(HOLIDAYS.map(({ key }) => key));

/** The amounts a room type charges per night: for signed-in members only. */
export const chargeAmountColumns = roomTypeColumns(NIGHTLY_CHARGES.map(({ key }) => key));

/** The boxes that waive a charge (free parking, no resort fees): anyone may see them. */
export const waiverColumns = roomTypeColumns(
  NIGHTLY_CHARGES.flatMap(({ waiver }) => (waiver ? [waiver.key] : [])),
);
