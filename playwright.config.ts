import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./scripts/chromium.ts";
import {
  E2E_BUILD_DIR as BUILD_DIR,
  E2E_PERSIST_DIR as PERSIST_DIR,
  E2E_PORT as PORT,
} from "./tests/e2e/support/server";

/**
 * The admin's pages, with the staff's calendar and demand pages and the visitors' messages (sent
 * from addresses of their own, so they touch no other test's data): the two groups then last
 * about as long as each other.
 */
const CATALOGUE_GROUP =
  "{admin-{curation,featured,locations,asks-first,place-rules,sign-in},house-calendar,demand,agent-contact}.test.ts";

/** Browser tests against the built app served by workerd, on its own freshly seeded local state. */
export default defineConfig({
  testDir: "./tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: 2,
  // No retries: sign-in links are spaced 60 s apart per address, so a quick retry would be refused.
  retries: 0,
  reporter: [["list"]],
  // A 2-core machine running a browser per project beside workerd takes two to three times as
  // long as one test alone: the longest walks (15 s alone) need the room.
  timeout: 60_000,
  // A page that answers a filter or a form within 5 s alone took longer beside a CPU-heavy process
  // (seven tests failed on it once): an expectation waits up to 10 s; a passing run waits no longer.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failure keeps its steps, console and network, and the page's ARIA snapshot (error-context.md).
    // No screencast and no DOM snapshots: recorded for every test to keep a few, they cost the
    // browser a tenth of the catalogue and account tests' time. `--trace on` brings them back.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false },
    launchOptions: {
      // Chromium's headless shell, from npm (scripts/chromium.ts): the same engine without the
      // browser's UI, about a quarter faster here than the full browser run headless.
      executablePath: await chromiumPath(),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // The public pages are checked against the untouched seed first. Then two groups run side by
  // side, each one file at a time: the admin's pages (whose catalogue work changes what the other
  // catalogue tests see, with the staff's calendar and demand pages) and the accounts and
  // requests, about as long as each other. The layout guard adds its hard cases and runs last.
  projects: [
    {
      name: "public",
      testMatch: ["public.test.ts", "location-search.test.ts"],
      // They only read the seed: every test side by side, so both workers stay busy to the end.
      fullyParallel: true,
      workers: 2,
      use: { ...devices["Desktop Chrome"] },
    },
    {
      name: "catalogue",
      testMatch: CATALOGUE_GROUP,
      dependencies: ["public"],
      workers: 1,
      use: { ...devices["Desktop Chrome"] },
    },
    {
      name: "chromium",
      testIgnore: ["public.test.ts", "location-search.test.ts", "layout.*", CATALOGUE_GROUP],
      dependencies: ["public"],
      workers: 1,
      use: { ...devices["Desktop Chrome"] },
    },
    { name: "layout-setup", testMatch: "layout.setup.ts", dependencies: ["catalogue", "chromium"] },
    {
      name: "layout",
      testMatch: "layout.test.ts",
      dependencies: ["layout-setup"],
      fullyParallel: true,
      workers: Number(process.env.LAYOUT_WORKERS ?? 2),
      // It keeps screenshots; a trace's recorder would also inject scripts into sandboxed frames.
      use: { ...devices["Desktop Chrome"], trace: "off" },
    },
  ],
  webServer: {
    // A fresh build and seeded state (tests/e2e/support/prepare-server.ts, which `npm test` runs
    // earlier, beside Vitest), then workerd serves the build on it (scripts/serve-build.ts):
    // requests reach workerd directly, with no `wrangler dev` proxy, nor `vite preview`'s pass of
    // each one (every picture and script) through Node.
    command: [
      ...(process.env.E2E_PREPARED ? [] : ["node tests/e2e/support/prepare-server.ts"]),
      `node scripts/serve-build.ts --build ${BUILD_DIR} --persist ${PERSIST_DIR} --port ${PORT}`,
    ].join(" && "),
    url: `http://localhost:${PORT}/robots.txt`,
    // A server already running on the port (started by hand while working on tests) is used as it is.
    reuseExistingServer: !process.env.CI,
    // A first seed renders 171 pictures in every width and format: about a minute, more on a busy
    // machine (a later one reuses them from the user's cache folder: scripts/seed/raster.ts).
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
