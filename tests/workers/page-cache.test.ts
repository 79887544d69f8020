import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createAppContext } from "~/context";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { servePage } from "~/catalogue/page-cache.server";
import { getPublicLocationDetail } from "~/catalogue/location-reads.server";
import worker from "../../workers/app";
import { signIn } from "./auth-helpers";
import { ORIGIN, request, visibleSeed } from "./helpers";

/*
 * Visitors' public pages come from the edge's cache under the catalogue's version; members' pages
 * (with prices) are never stored and never reach a visitor.
 */

const location = visibleSeed.find((candidate) => candidate.roomTypes.length > 0)!;
const PATH = `/locations/${location.slug}`;
const VISITOR_ONLY = "Sign in to view pricing.";
const MEMBER_ONLY = "Request to book";

/**
 * Once the edge holds the page: the worker stores it after answering (`waitUntil`), so a visit
 * right after the first one's last byte may come before the copy is written.
 */
async function storedAtTheEdge(path: string) {
  await vi.waitFor(
    async () => {
      const visit = await request(path);
      await visit.body?.cancel();
      const cache = visit.headers.get("X-Page-Cache");
      if (cache !== "hit") throw new Error(`${path} is not stored yet (X-Page-Cache: ${cache})`);
    },
    { timeout: 2000, interval: 20 },
  );
}

/** How the stand-in pages below read their addresses: on one day, with two routes. */
const READING = {
  today: "2027-01-15",
  routeIds: new Set(["root", "routes/location-weeks"]),
} as const;

const nonceOf = (response: Response) =>
  response.headers.get("Content-Security-Policy")?.match(/'nonce-([^']+)'/)?.[1];

describe("the edge's copy of a visitor's page", () => {
  it("serves the second visit from the cache, with a fresh nonce", async () => {
    await invalidateLocationCaches(env.CACHE);
    const first = await request(PATH);
    const firstHtml = await first.text();
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(first.headers.get("Vary")).toContain("Cookie");
    await storedAtTheEdge(PATH);

    const second = await request(PATH);
    const secondHtml = await second.text();
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    const nonce = nonceOf(second)!;
    expect(nonce).not.toBe(nonceOf(first));
    expect(secondHtml).not.toContain(nonceOf(first)!);
    expect(second.headers.get("X-Page-Nonce")).toBeNull();
    const nonces = [...secondHtml.matchAll(/<(script|style)[^>]*\snonce="([^"]*)"/g)];
    expect(nonces.some(([, element]) => element === "style")).toBe(true);
    expect(nonces.some(([, element]) => element === "script")).toBe(true);
    expect(new Set(nonces.map(([, , value]) => value))).toEqual(new Set([nonce]));
    const strip = (html: string) => html.replace(/nonce="[^"]*"/g, "");
    expect(strip(secondHtml)).toBe(strip(firstHtml));
    expect(secondHtml).toContain(VISITOR_ONLY);
  });

  it("never stores a member's page, and a visitor after a member sees no price", async () => {
    await invalidateLocationCaches(env.CACHE);
    const member = await request(PATH, { headers: { Cookie: await signIn("user-member") } });
    const memberHtml = await member.text();
    expect(memberHtml).toContain(MEMBER_ONLY);
    expect(member.headers.get("Cache-Control")).toBe("private, no-store");
    expect(member.headers.get("Vary")).toContain("Cookie");
    expect(member.headers.get("X-Page-Cache")).toBeNull();

    for (const path of [PATH, `${PATH}.data`]) {
      const visitor = await request(path);
      const body = await visitor.text();
      expect(visitor.headers.get("X-Page-Cache")).toBe("miss");
      expect(body).not.toContain(MEMBER_ONLY);
      for (const room of location.roomTypes) {
        expect(body).not.toMatch(new RegExp(`"price":\\s*${room.price}\\b`));
      }
    }
    expect(await (await request(PATH)).text()).toContain(VISITOR_ONLY);
  });

  it("does not answer a request that carries any cookie from the cache", async () => {
    await request(PATH);
    const withCookie = await request(PATH, { headers: { Cookie: "theme=dark" } });
    expect(withCookie.headers.get("X-Page-Cache")).toBeNull();
    expect(withCookie.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("shows a change at the next request once the catalogue version moves", async () => {
    const newName = `${location.name} Renamed`;
    await request(PATH);
    await env.DB.prepare("UPDATE locations SET name = ? WHERE id = ?")
      .bind(newName, location.id)
      .run();
    try {
      expect(await (await request(PATH)).text()).not.toContain(newName);
      await invalidateLocationCaches(env.CACHE);
      const fresh = await request(PATH);
      expect(fresh.headers.get("X-Page-Cache")).toBe("miss");
      expect(await fresh.text()).toContain(newName);
    } finally {
      await env.DB.prepare("UPDATE locations SET name = ? WHERE id = ?")
        .bind(location.name, location.id)
        .run();
      await invalidateLocationCaches(env.CACHE);
    }
  });
});

describe("a new build", () => {
  it("never serves a page the previous build cached, whose scripts and styles are gone", async () => {
    const ctx = createExecutionContext();
    const catalogueVersion = () => Promise.resolve("v-build-test");
    const page = (build: string) => () =>
      Promise.resolve(
        new Response(`<script nonce="x" src="/assets/entry-${build}.js"></script>`, {
          headers: { "Content-Type": "text/html" },
        }),
      );
    const serve = (build: string) =>
      servePage(
        new Request(`${ORIGIN}/about`),
        { ctx, nonce: "n", catalogueVersion, workerVersion: build, ...READING },
        page(build),
      );
    expect((await serve("old")).headers.get("X-Page-Cache")).toBe("miss");
    await waitOnExecutionContext(ctx);
    expect((await serve("old")).headers.get("X-Page-Cache")).toBe("hit");
    const afterDeploy = await serve("new");
    expect(afterDeploy.headers.get("X-Page-Cache")).toBe("miss");
    expect(await afterDeploy.text()).toContain("/assets/entry-new.js");
  });
});

describe("a new deploy", () => {
  it("shows on the next page even when it changes no script or style file (a server-only change)", async () => {
    const deployed = (id: string): Env => ({
      ...env,
      CF_VERSION_METADATA: { id, tag: "", timestamp: "2026-11-26T00:00:00Z" },
    });
    const visit = async (versionId: string) => {
      const ctx = createExecutionContext();
      const response = await worker.fetch!(
        new Request(`${ORIGIN}/about`) as Request<unknown, IncomingRequestCfProperties>,
        deployed(versionId),
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return response.headers.get("X-Page-Cache");
    };
    const [before, after] = [crypto.randomUUID(), crypto.randomUUID()];
    expect(await visit(before)).toBe("miss");
    expect(await visit(before)).toBe("hit");
    expect(await visit(after)).toBe("miss");
  });
});

describe("the cache key: the parameters a page reads", () => {
  /** A stand-in page that says which address rendered it, served through the page cache. */
  function server(version: string) {
    const ctx = createExecutionContext();
    const serve = async (path: string) => {
      const response = await servePage(
        new Request(`${ORIGIN}${path}`),
        {
          ctx,
          nonce: "n",
          catalogueVersion: () => Promise.resolve(version),
          workerVersion: "b",
          ...READING,
        },
        () =>
          Promise.resolve(
            new Response(`<p>rendered for ${path}</p>`, {
              headers: { "Content-Type": "text/html" },
            }),
          ),
      );
      await waitOnExecutionContext(ctx);
      return { cache: response.headers.get("X-Page-Cache"), html: await response.text() };
    };
    return serve;
  }

  it("ignores parameters no page reads: served from the plain address's copy, never stored", async () => {
    const serve = server(`v-params-${crypto.randomUUID()}`);
    // Rendered for a parameter no page reads, and not kept: its links would carry it to others.
    expect(await serve("/about?utm_source=mail")).toEqual({
      cache: "miss",
      html: "<p>rendered for /about?utm_source=mail</p>",
    });
    expect((await serve("/about")).cache).toBe("miss");
    for (const junk of ["?x=1", "?x=2", "?utm_source=mail&x=3"]) {
      expect(await serve(`/about${junk}`)).toEqual({
        cache: "hit",
        html: "<p>rendered for /about</p>",
      });
    }
  });

  it("keys the list's filters and page in one order, whatever order the address has", async () => {
    const serve = server(`v-order-${crypto.randomUUID()}`);
    expect((await serve("/locations?country=mexico&q=beach&page=2")).cache).toBe("miss");
    expect((await serve("/locations?page=2&q=beach&country=mexico")).cache).toBe("hit");
    expect((await serve("/locations?q=beach&country=mexico&page=2&ref=x")).cache).toBe("hit");
    // Each value is part of the key; an address that repeats one (no page links so) is rendered
    // for itself alone, outside the cache.
    expect((await serve("/locations?country=united-states&q=beach&page=2")).cache).toBe("miss");
    expect((await serve("/locations?country=mexico&country=peru&q=beach&page=2")).cache).toBeNull();
  });

  it("keys a room's weeks by room and month, and a client navigation by its routes", async () => {
    const serve = server(`v-weeks-${crypto.randomUUID()}`);
    const weeks = `${PATH}/weeks`;
    expect((await serve(`${weeks}?room=r1&month=2027-01`)).cache).toBe("miss");
    expect((await serve(`${weeks}?month=2027-01&room=r1`)).cache).toBe("hit");
    expect((await serve(`${weeks}?room=r1&month=2027-02`)).cache).toBe("miss");
    const data = `${weeks}.data?room=r1&month=2027-01`;
    expect((await serve(`${data}&_routes=root`)).cache).toBe("miss");
    expect((await serve(`${data}&_routes=routes/location-weeks`)).cache).toBe("miss");
    expect((await serve(`${weeks}.data?_routes=root&month=2027-01&room=r1`)).cache).toBe("hit");
    // React Router loads only the routes it knows, once each, whatever the order they are named in.
    expect((await serve(`${data}&_routes=routes/location-weeks,root`)).cache).toBe("miss");
    for (const routes of [
      "root,routes/location-weeks",
      "root,made-up,root,routes/location-weeks",
    ]) {
      expect((await serve(`${data}&_routes=${routes}`)).cache).toBe("hit");
    }
    // Naming none of the app's routes: rendered, never kept.
    expect((await serve(`${data}&_routes=made-up`)).cache).toBeNull();
  });

  it("keys on the values as the pages read them, so typing many addresses makes no more copies", async () => {
    const serve = server(`v-parsed-${crypto.randomUUID()}`);
    expect((await serve("/locations")).cache).toBe("miss");
    // Not a page number, or page 1: the first page.
    for (const page of ["abc", "1", "-2", "0", "2.5", ""]) {
      expect(await serve(`/locations?page=${page}`)).toEqual({
        cache: "hit",
        html: "<p>rendered for /locations</p>",
      });
    }
    // A search is read to its first 100 characters, with a notice: every longer one shares that
    // page, which is not the page of the 100 characters alone (it has no notice).
    const hundred = `beach ${"a".repeat(94)}`;
    expect((await serve(`/locations?q=${hundred}b`)).cache).toBe("miss");
    expect((await serve(`/locations?q=${hundred}${"c".repeat(5000)}`)).cache).toBe("hit");
    expect((await serve(`/locations?q=${hundred}`)).cache).toBe("miss");
    expect((await serve(`/locations?q=%20${hundred}%20`)).cache).toBe("hit");
    // Filters it cannot use are dropped, each kind with its notice.
    expect((await serve("/locations?guests=0")).cache).toBe("miss");
    expect((await serve("/locations?guests=abc")).cache).toBe("hit");
    expect((await serve("/locations?month=2030-01")).cache).toBe("miss");
    expect((await serve("/locations?month=nope")).cache).toBe("hit");
    expect((await serve("/locations?country=MEXICO")).cache).toBe("miss");
    expect((await serve("/locations?country=mexico")).cache).toBe("hit");
    // A room's weeks: a month outside those shown is the nearest shown.
    const weeks = `${PATH}/weeks?room=r1`;
    expect((await serve(`${weeks}&month=2027-01`)).cache).toBe("miss");
    expect((await serve(`${weeks}&month=2020-05`)).cache).toBe("hit");
  });
});

describe("the cached public detail", () => {
  it("makes no D1 query once cached", async () => {
    await invalidateLocationCaches(env.CACHE);
    const ctx = createExecutionContext();
    const app = createAppContext({ env, ctx }, new Request(ORIGIN));
    const first = await getPublicLocationDetail(app, location.slug);
    await waitOnExecutionContext(ctx);
    expect(first?.name).toBe(location.name);
    expect(JSON.stringify(first)).not.toMatch(/"price"|resortFeeCost|parkingCost/);

    const unreachable = new Proxy(env.DB, {
      get() {
        throw new Error("D1 was queried");
      },
    });
    const cached = createAppContext({ env: { ...env, DB: unreachable }, ctx }, new Request(ORIGIN));
    expect(await getPublicLocationDetail(cached, location.slug)).toEqual(first);
  });
});
