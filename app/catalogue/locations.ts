/** Presentation rules for locations shared by the server and the browser (sorting, subtitles, place lines, notes). */

import { type Location } from "~/db/schema";
import { type ImageVariants } from "./image-variants";

/** A missing display_order sorts last, as this number. */
const DISPLAY_ORDER_FALLBACK = 999999;

export interface PublicImage {
  url: string;
  width: number;
  height: number;
  /** Its sized variants beside `url`; null (or absent in an older cached list): the original only. */
  variants?: ImageVariants | null;
  alt: string;
}

/** What a public card or row shows of a visible location. */
export type LocationSummary = Pick<
  Location,
  "id" | "name" | "slug" | "city" | "state" | "country" | "featured" | "displayOrder"
> & { image: PublicImage | null };

interface Placed {
  city: string | null;
  state: string | null;
  country: string;
}

export function locationPath(location: { id: string; slug: string | null }) {
  return `/locations/${encodeURIComponent(location.slug || location.id)}`;
}

export function imageUrl(key: string) {
  return `/images/${key.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * One collator for every comparison: `localeCompare` with a locale builds a collator per call,
 * which made sorting a thousand names about 60 times slower.
 */
const nameCollator = new Intl.Collator("en", { sensitivity: "base" });
const byName = (a: { name: string }, b: { name: string }) => nameCollator.compare(a.name, b.name);

/** display_order ascending (missing last, as 999999), then name. */
export function byDisplayOrderThenName(
  a: { displayOrder: number | null; name: string },
  b: { displayOrder: number | null; name: string },
) {
  const order =
    (a.displayOrder ?? DISPLAY_ORDER_FALLBACK) - (b.displayOrder ?? DISPLAY_ORDER_FALLBACK);
  return order !== 0 ? order : byName(a, b);
}

export function sortByName<T extends { name: string }>(items: readonly T[]) {
  return [...items].sort(byName);
}

export function featuredLocations<
  T extends { featured: boolean; displayOrder: number | null; name: string },
>(items: readonly T[]) {
  return items.filter((item) => item.featured).sort(byDisplayOrderThenName);
}

/** Card subtitle: 'city, state' if both exist, else city, else state, else country. */
export function cardSubtitle({ city, state, country }: Placed) {
  if (city && state) return `${city}, ${state}`;
  return city || state || country;
}

/** The place line of a row or a detail page: city and state in the US, else city and country. */
export function placeLine({ city, state, country }: Placed) {
  const parts = country === "United States" ? [city, state] : [city, country];
  const line = parts.filter(Boolean).join(", ");
  return line || country;
}

/** Every part of the place, the country included: for showing why a search matched. */
export function fullPlaceLine({ city, state, country }: Placed) {
  return [city, state, country].filter(Boolean).join(", ");
}

/** The short-stay note, for minimum nights 1 to 6. */
export function shortStayNote(minimumNights: number) {
  return minimumNights >= 1 && minimumNights <= 6
    ? `We may accommodate stays as short as ${minimumNights} nights. Contact us for info.`
    : null;
}
