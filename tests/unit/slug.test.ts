import { describe, expect, it } from "vitest";
import { slugify, SLUG_PATTERN } from "~/catalogue/slug";

describe("slug generation", () => {
  it.each([
    ["Kaanapali Shores Beach Club", "kaanapali-shores-beach-club"],
    ["  Casa Marena Cabo  ", "casa-marena-cabo"],
    ["Coral & Crest: St. John's", "coral-crest-st-johns"],
    ["snake_case__name", "snake-case-name"],
    ["many   spaces -- and - hyphens", "many-spaces-and-hyphens"],
    ["--Leading and trailing--", "leading-and-trailing"],
    ["UPPER lower 123", "upper-lower-123"],
    ["!!!", ""],
    // Letters are transliterated before the rule strips what is left.
    ["Château Marmont", "chateau-marmont"],
    ["Cancún Playa Niña", "cancun-playa-nina"],
    ["Fußgänger Straße", "fussgaenger-strasse"],
    ["Ærø Øresund", "aero-oresund"],
    ["Łódź Crème Brûlée", "lodz-creme-brulee"],
  ])("%j → %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it("always yields a slug the admin form accepts, or nothing", () => {
    for (const name of ["Villa Azur (Nice)", "Thila Lagoon — Maldives", "A_B-C d"]) {
      expect(slugify(name)).toMatch(SLUG_PATTERN);
    }
  });
});
