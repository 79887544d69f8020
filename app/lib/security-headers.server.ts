/**
 * The security headers of every response the worker sends (workers/app.ts): pages, `.data`,
 * JSON, resource routes, redirects and errors alike.
 */

const HSTS = "max-age=31536000; includeSubDomains";
const LOCAL_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The response with the security headers set, as a new Response (a fetched response's headers
 * cannot be changed); the body streams through untouched.
 */
export function withSecurityHeaders(response: Response, request: Request) {
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  // Not on a local address: over https it would pin every app on localhost to https for a year.
  if (!LOCAL_HOSTNAMES.has(new URL(request.url).hostname)) {
    headers.set("Strict-Transport-Security", HSTS);
  }
  return secured;
}
