/**
 * D1 read replication through the Sessions API. Each request reads from the nearest replica
 * ("first-unconstrained") unless the browser carries the bookmark of its own last write: then it
 * reads from a copy at least that new, so people always see what they just did. Writes go to the
 * primary either way; the bookmark after a write is handed back as a short-lived cookie.
 */

const BOOKMARK_COOKIE = "__d1_bookmark";
/** Replicas catch up within seconds; the cookie outlives that comfortably. */
const BOOKMARK_MAX_AGE_SECONDS = 5 * 60;
const SAFE_METHODS = new Set(["GET", "HEAD"]);

/** D1 bookmarks are hex groups joined by hyphens; anything else is not handed to D1. */
const BOOKMARK = /^[0-9a-f]+(-[0-9a-f]+)+$/i;

function bookmarkOf(request: Request) {
  const cookie = request.headers.get("Cookie") ?? "";
  const value = cookie.match(new RegExp(`(?:^|;\\s*)${BOOKMARK_COOKIE}=([^;]{1,200})`))?.[1];
  return value && BOOKMARK.test(value) ? value : null;
}

/** The request's D1 session: its own last write's bookmark, or any replica. */
export function openD1Session(d1: D1Database, request: Request) {
  return d1.withSession(bookmarkOf(request) ?? "first-unconstrained");
}

/** After a write, the response carries the session's bookmark for the browser's next reads. */
export function withBookmark(response: Response, session: D1DatabaseSession, request: Request) {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return response;
  const bookmark = session.getBookmark();
  if (!bookmark) return response;
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const marked = new Response(response.body, response);
  marked.headers.append(
    "Set-Cookie",
    `${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}${secure}`,
  );
  return marked;
}
