/**
 * Load benchmark of the built app in workerd (not part of `npm test`).
 * Starts `vite preview` on its own seeded state, then sends a bounded number of requests to the
 * home page, the list, a location page and one static asset, and prints requests/s, p50 and p99
 * latency, and each page's throughput as a ratio of the static asset's.
 *   BENCH_REQUESTS (default 400) and BENCH_CONCURRENCY (default 16) per target.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PERSIST_DIR = ".wrangler/bench-state";
const base = `http://localhost:${PORT}`;
const env = { ...process.env, PERSIST_DIR, PORT: String(PORT) };

if (!existsSync("build/client")) {
  spawnSync("react-router", ["build"], { stdio: "inherit" });
}
const prepared = spawnSync("node", ["scripts/prepare-local.ts"], { stdio: "ignore", env });
if (prepared.status !== 0) throw new Error("could not prepare the local state");

const server = spawn("vite", ["preview", "--port", String(PORT)], { env, stdio: "ignore" });
try {
  await waitForServer();
  const stylesheet = readdirSync("build/client/assets").find((file) => file.endsWith(".css"));
  const targets = [
    ["static asset", `/assets/${stylesheet}`],
    ["home", "/"],
    ["locations", "/locations"],
    ["location", "/locations/casa-marena-cabo"],
  ] as const;

  for (const [, path] of targets) await run(path, 20); // warm up
  const results = [];
  for (const [name, path] of targets) results.push({ name, path, ...(await run(path, REQUESTS)) });
  const staticRate = results[0]?.rate ?? 1;
  console.log(`\n${REQUESTS} requests per target, ${CONCURRENCY} at a time\n`);
  console.log("target         req/s    p50 ms   p99 ms   vs static");
  for (const result of results) {
    console.log(
      `${result.name.padEnd(13)} ${result.rate.toFixed(0).padStart(6)} ${result.p50
        .toFixed(1)
        .padStart(9)} ${result.p99.toFixed(1).padStart(8)} ${(result.rate / staticRate)
        .toFixed(2)
        .padStart(10)}`,
    );
  }
} finally {
  server.kill();
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
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rate: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}
