import { describe, expect, it } from "vitest";
import { monthRows, neighbourMonths, shownMonth } from "~/weeks/month";

const TODAY = "2026-11-25";

describe("the month view's months", () => {
  it("shows this month for no month, a malformed one or one before it", () => {
    for (const asked of [null, "", "2026-13", "2026-1", "abc", "2026-11-01", "2025-06"]) {
      expect(shownMonth(asked, TODAY)).toBe("2026-11");
    }
  });

  it("shows any month a week may be asked for in (two years ahead), and the last of them for a later one", () => {
    expect(shownMonth("2027-03", TODAY)).toBe("2027-03");
    // The seed's weeks reach 18 months ahead and a little into the month after.
    expect(shownMonth("2028-05", TODAY)).toBe("2028-05");
    // A week imported up to two years ahead (2028-11-24 is the latest check-in).
    expect(shownMonth("2028-11", TODAY)).toBe("2028-11");
    expect(shownMonth("2028-12", TODAY)).toBe("2028-11");
    expect(shownMonth("9999-12", TODAY)).toBe("2028-11");
  });

  it("links to the months before and after only within those", () => {
    expect(neighbourMonths("2026-11", TODAY)).toEqual({ previous: null, next: "2026-12" });
    expect(neighbourMonths("2027-01", TODAY)).toEqual({ previous: "2026-12", next: "2027-02" });
    expect(neighbourMonths("2028-05", TODAY)).toEqual({ previous: "2028-04", next: "2028-06" });
    expect(neighbourMonths("2028-11", TODAY)).toEqual({ previous: "2028-10", next: null });
  });

  it("lays a month out in weeks of seven days, Sunday first", () => {
    // February 2027 starts on a Monday and has 28 days.
    const rows = monthRows("2027-02");
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual([
      null,
      "2027-02-01",
      "2027-02-02",
      "2027-02-03",
      "2027-02-04",
      "2027-02-05",
      "2027-02-06",
    ]);
    expect(rows.flat().filter(Boolean)).toHaveLength(28);
    expect(rows[4]).toEqual(["2027-02-28", null, null, null, null, null, null]);
    // A leap February.
    expect(monthRows("2028-02").flat().filter(Boolean).at(-1)).toBe("2028-02-29");
  });
});
