/**
 * Each resort keeps its own day: its time zone (an IANA name) decides what "today" is there, so
 * which weeks it still offers and when its holds end. An admin chooses it; a new location starts
 * with the zone of its place.
 */

import { LOCATION_DEFAULTS } from "./location-defaults.ts";

/** The zone of most of each state (an admin sets another where the resort's town differs). */
const STATE_ZONES: Record<string, string> = {
  Alabama: "America/Chicago",
  Alaska: "America/Anchorage",
  Arizona: "America/Phoenix",
  Arkansas: "America/Chicago",
  California: "America/Los_Angeles",
  Colorado: "America/Denver",
  Hawaii: "Pacific/Honolulu",
  Idaho: "America/Boise",
  Illinois: "America/Chicago",
  Indiana: "America/Indianapolis",
  Iowa: "America/Chicago",
  Kansas: "America/Chicago",
  Louisiana: "America/Chicago",
  Michigan: "America/Detroit",
  Minnesota: "America/Chicago",
  Mississippi: "America/Chicago",
  Missouri: "America/Chicago",
  Montana: "America/Denver",
  Nebraska: "America/Chicago",
  Nevada: "America/Los_Angeles",
  "New Mexico": "America/Denver",
  "North Dakota": "America/Chicago",
  Oklahoma: "America/Chicago",
  Oregon: "America/Los_Angeles",
  "South Dakota": "America/Chicago",
  Tennessee: "America/Chicago",
  Texas: "America/Chicago",
  Utah: "America/Denver",
  Washington: "America/Los_Angeles",
  Wisconsin: "America/Chicago",
  Wyoming: "America/Denver",
};

const CITY_ZONES: Record<string, string> = {
  "Cabo San Lucas": "America/Mazatlan",
  Cancun: "America/Cancun",
  "Puerto Vallarta": "America/Bahia_Banderas",
};

const COUNTRY_ZONES: Record<string, string> = {
  "United States": "America/New_York",
  "US Virgin Islands": "America/St_Thomas",
  Mexico: "America/Mexico_City",
  France: "Europe/Paris",
  Spain: "Europe/Madrid",
  Aruba: "America/Aruba",
  Bahamas: "America/Nassau",
  Barbados: "America/Barbados",
  "Cayman Islands": "America/Cayman",
  Maldives: "Indian/Maldives",
  "Saint Kitts and Nevis": "America/St_Kitts",
  "Sint Maarten": "America/Lower_Princes",
};

/** The time zone a place is most likely in: its city's, its state's, else its country's. */
export function placeTimeZone(place: {
  country: string;
  state?: string | null;
  city?: string | null;
}) {
  return (
    (place.city && CITY_ZONES[place.city]) ||
    (place.country === "United States" && place.state && STATE_ZONES[place.state]) ||
    COUNTRY_ZONES[place.country] ||
    LOCATION_DEFAULTS.timeZone
  );
}

/** Every zone the runtime knows, for the admin's list. */
export const TIME_ZONES: readonly string[] = ["UTC", ...Intl.supportedValuesOf("timeZone")];

/** A zone the runtime can tell the date in (IANA names; "UTC" too). */
export function isTimeZone(name: string) {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
