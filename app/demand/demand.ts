import { type BookingStatus } from "~/db/schema";
import { DEFAULT_COUNTRY } from "~/catalogue/places";
import { GIVEN_STATUSES } from "~/request-life/moves";

/**
 * Demand (`/admin/demand`, docs/decisions/018-demand-counts.md): where members asked for a stay,
 * and where they could not be served, by check-in month and by place, for the months the list's
 * "When" offers. What the page, its spreadsheet and the server agree on: the definitions (written
 * once here, and shown on the page), the shape of the figures and the spreadsheet's columns.
 *
 * - The window: the next SEARCH_MONTHS months (app/weeks/month.ts, `searchMonths`), by the month a
 *   stay checks in at its resort (a request's check-in date, an alert's or a search's month).
 * - Asked: every booking request checking in that month (a week, or a member's own dates), every
 *   place taken on a week's waitlist, every week alert for the month (`saved_searches`), and every
 *   time a member's search of the month found nothing (`empty_month_searches`). A place on a
 *   waitlist whose member took the week offered to them counts as a request from then on.
 * - Served: requests and waitlist places staff confirmed (GIVEN_STATUSES: confirmed, paid).
 * - Not served: requests declined, lapsed without a decision or not paid in time
 *   (UNSERVED_STATUSES), offers that passed, waitlist places closed (the week was booked, closed
 *   or began first), alerts that have never found a week, and searches that found nothing. An
 *   alert found a week when the alerts run e-mailed its member about one (`alerted_at` is set:
 *   app/week-alerts/week-alerts.server.ts); until then it is not served.
 * - Other: what is neither yet: requests and waitlist places still undecided (new, offered) or
 *   withdrawn by the member, and alerts that found a week (the member was told; a request they then
 *   sent counts as a request).
 * - Place: a resort's country, and its state in the United States, as the list's place filters
 *   name them (a request's place is its resort's when it was sent); an alert's or a search's place
 *   is its place filters, "Anywhere" without one, a country alone for the United States without a
 *   state.
 */

/** Statuses of a request or waitlist place that was not served. */
export const UNSERVED_STATUSES = [
  "declined",
  "lapsed",
  "payment-lapsed",
  "passed",
  "closed",
] as const satisfies readonly BookingStatus[];

/** Served statuses (the request life's given stays), named here for the page's definitions. */
export const SERVED_STATUSES = GIVEN_STATUSES;

/** The resort-months the page lists, highest not served first. */
export const TOP_RESORT_MONTHS = 20;

/** The definitions as the page says them, in order. */
export const DEMAND_DEFINITIONS = [
  {
    term: "Asked",
    meaning:
      "booking requests checking in that month (a week or a member's own dates), places on a week's waitlist, week alerts for the month, and members' searches of the month that found nothing.",
  },
  {
    term: "Served",
    meaning: "requests and waitlist places staff confirmed (awaiting payment or paid).",
  },
  {
    term: "Not served",
    meaning:
      "requests declined, lapsed without a decision or not paid in time, offers that passed, waitlist places closed, alerts that never found a week, and searches that found nothing.",
  },
  {
    term: "Other",
    meaning:
      "requests and waitlist places still undecided or withdrawn, and alerts that found a week (the member was told).",
  },
  {
    term: "Place",
    meaning:
      "the resort's country, and its state in the United States; an alert's or a search's place filter (Anywhere without one).",
  },
] as const;

/** A place as the figures group it: a country, and a state in the United States ('' = none). */
export interface DemandPlace {
  country: string;
  state: string;
}

/** How a place reads: "Hawaii", "Mexico", "United States (any state)", "Anywhere". */
export function placeLabel({ country, state }: DemandPlace) {
  if (!country) return "Anywhere";
  if (state) return state;
  return country === DEFAULT_COUNTRY ? `${country} (any state)` : country;
}

/** What each kind of asking counts, and of it what was served and not served. */
export interface DemandCounts {
  /** Booking requests (not on a waitlist). */
  requests: number;
  /** Places on a week's waitlist. */
  waitlist: number;
  /** Week alerts. */
  alerts: number;
  /** Members' searches of the month that found nothing. */
  searches: number;
  served: number;
  unserved: number;
}

export const NO_DEMAND: DemandCounts = {
  requests: 0,
  waitlist: 0,
  alerts: 0,
  searches: 0,
  served: 0,
  unserved: 0,
};

/** Everything asked: every request, waitlist place, alert and search that found nothing. */
export const asked = (counts: DemandCounts) =>
  counts.requests + counts.waitlist + counts.alerts + counts.searches;

/** Neither served nor not served yet (undecided, withdrawn, alerts that found a week). */
export const other = (counts: DemandCounts) => asked(counts) - counts.served - counts.unserved;

export function addCounts(a: DemandCounts, b: DemandCounts): DemandCounts {
  return {
    requests: a.requests + b.requests,
    waitlist: a.waitlist + b.waitlist,
    alerts: a.alerts + b.alerts,
    searches: a.searches + b.searches,
    served: a.served + b.served,
    unserved: a.unserved + b.unserved,
  };
}

/** A row of the figures by month: the month (YYYY-MM) and its label ("March 2027"). */
export type MonthDemand = DemandCounts & { month: string; label: string };

/** A row of the figures by place. */
export type PlaceDemand = DemandCounts & DemandPlace & { label: string };

/** A resort-month of the top list: asked (its requests and waitlist places), served, not served. */
export interface ResortMonth {
  locationId: string;
  name: string;
  /** The resort's slug (null: the resort has since been deleted). */
  slug: string | null;
  place: string;
  month: string;
  monthLabel: string;
  asked: number;
  served: number;
  unserved: number;
}

/** The page's figures: each list bounded (months, places, TOP_RESORT_MONTHS), whatever the catalogue. */
export interface DemandFigures {
  /** The window's first and last months ("March 2027"). */
  from: string;
  to: string;
  total: DemandCounts;
  byMonth: MonthDemand[];
  byPlace: PlaceDemand[];
  top: ResortMonth[];
}

/**
 * The spreadsheet's columns (`/admin/demand.csv`): a row per month and resort for requests and
 * waitlist places, and per month, place and party size for alerts and searches (they name no
 * resort), so summing any column gives the page's figures.
 */
export const DEMAND_CSV_COLUMNS = [
  "month",
  "country",
  "state",
  "city",
  "resort",
  "resort_slug",
  "party_size",
  "requests",
  "waitlist_places",
  "alerts",
  "empty_searches",
  "asked",
  "served",
  "not_served",
] as const;
