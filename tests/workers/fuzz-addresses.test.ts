import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getCases, location, quietConsole, run, type FuzzStats } from "./fuzz";

describe("the fuzz suite, addresses and headers: no 5xx and no partial rows", () => {
  quietConsole();
  const stats: FuzzStats = { sent: 0, redirectRefusals: 0 };

  it.each([["visitor"], ["member"], ["admin"]] as const)(
    "hostile paths and query strings as a %s",
    async (role) => {
      expect(await run(getCases(), role, stats)).toEqual([]);
    },
    120_000,
  );

  it.each([["visitor"], ["admin"]] as const)(
    "hostile request headers as a %s",
    async (role) => {
      const image = await env.DB.prepare("SELECT image_url FROM images LIMIT 1").first<{
        image_url: string;
      }>();
      const paths = [
        `/images/${image!.image_url}`,
        "/",
        `/locations/${location.slug}`,
        "/locations.data",
        "/api/manage-users",
        "/auth/v1/.well-known/jwks.json",
      ];
      const values = ["abc", '"unclosed', '"a" "b"', "*, *", "x".repeat(8000), ";;==,,", ""];
      const names = [
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
      const cases = paths.flatMap((path) =>
        names.flatMap((name) =>
          values.map((value) => ({
            label: `${name}: ${value.slice(0, 20)}`,
            method: "GET",
            path,
            headers: { [name]: value },
          })),
        ),
      );
      expect(await run(cases, role, stats)).toEqual([]);
    },
    120_000,
  );

  // Runs last (a file's tests run in order): the suite is only as good as its size.
  it("sent at least 2,000 hostile requests", () => {
    expect(stats.sent).toBeGreaterThanOrEqual(2000);
  });
});
