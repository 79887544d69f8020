import { MAX_SEARCH_LENGTH, MAX_SEARCH_WORDS, searchText, searchWords } from "./location-search";
import { COUNTRIES, US_STATES } from "./places";
import { slugify } from "./slug";
import { DEFAULT_CURRENCY } from "./location-defaults";
import { CURRENCIES, grouped, isCurrency, type Currency } from "~/lib/money";
import { type CalendarDate } from "~/weeks/calendar";
import { isMonth, SEARCH_MONTHS, searchMonths } from "~/weeks/month";

/** The list's query string: place filters as lowercase, hyphenated names, a search and fit filters. */
export interface LocationFilters {
  country: string | null;
  state: string | null;
  city: string | null;
  /** The search as typed (trimmed, at most MAX_SEARCH_LENGTH characters). */
  q: string | null;
  /** A room type for at least this many guests. */
  guests: number | null;
  /** A room type with at least this many bedrooms. */
  bedrooms: number | null;
  /** A room type at most this weekly price; for signed-in members only (the server drops it otherwise). */
  maxPrice: number | null;
  /**
   * The currency of `maxPrice`, set whenever it is: a resort prices in its own currency and no rate
   * is converted, so only rooms priced in this one are compared.
   */
  currency: Currency | null;
  /** An open week checking in this month (YYYY-MM), in a room that fits the other filters. */
  month: string | null;
}

export type PlaceFilters = Pick<LocationFilters, "country" | "state" | "city">;

export const NO_FILTERS: LocationFilters = {
  country: null,
  state: null,
  city: null,
  q: null,
  guests: null,
  bedrooms: null,
  maxPrice: null,
  currency: null,
  month: null,
};

export const FIT_LIMITS = { guests: 50, bedrooms: 20, maxPrice: 1_000_000 } as const;

/** What the list says when a filter in the address could not be used (the list shows without it). */
export const FILTER_NOTICES = {
  searchTooLong: `Searches use their first ${MAX_SEARCH_LENGTH} characters.`,
  searchTooManyWords: `Searches use their first ${MAX_SEARCH_WORDS} words.`,
  searchWithoutWords: "Type letters or numbers to search, so every location is shown.",
  guests: `Guests must be a whole number from 1 to ${FIT_LIMITS.guests}, so rooms of every size are shown.`,
  bedrooms: `Bedrooms must be a whole number from 1 to ${FIT_LIMITS.bedrooms}, so rooms of every size are shown.`,
  maxPrice: `The weekly price must be an amount from 1 to ${grouped(FIT_LIMITS.maxPrice)}, so every price is shown.`,
  currency: "The weekly price's currency must be one the list offers, so every price is shown.",
  month: `“When” must be one of the next ${SEARCH_MONTHS} months, so locations are shown for any time.`,
} as const;
export interface FilterOption {
  value: string;
  label: string;
}

interface Placed {
  city: string | null;
  state: string | null;
  country: string;
}

// The slugs of the places the rules name, written out: computing them at import would bring
// the transliteration tables into the browser's bundle with the list's helpers.
const UNITED_STATES = "united-states";
const MEXICO = "mexico";
const US_VIRGIN_ISLANDS = "us-virgin-islands";
const HAWAII = "hawaii";
const FILTER_VALUE = /^[a-z0-9-]{1,80}$/;

/**
 * A place name's filter value, remembered: filtering a thousand locations asks for it thousands of
 * times, of a few dozen names. The names are the catalogue's places and the lists of known ones.
 */
const filterValues = new Map<string, string>();
const MAX_REMEMBERED_VALUES = 5_000;
function filterValue(name: string) {
  let value = filterValues.get(name);
  if (value === undefined) {
    if (filterValues.size >= MAX_REMEMBERED_VALUES) filterValues.clear();
    value = slugify(name);
    filterValues.set(name, value);
  }
  return value;
}

function readValue(params: URLSearchParams, key: string) {
  const value = params.get(key)?.trim().toLowerCase() ?? "";
  return FILTER_VALUE.test(value) ? value : null;
}

/**
 * A fit filter's value: digits only (no sign, exponent or hex), whole for sizes and with at most
 * cents for a price, within 1 and its limit; null otherwise.
 */
function readAmount(raw: string, max: number, { cents }: { cents: boolean }) {
  if (!(cents ? /^\d{1,9}(\.\d{1,2})?$/ : /^\d{1,9}$/).test(raw)) return null;
  const amount = Number(raw);
  return amount >= 1 && amount <= max ? amount : null;
}

/**
 * Reads the list's query string. Place filters the dropdown rules would not allow are dropped
 * quietly (a state only for the United States, a city only where the city dropdown appears); a
 * search or a fit filter that cannot be used is dropped with a notice saying why. The price
 * limit is read only `withPrice` (for a signed-in member); otherwise it is ignored, silently.
 * A price without a currency is in US dollars, the form's first choice.
 * The month must be one "When" offers on `today` (the browser, without it, checks its form only).
 */
export function readFilters(
  params: URLSearchParams,
  { withPrice = true, today }: { withPrice?: boolean; today?: CalendarDate } = {},
): {
  filters: LocationFilters;
  notices: string[];
} {
  const notices: string[] = [];
  const country = readValue(params, "country");
  const state = country === UNITED_STATES ? readValue(params, "state") : null;
  const city = citiesApply(country, state) ? readValue(params, "city") : null;

  const typed = params.get("q")?.trim() ?? "";
  if (typed.length > MAX_SEARCH_LENGTH) notices.push(FILTER_NOTICES.searchTooLong);
  const q = searchText(typed);
  const words = searchWords(q, Infinity).length;
  if (q && words === 0) notices.push(FILTER_NOTICES.searchWithoutWords);
  if (words > MAX_SEARCH_WORDS) notices.push(FILTER_NOTICES.searchTooManyWords);

  const fit = (key: keyof typeof FIT_LIMITS) => {
    const raw = params.get(key)?.trim();
    if (!raw) return null;
    const amount = readAmount(raw, FIT_LIMITS[key], { cents: key === "maxPrice" });
    if (amount === null) notices.push(FILTER_NOTICES[key]);
    return amount;
  };
  const price = withPrice ? readPrice(params, fit("maxPrice"), notices) : NO_PRICE;
  const askedMonth = params.get("month")?.trim() ?? "";
  const month =
    isMonth(askedMonth) &&
    (!today || searchMonths(today).some((offered) => offered.value === askedMonth))
      ? askedMonth
      : null;
  if (askedMonth && !month) notices.push(FILTER_NOTICES.month);
  return {
    filters: {
      country,
      state,
      city,
      q,
      guests: fit("guests"),
      bedrooms: fit("bedrooms"),
      ...price,
      month,
    },
    notices,
  };
}

const NO_PRICE = { maxPrice: null, currency: null } as const;

/** The price limit and its currency: both or neither (a price in no known currency compares nothing). */
function readPrice(
  params: URLSearchParams,
  maxPrice: number | null,
  notices: string[],
): Pick<LocationFilters, "maxPrice" | "currency"> {
  if (maxPrice === null) return NO_PRICE;
  const currency = params.get("currency")?.trim() || DEFAULT_CURRENCY;
  if (isCurrency(currency)) return { maxPrice, currency };
  notices.push(FILTER_NOTICES.currency);
  return NO_PRICE;
}

/** The weekly price a search compares, in its currency; null when it compares none. */
export interface WeeklyPrice {
  max: number;
  currency: Currency;
}

export function weeklyPrice({
  maxPrice,
  currency,
}: Pick<LocationFilters, "maxPrice" | "currency">): WeeklyPrice | null {
  return maxPrice === null || currency === null ? null : { max: maxPrice, currency };
}

/**
 * The currencies the weekly price may be in: US dollars (the default), those the visible
 * catalogue prices in, and the one asked for, named as prices are ("US$", "€").
 */
export function priceCurrencies(
  locations: readonly { currency: string }[],
  chosen: Currency | null,
): FilterOption[] {
  const used = new Set<string>([DEFAULT_CURRENCY, ...locations.map((l) => l.currency)]);
  if (chosen) used.add(chosen);
  return (Object.keys(CURRENCIES) as Currency[])
    .filter((code) => used.has(code))
    .map((code) => ({ value: code, label: CURRENCIES[code].prefix }));
}

export function parseFilters(params: URLSearchParams): LocationFilters {
  return readFilters(params).filters;
}

function citiesApply(country: string | null, state: string | null) {
  return (country === UNITED_STATES || country === MEXICO) && state !== US_VIRGIN_ISLANDS;
}

/** Shared: `localeCompare` with a locale builds a collator per call. */
const labelCollator = new Intl.Collator("en");
const byLabel = (a: FilterOption, b: FilterOption) => labelCollator.compare(a.label, b.label);

function distinctOptions(names: Array<string | null>): FilterOption[] {
  const byValue = new Map<string, string>();
  for (const name of names) {
    if (name && !byValue.has(filterValue(name))) byValue.set(filterValue(name), name);
  }
  return [...byValue].map(([value, label]) => ({ value, label })).sort(byLabel);
}

/**
 * The options with the chosen value among them: a place no location has (an old or edited link)
 * stays shown in its dropdown, where the list finds nothing, rather than the dropdown falling back
 * to "All". It is named as the admin form names it (`known`), else from its address.
 */
function withChosen(
  options: FilterOption[],
  chosen: string | null,
  known: readonly string[],
): FilterOption[] {
  if (!chosen || options.some((option) => option.value === chosen)) return options;
  // Named only as the admin form names it: no text of an address's own (a crafted link's "call
  // this number") is shown on the page.
  const label = known.find((name) => filterValue(name) === chosen);
  if (!label) return options;
  return [...options, { value: chosen, label }].sort(byLabel);
}

function matches(location: Placed, filters: PlaceFilters) {
  if (filters.country && filterValue(location.country) !== filters.country) return false;
  if (filters.state && filterValue(location.state ?? "") !== filters.state) return false;
  if (filters.city && filterValue(location.city ?? "") !== filters.city) return false;
  return true;
}

export function applyFilters<T extends Placed>(locations: readonly T[], filters: PlaceFilters) {
  return locations.filter((location) => matches(location, filters));
}

/** A room type's size, as the fit filters read it. */
export interface RoomFit {
  bedrooms: number | null;
  maxGuests: number | null;
}

/** Whether one of the room types is big enough: at least `guests` guests and `bedrooms` bedrooms. */
export function hasRoomFor(
  rooms: readonly RoomFit[],
  { guests, bedrooms }: Pick<LocationFilters, "guests" | "bedrooms">,
) {
  if (guests === null && bedrooms === null) return true;
  return rooms.some(
    (room) =>
      (guests === null || (room.maxGuests ?? 0) >= guests) &&
      (bedrooms === null || (room.bedrooms ?? 0) >= bedrooms),
  );
}

export interface FilterDropdowns {
  countries: FilterOption[];
  /** Only when the country is the United States. */
  states: FilterOption[] | null;
  /** Only when the country has cities and is the United States or Mexico (not US Virgin Islands). */
  cities: { label: "City" | "Island"; options: FilterOption[] } | null;
}

export function filterDropdowns(
  locations: readonly Placed[],
  filters: PlaceFilters,
): FilterDropdowns {
  const countries = withChosen(
    distinctOptions(locations.map((l) => l.country)),
    filters.country,
    COUNTRIES,
  );
  const inCountry = applyFilters(locations, { ...filters, state: null, city: null });
  const states =
    filters.country === UNITED_STATES
      ? withChosen(distinctOptions(inCountry.map((l) => l.state)), filters.state, US_STATES)
      : null;
  const inState = applyFilters(inCountry, { ...filters, city: null });
  const cityOptions = distinctOptions(inState.map((l) => l.city));
  const cities =
    citiesApply(filters.country, filters.state) && cityOptions.length > 0
      ? {
          label: filters.state === HAWAII ? ("Island" as const) : ("City" as const),
          options: cityOptions,
        }
      : null;
  return { countries, states, cities };
}

/**
 * The place filters by the names the catalogue (or the admin form) gives them, the list's values
 * being slugs: null for a filter left out; null in all when one names no known place (an edited
 * address).
 */
export function filterPlaceNames(dropdowns: FilterDropdowns, filters: PlaceFilters) {
  const name = (options: FilterOption[] | null | undefined, value: string | null) =>
    value === null ? null : (options?.find((option) => option.value === value)?.label ?? undefined);
  const country = name(dropdowns.countries, filters.country);
  const state = name(dropdowns.states, filters.state);
  const city = name(dropdowns.cities?.options, filters.city);
  return country === undefined || state === undefined || city === undefined
    ? null
    : { country, state, city };
}

/** The filters after a change: a new country clears state and city; a new state clears city. */
export function filtersAfterChange(
  filters: LocationFilters,
  change: Partial<LocationFilters>,
): LocationFilters {
  const cleared =
    "country" in change ? { state: null, city: null } : "state" in change ? { city: null } : {};
  return { ...filters, ...cleared, ...change };
}

export function filtersToSearch(filters: Partial<LocationFilters>) {
  const params = new URLSearchParams();
  for (const key of Object.keys(NO_FILTERS) as Array<keyof LocationFilters>) {
    const value = filters[key];
    if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Whether anything narrows the list (a search, a place or a fit filter). */
export function isFiltered(filters: LocationFilters) {
  return Object.values(filters).some((value) => value !== null);
}

/**
 * The list's canonical address: a later page of the whole list is a page of its own (its
 * locations are on no other), while a search or a filter is a view of the list itself.
 */
export function canonicalListPath(list: { filters: LocationFilters; page: number } | undefined) {
  return list && list.page > 1 && !isFiltered(list.filters)
    ? `/locations?page=${list.page}`
    : "/locations";
}
