import { type MiddlewareFunction } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Sent by another site's page: its Origin is not ours, or the browser says cross-site. */
function isCrossSite(request: Request) {
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== new URL(request.url).origin) return true;
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}

const CROSS_SITE_MESSAGE = "Cross-site request refused";

/**
 * Every request that changes something must come from our own pages. React Router checks its
 * page actions itself; this middleware covers every route, resource routes (sign-out, image
 * uploads, the JSON endpoints) included, before anything runs.
 */
export const crossSiteMiddleware: MiddlewareFunction<Response> = ({ request }, next) => {
  if (SAFE_METHODS.has(request.method.toUpperCase()) || !isCrossSite(request)) return next();
  const wantsJson = /\bapplication\/json\b/i.test(request.headers.get("Accept") ?? "");
  return wantsJson
    ? Response.json({ ok: false, message: CROSS_SITE_MESSAGE }, { status: 403 })
    : new Response(CROSS_SITE_MESSAGE, { status: 403 });
};
