/**
 * Benchmark of the built app in workerd (not part of `npm test`). Starts `vite preview` on its own
 * seeded state (under .wrangler/bench-*), then for the home page, the list, a location page and one
 * static asset prints:
 *   - requests/s, p50 and p99 latency, and each page's throughput as a ratio of the static asset's
 *     (the client's entry script): BENCH_REQUESTS per target (default 1200), BENCH_CONCURRENCY
 *     at a time (default 16), in BENCH_ROUNDS rounds (default 4) that take the targets in turn;
 *   - the JavaScript and the render-blocking CSS each page loads first (gzip, as served);
 *   - the D1 round trips each page makes cold (a fresh server on a fresh copy of the seeded state:
 *     empty caches) and cached (the same page again), read from /dev/d1-queries.
 * Options:
 *   --lighthouse  also runs Lighthouse (mobile, its default simulated throttling) on the three pages
 *                 through a local proxy that compresses like the edge (brotli or gzip), with the
 *                 Chromium at CHROMIUM_PATH (default /usr/bin/chromium). Needs the `lighthouse`
 *                 package: in node_modules, or in LIGHTHOUSE_DIR (a folder where it is installed).
 *                 Each page runs LIGHTHOUSE_RUNS times (default 3): on this machine every file
 *                 arrives at once, so whether the scripts finish before the first paint varies
 *                 from run to run, and with it Lighthouse's simulation of a slow phone. The row
 *                 is the median run (Lighthouse's own choice), then every run's score. Each
 *                 report is saved in .wrangler/lighthouse/<page>-<run>.json. One run before them
 *                 is not counted: a fresh Chromium's first page does the browser's own start-up
 *                 work on the main thread, which Lighthouse scales as if the page did it.
 *   --serve       only starts the server and the compressing proxy (port BENCH_PORT + 1) and waits,
 *                 to look at the pages as the edge serves them (Lighthouse in Chrome's DevTools).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { constants, createBrotliCompress, createGzip, gzipSync } from "node:zlib";

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const PROXY_PORT = PORT + 1;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PERSIST_DIR = ".wrangler/bench-state";
const COLD_DIR = ".wrangler/bench-cold-state";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const args = new Set(process.argv.slice(2));
const base = `http://localhost:${PORT}`;

const pages = [
  ["home", "/"],
  ["locations", "/locations"],
  ["location", "/locations/casa-marena-cabo"],
] as const;

if (!existsSync("build/client")) {
  spawnSync("react-router", ["build"], { stdio: "inherit" });
}
const prepared = spawnSync("node", ["scripts/prepare-local.ts"], {
  stdio: "ignore",
  env: { ...process.env, PERSIST_DIR },
});
if (prepared.status !== 0) throw new Error("could not prepare the local state");

if (args.has("--serve")) {
  const server = startServer(PERSIST_DIR);
  await waitForServer();
  await startProxy();
  console.log(
    `The app on ${base}, compressed as the edge serves it on http://localhost:${PROXY_PORT}`,
  );
  await new Promise<void>((done) => process.once("SIGINT", done));
  server.kill();
  process.exit(0);
}

// D1 round trips per page, cold then cached: each page on a fresh server and a fresh copy of the
// seeded state, so no page warms another's cache.
const queries = new Map<string, { cold: number; cached: number }>();
for (const [name, path] of pages) {
  rmSync(COLD_DIR, { recursive: true, force: true });
  cpSync(PERSIST_DIR, COLD_DIR, { recursive: true });
  // Cold: without the KV lists and the Cache API entries an earlier run left.
  for (const store of ["kv", "cache"])
    rmSync(`${COLD_DIR}/v3/${store}`, { recursive: true, force: true });
  const server = startServer(COLD_DIR);
  try {
    await waitForServer();
    const cold = await countD1(path);
    const cached = await countD1(path);
    queries.set(name, { cold, cached });
  } finally {
    await stop(server);
  }
}
rmSync(COLD_DIR, { recursive: true, force: true });

const server = startServer(PERSIST_DIR);
try {
  await waitForServer();
  // The static asset: the client's entry script, as the server sends every hashed file.
  const entry = readdirSync("build/client/assets").find((file) =>
    /^entry\.client-.*\.js$/.test(file),
  );
  const targets = [["static asset", `/assets/${entry}`], ...pages] as const;

  for (const [, path] of targets) await run(path, 20); // warm up
  // In rounds that take each target in turn, so the machine's ups and downs fall on all alike.
  const latencies = targets.map((): number[] => []);
  const seconds = targets.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, [, path]] of targets.entries()) {
      const measured = await run(path, Math.ceil(REQUESTS / ROUNDS));
      latencies[index]!.push(...measured.latencies);
      seconds[index]! += measured.seconds;
    }
  }
  const results = targets.map(([name, path], index) => ({
    name,
    path,
    ...summary(latencies[index]!, seconds[index]!),
  }));
  const staticRate = results[0]?.rate ?? 1;
  console.log(`\n${REQUESTS} requests per target in ${ROUNDS} rounds, ${CONCURRENCY} at a time\n`);
  console.log("target         req/s    p50 ms   p99 ms   vs static   D1 cold   D1 cached");
  for (const result of results) {
    const d1 = queries.get(result.name);
    console.log(
      [
        result.name.padEnd(13),
        result.rate.toFixed(0).padStart(6),
        result.p50.toFixed(1).padStart(9),
        result.p99.toFixed(1).padStart(8),
        (result.rate / staticRate).toFixed(2).padStart(11),
        String(d1?.cold ?? "-").padStart(9),
        String(d1?.cached ?? "-").padStart(11),
      ].join(" "),
    );
  }

  console.log(
    "\nFirst load, gzip: the JavaScript and the stylesheets that block the first paint\n",
  );
  console.log("page          JS KB   files   blocking CSS KB   files   inline CSS KB   HTML KB");
  for (const [name, path] of pages) {
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
      ].join(" "),
    );
  }

  if (args.has("--lighthouse")) {
    const proxy = await startProxy();
    try {
      await lighthouse();
    } finally {
      proxy.close();
    }
  }
} finally {
  await stop(server);
}

function startServer(persistDir: string) {
  return spawn("vite", ["preview", "--port", String(PORT)], {
    env: { ...process.env, PERSIST_DIR: persistDir, PORT: String(PORT) },
    stdio: "ignore",
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill();
  await exited;
}

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${base}/robots.txt`)).ok) return;
    } catch {}
    await sleep(500);
  }
  throw new Error("the preview server did not start");
}

/** The D1 round trips one request for `path` makes (the page is read whole). */
async function countD1(path: string) {
  const read = async () =>
    ((await (await fetch(`${base}/dev/d1-queries`)).json()) as { d1Calls: number }).d1Calls;
  const before = await read();
  const response = await fetch(base + path);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await read()) - before;
}

async function run(path: string, count: number) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next++;
        const t0 = performance.now();
        const response = await fetch(base + path);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

function summary(latencies: number[], seconds: number) {
  const sorted = latencies.toSorted((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { rate: sorted.length / seconds, p50: at(0.5), p99: at(0.99) };
}

/** What a first visit to `path` downloads before it is interactive: its scripts and stylesheets. */
async function pageWeight(path: string) {
  const html = await (await fetch(base + path)).text();
  const gzipKb = async (url: string) =>
    gzipSync(Buffer.from(await (await fetch(base + url)).arrayBuffer())).length / 1024;
  const scripts = new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? []);
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
 * A proxy in front of the preview server that compresses as Cloudflare's edge does: brotli (or
 * gzip) for text, scripts, styles, JSON and SVG, streamed; everything else passed through.
 */
function startProxy() {
  const compressible = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg)/;
  const proxy: Server = createServer((incoming, outgoing) => {
    const upstream = httpRequest(
      {
        host: "localhost",
        port: PORT,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: `localhost:${PORT}`, "accept-encoding": "identity" },
      },
      (response) => {
        const headers = { ...response.headers };
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
  return new Promise<Server>((done) => proxy.listen(PROXY_PORT, "localhost", () => done(proxy)));
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

async function lighthouse() {
  const { lighthouse: run, medianRun, launch } = await importLighthouse();
  const categories = ["performance", "accessibility", "best-practices", "seo"];
  const chrome = await launch({
    chromePath: CHROMIUM,
    // Without a GPU here, starting one now and then held the first frame back by a second.
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
  });
  try {
    console.log(
      `\nLighthouse (mobile, simulated throttling) through the compressing proxy on port ${PROXY_PORT}:` +
        ` the median of ${LIGHTHOUSE_RUNS} runs per page\n`,
    );
    console.log(
      "page          perf  a11y  bp  seo   FCP s   LCP s   TBT ms     CLS   JS KB (transfer)   perf of each run",
    );
    mkdirSync(".wrangler/lighthouse", { recursive: true });
    const measure = async (path: string) => {
      const result = await run(`http://localhost:${PROXY_PORT}${path}`, {
        port: chrome.port,
        logLevel: "error",
        output: "json",
        onlyCategories: categories,
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      return result.lhr;
    };
    await measure(pages[0][1]); // warm up the browser, not counted
    for (const [name, path] of pages) {
      const runs: LighthouseResult[] = [];
      for (let attempt = 1; attempt <= LIGHTHOUSE_RUNS; attempt++) {
        const lhr = await measure(path);
        writeFileSync(`.wrangler/lighthouse/${name}-${attempt}.json`, JSON.stringify(lhr));
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
