/**
 * The prices a room type has besides its weekly price, each listed once, in the order every list
 * shows them: the pricing card, the booking form's estimate, the editor, the spreadsheets,
 * the form schema and the database schema (which loads this module as it is: no imports).
 */

/**
 * The holidays a room type prices, in the order of the year: the field of its price, its name and
 * its column (in the database and the spreadsheet). The night that makes a week a holiday's week
 * is in rates.ts.
 */
export const HOLIDAYS = [
  { key: "presidentsDayPrice", label: "Presidents' Day", column: "presidents_day_price" },
  { key: "springBreakPrice", label: "Spring Break", column: "spring_break_price" },
  { key: "fourthOfJulyPrice", label: "4th of July", column: "fourth_of_july_price" },
  { key: "thanksgivingPrice", label: "Thanksgiving", column: "thanksgiving_price" },
  { key: "christmasPrice", label: "Christmas", column: "christmas_price" },
  { key: "newYearsPrice", label: "New Year's", column: "new_years_price" },
] as const;

export type HolidayKey = (typeof HOLIDAYS)[number]["key"];

/**
 * The charges a room type adds per night: the field of its amount, its name, the editor's label,
 * its column, and the box that, ticked, waives it.
 */
export const NIGHTLY_CHARGES = [
  {
    key: "parkingCost",
    label: "Parking",
    fieldLabel: "Parking cost",
    column: "parking_cost",
    waiver: { key: "freeParking", label: "Free parking", column: "free_parking" },
  },
  {
    key: "resortFeeCost",
    label: "Resort fee",
    fieldLabel: "Resort fee",
    column: "resort_fee_cost",
    waiver: { key: "noResortFees", label: "No resort fees", column: "no_resort_fees" },
  },
  {
    key: "localTaxes",
    label: "Local taxes",
    fieldLabel: "Local taxes",
    column: "local_taxes",
    waiver: null,
  },
] as const;

type NightlyCharge = (typeof NIGHTLY_CHARGES)[number];
export type ChargeKey = NightlyCharge["key"];
export type WaiverKey = NonNullable<NightlyCharge["waiver"]>["key"];
/** The charges a box may waive (parking, the resort fee). */
export type WaivableChargeKey = Extract<NightlyCharge, { waiver: object }>["key"];

/** A charge per night that applies to a stay: its name and amount (a request keeps them). */
export interface AppliedCharge {
  label: string;
  perNight: number;
}

/** The fees and taxes a room type charges per night, and the boxes that waive them. */
export type NightlyCharges = Record<ChargeKey, number | null> & Record<WaiverKey, boolean>;
