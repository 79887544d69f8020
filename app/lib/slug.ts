/**
 * Slug generation as the spec defines it: lowercase, trim, strip non-word characters, collapse
 * spaces, underscores and hyphens into a single hyphen, trim hyphens.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, "")
    .replace(/[\s_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const SLUG_PATTERN = /^[a-z0-9-]+$/;
