import { describe, expect, it } from "vitest";
import {
  applyFilters,
  filterDropdowns,
  filtersAfterChange,
  filtersToSearch,
  FILTER_NOTICES,
  hasRoomFor,
  NO_FILTERS,
  parseFilters,
  readFilters,
} from "~/catalogue/location-filters";

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
      ...NO_FILTERS,
      country: "united-states",
      state: "hawaii",
      city: "maui",
    });
  });

  it("drops a state outside the United States and a city where no city dropdown applies", () => {
    expect(parseFilters(params("country=france&state=hawaii&city=nice"))).toEqual({
      ...NO_FILTERS,
      country: "france",
    });
    expect(parseFilters(params("state=hawaii&city=maui"))).toEqual(NO_FILTERS);
  });

  it.each([
    "country=%00",
    "country=<script>",
    "country=" + "a".repeat(5000),
    "country=united-states&country=mexico",
    "country[]=x",
    "country=../../etc",
  ])("ignores odd value %s without failing", (query) => {
    const { country, state, city } = parseFilters(params(query));
    for (const value of [country, state, city].filter((value) => value !== null))
      expect(value).toMatch(/^[a-z0-9-]{1,80}$/);
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

  it("names no country or state the site does not know: no text of the address's own reaches the page", () => {
    const crafted = filterDropdowns(places, {
      country: "call-555-0199-for-cheaper-rates",
      state: null,
      city: null,
    });
    expect(crafted.countries.map((option) => option.value)).not.toContain(
      "call-555-0199-for-cheaper-rates",
    );
    const states = filterDropdowns(places, {
      country: "united-states",
      state: "call-555-0199",
      city: null,
    }).states;
    expect(states?.map((option) => option.value)).toEqual(["colorado", "hawaii"]);
  });

  it("keeps a chosen country or state that no location has in its dropdown, not 'All'", () => {
    // An old or edited link: the list finds nothing, and the dropdown says what was asked for.
    const states = filterDropdowns(places, {
      country: "united-states",
      state: "north-dakota",
      city: null,
    }).states;
    expect(states?.map((option) => option.value)).toEqual(["colorado", "hawaii", "north-dakota"]);
    // A place the admin form offers is named as the form names it.
    const offered = filterDropdowns(places, {
      country: "saint-kitts-and-nevis",
      state: null,
      city: null,
    });
    expect(offered.countries).toContainEqual({
      value: "saint-kitts-and-nevis",
      label: "Saint Kitts and Nevis",
    });
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

  it("a new country clears state and city; a new state clears city; the rest stays", () => {
    const current = {
      ...NO_FILTERS,
      country: "united-states",
      state: "hawaii",
      city: "maui",
      q: "beach",
      guests: 8,
    };
    expect(filtersAfterChange(current, { country: "mexico" })).toEqual({
      ...current,
      country: "mexico",
      state: null,
      city: null,
    });
    expect(filtersAfterChange(current, { state: "colorado" })).toEqual({
      ...current,
      state: "colorado",
      city: null,
    });
    expect(filtersAfterChange(current, { city: "kauai" })).toEqual({ ...current, city: "kauai" });
    expect(filtersAfterChange(current, { q: null, bedrooms: 2 })).toEqual({
      ...current,
      q: null,
      bedrooms: 2,
    });
    expect(filtersToSearch({ ...NO_FILTERS, country: "mexico" })).toBe("?country=mexico");
    expect(filtersToSearch({ ...current, maxPrice: 2500, currency: "EUR" })).toBe(
      "?country=united-states&state=hawaii&city=maui&q=beach&guests=8&maxPrice=2500&currency=EUR",
    );
    expect(filtersToSearch(NO_FILTERS)).toBe("");
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

describe("reading the search and fit filters", () => {
  it("reads a search, guests, bedrooms and a price limit", () => {
    expect(readFilters(params("q=+beach+club+&guests=8&bedrooms=3&maxPrice=2500.50"))).toEqual({
      filters: {
        ...NO_FILTERS,
        q: "beach club",
        guests: 8,
        bedrooms: 3,
        maxPrice: 2500.5,
        currency: "USD",
      },
      notices: [],
    });
  });

  it("ignores the price limit, silently, unless asked to read it (for a member)", () => {
    expect(readFilters(params("maxPrice=2500"), { withPrice: false })).toEqual({
      filters: NO_FILTERS,
      notices: [],
    });
    expect(readFilters(params("maxPrice=abc"), { withPrice: false }).notices).toEqual([]);
  });

  it.each([
    ["guests=abc", "guests"],
    ["guests=0", "guests"],
    ["guests=2.5", "guests"],
    ["guests=51", "guests"],
    ["guests=1e309", "guests"],
    ["guests=-4", "guests"],
    ["bedrooms=-4", "bedrooms"],
    ["bedrooms=0x10", "bedrooms"],
    ["bedrooms=21", "bedrooms"],
    ["maxPrice=-1", "maxPrice"],
    ["maxPrice=Infinity", "maxPrice"],
    ["maxPrice=1000001", "maxPrice"],
  ] as const)("drops %s with a notice", (query, key) => {
    const { filters, notices } = readFilters(params(query));
    expect(filters).toEqual(NO_FILTERS);
    expect(notices).toEqual([FILTER_NOTICES[key]]);
  });

  it("keeps the first 100 characters of a long search, and says so", () => {
    const { filters, notices } = readFilters(params(`q=${"maui ".repeat(1000)}`));
    expect(filters.q).toBe("maui ".repeat(20).trim());
    expect(notices).toContain(FILTER_NOTICES.searchTooLong);
  });

  it("says when a search has no words, or more than ten", () => {
    expect(readFilters(params(`q=${encodeURIComponent('"*( )')}`)).notices).toEqual([
      FILTER_NOTICES.searchWithoutWords,
    ]);
    expect(readFilters(params("q=a b c d e f g h i j k")).notices).toEqual([
      FILTER_NOTICES.searchTooManyWords,
    ]);
  });
});

describe("room fit", () => {
  const rooms = [
    { bedrooms: 1, maxGuests: 4 },
    { bedrooms: 3, maxGuests: 8 },
    { bedrooms: null, maxGuests: null },
  ];

  it("needs one room type big enough for both the guests and the bedrooms", () => {
    expect(hasRoomFor(rooms, { guests: 8, bedrooms: null })).toBe(true);
    expect(hasRoomFor(rooms, { guests: 8, bedrooms: 3 })).toBe(true);
    expect(hasRoomFor(rooms, { guests: 9, bedrooms: null })).toBe(false);
    expect(
      hasRoomFor(
        [
          { bedrooms: 4, maxGuests: 2 },
          { bedrooms: 1, maxGuests: 10 },
        ],
        { guests: 8, bedrooms: 3 },
      ),
    ).toBe(false);
  });

  it("lets every location through without a fit filter, even one without room types", () => {
    expect(hasRoomFor([], { guests: null, bedrooms: null })).toBe(true);
    expect(hasRoomFor([], { guests: 1, bedrooms: null })).toBe(false);
  });
});
