import { exports } from "cloudflare:workers";
import { seedLocations } from "../../scripts/seed/data";

export const ORIGIN = "http://localhost";

/** A request through the whole built worker, as a browser would send it. */
export function request(path: string, init?: RequestInit) {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, init));
}

export const visibleSeed = seedLocations.filter((location) => !location.hidden);
export const hiddenSeed = seedLocations.filter((location) => location.hidden);

/** Every price or fee field of a room type: none may reach a visitor. */
export const PRICE_FIELDS = [
  "price",
  "otherPrices",
  "other_prices",
  "fourthOfJulyPrice",
  "thanksgivingPrice",
  "christmasPrice",
  "newYearsPrice",
  "presidentsDayPrice",
  "springBreakPrice",
  "parkingCost",
  "resortFeeCost",
  "localTaxes",
];
