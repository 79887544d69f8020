import { createContext } from "react-router";
import { isLocalHost } from "~/lib/local-development.server";
import { cardPaymentsMode, joinFormScriptUrl } from "~/lib/site.server";

/**
 * The security headers of every response the worker sends (workers/app.ts): pages, `.data`,
 * JSON, resource routes, redirects and errors alike.
 */

/** The request's script nonce: made by the worker, put on React Router's scripts by entry.server. */
export const cspNonceContext = createContext<string>();

/** 128 random bits in base64, new for each request. */
export function createCspNonce() {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/**
 * The policy of a page. Scripts come from this origin (route modules, loaded by React Router) or
 * carry the request's nonce (React Router's and React's inline scripts): an injected inline script
 * never runs. Turnstile's script and frame, and the external join form's origin, are allowed only
 * when configured, on every page: a client-side navigation keeps the first page's policy. Styles
 * may be inline: React's style attributes and the styles that libraries inject.
 */
function documentPolicy({
  nonce,
  turnstile,
  stripeCheckout,
  joinFormOrigin,
}: {
  nonce: string;
  turnstile: boolean;
  /** The pay page's form leads, by a redirect, to Stripe's checkout (form-action follows it). */
  stripeCheckout: boolean;
  joinFormOrigin: string | null;
}) {
  const turnstileSources = turnstile ? [TURNSTILE_ORIGIN] : [];
  // The embedded form may load from, frame, fetch from and post to its own origin: that one only.
  const joinFormSources = joinFormOrigin ? [joinFormOrigin] : [];
  const frameSources = [...turnstileSources, ...joinFormSources];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...turnstileSources, ...joinFormSources],
    "style-src": ["'self'", "'unsafe-inline'", ...joinFormSources],
    "img-src": ["'self'", ...joinFormSources],
    "connect-src": ["'self'", ...joinFormSources],
    "frame-src": frameSources.length > 0 ? frameSources : ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": [
      "'self'",
      ...joinFormSources,
      ...(stripeCheckout ? [STRIPE_CHECKOUT_ORIGIN] : []),
    ],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/**
 * The policy of everything that is not a page (JSON, `.data`, images, text, redirects): it loads
 * and frames nothing, and an image or text opened on its own runs no script (the seeded pictures
 * are SVGs: their inline styles still apply).
 */
const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

const RESOURCE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The response with the security headers set, as a new Response (a fetched response's headers
 * cannot be changed); the body streams through untouched.
 */
export function withSecurityHeaders(
  response: Response,
  { request, env, nonce }: { request: Request; env: Env; nonce: string },
) {
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  const isPage = headers.get("Content-Type")?.startsWith("text/html") ?? false;
  headers.set(
    "Content-Security-Policy",
    isPage
      ? documentPolicy({
          nonce,
          turnstile: Boolean(env.TURNSTILE_SITE_KEY),
          stripeCheckout: cardPaymentsMode(env) === "stripe",
          joinFormOrigin: joinFormScriptUrl(env)?.origin ?? null,
        })
      : RESOURCE_POLICY,
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  // Not on a local address: over https it would pin every app on localhost to https for a year.
  if (!isLocalHost(request)) {
    headers.set("Strict-Transport-Security", HSTS);
  }
  return secured;
}
