import { describe, expect, it } from "vitest";
import {
  byDisplayOrderThenName,
  cardSubtitle,
  featuredLocations,
  locationPath,
  placeLine,
  shortStayNote,
} from "~/catalogue/locations";
import { roomChips, roomTiles } from "~/components/catalogue/room-option";

describe("featured sort: display_order (missing → 999999), then name", () => {
  it("orders by display order, puts missing last, and breaks ties by name", () => {
    const items = [
      { name: "Zeta", featured: true, displayOrder: null },
      { name: "Beta", featured: true, displayOrder: 2 },
      { name: "Alpha", featured: true, displayOrder: 2 },
      { name: "Gamma", featured: true, displayOrder: 0 },
      { name: "Omega", featured: false, displayOrder: 1 },
      { name: "Delta", featured: true, displayOrder: null },
      { name: "Last", featured: true, displayOrder: 999999 },
      { name: "Huge", featured: true, displayOrder: 1000000 },
    ];
    expect(featuredLocations(items).map((item) => item.name)).toEqual([
      "Gamma",
      "Alpha",
      "Beta",
      "Delta",
      "Last",
      "Zeta",
      "Huge",
    ]);
  });

  it("sorts room types the same way", () => {
    const rooms = [
      { name: "Penthouse", displayOrder: 1 },
      { name: "Studio", displayOrder: 0 },
      { name: "Loft", displayOrder: null },
      { name: "Bungalow", displayOrder: 0 },
    ];
    expect([...rooms].sort(byDisplayOrderThenName).map((room) => room.name)).toEqual([
      "Bungalow",
      "Studio",
      "Penthouse",
      "Loft",
    ]);
  });
});

describe("card subtitle", () => {
  it.each([
    [{ city: "Maui", state: "Hawaii", country: "United States" }, "Maui, Hawaii"],
    [{ city: "Cancun", state: null, country: "Mexico" }, "Cancun"],
    [{ city: null, state: "Florida", country: "United States" }, "Florida"],
    [{ city: null, state: null, country: "Aruba" }, "Aruba"],
    [{ city: "", state: "", country: "Bahamas" }, "Bahamas"],
  ])("%j → %s", (place, expected) => {
    expect(cardSubtitle(place)).toBe(expected);
  });
});

describe("place line", () => {
  it("shows city and state in the United States, city and country elsewhere", () => {
    expect(placeLine({ city: "Maui", state: "Hawaii", country: "United States" })).toBe(
      "Maui, Hawaii",
    );
    expect(placeLine({ city: "Nice", state: null, country: "France" })).toBe("Nice, France");
    expect(placeLine({ city: null, state: null, country: "Maldives" })).toBe("Maldives");
  });
});

describe("location links fall back from slug to id", () => {
  it("uses the slug, or the id when there is none", () => {
    expect(locationPath({ id: "loc-1", slug: "casa-marena" })).toBe("/locations/casa-marena");
    expect(locationPath({ id: "loc-1", slug: "" })).toBe("/locations/loc-1");
  });
});

describe("short-stay note", () => {
  it("appears for minimum nights 1 to 6 only", () => {
    expect(shortStayNote(3)).toBe(
      "We may accommodate stays as short as 3 nights. Contact us for info.",
    );
    expect(shortStayNote(1)).not.toBeNull();
    expect(shortStayNote(6)).not.toBeNull();
    expect(shortStayNote(7)).toBeNull();
    expect(shortStayNote(0)).toBeNull();
  });
});

describe("room tiles and chips", () => {
  it("shows bedrooms and bathrooms when known and guests only above 0", () => {
    expect(roomTiles({ bedrooms: 2, bathrooms: 2.5, maxGuests: 6 })).toEqual([
      { label: "Bedrooms", value: "2" },
      { label: "Bathrooms", value: "2.5" },
      { label: "Max Guests", value: "6" },
    ]);
    expect(roomTiles({ bedrooms: null, bathrooms: null, maxGuests: 0 })).toEqual([]);
  });

  it("adds Free Parking and No Resort Fees after the room's features", () => {
    expect(roomChips({ roomFeatures: ["Balcony"], freeParking: true, noResortFees: true })).toEqual(
      ["Balcony", "Free Parking", "No Resort Fees"],
    );
    expect(roomChips({ roomFeatures: [], freeParking: false, noResortFees: false })).toEqual([]);
  });
});
