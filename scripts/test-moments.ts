/**
 * The calendar's workerd tests again at each fixed moment (tests/workers/moments.ts), one Vitest
 * run after another: CI runs it after `npm test`.
 *   npm run test:moments
 * One run a moment, not a project a moment in one run: React Router's Vite plugin rewrites
 * .react-router/types as each project starts, and four at once removed each other's files (a
 * run crashed on ENOENT).
 */
import { spawnSync } from "node:child_process";
import { FIXED_MOMENTS } from "../tests/workers/moments.ts";

for (const { name, at } of FIXED_MOMENTS) {
  console.log(`\nThe calendar's workerd tests at ${at} (${name}):`);
  const run = spawnSync("vitest", ["run"], {
    stdio: "inherit",
    env: { ...process.env, TEST_MOMENT: at },
  });
  if (run.status !== 0) {
    console.error(`The calendar's workerd tests failed at ${at} (${name}).`);
    process.exit(run.status ?? 1);
  }
}
