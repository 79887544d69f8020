import { z } from "~/lib/zod";
import { slugify, SLUG_PATTERN } from "~/catalogue/slug";
import { COUNTRIES, DEFAULT_COUNTRY, HAWAII_ISLANDS, normalizePlace, US_STATES } from "./places";
import { isTimeZone, placeTimeZone } from "./time-zones";
import { LOCATION_DEFAULTS } from "./location-defaults";
import { CURRENCIES, MAX_AMOUNT, type Currency } from "~/lib/money";
import {
  HOLIDAYS,
  NIGHTLY_CHARGES,
  type ChargeKey,
  type HolidayKey,
  type WaivableChargeKey,
  type WaiverKey,
} from "~/weeks/price-fields";

/** The admin forms, one schema each, shared by the browser (conform) and the actions. */

export const ADMIN_MESSAGES = {
  name: "Name is required",
  slug: "Slug is required",
  slugPattern: "Use lowercase letters, numbers and hyphens only",
  slugTaken: "Another location already uses this slug",
  roomNameTaken: (name: string) => `This location already has a room type named “${name}”`,
  minimumNights: "Minimum nights must be a whole number from 1 to 365",
  country: "Please choose a country from the list",
  state: "Please choose a state from the list",
  island: "Please choose an island",
  timeZone: "Please choose a time zone from the list",
  timeOfDay: "Use a time of day such as 16:00",
  currency: "Please choose a currency from the list",
  notNegative: "Must be 0 or more",
  number: "Enter a number, with a point for cents",
  atMost: (max: number) => `Must be ${max.toLocaleString("en-US")} or less`,
  halfSteps: "Use steps of 0.5",
  cents: "Use at most two decimals",
  wholeNumber: "Use a whole number",
  tooLong: (max: number) => `Please keep this under ${max} characters`,
} as const;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, ADMIN_MESSAGES.tooLong(max));
const optionalText = (max: number) =>
  z.string().trim().max(max, ADMIN_MESSAGES.tooLong(max)).optional();

/** A time on the resort's clock, as a time field sends it ("16:00"). */
const timeOfDay = (fallback: string) =>
  z
    .string({ error: ADMIN_MESSAGES.timeOfDay })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, ADMIN_MESSAGES.timeOfDay)
    .default(fallback);

export const locationSchema = z
  .object({
    name: requiredText(ADMIN_MESSAGES.name, 200),
    slug: z
      .string({ error: ADMIN_MESSAGES.slug })
      .trim()
      .min(1, ADMIN_MESSAGES.slug)
      .max(200, ADMIN_MESSAGES.tooLong(200))
      .regex(SLUG_PATTERN, ADMIN_MESSAGES.slugPattern),
    description: optionalText(10_000),
    country: z.enum(COUNTRIES, { error: ADMIN_MESSAGES.country }).default(DEFAULT_COUNTRY),
    state: z.enum(US_STATES, { error: ADMIN_MESSAGES.state }).optional(),
    city: optionalText(100),
    minimumNights: z
      .number({ error: ADMIN_MESSAGES.minimumNights })
      .int(ADMIN_MESSAGES.minimumNights)
      .min(1, ADMIN_MESSAGES.minimumNights)
      .max(365, ADMIN_MESSAGES.minimumNights),
    // Empty: the zone of the place (a new location, or a spreadsheet row without one).
    timeZone: z
      .string()
      .trim()
      .refine((name) => name === "" || isTimeZone(name), ADMIN_MESSAGES.timeZone)
      .optional(),
    checkInTime: timeOfDay(LOCATION_DEFAULTS.checkInTime),
    checkOutTime: timeOfDay(LOCATION_DEFAULTS.checkOutTime),
    currency: z
      .enum(Object.keys(CURRENCIES) as [Currency, ...Currency[]], {
        error: ADMIN_MESSAGES.currency,
      })
      .default(LOCATION_DEFAULTS.currency),
    featured: z.boolean().default(false),
    hidden: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    if (value.country === "United States" && value.state === "Hawaii" && value.city) {
      if (!(HAWAII_ISLANDS as readonly string[]).includes(value.city)) {
        context.addIssue({ code: "custom", path: ["city"], message: ADMIN_MESSAGES.island });
      }
    }
  })
  // The server keeps only what the country allows: a state in the United States, a city where
  // cities are kept.
  .transform((value) => {
    const place = normalizePlace(value);
    return {
      ...value,
      ...place,
      timeZone: value.timeZone || placeTimeZone(place),
      description: value.description ?? null,
    };
  });

export type LocationValues = z.output<typeof locationSchema>;

/** The '+ Add Location' form starts in the United States, 7 nights, not featured, not hidden. */
export const NEW_LOCATION_DEFAULTS = {
  country: DEFAULT_COUNTRY,
  minimumNights: 7,
  featured: false,
  hidden: false,
} as const;

/** The slug a new location gets from its name while creating. */
export const slugFromName = slugify;

const MAX_COUNT = 1000;

const amount = (step?: "half" | "cents") => {
  let schema = z.number({ error: ADMIN_MESSAGES.number }).min(0, ADMIN_MESSAGES.notNegative);
  if (step === "half") schema = schema.multipleOf(0.5, ADMIN_MESSAGES.halfSteps);
  if (step === "cents")
    schema = schema.refine((n) => Math.round(n * 100) === n * 100, ADMIN_MESSAGES.cents);
  // Numeric fields convert to numbers; an empty one becomes 0.
  return schema.max(MAX_AMOUNT, ADMIN_MESSAGES.atMost(MAX_AMOUNT)).default(0);
};
const count = () =>
  z
    .number({ error: ADMIN_MESSAGES.number })
    .int(ADMIN_MESSAGES.wholeNumber)
    .min(0, ADMIN_MESSAGES.notNegative)
    .max(MAX_COUNT, ADMIN_MESSAGES.atMost(MAX_COUNT))
    .default(0);

export const ROOM_FEATURE_OPTIONS = ["Balcony"] as const;

/** Creating a room type needs only its name; the other fields come once it exists. */
export const roomTypeCreateSchema = z.object({ name: requiredText(ADMIN_MESSAGES.name, 200) });

const cost = amount("cents");
/** Each cost and the box that, ticked, makes it free. */
const COSTS_UNLESS_FREE = NIGHTLY_CHARGES.flatMap(({ key, waiver }) =>
  waiver ? [{ field: key, free: waiver.key }] : [],
);

const roomTypeFields = z.object({
  name: requiredText(ADMIN_MESSAGES.name, 200),
  description: optionalText(10_000),
  bedrooms: count(),
  bathrooms: amount("half"),
  maxGuests: count(),
  price: amount("cents"),
  ...(Object.fromEntries(HOLIDAYS.map(({ key }) => [key, amount("cents")])) as Record<
    HolidayKey,
    ReturnType<typeof amount>
  >),
  otherPrices: optionalText(2000),
  roomFeatures: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
  // A waived cost is checked only while its box is unticked (roomTypeSchema); local taxes always.
  ...(Object.fromEntries(
    NIGHTLY_CHARGES.flatMap(({ key, waiver }): [string, z.ZodType][] =>
      waiver
        ? [
            [waiver.key, z.boolean().default(false)],
            [key, z.number({ error: ADMIN_MESSAGES.number }).optional()],
          ]
        : [[key, amount("cents")]],
    ),
  ) as Record<WaivableChargeKey, z.ZodOptional<z.ZodNumber>> &
    Record<Exclude<ChargeKey, WaivableChargeKey>, ReturnType<typeof amount>> &
    Record<WaiverKey, z.ZodDefault<z.ZodBoolean>>),
});

/**
 * A cost hidden by its ticked 'free' box is not asked for: it is checked only while the box is
 * unticked, and one that would be refused while it is ticked is dropped (0), never an error the
 * admin cannot see.
 */
export const roomTypeSchema = roomTypeFields.transform((values, context) => {
  const costs = Object.fromEntries(COSTS_UNLESS_FREE.map(({ field }) => [field, 0])) as Record<
    WaivableChargeKey,
    number
  >;
  for (const { free, field } of COSTS_UNLESS_FREE) {
    const checked = cost.safeParse(values[field]);
    if (checked.success) costs[field] = checked.data;
    else if (!values[free])
      for (const issue of checked.error.issues)
        context.addIssue({ code: "custom", message: issue.message, path: [field] });
  }
  return { ...values, ...costs };
});

export type RoomTypeValues = z.output<typeof roomTypeSchema>;
