import transliterate from "@sindresorhus/transliterate";

/**
 * Slug generation as the spec defines it (lowercase, trim, strip non-word characters, collapse
 * spaces, underscores and hyphens into a single hyphen, trim hyphens), after transliterating
 * letters to Latin ones, so 'Château Marmont' reads chateau-marmont rather than chteau-marmont.
 */
export function slugify(text: string): string {
  return transliterate(text)
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, "")
    .replace(/[\s_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const SLUG_PATTERN = /^[a-z0-9-]+$/;
