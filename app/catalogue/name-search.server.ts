import { and, or, sql } from "drizzle-orm";
import { locations } from "~/db/schema";
import { fullTextQuery, MAX_SEARCH_WORDS, searchWords } from "./location-search";

const LETTERS_AND_DIGITS = /^[\p{L}\p{N}\p{M}]+$/u;

/**
 * The admin's name search (the location picker, the Checklist): every word of `q` in the name, in
 * any case, either anywhere in it as typed ("arena" finds Casa Marena) or at the start of one of
 * its words with accents folded ("curacao" finds Curaçao; migrations/0012_location_names.sql).
 */
export function nameMatches(q: string | null) {
  // The first words only, as the public search: each binds two of a statement's 100 variables.
  const words = [...new Set((q ?? "").split(/\s+/).filter(Boolean))].slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      // instr, not LIKE: D1 refuses a LIKE pattern over 50 bytes, and nothing needs escaping.
      // lower() folds ASCII letters only, as LIKE did; the index folds the rest.
      const typed = sql`instr(lower(${locations.name}), lower(${word})) > 0`;
      // A word with other characters than letters and digits ("5%_", "d'azur") is matched only
      // as typed: the index, which drops them, would find more than was asked for.
      if (!LETTERS_AND_DIGITS.test(word)) return typed;
      const folded = searchWords(word);
      return or(
        typed,
        sql`${locations.id} IN (SELECT location_id FROM location_names WHERE location_names MATCH ${fullTextQuery(folded)})`,
      );
    }),
  );
}
