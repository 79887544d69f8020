import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";
import { generateSigningKey } from "./app/accounts/signing-keys.server";

/**
 * Two kinds of tests:
 * - unit: pure modules in plain Node, with no runtime, migrations or seed;
 * - workers: inside workerd with real local D1, R2, KV and Images (sharp), through the current source (the
 *   worker entry built by React Router's Vite plugin, not the last build). The files a test worker
 *   runs share its storage, migrated and seeded once (tests/workers/setup.ts).
 */
export default defineConfig(async () => ({
  test: {
    // Every core: vitest's default leaves one free, which on a 2-core machine runs the files one at a time.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { tsconfigPaths: true },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // Pure modules with no state to leak: a worker per file took 15 CPU-seconds, one for
          // many 7 (a test that changes the environment puts it back).
          isolate: false,
        },
      },
      {
        plugins: [
          cloudflareTest({
            main: "./workers/app.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                SESSION_SIGNING_KEY: await generateSigningKey(),
                // `TEST_NOW=2027-03-06T23:30:00Z npm test`: the site's clock starts from that
                // moment (app/lib/clock.server.ts), so the suite runs as of it.
                TEST_NOW: process.env.TEST_NOW ?? "",
                // React's production build, as deployed (process.env is filled from the bindings):
                // its development build renders pages about a third slower.
                NODE_ENV: "production",
              },
            },
          }),
          tailwindcss(),
          reactRouter(),
          // JSX compiled for React's production build (React Router's plugin compiles it for the
          // development one outside `vite build`, and React's production build has no jsxDEV).
          { name: "production-jsx", config: () => ({ oxc: { jsx: { development: false } } }) },
        ],
        resolve: { tsconfigPaths: true },
        test: {
          name: "workers",
          include: ["tests/workers/**/*.test.ts"],
          setupFiles: ["./tests/workers/setup.ts"],
          // The concurrency tests (50 or 100 requests at once) take about 2 s on an idle 2-core
          // machine and went past the default 5 s on a busy one; a hang still fails.
          testTimeout: 20_000,
          isolate: false,
          // The site's stylesheet, which pages carry inline (app/entry.server.tsx), compiled.
          css: { include: [/\/app\/app\.css/] },
        },
      },
    ],
  },
}));
