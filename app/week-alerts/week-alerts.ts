import { FIT_LIMITS } from "~/catalogue/location-filters";
import { searchText, searchWords } from "~/catalogue/location-search";
import { monthYear } from "~/lib/dates";
import { DEFAULT_CURRENCY } from "~/catalogue/location-defaults";
import { CURRENCIES, money, type Currency } from "~/lib/money";
import { z } from "~/lib/zod";

/**
 * "Tell me when a week opens": what a member saves from the list (a month, the place, the party,
 * a weekly price), how it is said, and the form that saves or removes one.
 */

/** The most alerts a member keeps at once. */
export const WEEK_ALERT_LIMIT = 20;

export const WEEK_ALERT_MESSAGES = {
  saved: (search: string) => `We will write when a week opens: ${search}.`,
  already: "You already have this alert.",
  tooMany: `You have ${WEEK_ALERT_LIMIT} alerts, the most one member keeps: remove one on your members page first.`,
  removed: "Alert removed: we will not write about it any more.",
  notFound: "This alert is already gone.",
  unknownPlace: "Choose the place from the list's filters, then save the alert.",
  stopped: "Done: we will not write about this search any more.",
  badLink:
    "This link is not one of ours, or it was cut short: remove the alert on your members page.",
} as const;

/** What an alert looks for: the list's search words and filters, the place by the catalogue's names. */
export interface AlertCriteria {
  month: string;
  /** The search's words as typed. */
  q: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  guests: number | null;
  bedrooms: number | null;
  maxPrice: number | null;
  /** The currency of `maxPrice` (set exactly when it is): weeks priced in another are not compared. */
  currency: string | null;
}

/**
 * "March 2027 · “beach” · Maui, Hawaii · 4+ guests · 2+ bedrooms · up to US$3,000 a week"; a search
 * with neither words nor a place is "anywhere".
 */
export function describeAlert(criteria: AlertCriteria) {
  const place = [criteria.city, criteria.state, criteria.country].filter(Boolean).join(", ");
  return [
    monthYear(new Date(`${criteria.month}-01T00:00:00Z`)),
    criteria.q ? `“${criteria.q}”` : null,
    place || (criteria.q ? null : "anywhere"),
    criteria.guests ? `${criteria.guests}+ ${criteria.guests === 1 ? "guest" : "guests"}` : null,
    criteria.bedrooms
      ? `${criteria.bedrooms}+ ${criteria.bedrooms === 1 ? "bedroom" : "bedrooms"}`
      : null,
    criteria.maxPrice && criteria.currency
      ? `up to ${money(criteria.maxPrice, criteria.currency)} a week`
      : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

const filterValue = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,80}$/)
  .optional()
  .transform((value) => value ?? null);
const amount = (max: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(max)
    .optional()
    .catch(undefined)
    .transform((value) => value ?? null);

/** The form: save the list's search (its filters as the address has them), or remove one. */
export const weekAlertFormSchema = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("save"),
      month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
      // Read as the list reads its search; without a word to search for, there is none.
      q: z
        .string()
        .optional()
        .transform((typed) => {
          const q = searchText(typed ?? "");
          return q && searchWords(q).length > 0 ? q : null;
        }),
      country: filterValue,
      state: filterValue,
      city: filterValue,
      guests: amount(FIT_LIMITS.guests),
      bedrooms: amount(FIT_LIMITS.bedrooms),
      maxPrice: z.coerce
        .number()
        .min(1)
        .max(FIT_LIMITS.maxPrice)
        .optional()
        .catch(undefined)
        .transform((value) => value ?? null),
      // A price without its currency is in US dollars, as the list reads it; no price, no currency.
      currency: z
        .enum(Object.keys(CURRENCIES) as [Currency, ...Currency[]])
        .default(DEFAULT_CURRENCY),
      // The page of the list it was saved from, to come back to.
      page: z.coerce
        .number()
        .int()
        .min(1)
        .optional()
        .catch(undefined)
        .transform((value) => value ?? 1),
    })
    .transform((form) => ({ ...form, currency: form.maxPrice === null ? null : form.currency })),
  z.object({ intent: z.literal("remove"), alertId: z.string().trim().min(1).max(100) }),
]);
