import { describe, expect, it } from "vitest";
import { siteConfig } from "~/lib/site.server";

describe("the address the site writes its links with", () => {
  const throughAlias = new Request("https://insider-stays.someone.workers.dev/locations");
  const origin = (siteUrl: string) => siteConfig({ SITE_URL: siteUrl } as Env, throughAlias).origin;

  it("is the configured site address, whatever host the request came through", () => {
    expect(origin("https://insiderstays.example")).toBe("https://insiderstays.example");
    expect(origin("https://insiderstays.example/some/path?x=1")).toBe(
      "https://insiderstays.example",
    );
  });

  it.each(["", "insiderstays.example", "javascript:alert(1)", "ftp://files.example"])(
    "is the request's own when SITE_URL is %j: none configured, or no web address",
    (siteUrl) => {
      expect(origin(siteUrl)).toBe("https://insider-stays.someone.workers.dev");
    },
  );
});
