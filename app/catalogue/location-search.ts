/**
 * How a search is read into words and how those words are marked in what a result shows; the
 * same rules on the server (the full-text query) and in the browser (the highlights).
 */

export const MAX_SEARCH_WORDS = 10;
/** The longest search read: its first this many characters. */
export const MAX_SEARCH_LENGTH = 100;

/** A word: letters, digits and the marks that belong to them (the full-text index's tokens). */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** Lower case without accents, as the index compares words ("Cancún" is found by "cancun"). */
function fold(text: string) {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** A search as it is read: trimmed, its first MAX_SEARCH_LENGTH characters; null when empty. */
export function searchText(typed: string): string | null {
  return Array.from(typed.trim()).slice(0, MAX_SEARCH_LENGTH).join("").trim() || null;
}

/** The distinct words of a search, folded; the first MAX_SEARCH_WORDS unless told otherwise. */
export function searchWords(q: string | null, limit = MAX_SEARCH_WORDS): string[] {
  if (!q) return [];
  const words = fold(q).match(WORD) ?? [];
  return [...new Set(words)].slice(0, limit);
}

/**
 * The FTS5 query for the words: every word must appear, each as a prefix ("mau" finds Maui).
 * Each word is a quoted string of letters and digits only, so nothing a person types (quotes,
 * `*`, brackets, NEAR, OR, column names) can act as query syntax.
 */
export function fullTextQuery(words: readonly string[]) {
  return words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(" ");
}

export interface TextPart {
  text: string;
  /** A word that starts with one of the search's words. */
  match: boolean;
}

/** The text in parts, the words that start with a search word marked. */
export function markWords(text: string, words: readonly string[]): TextPart[] {
  const parts: TextPart[] = [];
  let end = 0;
  for (const found of words.length > 0 ? text.matchAll(WORD) : []) {
    const folded = fold(found[0]);
    if (!words.some((word) => folded.startsWith(word))) continue;
    if (found.index > end) parts.push({ text: text.slice(end, found.index), match: false });
    parts.push({ text: found[0], match: true });
    end = found.index + found[0].length;
  }
  if (end < text.length) parts.push({ text: text.slice(end), match: false });
  return parts;
}

/** The search words that appear (as prefixes) in any of the texts. */
export function wordsFoundIn(texts: readonly string[], words: readonly string[]) {
  return words.filter((word) =>
    texts.some((text) => (fold(text).match(WORD) ?? []).some((found) => found.startsWith(word))),
  );
}
