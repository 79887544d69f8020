import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

const PRODUCTION_ORIGIN = "https://insiderstays.example";
const LOCAL_ORIGINS = ["http://localhost", "http://127.0.0.1:8787", "http://[::1]:8787"];

// An image of this file's own: other files may delete the seeded ones.
const IMAGE_KEY = "security-headers-test/pixel.svg";

function fetchFrom(origin: string, path: string, init?: RequestInit) {
  return exports.default.fetch(new Request(`${origin}${path}`, init));
}

/** One request of each kind the worker answers, with the status it answers with. */
const RESPONSE_KINDS: Array<{ kind: string; path: string; init?: RequestInit; status: number }> = [
  { kind: "a page", path: "/about", status: 200 },
  { kind: "a page's HEAD", path: "/about", init: { method: "HEAD" }, status: 200 },
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
  { kind: "a missing page", path: "/no-such-page", status: 404 },
  { kind: "a missing location (error page)", path: "/locations/no-such-location", status: 404 },
  { kind: "a missing page's data", path: "/no-such-page.data", status: 404 },
];

beforeAll(async () => {
  await env.IMAGES.put(IMAGE_KEY, '<svg xmlns="http://www.w3.org/2000/svg"/>', {
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

it("streams a page through the headers unchanged", async () => {
  const response = await fetchFrom(PRODUCTION_ORIGIN, "/about");
  expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  const html = await response.text();
  expect(html).toMatch(/^<!DOCTYPE html>/i);
  expect(html).toContain("</html>");
});
