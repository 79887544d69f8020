import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { featuredLocations } from "~/catalogue/locations";
import { createUser, signIn } from "./auth-helpers";
import {
  carriesNumber,
  hiddenSeed,
  PRICE_FIELDS,
  request,
  visibleSeed,
  visibleText,
} from "./helpers";

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");

function positions(html: string, names: string[]) {
  return names.map((name) => html.indexOf(escapeHtml(name)));
}

describe("home", () => {
  it("shows the taglines and the featured locations in their order, linked by slug", async () => {
    const response = await request("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Welcome home");
    expect(html).toContain("Luxury stays. Unprecedented prices.");
    expect(html).toContain("Curated destinations at insider rates.");
    expect(html).toContain("Read our story →");
    expect(html).toContain("Featured Locations");
    expect(html).toContain("See all locations");

    const featured = featuredLocations(visibleSeed);
    expect(featured).toHaveLength(7);
    const featuredSection = html.slice(html.indexOf("Featured Locations"));
    const at = positions(
      featuredSection,
      featured.map((location) => location.name),
    );
    expect(at.every((position) => position > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const location of featured) {
      expect(featuredSection).toContain(`href="/locations/${location.slug}"`);
    }
    // The featured location without a display order comes last.
    expect(featured.at(-1)?.displayOrder).toBeNull();
  });

  it("never shows a hidden location", async () => {
    const html = await (await request("/")).text();
    for (const location of hiddenSeed) expect(html).not.toContain(escapeHtml(location.name));
  });
});

describe("locations list", () => {
  /** The rows under All on a page of the list: their names, in order. */
  function allRows(html: string) {
    const section = html.slice(html.indexOf('id="rows-All"'));
    const list = section.slice(0, section.indexOf("</ul>"));
    return [
      ...list.matchAll(/<span class="text-navy-900 block font-serif[^"]*">(.*?)<\/span>/g),
    ].map((match) => match[1]!.replace(/<[^>]+>/g, ""));
  }

  /** How many pages a page of the list says there are. */
  const pageCount = (html: string) => Number(visibleText(html).match(/Page 1 of (\d+)/)?.[1] ?? 1);

  /** The rows under All on every page of the list at `path`, in order. */
  async function everyRow(path: string) {
    const first = await (await request(path)).text();
    const rows = allRows(first);
    for (let page = 2; page <= pageCount(first); page++) {
      const next = `${path}${path.includes("?") ? "&" : "?"}page=${page}`;
      rows.push(...allRows(await (await request(next)).text()));
    }
    return rows;
  }

  it("lists every visible location once under All, 24 a page, with Featured first on the first page", async () => {
    // Read from the database: other files of this worker add locations of their own, straight
    // into D1, so the cached list starts again from it.
    await invalidateLocationCaches(env.CACHE);
    const { visible } = (await env.DB.prepare(
      "SELECT count(*) AS visible FROM locations WHERE hidden = 0",
    ).first<{ visible: number }>())!;
    const pages = Math.ceil(visible / 24);
    expect(pages).toBeGreaterThan(1);
    const seen: string[] = [];
    const shown: Array<{ rows: number; featured: boolean; previous: string | null }> = [];
    for (let page = 1; page <= pages; page++) {
      const response = await request(page === 1 ? "/locations" : `/locations?page=${page}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      const rows = allRows(html);
      seen.push(...rows);
      expect(visibleText(html)).toContain(`Page ${page} of ${pages} · ${visible} locations`);
      shown.push({
        rows: rows.length,
        featured: html.includes('id="rows-Featured"'),
        previous: html.match(/<a[^>]*rel="prev"[^>]*href="([^"]*)"/)?.[1] ?? null,
      });
    }
    expect(shown).toEqual(
      shown.map((_, index) => ({
        rows: index < pages - 1 ? 24 : visible - 24 * (pages - 1),
        featured: index === 0,
        previous:
          index === 0 ? null : index === 1 ? "/locations#list" : `/locations?page=${index}#list`,
      })),
    );
    const first = await (await request("/locations")).text();
    expect(first.indexOf('id="rows-Featured"')).toBeLessThan(first.indexOf('id="rows-All"'));
    expect(seen).toHaveLength(visible);
    expect(new Set(seen).size).toBe(visible);
    expect(seen).toEqual(
      [...seen].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })),
    );
    for (const location of visibleSeed) expect(seen).toContain(escapeHtml(location.name));
    for (const location of hiddenSeed) expect(seen).not.toContain(escapeHtml(location.name));
  });

  it("shows the last page for a page past it and the first for one that is not a number, never a 5xx", async () => {
    const pages = pageCount(await (await request("/locations")).text());
    const lastRows = allRows(await (await request(`/locations?page=${pages}`)).text());
    for (const page of ["999", "999999", "99999999999999999999", "9".repeat(400)]) {
      const response = await request(`/locations?page=${page}`);
      expect(response.status).toBe(200);
      expect(allRows(await response.text())).toEqual(lastRows);
    }
    const first = allRows(await (await request("/locations")).text());
    for (const page of ["0", "-1", "abc", "1.5", "2e3", ""]) {
      const response = await request(`/locations?page=${encodeURIComponent(page)}`);
      expect(response.status).toBe(200);
      expect(allRows(await response.text())).toEqual(first);
    }
  });

  it("starts a new filter at the first page: the filter form sends no page", async () => {
    const html = await (await request("/locations?page=2")).text();
    const form = html.slice(html.indexOf("<form"), html.indexOf("</form>"));
    expect(form).toContain('name="q"');
    expect(form).not.toContain('name="page"');
  });

  it("filters by country, state and island, with the Island label for Hawaii", async () => {
    const path = "/locations?country=united-states&state=hawaii";
    const html = await (await request(path)).text();
    expect(html).toContain(">Island<");
    expect(html).toContain("Clear all filters");
    // Other files of this worker add Hawaii resorts of their own: every page of the result.
    const rows = await everyRow(path);
    const hawaii = visibleSeed.filter((location) => location.state === "Hawaii");
    const others = visibleSeed.filter((location) => location.state !== "Hawaii");
    for (const location of hawaii) expect(rows).toContain(escapeHtml(location.name));
    for (const location of others) expect(rows).not.toContain(escapeHtml(location.name));
  });

  it("counts what it finds, and says how many of them the Featured rows repeat", async () => {
    // Read from the database: other files of this worker may have featured or hidden some.
    const { found, featured } = (await env.DB.prepare(
      "SELECT count(*) AS found, sum(featured) AS featured FROM locations WHERE hidden = 0 AND state = 'Hawaii'",
    ).first<{ found: number; featured: number }>())!;
    expect(featured).toBeGreaterThan(0);
    const html = await (await request("/locations?country=united-states&state=hawaii")).text();
    expect(html).toContain(`${found} locations found, ${featured} of them also under Featured`);
  });

  it("says at the top how many locations the whole list has, on every page", async () => {
    const { total, featured } = (await env.DB.prepare(
      "SELECT count(*) AS total, sum(featured) AS featured FROM locations WHERE hidden = 0",
    ).first<{ total: number; featured: number }>())!;
    const countLine = (html: string) => /<p id="list"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];
    const first = await (await request("/locations")).text();
    expect(countLine(first)).toBe(`${total} locations, ${featured} of them also under Featured`);
    // The Featured rows are on the first page only.
    const second = await (await request("/locations?page=2")).text();
    expect(countLine(second)).toBe(`${total} locations`);
  });

  it("shows the empty text when nothing matches", async () => {
    const html = await (await request("/locations?country=atlantis")).text();
    expect(html).toContain("No locations found with the selected filters.");
    expect(html).toContain("View all locations");
  });

  it("applies the clearing rules to a form posted without JavaScript", async () => {
    const changedCountry = await request(
      "/locations?prevCountry=united-states&prevState=hawaii&country=mexico&state=hawaii&city=maui",
      { redirect: "manual" },
    );
    expect(changedCountry.status).toBe(302);
    expect(changedCountry.headers.get("Location")).toBe("/locations?country=mexico");

    const changedState = await request(
      "/locations?prevCountry=united-states&prevState=hawaii&country=united-states&state=colorado&city=maui",
      { redirect: "manual" },
    );
    expect(changedState.headers.get("Location")).toBe(
      "/locations?country=united-states&state=colorado",
    );
  });

  it("any other path shows the list with status 404", async () => {
    const response = await request("/no/such/page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('id="rows-All"');
    expect(html).toContain('href="/locations?page=2#list"');
  });
});

describe("location detail", () => {
  const location = visibleSeed.find((candidate) => candidate.minimumNights === 3)!;

  it("shows the location, its rooms sorted, and the sign-in prompt instead of prices", async () => {
    const response = await request(`/locations/${location.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(escapeHtml(location.name));
    expect(html).toContain("Room Options");
    expect(html).toContain("Sign in to view pricing.");
    expect(html).toContain("We may accommodate stays as short as 3 nights. Contact us for info.");
    const rooms = positions(
      html,
      location.roomTypes.map((room) => room.name),
    );
    expect([...rooms].sort((a, b) => a - b)).toEqual(rooms);
    expect(html).toContain('"@type":"LodgingBusiness"');
    expect(html).toContain('rel="canonical"');
    expect(html).toContain('property="og:image"');
  });

  it("is found by id as well as slug", async () => {
    const response = await request(`/locations/${location.id}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(escapeHtml(location.name));
  });

  it("says 'Location not found' with 404 for an unknown or hidden location", async () => {
    for (const key of ["no-such-resort", hiddenSeed[0]!.slug, hiddenSeed[0]!.id]) {
      const response = await request(`/locations/${key}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("Location not found");
      expect(html).not.toContain(escapeHtml(hiddenSeed[0]!.name));
    }
  });

  it("never sends a price to a visitor, in the HTML or the loader data", async () => {
    for (const candidate of visibleSeed) {
      for (const path of [`/locations/${candidate.slug}`, `/locations/${candidate.slug}.data`]) {
        const body = await (await request(path)).text();
        for (const field of PRICE_FIELDS) expect(body).not.toContain(`"${field}"`);
        expect(body).not.toMatch(/\$\s?\d/);
        const prices = candidate.roomTypes.map((room) => room.price).filter((price) => price > 0);
        for (const price of prices) expect(carriesNumber(body, price)).toBe(false);
      }
    }
  });
});

describe("an admin previews a hidden location", () => {
  const hidden = hiddenSeed[0]!;

  it("shows it to an admin with a banner that only admins see it, never stored or indexed", async () => {
    const admin = await createUser("admin");
    for (const key of [hidden.slug, hidden.id]) {
      const response = await request(`/locations/${key}`, {
        headers: { Cookie: await signIn(admin.id) },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
      const html = visibleText(await response.text());
      expect(html).toContain(hidden.name);
      expect(html).toContain("Hidden location: admin preview.");
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).not.toContain("application/ld+json");
    }
  });

  it("is still 'Location not found' for a member, and visible pages carry no banner", async () => {
    const member = await createUser("member");
    const cookie = await signIn(member.id);
    const response = await request(`/locations/${hidden.slug}`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(escapeHtml(hidden.name));

    const admin = await createUser("admin");
    const visible = await request(`/locations/${visibleSeed[0]!.slug}`, {
      headers: { Cookie: await signIn(admin.id) },
    });
    expect(visibleText(await visible.text())).not.toContain("Hidden location: admin preview.");
  });
});

describe("public loaders never return hidden locations", () => {
  it.each(["/", "/locations", "/locations.data", "/_root.data", "/sitemap.xml"])(
    "%s",
    async (path) => {
      const body = await (await request(path)).text();
      for (const location of hiddenSeed) {
        expect(body).not.toContain(location.id);
        expect(body).not.toContain(location.slug);
      }
    },
  );
});

describe("hostile or odd input never gives a 5xx", () => {
  const longSlug = "a".repeat(5000);
  // No such location, picture or page: 404. A filter the list cannot use is left out: 200.
  it.each([
    ["/locations/%00", 404],
    ["/locations/..%2F..%2Fetc%2Fpasswd", 404],
    ["/locations/../../etc/passwd", 404],
    ["/locations/{long}", 404],
    ["/locations/%3Cscript%3Ealert(1)%3C%2Fscript%3E", 404],
    ["/locations/'%20OR%201=1--", 404],
    ["/locations/%E2%80%AE", 404],
    ["/locations/%ZZ", 404],
    ["/locations?country=%00&state=%3Cscript%3E", 200],
    ["/locations?country={long}", 200],
    ["/locations?country=united-states&state=hawaii&city=%27%22", 200],
    ["/locations?country[]=x&country[]=y", 200],
    ["/?restore=%00", 200],
    ["/images/%00", 404],
    ["/images/..%2F..%2Fsecret", 404],
    ["/images/{long}", 404],
    ["/%00", 404],
    ["/<script>", 404],
  ])("%s answers %i", async (path, status) => {
    const response = await request(path.replace("{long}", longSlug));
    expect(response.status).toBe(status);
    const html = await response.text();
    expect(html).not.toContain("<script>alert(1)");
  });
});

describe("images", () => {
  it("serves an R2 object with its type and an immutable cache", async () => {
    const image = await env.DB.prepare(
      "SELECT image_url FROM images WHERE room_type_id IS NULL LIMIT 1",
    ).first<{ image_url: string }>();
    const response = await request(`/images/${image!.image_url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toContain("<svg");
  });

  it("answers a repeat visit's If-None-Match with 304, and ignores conditions it cannot read", async () => {
    const image = await env.DB.prepare(
      "SELECT image_url FROM images WHERE room_type_id IS NULL LIMIT 1",
    ).first<{ image_url: string }>();
    const path = `/images/${image!.image_url}`;
    const etag = (await request(path)).headers.get("ETag")!;
    expect((await request(path, { headers: { "If-None-Match": etag } })).status).toBe(304);
    expect((await request(path, { headers: { "If-None-Match": `"other", ${etag}` } })).status).toBe(
      304,
    );
    for (const [name, value] of [
      ["If-None-Match", "abc"],
      ["If-None-Match", '"unclosed'],
      ["If-None-Match", '"a" "b"'],
      ["If-Match", "abc"],
      ["If-Match", '"not-this-one"'],
      ["If-Modified-Since", "yesterday"],
      ["If-Unmodified-Since", "Thu, 01 Jan 1970 00:00:00 GMT"],
      ["Range", "bytes=abc"],
    ] as const) {
      const response = await request(path, { headers: { [name]: value } });
      expect(response.status, `${name}: ${value}`).toBe(200);
      expect(await response.text()).toContain("<svg");
    }
  });

  it("answers 404 for a missing key", async () => {
    const response = await request("/images/loc-none/123_missing.png");
    expect(response.status).toBe(404);
  });
});

describe("shared links", () => {
  it("describe their picture in words, on the home page and a location page", async () => {
    for (const path of ["/", `/locations/${visibleSeed[0]!.slug}`]) {
      const html = await (await request(path)).text();
      expect(html).toMatch(/property="og:image" content="http[^"]+"/);
      expect(html).toMatch(/property="og:image:alt" content="[^"]{10,}"/);
      expect(html).toMatch(/name="twitter:image:alt" content="[^"]{10,}"/);
    }
  });
});

describe("search engines", () => {
  it("lists visible locations in the sitemap and points robots to it", async () => {
    const sitemap = await (await request("/sitemap.xml")).text();
    for (const location of visibleSeed) {
      expect(sitemap).toContain(`http://localhost/locations/${location.slug}</loc>`);
    }
    const robots = await (await request("/robots.txt")).text();
    expect(robots).toContain("Sitemap: http://localhost/sitemap.xml");
  });

  it.each([
    ["/", "Luxury stays. Unprecedented prices."],
    ["/locations", "Locations"],
    ["/about", "Our story"],
    ["/nonprofits", "Nonprofits"],
    ["/privacy-policy", "Privacy Policy"],
    ["/terms-of-service", "Terms of Service"],
  ])("%s has a title, description and canonical URL", async (path, title) => {
    const html = await (await request(path)).text();
    expect(html).toContain(`<title>${title}`);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html).toContain(`<link rel="canonical" href="http://localhost${path}"`);
    expect(html).toContain('property="og:title"');
  });

  it("a later page of the list is its own canonical page (its locations are not page 1's); a search or filter is the list's", async () => {
    const canonical = async (path: string) =>
      (await (await request(path)).text()).match(/<link rel="canonical" href="([^"]*)"/)?.[1];
    expect(await canonical("/locations?page=2")).toBe("http://localhost/locations?page=2");
    expect(await canonical("/locations?page=1")).toBe("http://localhost/locations");
    // Past the last page the last is shown, and named (other files' locations share this list).
    const last = (await canonical("/locations?page=999"))?.match(/\?page=(\d+)$/)?.[1];
    expect(Number(last)).toBeGreaterThanOrEqual(2);
    expect(Number(last)).toBeLessThan(999);
    expect(await canonical("/locations?q=beach")).toBe("http://localhost/locations");
  });
});
