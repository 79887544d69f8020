import { data, redirect } from "react-router";
import { type AppContext } from "~/context";
import { unavailablePage } from "~/lib/errors.server";
import {
  applyFilters,
  filterDropdowns,
  filtersAfterChange,
  filtersToSearch,
  hasRoomFor,
  parseFilters,
  priceCurrencies,
  readFilters,
} from "~/catalogue/location-filters";
import { searchWords, wordsFoundIn } from "~/catalogue/location-search";
import { pageCount, pageOf, requestedPage, type Paged } from "~/lib/pages";
import {
  featuredLocations,
  fullPlaceLine,
  placeLine,
  sortByName,
  type LocationSummary,
} from "~/catalogue/locations";
import {
  findLocationsWithinPrice,
  searchLocations,
  type FoundLocation,
} from "./location-search.server";
import { getVisibleLocations, toSummary, type VisibleLocation } from "./location-reads.server";
import {
  locationsInMonth,
  monthRooms,
  monthWeeksAt,
  weeksByLocation,
  type FoundWeek,
  type MonthSearch,
  type MonthWeekRow,
} from "./month-search.server";
import { todayUtc } from "~/weeks/calendar";
import { searchMonths } from "~/weeks/month";

/**
 * Without JavaScript the filter form sends every field at once, with the place it was drawn
 * with; apply the dropdown rules here (a new country clears state and city, a new state clears
 * city) and redirect to the clean URL.
 */
function normalizeSubmittedFilters(url: URL): string | null {
  const params = url.searchParams;
  if (!params.has("prevCountry") && !params.has("prevState")) return null;
  const submitted = parseFilters(params);
  const filters =
    (params.get("prevCountry") ?? "") !== (submitted.country ?? "")
      ? filtersAfterChange(submitted, { country: submitted.country })
      : (params.get("prevState") ?? "") !== (submitted.state ?? "")
        ? filtersAfterChange(submitted, { state: submitted.state })
        : submitted;
  return `/locations${filtersToSearch(filters)}`;
}

/** A row of the list; a search's rows say why they matched when the name and place do not. */
export type LocationRow = LocationSummary & {
  /** The place to show instead of the short place line, when a search word is only in it. */
  place?: string | null;
  /** Words around a match the name and place do not show. */
  excerpt?: string | null;
  /** With a month: its open and held weeks there that the filters find, and how many more. */
  weeks?: FoundWeek[];
  moreWeeks?: number;
};

/** The rows with the weeks the month search found for each. */
function withWeeks(rows: LocationRow[], weekRows: MonthWeekRow[], search: MonthSearch) {
  const found = weeksByLocation(weekRows, search);
  return rows.map((row) => ({
    ...row,
    weeks: found.get(row.id)?.weeks ?? [],
    moreWeeks: found.get(row.id)?.more ?? 0,
  }));
}

function searchResults(
  found: FoundLocation[],
  candidates: VisibleLocation[],
  words: string[],
): LocationRow[] {
  const byId = new Map(candidates.map((location) => [location.id, location]));
  return found.flatMap(({ id, excerpt }) => {
    const location = byId.get(id);
    if (!location) return [];
    // A word in the part of the place a row leaves out (a US resort's country) shows the whole
    // place; a word in neither the name nor the place shows the words around it.
    const shortPlace = placeLine(location);
    const fullPlace = fullPlaceLine(location);
    const place =
      wordsFoundIn([fullPlace], words).length > wordsFoundIn([shortPlace], words).length
        ? fullPlace
        : null;
    const shown = wordsFoundIn([location.name, place ?? shortPlace], words);
    return [
      { ...toSummary(location), place, excerpt: shown.length < words.length ? excerpt : null },
    ];
  });
}

/** Rows on a page of the list: a phone scrolls through them without a long page. */
const LOCATIONS_PER_PAGE = 24;

/**
 * The locations list: for /locations, and with status 404 for any unknown path, a page at a time
 * (`?page=`; Featured on the first page only). The list and its place and size filters come from
 * the cached list; a search reads one page of its results from D1 (the place and size filters'
 * ids given to it when they narrow the list), and a member's price limit adds one D1 query. A
 * visitor's price limit is ignored: prices are for members only. `memberId`: the signed-in member
 * (their prices and waitlists), or null for a visitor.
 */
export async function loadLocationList(
  request: Request,
  app: AppContext,
  { memberId, status = 200 }: { memberId: string | null; status?: number },
) {
  const member = memberId !== null;
  const url = new URL(request.url);
  const cleanUrl = normalizeSubmittedFilters(url);
  if (cleanUrl) throw redirect(cleanUrl);

  const today = todayUtc(app.now);
  const { filters, notices } = readFilters(url.searchParams, { withPrice: member, today });
  const words = searchWords(filters.q);
  const inMonth = filters.month
    ? { ...filters, month: filters.month, now: app.now, memberId }
    : null;
  const searching = words.length > 0;
  const requested = requestedPage(url.searchParams);
  const narrowing = [
    filters.country,
    filters.state,
    filters.city,
    filters.guests,
    filters.bedrooms,
  ];
  try {
    const visible = getVisibleLocations(app);
    // In a month, only the locations with a room of it that fits (the month's rooms are cached).
    const inMonthIds = inMonth
      ? monthRooms(app, inMonth.month).then((rooms) => locationsInMonth(rooms, inMonth))
      : Promise.resolve(null);
    const narrowed = Promise.all([visible, inMonthIds]).then(([all, ids]) =>
      applyFilters(all, filters).filter(
        (location) => hasRoomFor(location.rooms, filters) && (!ids || ids.has(location.id)),
      ),
    );
    // The search waits for the cached lists only when the filters narrow what it may find.
    const within =
      inMonth || narrowing.some((value) => value !== null)
        ? narrowed.then((locations) => locations.map((location) => location.id))
        : Promise.resolve(null);
    const search = async (page: number) =>
      searchLocations(app.db, {
        ...filters,
        words,
        within: await within,
        page,
        perPage: LOCATIONS_PER_PAGE,
        inMonth,
      });
    const [all, candidates, searched, withinPrice] = await Promise.all([
      visible,
      narrowed,
      searching ? search(requested) : null,
      !searching && !inMonth && filters.maxPrice !== null
        ? findLocationsWithinPrice(app.db, filters)
        : null,
    ]);
    let list: Paged<LocationRow>;
    let featured: LocationSummary[] = [];
    if (searched) {
      // A search lists its results by relevance alone; a page past the last shows the last.
      const pages = pageCount(searched.total, LOCATIONS_PER_PAGE);
      const page = Math.min(requested, pages);
      const { found, total, weekRows } = page === requested ? searched : await search(page);
      const rows = searchResults(found, candidates, words);
      list = { items: inMonth ? withWeeks(rows, weekRows, inMonth) : rows, page, pages, total };
    } else if (inMonth) {
      // A month lists the locations with its weeks by name, without Featured: the page's weeks
      // are its one query.
      // Only the page's rows are made into summaries: the month's candidates may be a thousand.
      const paged = pageOf(sortByName(candidates), requested, LOCATIONS_PER_PAGE);
      const rows = await monthWeeksAt(
        app.db,
        inMonth,
        paged.items.map((location) => location.id),
      );
      list = { ...paged, items: withWeeks(paged.items.map(toSummary), rows, inMonth) };
    } else {
      // Browsing shows Featured, then All.
      const matching = (
        withinPrice ? candidates.filter((location) => withinPrice.has(location.id)) : candidates
      ).map((location) => toSummary(location));
      list = pageOf(sortByName(matching), requested, LOCATIONS_PER_PAGE);
      if (list.page === 1) featured = featuredLocations(matching);
    }
    return data(
      {
        filters,
        notices,
        words,
        months: searchMonths(today),
        canFilterByPrice: member,
        currencies: member ? priceCurrencies(all, filters.currency) : [],
        dropdowns: filterDropdowns(all, filters),
        featured,
        all: list.items,
        page: list.page,
        pages: list.pages,
        total: list.total,
      },
      { status },
    );
  } catch (error) {
    throw unavailablePage("Failed to load location data", error);
  }
}

export type LocationListData = Awaited<ReturnType<typeof loadLocationList>>["data"];
