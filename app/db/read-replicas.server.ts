import { siteCookie, type CookieEnv } from "~/lib/cookies.server";
import { z } from "~/lib/zod";

/**
 * D1 read replication through the Sessions API. Each request reads from the nearest replica
 * ("first-unconstrained") unless the browser carries the bookmark of its own last write: then it
 * reads from a copy at least that new, so people always see what they just did. Writes go to the
 * primary either way; the bookmark after a write is handed back as a short-lived cookie.
 */

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/** D1 bookmarks are hex groups joined by hyphens; anything else is not handed to D1. */
const bookmarkCookie = siteCookie(
  "__d1_bookmark",
  z
    .string()
    .max(200)
    .regex(/^[0-9a-f]+(-[0-9a-f]+)+$/i),
  // Replicas catch up within seconds; the cookie outlives that comfortably.
  { maxAgeSeconds: 5 * 60 },
);

/** The request's D1 session: its own last write's bookmark, or any replica. */
export async function openD1Session(env: CookieEnv, d1: D1Database, request: Request) {
  return d1.withSession((await bookmarkCookie.read(env, request)) ?? "first-unconstrained");
}

/** After a write, the response carries the session's bookmark for the browser's next reads. */
export async function withBookmark(
  env: CookieEnv,
  response: Response,
  session: D1DatabaseSession,
  request: Request,
) {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return response;
  const bookmark = session.getBookmark();
  if (!bookmark) return response;
  const marked = new Response(response.body, response);
  marked.headers.append("Set-Cookie", await bookmarkCookie.write(env, bookmark));
  return marked;
}
