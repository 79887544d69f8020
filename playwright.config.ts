import { defineConfig, devices } from "@playwright/test";
import { E2E_PERSIST_DIR as PERSIST_DIR, E2E_PORT as PORT } from "./tests/e2e/support/server";

/** Browser tests against the built app served by workerd, on its own freshly seeded local state. */
export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: false,
  workers: 1,
  // No retries: sign-in links are spaced 60 s apart per address, so a quick retry would be refused.
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  // The public pages are checked against the untouched seed first; the tests that change the
  // catalogue (admin pages) run after them.
  projects: [
    { name: "public", testMatch: "public.test.ts", use: { ...devices["Desktop Chrome"] } },
    {
      name: "chromium",
      testIgnore: "public.test.ts",
      dependencies: ["public"],
      use: { ...devices["Desktop Chrome"] },
    },
  ],
  webServer: {
    command: `rm -rf ${PERSIST_DIR} && node scripts/prepare-local.ts && vite preview --port ${PORT}`,
    env: { PERSIST_DIR, PORT: String(PORT) },
    url: `http://localhost:${PORT}/robots.txt`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
