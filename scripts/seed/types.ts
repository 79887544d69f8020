/** The shape of the hand-written demo catalogue that `npm start` seeds into local D1 and R2. */

/** What a generated picture shows; see scenes.ts. */
export type SceneKind =
  | "beach"
  | "tropical"
  | "mountain"
  | "desert"
  | "city"
  | "lake"
  | "pool"
  | "room"
  | "villa";

export interface SeedImage {
  /** The scene the generated SVG draws. */
  scene: SceneKind;
  /** A short caption: the image's alt text and the title inside the picture. */
  caption: string;
}

export interface SeedRoomType {
  name: string;
  description: string;
  bedrooms: number;
  /** Steps of 0.5. */
  bathrooms: number;
  maxGuests: number;
  /** Typical weekly price in US dollars; 0 when not published. */
  price: number;
  /** Free text, e.g. "Summer weeks (Jun–Aug) $3,150". Empty string for none. */
  otherPrices: string;
  /** Weekly holiday prices in US dollars; 0 when not offered. */
  holidayPrices: {
    presidentsDay: number;
    springBreak: number;
    fourthOfJuly: number;
    thanksgiving: number;
    christmas: number;
    newYears: number;
  };
  /** Only "Balcony" is offered by the admin editor, but seed data may use a few realistic others. */
  features: string[];
  freeParking: boolean;
  /** Per night, dollars; 0 when free parking. */
  parkingCost: number;
  noResortFees: boolean;
  /** Per night, dollars; 0 when no resort fees. */
  resortFeeCost: number;
  /** Per night, dollars. */
  localTaxes: number;
  /** 0–2 room-level pictures. */
  images: SeedImage[];
}

export interface SeedLocation {
  /** A stable text id, e.g. "loc-maui-kaanapali". */
  id: string;
  name: string;
  /** Lowercase letters, digits and hyphens. */
  slug: string;
  description: string;
  /** null where the place rules leave it out (e.g. Aruba has no city). */
  city: string | null;
  /** One of the 50 US states for the United States; null elsewhere. */
  state: string | null;
  country: string;
  minimumNights: number;
  featured: boolean;
  hidden: boolean;
  displayOrder: number | null;
  /** 3–6 location-level pictures; the first is the card image. */
  images: SeedImage[];
  /** 1–4 room types. */
  roomTypes: SeedRoomType[];
}
