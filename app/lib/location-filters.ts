import { slugify } from "./slug";

/** Filter values live in the query string as lowercase, hyphenated names. */
export interface LocationFilters {
  country: string | null;
  state: string | null;
  city: string | null;
}

export interface FilterOption {
  value: string;
  label: string;
}

interface Placed {
  city: string | null;
  state: string | null;
  country: string;
}

const UNITED_STATES = slugify("United States");
const MEXICO = slugify("Mexico");
const US_VIRGIN_ISLANDS = slugify("US Virgin Islands");
const HAWAII = slugify("Hawaii");
const FILTER_VALUE = /^[a-z0-9-]{1,80}$/;

const filterValue = (name: string) => slugify(name);

function readValue(params: URLSearchParams, key: string) {
  const value = params.get(key)?.trim().toLowerCase() ?? "";
  return FILTER_VALUE.test(value) ? value : null;
}

/**
 * Reads the filters from the query string, dropping what the dropdown rules would not allow:
 * a state only for the United States, a city only where the city dropdown appears.
 */
export function parseFilters(params: URLSearchParams): LocationFilters {
  const country = readValue(params, "country");
  const state = country === UNITED_STATES ? readValue(params, "state") : null;
  const city = citiesApply(country, state) ? readValue(params, "city") : null;
  return { country, state, city };
}

function citiesApply(country: string | null, state: string | null) {
  return (country === UNITED_STATES || country === MEXICO) && state !== US_VIRGIN_ISLANDS;
}

function distinctOptions(names: Array<string | null>): FilterOption[] {
  const byValue = new Map<string, string>();
  for (const name of names) {
    if (name && !byValue.has(filterValue(name))) byValue.set(filterValue(name), name);
  }
  return [...byValue]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
}

function matches(location: Placed, filters: LocationFilters) {
  if (filters.country && filterValue(location.country) !== filters.country) return false;
  if (filters.state && filterValue(location.state ?? "") !== filters.state) return false;
  if (filters.city && filterValue(location.city ?? "") !== filters.city) return false;
  return true;
}

export function applyFilters<T extends Placed>(locations: readonly T[], filters: LocationFilters) {
  return locations.filter((location) => matches(location, filters));
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
  filters: LocationFilters,
): FilterDropdowns {
  const countries = distinctOptions(locations.map((l) => l.country));
  const inCountry = applyFilters(locations, { country: filters.country, state: null, city: null });
  const states =
    filters.country === UNITED_STATES ? distinctOptions(inCountry.map((l) => l.state)) : null;
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

/** The query string after a dropdown changes: a new country clears state and city; a new state clears city. */
export function filtersAfterChange(
  filters: LocationFilters,
  key: keyof LocationFilters,
  value: string | null,
): LocationFilters {
  if (key === "country") return { country: value, state: null, city: null };
  if (key === "state") return { ...filters, state: value, city: null };
  return { ...filters, city: value };
}

export function filtersToSearch(filters: LocationFilters) {
  const params = new URLSearchParams();
  for (const key of ["country", "state", "city"] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}
