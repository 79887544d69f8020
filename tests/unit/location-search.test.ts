import { describe, expect, it } from "vitest";
import { fullTextQuery, markWords, searchWords, wordsFoundIn } from "~/catalogue/location-search";

describe("search words", () => {
  it("are the distinct words, lower case and without accents", () => {
    expect(searchWords("  Cancún  BEACH beach-club ")).toEqual(["cancun", "beach", "club"]);
    expect(searchWords(null)).toEqual([]);
    expect(searchWords('"*( ) NEAR/3 OR')).toEqual(["near", "3", "or"]);
  });

  it("are at most ten unless told otherwise", () => {
    const many = "a b c d e f g h i j k l";
    expect(searchWords(many)).toHaveLength(10);
    expect(searchWords(many, Infinity)).toHaveLength(12);
  });
});

describe("the full-text query", () => {
  it("asks for every word as a quoted prefix, so nothing typed is query syntax", () => {
    expect(fullTextQuery(searchWords('maui "beach" club* (NEAR OR name:x)'))).toBe(
      '"maui"* "beach"* "club"* "near"* "or"* "name"* "x"*',
    );
  });
});

describe("marking the matched words", () => {
  it("marks every word that starts with a search word, keeping the text as it was", () => {
    const parts = markWords("Kaanapali Shores, Maui (Hawaii)", ["mau", "sho"]);
    expect(parts).toEqual([
      { text: "Kaanapali ", match: false },
      { text: "Shores", match: true },
      { text: ", ", match: false },
      { text: "Maui", match: true },
      { text: " (Hawaii)", match: false },
    ]);
    expect(parts.map((part) => part.text).join("")).toBe("Kaanapali Shores, Maui (Hawaii)");
  });

  it("matches accented text with unaccented words, and marks nothing without words", () => {
    expect(markWords("Cancún", ["cancun"])).toEqual([{ text: "Cancún", match: true }]);
    expect(markWords("Casa Marena", [])).toEqual([{ text: "Casa Marena", match: false }]);
    expect(markWords("", ["a"])).toEqual([]);
  });

  it("knows which words a text shows", () => {
    expect(wordsFoundIn(["Casa Marena", "Cabo San Lucas, Mexico"], ["cabo", "pool"])).toEqual([
      "cabo",
    ]);
  });
});
