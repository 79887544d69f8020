/** The admin location form's place rules, shared by the browser and the server. */

export const COUNTRIES = [
  "United States",
  "US Virgin Islands",
  "Mexico",
  "France",
  "Spain",
  "Aruba",
  "Bahamas",
  "Barbados",
  "Cayman Islands",
  "Maldives",
  "Saint Kitts and Nevis",
  "Sint Maarten",
] as const;

export const DEFAULT_COUNTRY = "United States";

export const US_STATES = [
  "Alabama",
  "Alaska",
  "Arizona",
  "Arkansas",
  "California",
  "Colorado",
  "Connecticut",
  "Delaware",
  "Florida",
  "Georgia",
  "Hawaii",
  "Idaho",
  "Illinois",
  "Indiana",
  "Iowa",
  "Kansas",
  "Kentucky",
  "Louisiana",
  "Maine",
  "Maryland",
  "Massachusetts",
  "Michigan",
  "Minnesota",
  "Mississippi",
  "Missouri",
  "Montana",
  "Nebraska",
  "Nevada",
  "New Hampshire",
  "New Jersey",
  "New Mexico",
  "New York",
  "North Carolina",
  "North Dakota",
  "Ohio",
  "Oklahoma",
  "Oregon",
  "Pennsylvania",
  "Rhode Island",
  "South Carolina",
  "South Dakota",
  "Tennessee",
  "Texas",
  "Utah",
  "Vermont",
  "Virginia",
  "Washington",
  "West Virginia",
  "Wisconsin",
  "Wyoming",
] as const;

/** Countries whose locations have a city field. */
const CITY_COUNTRIES: readonly string[] = [
  "United States",
  "Mexico",
  "US Virgin Islands",
  "France",
  "Spain",
];

export const HAWAII_ISLANDS = ["Maui", "Oahu", "Kauai", "Big Island"] as const;

export const hasStates = (country: string) => country === "United States";
export const hasCities = (country: string) => CITY_COUNTRIES.includes(country);
export const isHawaii = (country: string, state: string | null | undefined) =>
  country === "United States" && state === "Hawaii";

/**
 * Applies the dropdown rules to a place: a state only in the United States, a city only where
 * cities are kept, in Hawaii only one of its islands, and an island only in Hawaii (leaving it
 * drops the island, as the form does with JavaScript; without it the island select stays).
 */
export function normalizePlace(place: {
  country: string;
  state?: string | null;
  city?: string | null;
}) {
  const country = place.country;
  const state = hasStates(country) && place.state ? place.state : null;
  let city = hasCities(country) && place.city ? place.city : null;
  if (city && isHawaii(country, state) !== (HAWAII_ISLANDS as readonly string[]).includes(city))
    city = null;
  return { country, state, city };
}

/**
 * A location has a description, an image, a room type and a valid place (complete once its rooms
 * are ready too: checklistRow in checklist.ts).
 */
export function isComplete(location: {
  description: string | null;
  imageCount: number;
  roomCount: number;
  country: string;
  city: string | null;
  state: string | null;
}) {
  return (
    Boolean(location.description?.trim()) &&
    location.imageCount > 0 &&
    location.roomCount > 0 &&
    hasValidPlace(location)
  );
}

/** United States: city and state; Mexico: city; other countries always pass. */
export function hasValidPlace({
  country,
  city,
  state,
}: {
  country: string;
  city: string | null;
  state: string | null;
}) {
  if (country === "United States") return Boolean(city && state);
  if (country === "Mexico") return Boolean(city);
  return true;
}
