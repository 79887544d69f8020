import { data, redirect } from "react-router";
import { type AppContext } from "~/context";
import {
  applyFilters,
  filterDropdowns,
  filtersToSearch,
  parseFilters,
  type LocationFilters,
} from "~/lib/location-filters";
import { featuredLocations, sortByName } from "~/lib/locations";
import { getVisibleLocationSummaries } from "./location.server";

/**
 * Without JavaScript the filter form posts every dropdown at once, with the values it was drawn
 * with; apply the dropdown rules here (a new country clears state and city, a new state clears
 * city) and redirect to the clean URL.
 */
function normalizeSubmittedFilters(url: URL): string | null {
  const params = url.searchParams;
  if (!params.has("prevCountry") && !params.has("prevState")) return null;
  const submitted = parseFilters(params);
  const filters: LocationFilters =
    (params.get("prevCountry") ?? "") !== (submitted.country ?? "")
      ? { country: submitted.country, state: null, city: null }
      : (params.get("prevState") ?? "") !== (submitted.state ?? "")
        ? { ...submitted, city: null }
        : submitted;
  return `/locations${filtersToSearch(filters)}`;
}

/** The locations list: for /locations, and with status 404 for any unknown path. */
export async function loadLocationList(request: Request, app: AppContext, status = 200) {
  const url = new URL(request.url);
  const cleanUrl = normalizeSubmittedFilters(url);
  if (cleanUrl) throw redirect(cleanUrl);

  const filters = parseFilters(url.searchParams);
  try {
    const all = await getVisibleLocationSummaries(app);
    const matching = applyFilters(all, filters);
    return data(
      {
        filters,
        dropdowns: filterDropdowns(all, filters),
        featured: featuredLocations(matching),
        all: sortByName(matching),
        error: null,
      },
      { status },
    );
  } catch (error) {
    console.error("locations list", error);
    return data(
      {
        filters,
        dropdowns: { countries: [], states: null, cities: null },
        featured: [],
        all: [],
        error: "Failed to load location data",
      },
      { status: 503 },
    );
  }
}

export type LocationListData = Awaited<ReturnType<typeof loadLocationList>>["data"];
