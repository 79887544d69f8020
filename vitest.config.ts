import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { generateSigningKey } from "./app/accounts/signing-keys.server";
import { CALENDAR_TEST_FILES } from "./tests/workers/moments";

/**
 * Two kinds of tests:
 * - unit: pure modules in plain Node, with no runtime, migrations or seed;
 * - workers: inside workerd with real local D1, R2, KV and Images (sharp), through the current source (the
 *   worker entry built by React Router's Vite plugin, not the last build). The files a test worker
 *   runs share its storage, migrated and seeded once (tests/workers/setup.ts).
 * With TEST_MOMENT set (`npm run test:moments`, one run a moment), only the calendar's workerd
 * tests (tests/workers/moments.ts) run, as of that moment.
 */
/**
 * Vitest starts the files it has timed before slowest first, and files it has not (a fresh clone's)
 * largest first: these small files are the slowest (thousands of hostile requests, a 12-megapixel
 * photo), and started last they kept one core busy alone for a quarter of a minute at the end.
 */
const SLOWEST_FILES = ["fuzz-addresses", "fuzz-bodies", "image-variants"].map(
  (name) => `/tests/workers/${name}.test.ts`,
);
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FILES.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? SLOWEST_FILES.length : index;
    };
    // Array sort is stable: within a project, the rest keep Vitest's order.
    return (await super.sort(files)).sort((a, b) =>
      a.project.name === b.project.name ? rank(a) - rank(b) : 0,
    );
  }
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  const signingKey = await generateSigningKey();

  /** The workerd tests in `include`, with the site's clock starting from `testNow` if set. */
  const workersProject = (
    name: string,
    testNow: string,
    include: string[],
  ): TestProjectInlineConfiguration => ({
    plugins: [
      cloudflareTest({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            SESSION_SIGNING_KEY: signingKey,
            // `TEST_NOW=2027-03-06T23:30:00Z npm test`: the site's clock starts from that
            // moment (app/lib/clock.server.ts), so the suite runs as of it.
            TEST_NOW: testNow,
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
      name,
      include,
      setupFiles: ["./tests/workers/setup.ts"],
      // The concurrency tests (50 or 100 requests at once) take about 2 s on an idle 2-core
      // machine and went past the default 5 s on a busy one; a hang still fails.
      testTimeout: 20_000,
      isolate: false,
      // The site's stylesheet, which pages carry inline (app/entry.server.tsx), compiled.
      css: { include: [/\/app\/app\.css/] },
    },
  });

  const moment = process.env.TEST_MOMENT;
  const projects = moment
    ? [
        workersProject(
          `workers at ${moment}`,
          moment,
          CALENDAR_TEST_FILES.map((file) => `tests/workers/${file}`),
        ),
      ]
    : [
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
        workersProject("workers", process.env.TEST_NOW ?? "", ["tests/workers/**/*.test.ts"]),
      ];

  return {
    test: {
      // Every core: vitest's default leaves one free, which on a 2-core machine runs the files one at a time.
      maxWorkers: availableParallelism(),
      sequence: { sequencer: SlowestFirst },
      projects,
    },
  };
});
