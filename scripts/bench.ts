/**
 * Benchmark of the app as it is deployed (not part of `npm test`): it builds the current code into
 * build-bench/, prepares its own seeded state (.wrangler/bench-x1) and serves it in workerd
 * (scripts/serve-build.ts), then prints for each page, as a visitor whose page comes from the page
 * cache, a visitor whose page is rendered (any cookie skips the shared cache), a member and an
 * admin:
 *   - its HTML as the Worker sends it (uncompressed: the edge compresses it outside the Worker),
 *     raw and gzipped here, and the median time of BENCH_SAMPLES requests one at a time
 *     (default 15, after 3 not counted; the month search's at least 60, its p95 read from them);
 *     each answer's X-Page-Cache header is checked, so a cached row is only ever hits and a
 *     rendered row never one;
 *   - the D1 round trips of one render with the cached lists warm (counted through /dev/d1-queries,
 *     after the background cache writes of the requests before it have settled), and cold: the
 *     page first on a fresh server and a fresh copy of the state (empty caches);
 *   - the JavaScript and the render-blocking CSS the audited pages (below) load first (gzip);
 *   - a burst: BURST_CONCURRENCY requests at a time for BURST_SECONDS over the list, a location
 *     page and /book with one of its open weeks, as a member (every page rendered, as a crowd of
 *     members' would be): requests, failures, requests a second, p50 and p99. Any failure fails
 *     the run: `vite preview`'s proxy failed under such load (a 500 that answered on a second try).
 * Options:
 *   --scale N     also serves a catalogue N times the seed's (.wrangler/bench-xN, made by
 *                 `npm run seed -- --scale N`) beside it, takes each page's samples from both in
 *                 turn (so the machine's ups and downs fall on both alike), and prints each page's
 *                 growth in gzip bytes and time, marking what grows more than 1.5 times (the
 *                 sitemap lists every location: it grows by design)
 *   --lighthouse  also runs Lighthouse (mobile, its default simulated throttling) on a legal page
 *                 (the floor: the shell every page pays), the home page, the list and a location
 *                 page at each scale, through a local proxy that answers like the edge (HTTPS,
 *                 HTTP/2, brotli or gzip), with the Chromium at CHROMIUM_PATH, else the one npm
 *                 installs (scripts/chromium.ts). Needs the `lighthouse` package: in node_modules,
 *                 or in LIGHTHOUSE_DIR (a folder where it is installed). Each page runs
 *                 LIGHTHOUSE_RUNS times (default 3): on this machine every file arrives at once, so
 *                 whether the scripts finish before the first paint varies from run to run, and
 *                 with it Lighthouse's simulation of a slow phone. The row is the median run
 *                 (Lighthouse's own choice), then every run's score. Each report is saved in
 *                 .wrangler/lighthouse/<page>-x<scale>-<run>.json. One run before them is not
 *                 counted: a fresh Chromium's first page does the browser's own start-up work on
 *                 the main thread, which Lighthouse scales as if the page did it.
 *   --serve       only starts the server (at the --scale given, else 1) and the edge-like proxy
 *                 (https://localhost on port BENCH_PORT + 1, a self-signed certificate) and waits,
 *                 to look at the pages as the edge serves them.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createSecureServer, type Http2SecureServer } from "node:http2";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { generate as generateCertificate } from "selfsigned";
import { constants, createBrotliCompress, createGzip, gzipSync } from "node:zlib";
import { chromiumPath } from "./chromium.ts";
import {
  SESSION_MS,
  sessionCookie as localSessionCookie,
  storeSessions,
  type LocalAccount,
} from "./local-sessions.ts";
// Sessions are signed with the local key, made on first run.
import "./dev-vars.ts";

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const PROXY_PORT = PORT + 1;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);
/**
 * The month search's samples: its p95 is read from them, and the 95th percentile of 15 is their
 * slowest, one pause of the machine's.
 */
const P95_SAMPLES = Math.max(SAMPLES, 60);
const WARM_UP = 3;
const BUILD_DIR = "build-bench";
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Growth past this, from the seed to the larger catalogue, is marked. */
const GROWTH_LIMIT = 1.5;
/** The month search's warm p95 target on this machine (ms), and the home page's JavaScript (KB). */
const MONTH_SEARCH_P95_MS = 50;
const HOME_JS_KB = 120;
const BURST_CONCURRENCY = 16;
const BURST_SECONDS = 20;
/** Alerts of one month told of one opening, at the largest scale. */
const ALERTS = 10_000;
/** A month three ahead of today: every resort has open weeks in it. */
const MONTH = (() => {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 3);
  return date.toISOString().slice(0, 7);
})();

const { values: options } = parseArgs({
  options: {
    scale: { type: "string" },
    lighthouse: { type: "boolean", default: false },
    serve: { type: "boolean", default: false },
  },
});
const larger = options.scale === undefined ? null : Number(options.scale);
if (larger !== null && !(Number.isInteger(larger) && larger >= 2 && larger <= 100)) {
  throw new Error(`--scale takes a whole number from 2 to 100 (not ${options.scale}).`);
}
const scales = larger === null ? [1] : [1, larger];

type Who = "cached" | "visitor" | "member" | "admin";
/** How each kind of request is made, and what its X-Page-Cache header must say. */
const WHO: Record<Who, { label: string; pageCache: string | null }> = {
  cached: { label: "visitor, cached", pageCache: "hit" },
  visitor: { label: "visitor", pageCache: null },
  member: { label: "member", pageCache: null },
  admin: { label: "admin", pageCache: null },
};
const ACCOUNTS = {
  member: { email: "bench-member@example.com", role: "member" },
  admin: { email: "bench-admin@example.com", role: "admin" },
} satisfies Record<string, LocalAccount>;

const LOCATION = { id: "loc-casa-marena-cabo", slug: "casa-marena-cabo" };
const PAGES: Array<{ who: Who; path: string; growsWithCatalogue?: true }> = [
  // The floor: a route that reads nothing, through the same worker.
  { who: "visitor", path: "/robots.txt" },
  { who: "cached", path: "/" },
  { who: "cached", path: "/locations" },
  { who: "cached", path: "/locations?q=beach" },
  { who: "cached", path: `/locations/${LOCATION.slug}` },
  { who: "visitor", path: "/" },
  { who: "visitor", path: "/locations" },
  { who: "visitor", path: "/locations?q=beach" },
  { who: "visitor", path: "/locations?country=united-states&guests=6" },
  // The month search: every resort with an open week that month, and a narrower one.
  { who: "cached", path: `/locations?month=${MONTH}` },
  { who: "visitor", path: `/locations?month=${MONTH}` },
  { who: "visitor", path: `/locations?month=${MONTH}&country=united-states&guests=6` },
  { who: "member", path: `/locations?month=${MONTH}&maxPrice=3000` },
  { who: "visitor", path: `/locations/${LOCATION.slug}` },
  { who: "member", path: "/locations" },
  { who: "member", path: "/locations?q=beach" },
  { who: "member", path: "/locations?maxPrice=3000" },
  { who: "member", path: `/locations/${LOCATION.slug}` },
  { who: "member", path: `/book?location=${LOCATION.slug}` },
  { who: "member", path: "/members" },
  { who: "admin", path: "/admin" },
  { who: "admin", path: `/admin?location=${LOCATION.id}` },
  { who: "admin", path: "/admin/overview" },
  // The same two resorts at every scale (the copies are never featured): the search's own cost.
  // A search the copies match too fills the page (6 rows at 1×, 50 at 40×), which measures the
  // page's size, as the row above does.
  { who: "admin", path: "/admin/overview?q=beach&status=featured" },
  { who: "admin", path: "/admin/requests" },
  // Every room's weeks: the first ten resorts, a quarter of weeks. Then a month found by a
  // resort's name with a state filter: one resort at 1×, and at 40× its 39 copies too (named after
  // it), a full page of ten, so that row's growth is mostly the page's.
  { who: "admin", path: `/admin/calendar?from=${MONTH}&span=quarter` },
  { who: "admin", path: `/admin/calendar?from=${MONTH}&q=casa+marena&weeks=open` },
  // Demand (seedDemand: requests at every resort, so 40 times as many at 40×): the page's
  // figures are by month and place and its top list 20 long; the spreadsheet has a row per
  // resort-month asked for, so it grows by design.
  { who: "admin", path: "/admin/demand" },
  { who: "admin", path: "/admin/demand.csv", growsWithCatalogue: true },
  { who: "visitor", path: "/sitemap.xml", growsWithCatalogue: true },
];
/**
 * The pages Lighthouse audits, and whose first-load scripts and styles are weighed. The first is
 * the floor: plain text in the site's shell (header, footer, stylesheet, the router's scripts),
 * which every page pays before its own content.
 */
const AUDITED = [
  ["shell", "/privacy-policy"],
  ["home", "/"],
  ["locations", "/locations"],
  ["location", `/locations/${LOCATION.slug}`],
] as const;

const built = spawnSync("react-router", ["build"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, BUILD_DIR },
});
if (built.status !== 0) throw new Error("the build failed");
// Stopped by Ctrl-C or `kill`, the script still exits through its exit handlers, which stop the
// servers it started: without them a signal ended it and left them serving.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));

if (options.serve) {
  const dir = await prepareState(larger ?? 1);
  const server = startServer(dir, PORT);
  await waitForServer(PORT, server);
  await startProxy(PORT);
  console.log(
    `The app on http://localhost:${PORT}, compressed as the edge serves it on https://localhost:${PROXY_PORT} (a self-signed certificate)`,
  );
  // Serves until stopped: the exit handler stops the server.
  await new Promise<never>(() => {});
}

const cookies = {
  cached: null,
  // Any cookie keeps a page out of the shared cache: a visitor left with one renders each page.
  visitor: "bench-visitor=1",
  member: await sessionCookie(ACCOUNTS.member),
  admin: await sessionCookie(ACCOUNTS.admin),
} satisfies Record<Who, string | null>;

// Each scale on a server of its own (the edge-like proxy takes the port after the first), all
// measured side by side: a page's samples alternate between them, so the machine's ups and downs
// fall on every scale alike.
const ports = scales.map((_, index) => (index === 0 ? PORT : PORT + 1 + index));
const dirs: string[] = [];
for (const scale of scales) dirs.push(await prepareState(scale));
// The largest scale's alerts: inserted before its server starts, then one week of their month opens.
const alertsSeeded = seedAlerts(dirs.at(-1)!);
const cold = await coldQueries(dirs[0]!);
const locationCounts = await Promise.all(dirs.map((dir) => countLocations(dir)));
const BOOKING = await bookingPage(dirs[0]!);
const BURST_PAGES = ["/locations", `/locations/${LOCATION.slug}`, BOOKING.path];
const servers = dirs.map((dir, index) => startServer(dir, ports[index]!));
const results: PageResult[][] = scales.map(() => []);
let burst: Burst | undefined;
try {
  await Promise.all(ports.map((port, index) => waitForServer(port, servers[index]!)));
  for (const page of PAGES) {
    const measured = await measurePage(page);
    measured.forEach((result, index) =>
      results[index]!.push({ ...result, cold: index === 0 ? (cold.get(page) ?? null) : null }),
    );
  }
  burst = await measureBurst();
  await printWeights();
  await printQueryPlans();
  await printAlertRuns();
  if (options.lighthouse) {
    for (const [index, scale] of scales.entries()) {
      const proxy = await startProxy(ports[index]!);
      try {
        await lighthouse(scale);
      } finally {
        proxy.close();
      }
    }
  }
} finally {
  await Promise.all(servers.map((server) => stop(server)));
}
printPages();
printMonthSearch();
printBurst(burst!);

interface PageResult {
  raw: number;
  gzip: number;
  ms: number;
  p95: number;
  queries: number;
  cold: number | null;
}

interface Burst {
  requests: number;
  failed: number;
  firstFailure: string | null;
  perSecond: number;
  p50: number;
  p99: number;
}

/** A fresh state at `scale`: the seed (its pictures come from the cache), scaled, and the sessions. */
async function prepareState(scale: number) {
  const dir = `.wrangler/bench-x${scale}`;
  rmSync(dir, { recursive: true, force: true });
  const prepared = spawnSync(
    "node",
    ["scripts/prepare-local.ts", ...(scale > 1 ? ["--scale", String(scale)] : [])],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, PERSIST_DIR: dir } },
  );
  if (prepared.status !== 0) throw new Error(`could not prepare the state at scale ${scale}`);
  await storeSessions(
    dir,
    Object.values(ACCOUNTS).map((account) => ({ account, names: ["bench"] })),
  );
  await seedDemand(dir);
  return dir;
}

/**
 * Demand for /admin/demand in proportion to the catalogue: six requests and waitlist places at
 * every resort (in each state that counts), over three months ahead, none holding a week; and
 * members' empty searches in every place of the catalogue. (The largest scale's ALERTS alerts
 * count too.)
 */
async function seedDemand(dir: string) {
  // A resort's requests: one in each state that counts.
  const statuses = [
    ["declined", 0],
    ["paid", 0],
    ["lapsed", 0],
    ["new", 0],
    ["passed", 1],
    ["closed", 1],
  ] as const;
  const { DatabaseSync } = await import("node:sqlite");
  const sqlite = new DatabaseSync(d1File(dir));
  const monthAhead = (months: number) => {
    const date = new Date();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + months);
    return date.toISOString().slice(0, 7);
  };
  try {
    sqlite.exec("BEGIN");
    const resorts = sqlite
      .prepare("SELECT id, name, city, state, country FROM locations ORDER BY id")
      .all() as Array<{
      id: string;
      name: string;
      city: string | null;
      state: string | null;
      country: string;
    }>;
    const request = sqlite.prepare(
      `INSERT INTO booking_requests (id, idempotency_key, status, first_name, last_name, email,
        phone, check_in_date, check_out_date, adults, location_id, location_name, location_city,
        location_state, location_country, room_type_id, room_type_name, waitlist)
      VALUES (?1, ?1, ?2, 'Bea', 'Bench', 'bench-demand@example.com', '+1 555 0100', ?3, ?4, 2,
        ?5, ?6, ?7, ?8, ?9, ?5 || '-room', 'Suite', ?10)`,
    );
    for (const [index, resort] of resorts.entries()) {
      for (const [step, [status, waitlist]] of statuses.entries()) {
        const month = monthAhead(2 + ((index + step) % 3));
        request.run(
          `bench-demand-${resort.id}-${step}`,
          status,
          `${month}-15`,
          `${month}-22`,
          resort.id,
          resort.name,
          resort.city,
          resort.state,
          resort.country,
          waitlist,
        );
      }
    }
    sqlite
      .prepare(
        `INSERT INTO empty_month_searches (month, country, state, city, guests, searches)
        SELECT ?, country, CASE WHEN country = 'United States' THEN coalesce(state, '') ELSE '' END,
          coalesce(city, ''), 8, count(*)
        FROM locations GROUP BY 2, 3, 4`,
      )
      .run(monthAhead(4));
    sqlite.exec("COMMIT");
  } finally {
    sqlite.close();
  }
}

async function sessionCookie(account: LocalAccount) {
  return (await localSessionCookie(account, "bench", new Date(Date.now() + SESSION_MS))).header;
}

async function countLocations(dir: string) {
  const { DatabaseSync } = await import("node:sqlite");
  const folder = `${dir}/v3/d1/miniflare-D1DatabaseObject`;
  const file = readdirSync(folder).find((name) => /^(?!metadata).*\.sqlite$/.test(name))!;
  const sqlite = new DatabaseSync(`${folder}/${file}`, { readOnly: true });
  try {
    return (sqlite.prepare("SELECT count(*) AS count FROM locations").get() as { count: number })
      .count;
  } finally {
    sqlite.close();
  }
}

/** /book for LOCATION's first open week of MONTH: the booking form with that week's quote. */
async function bookingPage(dir: string) {
  const { DatabaseSync } = await import("node:sqlite");
  const sqlite = new DatabaseSync(d1File(dir), { readOnly: true });
  try {
    const week = sqlite
      .prepare(
        `SELECT w.room_type_id AS roomType, w.check_in AS checkIn FROM weeks w
         JOIN room_types r ON r.id = w.room_type_id
         WHERE r.location_id = ? AND w.state = 'open' AND w.check_in LIKE ? ORDER BY w.check_in LIMIT 1`,
      )
      .get(LOCATION.id, `${MONTH}-%`) as { roomType: string; checkIn: string } | undefined;
    if (!week) throw new Error(`${LOCATION.slug} has no open week in ${MONTH}`);
    const query = { location: LOCATION.slug, roomType: week.roomType, week: week.checkIn };
    return { path: `/book?${new URLSearchParams(query)}`, checkIn: week.checkIn };
  } finally {
    sqlite.close();
  }
}

function startServer(persistDir: string, port: number) {
  const server = spawn(
    "node",
    [
      "scripts/serve-build.ts",
      "--build",
      BUILD_DIR,
      "--persist",
      persistDir,
      "--port",
      String(port),
    ],
    { stdio: "ignore" },
  );
  // Never left behind: a server outliving a failed run would answer the next run's requests from
  // a state that run has deleted.
  const kill = () => server.kill();
  process.once("exit", kill);
  server.once("exit", () => process.off("exit", kill));
  return server;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill();
  await exited;
}

/** Waits for `server` to answer on `port`; fails if it stops first (another holds the port). */
async function waitForServer(port: number, server: ChildProcess) {
  for (let attempt = 0; attempt < 120; attempt++) {
    if (server.exitCode !== null)
      throw new Error(`the server for port ${port} stopped: is the port taken?`);
    try {
      if ((await fetch(`http://localhost:${port}/robots.txt`)).ok) return;
    } catch {}
    await sleep(500);
  }
  throw new Error("the server did not start");
}

/**
 * A page as the Worker sends it. Uncompressed: Cloudflare's edge compresses a Worker's responses
 * outside it, and Miniflare's entry worker does that here, in the same process, for a client that
 * accepts gzip (about a tenth of a 240 KB page's time): its gzip is measured apart (gzipSync).
 */
async function get(port: number, path: string, who: Who) {
  const cookie = cookies[who];
  const started = performance.now();
  const response = await fetch(`http://localhost:${port}${path}`, {
    headers: { "accept-encoding": "identity", ...(cookie && { cookie }) },
    redirect: "manual",
  });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path} as ${who}: HTTP ${response.status}`);
  return { body, ms, pageCache: response.headers.get("X-Page-Cache") };
}

async function d1Calls(port: number) {
  const response = await fetch(`http://localhost:${port}/dev/d1-queries`);
  return ((await response.json()) as { d1Calls: number }).d1Calls;
}

/** The D1 round trips of one request for `path`. */
async function countQueries(port: number, path: string, who: Who) {
  const before = await d1Calls(port);
  await get(port, path, who);
  return (await d1Calls(port)) - before;
}

/**
 * Once the background writes of the requests before have settled (the cached lists, the page
 * cache), a page's D1 round trips are the same from one request to the next.
 */
async function settledQueries(port: number, path: string, who: Who) {
  let last = await countQueries(port, path, who);
  for (let attempt = 0; attempt < 20; attempt++) {
    await sleep(100);
    const now = await countQueries(port, path, who);
    if (now === last) return now;
    last = now;
  }
  throw new Error(`${path} as ${who}: its D1 round trips never settled`);
}

function isMonthSearch(path: string) {
  return path.includes("month=");
}

/** A page on every scale's server: its samples taken in turn, one from each. */
async function measurePage({ who, path }: (typeof PAGES)[number]) {
  const times = ports.map((): number[] => []);
  const bodies = ports.map(() => Buffer.alloc(0));
  const queries: number[] = [];
  for (const port of ports) {
    for (let warm = 0; warm < WARM_UP; warm++) await get(port, path, who);
    queries.push(await settledQueries(port, path, who));
  }
  const samples = isMonthSearch(path) ? P95_SAMPLES : SAMPLES;
  for (let sample = 0; sample < samples; sample++) {
    for (const [index, port] of ports.entries()) {
      const answer = await get(port, path, who);
      if (answer.pageCache !== WHO[who].pageCache) {
        throw new Error(`${path} as ${who}: X-Page-Cache ${answer.pageCache}`);
      }
      times[index]!.push(answer.ms);
      bodies[index] = answer.body;
    }
  }
  return ports.map((_, index) => {
    const sorted = times[index]!.toSorted((a, b) => a - b);
    return {
      raw: bodies[index]!.length / 1024,
      gzip: gzipSync(bodies[index]!).length / 1024,
      ms: sorted[Math.floor(sorted.length / 2)]!,
      p95: sorted[Math.ceil(sorted.length * 0.95) - 1]!,
      queries: queries[index]!,
    };
  });
}

/**
 * BURST_CONCURRENCY members' requests at a time on the first scale's server for BURST_SECONDS,
 * each one the next of BURST_PAGES: a request that fails is counted, never retried.
 */
async function measureBurst(): Promise<Burst> {
  // The form quotes the week (a week it cannot offer renders a shorter page of other weeks).
  const booking = (await get(PORT, BOOKING.path, "member")).body.toString();
  if (!booking.includes(`name="checkInDate" value="${BOOKING.checkIn}"`)) {
    throw new Error(`${BOOKING.path} as member: the form does not offer the week`);
  }
  const times: number[] = [];
  let failed = 0;
  let firstFailure: string | null = null;
  let next = 0;
  const started = performance.now();
  const ends = started + BURST_SECONDS * 1000;
  const member = async () => {
    while (performance.now() < ends) {
      const path = BURST_PAGES[next++ % BURST_PAGES.length]!;
      try {
        times.push((await get(PORT, path, "member")).ms);
      } catch (error) {
        failed++;
        firstFailure ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: BURST_CONCURRENCY }, member));
  const seconds = (performance.now() - started) / 1000;
  const sorted = times.toSorted((a, b) => a - b);
  return {
    requests: times.length + failed,
    failed,
    firstFailure,
    perSecond: (times.length + failed) / seconds,
    p50: sorted[Math.floor(sorted.length / 2)] ?? 0,
    p99: sorted[Math.ceil(sorted.length * 0.99) - 1] ?? 0,
  };
}

/** Each page's D1 round trips first on a fresh server and a fresh copy of the state. */
async function coldQueries(dir: string) {
  const coldDir = `${dir}-cold`;
  const counts = new Map<(typeof PAGES)[number], number>();
  for (const page of PAGES) {
    rmSync(coldDir, { recursive: true, force: true });
    cpSync(dir, coldDir, { recursive: true });
    // Without the KV lists and the Cache API entries the sessions' step may have left.
    for (const store of ["kv", "cache"])
      rmSync(`${coldDir}/v3/${store}`, { recursive: true, force: true });
    const server = startServer(coldDir, PORT);
    try {
      await waitForServer(PORT, server);
      await d1Calls(PORT);
      counts.set(
        page,
        await countQueries(PORT, page.path, page.who === "cached" ? "visitor" : page.who),
      );
    } finally {
      await stop(server);
    }
  }
  rmSync(coldDir, { recursive: true, force: true });
  return counts;
}

function printPages() {
  const columns = (result: PageResult | undefined) =>
    result
      ? [
          result.raw.toFixed(1).padStart(8),
          result.gzip.toFixed(1).padStart(8),
          result.ms.toFixed(1).padStart(7),
          String(result.queries).padStart(4),
        ].join("")
      : "";
  const [first, second] = results;
  const heading = (index: number) =>
    `${scales[index]}× (${locationCounts[index]} locations)`.padEnd(27);
  console.log(
    `\nPages: HTML as sent (KB, raw and gzip), median of ${SAMPLES} requests one at a time (ms), D1 round trips of one request (cold: on empty caches)\n`,
  );
  console.log(`${"".padEnd(62)}${heading(0)}${larger ? `  ${heading(1)} growth` : ""}`);
  console.log(
    `${"who".padEnd(16)}${"page".padEnd(40)}cold   raw KB gzip KB     ms  D1${larger ? "    raw KB gzip KB     ms  D1   gzip  time" : ""}`,
  );
  PAGES.forEach((page, index) => {
    const before = first![index]!;
    const after = second?.[index];
    const growth = (from: number, to: number) => {
      const ratio = to / from;
      const mark = ratio > GROWTH_LIMIT && !page.growsWithCatalogue ? "!" : " ";
      return `${ratio.toFixed(2).padStart(6)}${mark}`;
    };
    console.log(
      [
        WHO[page.who].label.padEnd(16),
        page.path.slice(0, 39).padEnd(40),
        String(before.cold ?? "-").padStart(4),
        columns(before),
        after
          ? `  ${columns(after)}${growth(before.gzip, after.gzip)}${growth(before.ms, after.ms)}`
          : "",
      ].join(""),
    );
  });
  if (larger) {
    console.log(
      `\n! grows more than ${GROWTH_LIMIT}× from 1× to ${larger}× (the sitemap, which lists every location, aside)`,
    );
  }
}

/** What a first visit to each audited page downloads before it is interactive: scripts and styles. */
async function printWeights() {
  console.log(
    "\nFirst load, gzip: the JavaScript and the stylesheets that block the first paint\n",
  );
  console.log("page          JS KB   files   blocking CSS KB   files   inline CSS KB   HTML KB");
  for (const [name, path] of AUDITED) {
    const weight = await pageWeight(path);
    console.log(
      [
        name.padEnd(12),
        weight.js.toFixed(1).padStart(6),
        String(weight.jsFiles).padStart(7),
        weight.css.toFixed(1).padStart(17),
        String(weight.cssFiles).padStart(7),
        weight.inlineCss.toFixed(1).padStart(15),
        weight.html.toFixed(1).padStart(9),
        name === "home"
          ? `  (target ${HOME_JS_KB} KB${weight.js > HOME_JS_KB ? ": over!" : ""})`
          : "",
      ].join(" "),
    );
  }
}

async function pageWeight(path: string) {
  const base = `http://localhost:${PORT}`;
  const html = await (await fetch(base + path)).text();
  const gzipKb = async (url: string) =>
    gzipSync(Buffer.from(await (await fetch(base + url)).arrayBuffer())).length / 1024;
  // What the browser loads: the preloaded modules and those the page's inline script imports (the
  // route manifest's file is named in the page too, but lazy route discovery never loads it).
  const scripts = new Set([
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
      ([, href]) => href!,
    ),
    ...[...html.matchAll(/import[^"']*["'](\/assets\/[^"']+\.js)["']/g)].map(([, src]) => src!),
  ]);
  const head = html.slice(0, html.indexOf("</head>"));
  const stylesheets = [...head.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)]
    .map(([tag]) => /href="([^"]+)"/.exec(tag)?.[1])
    .filter((href): href is string => href !== undefined);
  const inline = [...head.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => css ?? "");
  let js = 0;
  for (const script of scripts) js += await gzipKb(script);
  let css = 0;
  for (const stylesheet of stylesheets) css += await gzipKb(stylesheet);
  return {
    js,
    jsFiles: scripts.size,
    css,
    cssFiles: stylesheets.length,
    inlineCss: gzipSync(inline.join("")).length / 1024,
    html: gzipSync(html).length / 1024,
  };
}

/**
 * A proxy in front of the server on `port` that answers as Cloudflare's edge does: over HTTPS and
 * HTTP/2 (with a self-signed certificate), brotli (or gzip) for text, scripts, styles, JSON and SVG,
 * streamed; everything else passed through. Lighthouse models an HTTP/2 origin as one connection
 * that carries every file, as the edge's does; over plain HTTP/1.1 it counts a new connection and
 * a round trip per script, which no visitor pays.
 */
async function startProxy(port: number) {
  const compressible = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg)/;
  // Headers of one HTTP/1.1 connection, which an HTTP/2 answer must not carry.
  const connectionHeaders = new Set([
    "connection",
    "keep-alive",
    "proxy-connection",
    "transfer-encoding",
    "upgrade",
  ]);
  const { private: key, cert } = await generateCertificate(
    [{ name: "commonName", value: "localhost" }],
    { keyType: "ec", curve: "P-256" },
  );
  const proxy = createSecureServer({ key, cert, allowHTTP1: true }, (incoming, outgoing) => {
    const requestHeaders = Object.fromEntries(
      Object.entries(incoming.headers).filter(([name]) => !name.startsWith(":")),
    );
    const upstream = httpRequest(
      {
        host: "localhost",
        port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...requestHeaders, host: `localhost:${port}`, "accept-encoding": "identity" },
      },
      (response) => {
        const headers = Object.fromEntries(
          Object.entries(response.headers).filter(([name]) => !connectionHeaders.has(name)),
        );
        const accepts = String(incoming.headers["accept-encoding"] ?? "");
        const encoding = /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : null;
        if (!encoding || !compressible.test(String(headers["content-type"] ?? ""))) {
          outgoing.writeHead(response.statusCode ?? 502, headers);
          response.pipe(outgoing);
          return;
        }
        delete headers["content-length"];
        headers["content-encoding"] = encoding;
        headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
        outgoing.writeHead(response.statusCode ?? 502, headers);
        const compressor =
          encoding === "br"
            ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
            : createGzip();
        // Flush as the page streams, as the edge does.
        response.on("data", (chunk: Buffer) => {
          compressor.write(chunk);
          compressor.flush();
        });
        response.on("end", () => compressor.end());
        compressor.pipe(outgoing);
      },
    );
    upstream.on("error", () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  return new Promise<Http2SecureServer>((done, fail) => {
    proxy.once("error", fail);
    proxy.listen(PROXY_PORT, "localhost", () => done(proxy));
  });
}

/** The part of Lighthouse's result this script reads. */
interface LighthouseResult {
  categories: Record<
    string,
    { score: number | null; auditRefs: Array<{ id: string; weight: number }> } | undefined
  >;
  audits: Record<
    string,
    { score: number | null; numericValue?: number; details?: unknown } | undefined
  >;
}
type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<{ lhr: LighthouseResult } | undefined>;

async function importLighthouse() {
  const dir = process.env.LIGHTHOUSE_DIR;
  const from = (name: string, entry: string) =>
    dir ? import(pathToFileURL(resolve(dir, "node_modules", name, entry)).href) : import(name);
  try {
    const lighthouse = (await from("lighthouse", "core/index.js")).default;
    const { computeMedianRun } = await from("lighthouse", "core/lib/median-run.js");
    const launcher = await from("chrome-launcher", "dist/index.js");
    return {
      lighthouse: lighthouse as Lighthouse,
      medianRun: computeMedianRun as (runs: LighthouseResult[]) => LighthouseResult,
      launch: launcher.launch as (options: {
        chromePath: string;
        chromeFlags: string[];
      }) => Promise<{ port: number; kill(): void }>,
    };
  } catch {
    throw new Error(
      "--lighthouse needs the lighthouse package: `npm install --no-save lighthouse`, or install it " +
        "elsewhere (`npm install --prefix /tmp/lh lighthouse`) and set LIGHTHOUSE_DIR=/tmp/lh",
    );
  }
}

async function lighthouse(scale: number) {
  const { lighthouse: run, medianRun, launch } = await importLighthouse();
  const categories = ["performance", "accessibility", "best-practices", "seo"];
  const chrome = await launch({
    chromePath: await chromiumPath(),
    // Without a GPU here, starting one now and then held the first frame back by a second.
    // The proxy's certificate is its own.
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-dev-shm-usage",
      "--disable-gpu",
      "--ignore-certificate-errors",
    ],
  });
  try {
    console.log(
      `\nLighthouse at ${scale}× (mobile, simulated throttling) through the edge-like proxy (HTTPS, HTTP/2, brotli) on port ${PROXY_PORT}:` +
        ` the median of ${LIGHTHOUSE_RUNS} runs per page\n`,
    );
    console.log(
      "page          perf  a11y  bp  seo   FCP s   LCP s   TBT ms     CLS   JS KB (transfer)   perf of each run",
    );
    mkdirSync(".wrangler/lighthouse", { recursive: true });
    const measure = async (path: string) => {
      const result = await run(`https://localhost:${PROXY_PORT}${path}`, {
        port: chrome.port,
        logLevel: "error",
        output: "json",
        onlyCategories: categories,
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      return result.lhr;
    };
    await measure(AUDITED[0][1]); // warm up the browser, not counted
    for (const [name, path] of AUDITED) {
      const runs: LighthouseResult[] = [];
      for (let attempt = 1; attempt <= LIGHTHOUSE_RUNS; attempt++) {
        const lhr = await measure(path);
        writeFileSync(
          `.wrangler/lighthouse/${name}-x${scale}-${attempt}.json`,
          JSON.stringify(lhr),
        );
        runs.push(lhr);
      }
      const lhr = medianRun(runs);
      const score = (id: string) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100));
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? 0;
      const items = (lhr.audits["resource-summary"]?.details as { items?: unknown[] } | undefined)
        ?.items as Array<{ resourceType: string; transferSize: number }> | undefined;
      const scriptBytes = items?.find((item) => item.resourceType === "script")?.transferSize ?? 0;
      console.log(
        [
          name.padEnd(12),
          score("performance").padStart(5),
          score("accessibility").padStart(5),
          score("best-practices").padStart(3),
          score("seo").padStart(4),
          (audit("first-contentful-paint") / 1000).toFixed(2).padStart(7),
          (audit("largest-contentful-paint") / 1000).toFixed(2).padStart(7),
          audit("total-blocking-time").toFixed(0).padStart(8),
          audit("cumulative-layout-shift").toFixed(3).padStart(7),
          (scriptBytes / 1024).toFixed(1).padStart(18),
          " ",
          runs.map((each) => Math.round((each.categories.performance?.score ?? 0) * 100)).join(" "),
        ].join(" "),
      );
      for (const category of categories) {
        const failing = lhr.categories[category]?.auditRefs
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
          .map((ref) => ref.id);
        if (failing?.length) console.log(`  ${category}: ${failing.join(", ")}`);
      }
      // A console error in any run, even one that is not the median, is a bug to look at.
      for (const each of runs) {
        const errors = (each.audits["errors-in-console"]?.details as { items?: unknown[] })?.items;
        for (const error of (errors ?? []) as Array<{ description?: string }>) {
          console.log(`  console error: ${error.description}`);
        }
      }
    }
  } finally {
    chrome.kill();
  }
}

/** The burst's line; a failed request marks it and fails the run. */
function printBurst(result: Burst) {
  console.log(
    `\nBurst at 1×: ${BURST_CONCURRENCY} requests at a time for ${BURST_SECONDS} s, as a member, over ${BURST_PAGES.join(", ")}\n`,
  );
  console.log("requests   failed    req/s   p50 ms   p99 ms");
  console.log(
    [
      String(result.requests).padStart(8),
      `${String(result.failed).padStart(8)}${result.failed > 0 ? " !" : "  "}`,
      result.perSecond.toFixed(1).padStart(6),
      result.p50.toFixed(1).padStart(8),
      result.p99.toFixed(1).padStart(8),
    ].join(" "),
  );
  if (result.failed > 0) {
    console.log(`! ${result.failed} requests failed, the first: ${result.firstFailure}`);
    process.exitCode = 1;
  }
}

/** The month search's warm p95 at each scale, against its target. */
function printMonthSearch() {
  console.log(
    `\nThe month search (${MONTH}): warm p95 of ${P95_SAMPLES} requests (target ${MONTH_SEARCH_P95_MS} ms)\n`,
  );
  PAGES.forEach((page, index) => {
    if (!isMonthSearch(page.path)) return;
    const row = results.map((scaled, at) => {
      const p95 = scaled[index]!.p95;
      return `${scales[at]}×: ${p95.toFixed(1).padStart(6)} ms${p95 > MONTH_SEARCH_P95_MS ? " !" : "  "}`;
    });
    console.log(
      `${WHO[page.who].label.padEnd(16)}${page.path.slice(0, 50).padEnd(52)}${row.join("   ")}`,
    );
  });
}

/**
 * How SQLite runs the month search, the alerts and the demand page at each scale: no line may
 * SCAN the weeks, nor the requests, alerts or searches whole.
 */
async function printQueryPlans() {
  // A line that reads a whole table: the weeks (they grow with the catalogue), or the requests,
  // alerts and empty searches (the demand page reads only its window's).
  const scansAll = /^SCAN (weeks|booking_requests|saved_searches|empty_month_searches)\b/;
  for (const [index, port] of ports.entries()) {
    const response = await fetch(`http://localhost:${port}/dev/query-plans?month=${MONTH}`);
    const plans = (await response.json()) as Record<string, string[]>;
    console.log(`\nQuery plans at ${scales[index]}× (a SCAN of a whole table is marked !)`);
    for (const [name, lines] of Object.entries(plans)) {
      console.log(`  ${name}`);
      for (const line of lines) console.log(`    ${scansAll.test(line) ? "!" : " "} ${line}`);
    }
  }
}

/** The D1 database file of a local state. */
function d1File(dir: string) {
  const folder = `${dir}/v3/d1/miniflare-D1DatabaseObject`;
  return `${folder}/${readdirSync(folder).find((name) => /^(?!metadata).*\.sqlite$/.test(name))!}`;
}

/**
 * ALERTS alerts of MONTH, each its own weekly price in US dollars (a price is compared within its
 * currency), for one member; then one open week of that month, priced in dollars, closes and opens
 * again, as a decline frees it: every alert is owed an e-mail.
 */
async function seedAlerts(dir: string) {
  const { DatabaseSync } = await import("node:sqlite");
  const sqlite = new DatabaseSync(d1File(dir));
  try {
    sqlite.exec("BEGIN");
    sqlite
      .prepare(
        "INSERT INTO users (id, email, role) VALUES ('bench-alerts', 'bench-alerts@example.com', 'member')",
      )
      .run();
    // Saved as a member saves one: past the openings of its month so far (saveWeekAlert), so the
    // runs read the one opening below, not the seed's.
    const insert = sqlite.prepare(
      `INSERT INTO saved_searches (id, user_id, month, max_price, currency, criteria, seen_seq)
       VALUES (?, 'bench-alerts', ?2, ?, 'USD', ?,
         (SELECT coalesce(max(seq), 0) FROM week_openings WHERE month = ?2))`,
    );
    for (let index = 0; index < ALERTS; index++) {
      insert.run(`bench-alert-${index}`, MONTH, 5000 + index, `bench ${index}`);
    }
    const { id } = sqlite
      .prepare(
        `SELECT w.id FROM weeks w JOIN room_types r ON r.id = w.room_type_id
         JOIN locations l ON l.id = r.location_id
         WHERE w.state = 'open' AND w.check_in LIKE ? AND r.price BETWEEN 1 AND 5000
           AND l.currency = 'USD' AND r.published = 1 AND l.hidden = 0 LIMIT 1`,
      )
      .get(`${MONTH}-%`) as { id: string };
    sqlite.prepare("UPDATE weeks SET state = 'closed' WHERE id = ?").run(id);
    sqlite.prepare("UPDATE weeks SET state = 'open' WHERE id = ?").run(id);
    sqlite.exec("COMMIT");
  } finally {
    sqlite.close();
  }
}

/**
 * The scheduled runs at the largest scale until every alert's e-mail is queued: each run's time
 * and how many it queued (a run tells a bounded number, whatever the number owed).
 */
async function printAlertRuns() {
  await alertsSeeded;
  const port = ports.at(-1)!;
  const { DatabaseSync } = await import("node:sqlite");
  const sqlite = new DatabaseSync(d1File(dirs.at(-1)!), { readOnly: true });
  const queued = () =>
    (
      sqlite
        .prepare("SELECT count(*) AS count FROM email_deliveries WHERE request_kind = 'week-alert'")
        .get() as { count: number }
    ).count;
  console.log(
    `\nWeek alerts at ${scales.at(-1)}×: ${ALERTS} alerts of ${MONTH} owed an e-mail by one opening`,
  );
  console.log("run       ms   e-mails queued   in all");
  try {
    let before = queued();
    for (let run = 1; run <= 20 && before < ALERTS; run++) {
      const started = performance.now();
      const response = await fetch(
        `http://localhost:${port}/cdn-cgi/local/scheduled?time=${Date.now()}`,
      );
      await response.arrayBuffer();
      const ms = performance.now() - started;
      const after = queued();
      console.log(
        `${String(run).padStart(3)} ${ms.toFixed(0).padStart(8)} ${String(after - before).padStart(16)} ${String(after).padStart(8)}`,
      );
      before = after;
    }
  } finally {
    sqlite.close();
  }
}
