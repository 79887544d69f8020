import { describe, expect, it } from "vitest";
import {
  hasControlCharacter,
  stripControlCharacters,
  trimInvisible,
  visibleLength,
} from "~/lib/text";

describe("control characters", () => {
  it("are removed from a line of text, tabs and line breaks included", () => {
    expect(stripControlCharacters("Ada\u0000 Love\u0007lace\t\n\u001b[31m\u007f\u0085")).toBe(
      "Ada Lovelace[31m",
    );
  });

  it("are removed from long text, which keeps its tabs and line breaks, each as one LF", () => {
    expect(
      stripControlCharacters("one\r\ntwo\tthree\u0000\u000b\rfour\n", { keepLineBreaks: true }),
    ).toBe("one\ntwo\tthree\nfour\n");
  });

  it("leave letters of every script alone", () => {
    const text = "Château · Ærø · 東京 · Ñandú 🌴";
    expect(stripControlCharacters(text)).toBe(text);
    expect(hasControlCharacter(text)).toBe(false);
    expect(hasControlCharacter("/admin\u0000")).toBe(true);
  });
});

describe("invisible characters", () => {
  it("are trimmed from both ends with the whitespace, so text of nothing else is blank", () => {
    expect(trimInvisible("\u200b\ufeff Ana\u3000\u2060\u200e")).toBe("Ana");
    expect(trimInvisible("\u200b\u200c\u200d\u2060\ufeff\u200e\u200f \u3000")).toBe("");
  });

  it("stay inside the text, where joiners belong to names and emoji", () => {
    const persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0645";
    const family = "\u{1f468}\u200d\u{1f469}\u200d\u{1f467}";
    expect(trimInvisible(` ${persian} `)).toBe(persian);
    expect(trimInvisible(family)).toBe(family);
  });

  it("do not count toward how long the text reads", () => {
    expect(visibleLength(`ab${"\u200b".repeat(60)}cd`)).toBe(4);
  });
});
