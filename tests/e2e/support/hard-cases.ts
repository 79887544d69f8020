import {
  type SceneKind,
  type SeedImage,
  type SeedLocation,
  type SeedRoomType,
} from "../../../scripts/seed/types.ts";

/**
 * Locations that push the pages' layout: room types with 0, 1, 2 and 12 photos, a location with
 * 40 photos, names and descriptions of 300 characters without a space, a location with no image
 * at all. The layout guard seeds them (through the same writer as the demo catalogue) after the
 * other browser tests, which expect the untouched seed.
 */

const SCENES: SceneKind[] = [
  "beach",
  "pool",
  "tropical",
  "villa",
  "room",
  "lake",
  "mountain",
  "city",
  "desert",
];

function photos(count: number, what: string): SeedImage[] {
  return Array.from({ length: count }, (_, index) => ({
    scene: SCENES[index % SCENES.length]!,
    caption: `${what} photo ${index + 1} of ${count}`,
  }));
}

/** 300 characters and not one space: a name or text that only breaks where the page lets it. */
const unbroken = (word: string) => word.repeat(Math.ceil(300 / word.length)).slice(0, 300);

function room(
  name: string,
  images: SeedImage[],
  overrides: Partial<SeedRoomType> = {},
): SeedRoomType {
  return {
    name,
    description: "A test room type for the layout guard.",
    bedrooms: 2,
    bathrooms: 2.5,
    maxGuests: 6,
    price: 2890,
    otherPrices: "Summer weeks (Jun–Aug): $3,150/week",
    holidayPrices: {
      presidentsDay: 3100,
      springBreak: 3300,
      fourthOfJuly: 3400,
      thanksgiving: 3000,
      christmas: 4200,
      newYears: 4500,
    },
    features: ["Balcony", "Kitchen", "Ocean View"],
    freeParking: false,
    parkingCost: 25,
    noResortFees: false,
    resortFeeCost: 40,
    localTaxes: 30,
    images,
    ...overrides,
  };
}

export const manyPhotos: SeedLocation = {
  id: "loc-layout-many-photos",
  name: "Forty Photos Island Retreat",
  slug: "forty-photos-island-retreat",
  description:
    "A location with forty photos of its own and room types with none, one, two and twelve.",
  city: null,
  state: null,
  country: "Maldives",
  minimumNights: 7,
  featured: false,
  hidden: false,
  displayOrder: null,
  images: photos(40, "Retreat"),
  roomTypes: [
    room("No Photos Villa", []),
    room("One Photo Villa", photos(1, "One-photo villa")),
    room("Two Photos Villa", photos(2, "Two-photo villa")),
    room("Twelve Photos Villa", photos(12, "Twelve-photo villa")),
  ],
};

export const longNames: SeedLocation = {
  id: "loc-layout-long-names",
  name: unbroken("Supercalifragilistic"),
  slug: "layout-long-names",
  description: unbroken("Pneumonoultramicroscopic"),
  city: unbroken("Llanfairpwllgwyngyll"),
  state: null,
  country: "France",
  minimumNights: 3,
  featured: true,
  hidden: false,
  displayOrder: null,
  images: photos(3, "Long names"),
  roomTypes: [
    room(unbroken("Honorificabilitudinitatibus"), photos(2, "Long room"), {
      description: unbroken("Antidisestablishmentarianism"),
      features: ["Balcony", unbroken("Featureful")],
      otherPrices: unbroken("Pricing"),
    }),
  ],
};

export const noImages: SeedLocation = {
  id: "loc-layout-no-images",
  // The placeholder that stands in for its pictures shows the name: one word of it longer than a
  // phone is wide (a real Welsh village).
  name: "No Pictures Yet Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch Lodge",
  slug: "no-pictures-yet-lodge",
  description: "A location with no image at all, and a room type without one either.",
  city: "Cancún",
  state: null,
  country: "Mexico",
  minimumNights: 7,
  featured: true,
  hidden: false,
  displayOrder: null,
  images: [],
  roomTypes: [room("Garden Casita", [])],
};

export const hardCases = [manyPhotos, longNames, noImages];
