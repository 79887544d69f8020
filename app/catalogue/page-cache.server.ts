import { CATALOGUE_TTL_SECONDS } from "~/lib/cache.server";
import { FILTER_NOTICES, filtersToSearch, NO_FILTERS, readFilters } from "./location-filters";
import { PAGE_PARAM, requestedPage } from "~/lib/pages";
import { type CalendarDate } from "~/weeks/calendar";
import { isMonth, shownMonth } from "~/weeks/month";

/**
 * Whole public pages for signed-out visitors, kept in the edge's cache (the Cache API) under the
 * Worker version and the catalogue's cache version, so an admin write shows on the next request and a
 * deploy on the next page. Only a request that
 * carries no cookie at all is served from it or stored: a signed-in member's page (with prices)
 * never reaches the shared cache, and every page says so to caches downstream
 * (`Cache-Control`, `Vary: Cookie`). A page is kept under the values it reads, parsed as its loader
 * parses them, in one order: an address the page reads the same way (`?page=abc` and no page, a
 * search past the characters it uses) shares a copy, so the keys are as many as the pages that
 * differ, whatever addresses are typed; any other parameter neither makes a copy of its own nor is
 * kept in one.
 */

/** What keys a page: the parameters it reads, as its loader understands them, on `today`. */
type PageKey = (params: URLSearchParams, today: CalendarDate) => URLSearchParams;

/**
 * The list as a visitor sees it: the filters it applies (the weekly price is for members), the
 * notices of those it could not, and the page asked for.
 */
const listKey: PageKey = (params, today) => {
  const { filters, notices } = readFilters(params, { withPrice: false, today });
  const key = new URLSearchParams(filtersToSearch(filters));
  for (const [name, notice] of Object.entries(FILTER_NOTICES)) {
    if (notices.includes(notice)) key.append("notice", name);
  }
  const page = requestedPage(params);
  if (page > 1) key.set(PAGE_PARAM, String(page));
  return key;
};

/** What the list reads for a visitor: its filters (the weekly price is for members) and page. */
const MEMBERS_PARAMS = new Set(["maxPrice", "currency"]);
const LIST_PARAMS = [
  ...Object.keys(NO_FILTERS).filter((name) => !MEMBERS_PARAMS.has(name)),
  PAGE_PARAM,
];

/** A room's weeks: its room, and the month shown (an unreadable month asks for none). */
const roomWeeksKey: PageKey = (params, today) => {
  const key = new URLSearchParams();
  const room = params.get("room")?.trim();
  if (room) key.set("room", room);
  const month = params.get("month");
  if (month && isMonth(month)) key.set("month", shownMonth(month, today));
  return key;
};

const readsNothing: PageKey = () => new URLSearchParams();

/** A client navigation's `.data` names the routes whose data it wants. */
const ROUTES_PARAM = "_routes";

/** The pages every visitor sees alike, their `.data` for in-app navigation, and what each reads. */
const PUBLIC_PAGES: ReadonlyArray<{ path: RegExp; reads: readonly string[]; key: PageKey }> = [
  { path: /^\/$/, reads: [], key: readsNothing },
  { path: /^\/_root\.data$/, reads: [], key: readsNothing },
  {
    path: /^\/locations(\.data)?$/,
    reads: LIST_PARAMS,
    key: listKey,
  },
  { path: /^\/locations\/[A-Za-z0-9_-]{1,200}(\.data)?$/, reads: [], key: readsNothing },
  // A room's weeks by month: every hold, decision or admin change starts a new catalogue version.
  {
    path: /^\/locations\/[A-Za-z0-9_-]{1,200}\/weeks(\.data)?$/,
    reads: ["room", "month"],
    key: roomWeeksKey,
  },
  {
    path: /^\/(about|nonprofits|privacy-policy|terms-of-service)(\.data)?$/,
    reads: [],
    key: readsNothing,
  },
];

const PAGE_CACHE_HEADER = "X-Page-Cache";
/** On a stored page only: the nonce it was rendered with, replaced on every hit. */
const STORED_NONCE_HEADER = "X-Page-Nonce";

const isPageLike = (response: Response) => {
  const type = response.headers.get("Content-Type") ?? "";
  return type.startsWith("text/html") || type.startsWith("text/x-script");
};

/**
 * The routes a client navigation asks for, as React Router reads them: the app's own, once each,
 * in one order (it ignores any other). Null when it names none of them.
 */
function routesAskedFor(value: string, routeIds: ReadonlySet<string>) {
  const known = [...new Set(value.split(","))].filter((id) => routeIds.has(id)).sort();
  return known.length > 0 ? known.join(",") : null;
}

/**
 * Where a visitor's GET of a public page is kept: its path and the values the page reads.
 * `clean`: the address has no parameter the page does not read, so its rendering may be kept for
 * everyone (another one's value could reach its links). Null for any other request, and for an
 * address that repeats a parameter (no page links so).
 */
function sharedPageAddress(
  request: Request,
  { today, routeIds }: { today: CalendarDate; routeIds: ReadonlySet<string> },
) {
  if (request.method !== "GET" || request.headers.has("Cookie")) return null;
  if (request.headers.has("Authorization")) return null;
  const url = new URL(request.url);
  const page = PUBLIC_PAGES.find(({ path }) => path.test(url.pathname));
  if (!page) return null;
  const isData = url.pathname.endsWith(".data");
  const reads = isData ? [...page.reads, ROUTES_PARAM] : page.reads;
  if (reads.some((name) => url.searchParams.getAll(name).length > 1)) return null;
  const key = page.key(url.searchParams, today);
  if (isData && url.searchParams.has(ROUTES_PARAM)) {
    const routes = routesAskedFor(url.searchParams.get(ROUTES_PARAM)!, routeIds);
    if (!routes) return null;
    key.set(ROUTES_PARAM, routes);
  }
  const search = key.toString();
  return {
    path: search ? `${url.pathname}?${search}` : url.pathname,
    clean: [...url.searchParams.keys()].every((name) => reads.includes(name)),
  };
}

/**
 * A cached page gets this request's nonce (scripts, inline stylesheet): never served twice. The
 * stored nonce is random and only ever written as an attribute (React escapes the quotes of
 * any text), so replacing `nonce="…"` in the text finds exactly the elements; it is several
 * times cheaper than parsing the page again with HTMLRewriter.
 */
async function withNonce(response: Response, nonce: string) {
  const stored = response.headers.get(STORED_NONCE_HEADER);
  const headers = new Headers(response.headers);
  headers.delete(STORED_NONCE_HEADER);
  if (!stored) return new Response(response.body, { status: response.status, headers });
  const html = (await response.text()).replaceAll(`nonce="${stored}"`, `nonce="${nonce}"`);
  return new Response(html, { status: response.status, headers });
}

/**
 * Answers a request from the edge's copy when it may, or renders it (`render`) and keeps a copy
 * of a visitor's successful public page; every page leaves with its caching headers.
 */
export async function servePage(
  request: Request,
  {
    ctx,
    nonce,
    catalogueVersion,
    workerVersion,
    today,
    routeIds,
  }: {
    ctx: ExecutionContext;
    nonce: string;
    catalogueVersion: () => Promise<string>;
    /** The Worker version that renders (new with every deploy). */
    workerVersion: string;
    /** The site's day (UTC), as the pages' loaders read their addresses. */
    today: CalendarDate;
    /** The app's route ids: a client navigation is kept under those it asks for. */
    routeIds: ReadonlySet<string>;
  },
  render: () => Promise<Response>,
): Promise<Response> {
  const address = sharedPageAddress(request, { today, routeIds });
  if (!address) return privatePage(await render());

  // The cache only makes pages faster: when it (or the catalogue version in KV) fails, the page
  // is rendered as if it were not there.
  const cached = await lookUp(request, address.path, workerVersion, catalogueVersion).catch(
    (error: unknown) => {
      console.error("page cache unavailable", error);
      return null;
    },
  );
  if (cached?.hit) {
    const served = await withNonce(cached.hit, nonce);
    served.headers.set(PAGE_CACHE_HEADER, "hit");
    return visitorPage(served);
  }

  const response = await render();
  const storable =
    cached &&
    response.status === 200 &&
    isPageLike(response) &&
    !response.headers.has("Set-Cookie") &&
    !/private|no-store/.test(response.headers.get("Cache-Control") ?? "");
  if (!storable) return privatePage(response);
  // Rendered with a parameter no page reads, which its links may carry: not for everyone.
  if (!address.clean) return visitorPage(missed(response.body, response));
  const [forCache, forVisitor] = response.body ? response.body.tee() : [null, null];
  const stored = new Response(forCache, response);
  stored.headers.set("Cache-Control", `public, max-age=${CATALOGUE_TTL_SECONDS}`);
  if (response.headers.get("Content-Type")?.startsWith("text/html")) {
    stored.headers.set(STORED_NONCE_HEADER, nonce);
  }
  ctx.waitUntil(
    cached.cache
      .put(cached.key, stored)
      .catch((error: unknown) => console.error("page not cached", error)),
  );
  return visitorPage(missed(forVisitor, response));
}

/** A page rendered for this visit, as the cache header says. */
function missed(body: ReadableStream | null, response: Response) {
  const served = new Response(body, response);
  served.headers.set(PAGE_CACHE_HEADER, "miss");
  return served;
}

/** The edge's cache, this page's key in it, and its copy when there is one. */
async function lookUp(
  request: Request,
  path: string,
  workerVersion: string,
  catalogueVersion: () => Promise<string>,
) {
  const cache = await caches.open("pages");
  const { origin } = new URL(request.url);
  const key = new Request(`${origin}/__pages/${workerVersion}/${await catalogueVersion()}${path}`);
  return { cache, key, hit: await cache.match(key) };
}

/** A visitor's page: the same for everyone, but checked again on every visit. */
function visitorPage(response: Response) {
  const page = new Response(response.body, response);
  page.headers.set("Cache-Control", "public, max-age=0, must-revalidate");
  page.headers.append("Vary", "Cookie");
  return page;
}

/** Anything else that is a page (a member's, an admin's, a form's answer) is never stored. */
function privatePage(response: Response) {
  if (!isPageLike(response)) return response;
  const page = new Response(response.body, response);
  if (!page.headers.has("Cache-Control")) page.headers.set("Cache-Control", "private, no-store");
  page.headers.append("Vary", "Cookie");
  return page;
}
