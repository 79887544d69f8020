import transliterate from "@sindresorhus/transliterate";

/**
 * A slug from a name: letters transliterated to Latin ones (so 'Château Marmont' reads
 * chateau-marmont, not chteau-marmont), then lowercase, trimmed, non-word characters stripped,
 * runs of spaces, underscores and hyphens collapsed into one hyphen, hyphens trimmed.
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
