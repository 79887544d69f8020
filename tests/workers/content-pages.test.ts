import { describe, expect, it } from "vitest";
import { request, visibleText } from "./helpers";

describe("legal and story pages", () => {
  it("terms of service state each term: non-refundable, lodging only, ages 21 and 18, the $75 fee, 30 and 60 days, no smoking, pets, Florida law and arbitration", async () => {
    const response = await request("/terms-of-service");
    expect(response.status).toBe(200);
    const text = (await response.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    for (const term of [
      /non-refundable/i,
      /accommodations only/i,
      /21/,
      /18/,
      /\$75/,
      /30 days/i,
      /no smoking/i,
      /pets/i,
      /60 days/i,
      /Florida/,
      /arbitration/i,
    ]) {
      expect(text).toMatch(term);
    }
  });

  it("the nonprofits page offers the pricing spreadsheet, which downloads as CSV", async () => {
    const html = await (await request("/nonprofits")).text();
    expect(html).toContain('href="/downloads/nonprofit-pricing.csv"');
  });

  it.each(["/about", "/privacy-policy"])("%s renders", async (path) => {
    const response = await request(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Insider Stays");
  });

  it.each(["/about", "/nonprofits", "/privacy-policy", "/terms-of-service"])(
    "%s names no section after the page itself",
    async (path) => {
      const html = await (await request(path)).text();
      const headings = (level: number) =>
        [...html.matchAll(new RegExp(`<h${level}[^>]*>(.*?)</h${level}>`, "gs"))].map((match) =>
          match[1]!.replace(/<[^>]+>/g, "").trim(),
        );
      const [title] = headings(1);
      expect(title).toBeTruthy();
      expect(headings(2)).not.toContain(title);
    },
  );
});

describe("the footer", () => {
  it("says how a stay is paid for (after staff confirm), and promises no checkout the site does not have", async () => {
    const html = await (await request("/")).text();
    const text = visibleText(html);
    expect(text).toContain("Paying for a stay");
    expect(text).toContain(
      "No card is asked for on this site. Once our team confirms your week, we write with how to pay; we accept:",
    );
    // Nor as a badge's name (its picture's alt text).
    expect(html).not.toMatch(/secure checkout|SSL encrypted/i);
  });
});
