import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { withSecurityHeaders } from "~/lib/security-headers.server";
import { visibleSeed } from "./helpers";

const PRODUCTION_ORIGIN = "https://insiderstays.example";
const LOCAL_ORIGINS = ["http://localhost", "http://127.0.0.1:8787", "http://[::1]:8787"];

// An image of this file's own: other files may delete the seeded ones.
const IMAGE_KEY = "security-headers-test/pixel.svg";

function fetchFrom(origin: string, path: string, init?: RequestInit) {
  return exports.default.fetch(new Request(`${origin}${path}`, init));
}

/** One request of each kind the worker answers, with the status it answers with; pages are HTML. */
const RESPONSE_KINDS: Array<{
  kind: string;
  path: string;
  init?: RequestInit;
  status: number;
  page?: true;
}> = [
  { kind: "a page", path: "/about", status: 200, page: true },
  { kind: "a page's HEAD", path: "/about", init: { method: "HEAD" }, status: 200, page: true },
  { kind: "a page's data (.data)", path: "/about.data", status: 200 },
  { kind: "a JSON endpoint", path: "/api/send-support-message", status: 405 },
  {
    kind: "a JSON endpoint's refusal",
    path: "/api/send-support-message",
    init: { method: "POST", body: "not json", headers: { "Content-Type": "text/plain" } },
    status: 415,
  },
  { kind: "the public keys (JSON)", path: "/auth/v1/.well-known/jwks.json", status: 200 },
  { kind: "an image", path: `/images/${IMAGE_KEY}`, status: 200 },
  { kind: "a missing image", path: "/images/no-such-image.svg", status: 404 },
  { kind: "robots.txt", path: "/robots.txt", status: 200 },
  { kind: "the sitemap", path: "/sitemap.xml", status: 200 },
  { kind: "a redirect", path: "/logout", status: 302 },
  { kind: "a sign-in redirect", path: "/members", status: 302 },
  { kind: "a missing page", path: "/no-such-page", status: 404, page: true },
  {
    kind: "a missing location (error page)",
    path: "/locations/no-such-location",
    status: 404,
    page: true,
  },
  { kind: "a missing page's data", path: "/no-such-page.data", status: 404 },
];

beforeAll(async () => {
  await env.IMAGE_BUCKET.put(IMAGE_KEY, '<svg xmlns="http://www.w3.org/2000/svg"/>', {
    httpMetadata: { contentType: "image/svg+xml" },
  });
});

describe.each(RESPONSE_KINDS)("$kind ($path)", ({ path, init, status }) => {
  it("carries every security header, HSTS included, on the public host", async () => {
    const response = await fetchFrom(PRODUCTION_ORIGIN, path, { redirect: "manual", ...init });
    expect(response.status).toBe(status);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("Permissions-Policy")).toBe(
      "camera=(), microphone=(), geolocation=()",
    );
    expect(response.headers.get("Strict-Transport-Security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });

  it.each(LOCAL_ORIGINS)("has no HSTS on %s", async (origin) => {
    const response = await fetchFrom(origin, path, { redirect: "manual", ...init });
    expect(response.status).toBe(status);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.has("Strict-Transport-Security")).toBe(false);
  });
});

describe.each(RESPONSE_KINDS.filter((kind) => kind.page))("$kind ($path)", ({ path, init }) => {
  it("carries a page's Content-Security-Policy", async () => {
    const response = await fetchFrom(PRODUCTION_ORIGIN, path, init);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const policy = directives(response.headers.get("Content-Security-Policy"));
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).toContainEqual(expect.stringMatching(/^'nonce-/));
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  });
});

describe.each(RESPONSE_KINDS.filter((kind) => !kind.page))("$kind ($path)", ({ path, init }) => {
  it("carries a Content-Security-Policy that loads, runs and frames nothing", async () => {
    const response = await fetchFrom(PRODUCTION_ORIGIN, path, { redirect: "manual", ...init });
    expect(response.headers.get("Content-Type") ?? "").not.toMatch(/^text\/html/);
    const policy = directives(response.headers.get("Content-Security-Policy"));
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.has("script-src")).toBe(false);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    // An image or a text opened on its own runs nothing (the seeded pictures are SVGs).
    expect(policy.has("sandbox")).toBe(true);
  });
});

it("streams a page through the headers unchanged", async () => {
  const response = await fetchFrom(PRODUCTION_ORIGIN, "/about");
  expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  const html = await response.text();
  expect(html).toMatch(/^<!DOCTYPE html>/i);
  expect(html).toContain("</html>");
});

/** A Content-Security-Policy header as its directives: name → sources. */
function directives(header: string | null) {
  expect(header).toBeTruthy();
  return new Map(
    header!.split(";").map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources] as const;
    }),
  );
}

/** The page's script elements that run (a JSON-LD data block is not one) with their nonces. */
function scriptNonces(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>/g)]
    .map(([, attributes]) => attributes!)
    .filter((attributes) => !attributes.includes('type="application/ld+json"'))
    .map((attributes) => attributes.match(/\bnonce="([^"]*)"/)?.[1] ?? null);
}

describe("the Content-Security-Policy of a page", () => {
  const PAGES = [
    "/",
    "/locations",
    `/locations/${visibleSeed[0]!.slug}`,
    "/login",
    "/no-such-page",
  ];

  it.each(PAGES)("%s: every script carries the request's nonce", async (path) => {
    const response = await fetchFrom(PRODUCTION_ORIGIN, path);
    const policy = directives(response.headers.get("Content-Security-Policy"));
    const nonce = policy.get("script-src")!.find((source) => source.startsWith("'nonce-"));
    // 128 random bits in base64.
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
    const nonces = scriptNonces(await response.text());
    expect(nonces.length).toBeGreaterThan(1);
    expect(nonces.every((scriptNonce) => nonce === `'nonce-${scriptNonce}'`)).toBe(true);
  });

  it.each(PAGES)(
    "%s: carries the site's stylesheet inline with the request's nonce, first of its styles",
    async (path) => {
      const response = await fetchFrom(PRODUCTION_ORIGIN, path);
      const policy = directives(response.headers.get("Content-Security-Policy"));
      const nonce = policy.get("script-src")!.find((source) => source.startsWith("'nonce-"));
      const html = await response.text();
      const head = html.slice(0, html.indexOf("</head>"));
      const styles = [...head.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/g)];
      expect(styles).toHaveLength(1);
      const [style] = styles;
      expect(`'nonce-${style![1]!.match(/\bnonce="([^"]*)"/)?.[1]}'`).toBe(nonce);
      // The whole stylesheet: the faces, the utilities every page's layout uses, the carousels'.
      expect(style![2]).toContain("@font-face");
      expect(style![2]).toContain(".sr-only");
      expect(style![2]).toContain(".swiper-button-next");
      // A route's own stylesheet comes after it, as after the root's stylesheet link before.
      const links = [...head.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)];
      expect(links.every((link) => link.index > style!.index)).toBe(true);
    },
  );

  it("is new for each request", async () => {
    const policies = await Promise.all(
      [1, 2, 3].map(async () =>
        (await fetchFrom(PRODUCTION_ORIGIN, "/about")).headers.get("Content-Security-Policy"),
      ),
    );
    expect(new Set(policies).size).toBe(3);
  });

  it("runs no inline script without the nonce, loads no plugin, and is framed by no one", async () => {
    const response = await fetchFrom(PRODUCTION_ORIGIN, "/about");
    const policy = directives(response.headers.get("Content-Security-Policy"));
    expect(policy.get("script-src")).toEqual(["'self'", expect.stringMatching(/^'nonce-/)]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    // No bot check key and no join form locally: nothing is framed and nothing else connected to.
    expect(policy.get("frame-src")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
  });

  it("allows Turnstile's script and frame, and the join form's origin, only once configured", () => {
    const page = () =>
      new Response("<!doctype html>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
    const request = new Request(`${PRODUCTION_ORIGIN}/join`);
    const configured = directives(
      withSecurityHeaders(page(), {
        request,
        env: {
          ...env,
          TURNSTILE_SITE_KEY: "0x4AAAAAAA",
          JOIN_FORM_SCRIPT_URL: "https://forms.example/embed/agents.js",
        },
        nonce: "bm9uY2U=",
      }).headers.get("Content-Security-Policy"),
    );
    expect(configured.get("script-src")).toEqual([
      "'self'",
      "'nonce-bm9uY2U='",
      "https://challenges.cloudflare.com",
      "https://forms.example",
    ]);
    expect(configured.get("frame-src")).toEqual([
      "https://challenges.cloudflare.com",
      "https://forms.example",
    ]);
    expect(configured.get("connect-src")).toEqual(["'self'", "https://forms.example"]);
    expect(configured.get("form-action")).toEqual(["'self'", "https://forms.example"]);

    // A join form script that is not https is never embedded, so never allowed.
    const plainHttp = directives(
      withSecurityHeaders(page(), {
        request,
        env: { ...env, JOIN_FORM_SCRIPT_URL: "http://forms.example/embed/agents.js" },
        nonce: "bm9uY2U=",
      }).headers.get("Content-Security-Policy"),
    );
    expect(plainHttp.get("script-src")).toEqual(["'self'", "'nonce-bm9uY2U='"]);
    expect(plainHttp.get("frame-src")).toEqual(["'none'"]);
  });

  it("lets the pay page's form lead to Stripe's checkout only when card payments go through Stripe", () => {
    const page = new Response("<!doctype html>", {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
    const policyWith = (extra: Partial<Env>) =>
      directives(
        withSecurityHeaders(page.clone(), {
          request: new Request(`${PRODUCTION_ORIGIN}/members/requests/r1/pay`),
          env: { ...env, ...extra },
          nonce: "bm9uY2U=",
        }).headers.get("Content-Security-Policy"),
      ).get("form-action");
    expect(policyWith({ CARD_PAYMENTS: "on", STRIPE_SECRET_KEY: "sk_test_1" })).toEqual([
      "'self'",
      "https://checkout.stripe.com",
    ]);
    expect(policyWith({ CARD_PAYMENTS: "off", STRIPE_SECRET_KEY: "sk_test_1" })).toEqual([
      "'self'",
    ]);
  });
});
