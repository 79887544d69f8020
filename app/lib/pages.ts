/**
 * A long list shown a page at a time (`?page=2`): what a page holds, and which page an address
 * asks for. A page past the last shows the last; anything that is not a page number, the first.
 */

export interface Paged<T> {
  items: T[];
  /** The page shown, from 1. */
  page: number;
  /** How many pages there are (1 for an empty list). */
  pages: number;
  /** How many items there are on every page together. */
  total: number;
}

export const PAGE_PARAM = "page";

/** Past any list's last page: a longer page number asks for the last page too. */
const MAX_PAGE = 999_999;

/** The page an address asks for: a whole number from 1 (at most MAX_PAGE), else 1. */
export function requestedPage(params: URLSearchParams) {
  const text = params.get(PAGE_PARAM) ?? "";
  return /^[1-9]\d*$/.test(text) ? Math.min(Number(text), MAX_PAGE) : 1;
}

/** How many pages `total` items fill (1 for none: an empty list still has its page). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

export function pageOf<T>(items: T[], requested: number, size: number): Paged<T> {
  const pages = pageCount(items.length, size);
  const page = Math.min(requested, pages);
  return { items: items.slice((page - 1) * size, page * size), page, pages, total: items.length };
}

/** The address of `page` of a list at `search` ("?q=beach" or ""): page 1 has no parameter. */
export function pageHref(pathname: string, search: string, page: number) {
  const params = new URLSearchParams(search);
  params.delete(PAGE_PARAM);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Whether `url` asks for the list at `address` with the same parameters (a client navigation's
 * `_routes` aside; its path ends in `.data`, so only the parameters are compared).
 */
export function asksFor(url: URL, address: string) {
  const asked = new URLSearchParams(url.search);
  asked.delete("_routes");
  return asked.toString() === new URL(address, url.origin).searchParams.toString();
}
