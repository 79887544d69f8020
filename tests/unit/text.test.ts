import { describe, expect, it } from "vitest";
import { hasControlCharacter, stripControlCharacters } from "~/lib/text";

describe("control characters", () => {
  it("are removed from a line of text, tabs and line breaks included", () => {
    expect(stripControlCharacters("Ada\u0000 Love\u0007lace\t\n\u001b[31m\u007f\u0085")).toBe(
      "Ada Lovelace[31m",
    );
  });

  it("are removed from long text, which keeps its tabs and line breaks", () => {
    expect(stripControlCharacters("one\r\ntwo\tthree\u0000\u000b", { keepLineBreaks: true })).toBe(
      "one\r\ntwo\tthree",
    );
  });

  it("leave letters of every script alone", () => {
    const text = "Château · Ærø · 東京 · Ñandú 🌴";
    expect(stripControlCharacters(text)).toBe(text);
    expect(hasControlCharacter(text)).toBe(false);
    expect(hasControlCharacter("/admin\u0000")).toBe(true);
  });
});
