import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getCases, location, quietConsole, run, type FuzzStats } from "./fuzz";

const ROLES = ["visitor", "member", "admin"] as const;
const HEADER_ROLES = ["visitor", "admin"] as const;
const HEADER_VALUES = ["abc", '"unclosed', '"a" "b"', "*, *", "x".repeat(8000), ";;==,,", ""];
const HEADER_NAMES = [
  "If-None-Match",
  "If-Match",
  "If-Modified-Since",
  "If-Unmodified-Since",
  "Range",
  "Cookie",
  "Authorization",
  "Accept",
  "Accept-Encoding",
  "Accept-Language",
  "CF-Connecting-IP",
  "Content-Type",
];

/** Every hostile header on a picture, pages, a page's data, the JSON API and the signing keys. */
function headerCases(imageUrl: string) {
  const paths = [
    `/images/${imageUrl}`,
    "/",
    `/locations/${location.slug}`,
    "/locations.data",
    "/api/manage-users",
    "/auth/v1/.well-known/jwks.json",
  ];
  return paths.flatMap((path) =>
    HEADER_NAMES.flatMap((name) =>
      HEADER_VALUES.map((value) => ({
        label: `${name}: ${value.slice(0, 20)}`,
        method: "GET",
        path,
        headers: { [name]: value },
      })),
    ),
  );
}

const stats = (): FuzzStats => ({ redirectRefusals: 0 });

describe("the fuzz suite, addresses and headers: no 5xx and no partial rows", () => {
  quietConsole();

  it("sends at least 2,000 hostile requests", () => {
    const count =
      getCases().length * ROLES.length + headerCases("picture").length * HEADER_ROLES.length;
    expect(count).toBeGreaterThanOrEqual(2000);
  });

  it.each(ROLES)(
    "hostile paths and query strings as a %s",
    async (role) => {
      expect(await run(getCases(), role, stats())).toEqual([]);
    },
    120_000,
  );

  it.each(HEADER_ROLES)(
    "hostile request headers as a %s",
    async (role) => {
      const image = await env.DB.prepare("SELECT image_url FROM images LIMIT 1").first<{
        image_url: string;
      }>();
      expect(await run(headerCases(image!.image_url), role, stats())).toEqual([]);
    },
    120_000,
  );
});
