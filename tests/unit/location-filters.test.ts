import { describe, expect, it } from "vitest";
import {
  applyFilters,
  filterDropdowns,
  filtersAfterChange,
  filtersToSearch,
  parseFilters,
} from "~/lib/location-filters";

const places = [
  { city: "Maui", state: "Hawaii", country: "United States" },
  { city: "Kauai", state: "Hawaii", country: "United States" },
  { city: "Breckenridge", state: "Colorado", country: "United States" },
  { city: "Cancun", state: null, country: "Mexico" },
  { city: "Cabo San Lucas", state: null, country: "Mexico" },
  { city: "St. John", state: null, country: "US Virgin Islands" },
  { city: "Nice", state: null, country: "France" },
  { city: null, state: null, country: "Aruba" },
];

const params = (query: string) => new URLSearchParams(query);

describe("reading filters from the query string", () => {
  it("keeps lowercase hyphenated values", () => {
    expect(parseFilters(params("country=united-states&state=hawaii&city=maui"))).toEqual({
      country: "united-states",
      state: "hawaii",
      city: "maui",
    });
  });

  it("drops a state outside the United States and a city where no city dropdown applies", () => {
    expect(parseFilters(params("country=france&state=hawaii&city=nice"))).toEqual({
      country: "france",
      state: null,
      city: null,
    });
    expect(parseFilters(params("state=hawaii&city=maui"))).toEqual({
      country: null,
      state: null,
      city: null,
    });
  });

  it.each([
    "country=%00",
    "country=<script>",
    "country=" + "a".repeat(5000),
    "country=united-states&country=mexico",
    "country[]=x",
    "country=../../etc",
  ])("ignores odd value %s without failing", (query) => {
    const values = Object.values(parseFilters(params(query))).filter((value) => value !== null);
    for (const value of values) expect(value).toMatch(/^[a-z0-9-]{1,80}$/);
  });
});

describe("dropdown rules", () => {
  it("lists All countries sorted, and no state or city dropdown without a country", () => {
    const dropdowns = filterDropdowns(places, { country: null, state: null, city: null });
    expect(dropdowns.countries.map((option) => option.label)).toEqual([
      "Aruba",
      "France",
      "Mexico",
      "United States",
      "US Virgin Islands",
    ]);
    expect(dropdowns.states).toBeNull();
    expect(dropdowns.cities).toBeNull();
  });

  it("shows State only for the United States, and City for its cities", () => {
    const dropdowns = filterDropdowns(places, {
      country: "united-states",
      state: null,
      city: null,
    });
    expect(dropdowns.states?.map((option) => option.value)).toEqual(["colorado", "hawaii"]);
    expect(dropdowns.cities?.label).toBe("City");
  });

  it("labels the city dropdown Island for Hawaii", () => {
    const dropdowns = filterDropdowns(places, {
      country: "united-states",
      state: "hawaii",
      city: null,
    });
    expect(dropdowns.cities).toEqual({
      label: "Island",
      options: [
        { value: "kauai", label: "Kauai" },
        { value: "maui", label: "Maui" },
      ],
    });
  });

  it("shows City for Mexico but not for other countries with cities", () => {
    expect(
      filterDropdowns(places, { country: "mexico", state: null, city: null }).cities?.options,
    ).toHaveLength(2);
    expect(
      filterDropdowns(places, { country: "france", state: null, city: null }).cities,
    ).toBeNull();
    expect(
      filterDropdowns(places, { country: "us-virgin-islands", state: null, city: null }).cities,
    ).toBeNull();
    expect(
      filterDropdowns(places, { country: "france", state: null, city: null }).states,
    ).toBeNull();
  });

  it("a new country clears state and city; a new state clears city", () => {
    const current = { country: "united-states", state: "hawaii", city: "maui" };
    expect(filtersAfterChange(current, "country", "mexico")).toEqual({
      country: "mexico",
      state: null,
      city: null,
    });
    expect(filtersAfterChange(current, "state", "colorado")).toEqual({
      country: "united-states",
      state: "colorado",
      city: null,
    });
    expect(filtersAfterChange(current, "city", "kauai")).toEqual({ ...current, city: "kauai" });
    expect(filtersToSearch({ country: "mexico", state: null, city: null })).toBe("?country=mexico");
    expect(filtersToSearch({ country: null, state: null, city: null })).toBe("");
  });

  it("applies every selected filter", () => {
    expect(
      applyFilters(places, { country: "united-states", state: "hawaii", city: null }).map(
        (place) => place.city,
      ),
    ).toEqual(["Maui", "Kauai"]);
    expect(applyFilters(places, { country: "mexico", state: null, city: "cancun" })).toHaveLength(
      1,
    );
  });
});
