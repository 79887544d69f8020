import { describe, expect, it } from "vitest";
import { pageHref, pageOf, requestedPage } from "~/lib/pages";

describe("a list a page at a time", () => {
  const items = Array.from({ length: 50 }, (_, index) => index + 1);

  it("holds 24 items a page, the last page the rest", () => {
    expect(pageOf(items, 1, 24)).toEqual({
      items: items.slice(0, 24),
      page: 1,
      pages: 3,
      total: 50,
    });
    expect(pageOf(items, 3, 24)).toEqual({ items: [49, 50], page: 3, pages: 3, total: 50 });
    expect(pageOf([], 1, 24)).toEqual({ items: [], page: 1, pages: 1, total: 0 });
  });

  it("shows the last page for a page past it", () => {
    expect(pageOf(items, 7, 24).page).toBe(3);
  });

  it("reads a whole page number from 1, and anything else as the first page", () => {
    const page = (value: string) => requestedPage(new URLSearchParams({ page: value }));
    expect(page("2")).toBe(2);
    for (const value of ["", "0", "-1", "01", "1.5", "2e3", "abc"]) {
      expect(page(value)).toBe(1);
    }
    expect(requestedPage(new URLSearchParams())).toBe(1);
  });

  it("reads a page number of any length as a page past the last, shown as the last", () => {
    for (const value of ["9999999", "99999999999999999999", "9".repeat(400)]) {
      const requested = requestedPage(new URLSearchParams({ page: value }));
      expect(pageOf(items, requested, 24).page).toBe(3);
    }
  });

  it("keeps the filters in a page's address; the first page has no page parameter", () => {
    expect(pageHref("/locations", "?country=united-states", 2)).toBe(
      "/locations?country=united-states&page=2",
    );
    expect(pageHref("/locations", "?country=united-states&page=2", 1)).toBe(
      "/locations?country=united-states",
    );
    expect(pageHref("/locations", "", 1)).toBe("/locations");
  });
});
