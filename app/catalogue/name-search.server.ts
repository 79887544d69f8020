import { and, or, sql } from "drizzle-orm";
import { locations } from "~/db/schema";
import { fullTextQuery, searchWords } from "./location-search";

const LETTERS_AND_DIGITS = /^[\p{L}\p{N}\p{M}]+$/u;

/** `%` and `_` are plain text in a LIKE pattern. */
const likeAnywhere = (word: string) =>
  `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The admin's name search (the location picker, the Checklist): every word of `q` in the name, in
 * any case, either anywhere in it as typed ("arena" finds Casa Marena) or at the start of one of
 * its words with accents folded ("curacao" finds Curaçao; migrations/0012_location_names.sql).
 */
export function nameMatches(q: string | null) {
  const words = (q ?? "").split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const typed = sql`${locations.name} LIKE ${likeAnywhere(word)} ESCAPE '\\'`;
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
