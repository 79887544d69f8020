import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import playwrightConfig from "../../playwright.config";
import reactRouterConfig from "../../react-router.config";
import { E2E_BUILD_DIR } from "../e2e/support/server";

it("the browser tests build the app where npm start does not serve it from", () => {
  // npm start builds into the default folder (no BUILD_DIR) and serves it while it runs.
  expect(process.env.BUILD_DIR).toBeUndefined();
  expect(reactRouterConfig.buildDirectory).toBe("build");
  expect(E2E_BUILD_DIR).not.toBe(reactRouterConfig.buildDirectory);
  // The test server serves that folder, and builds only through prepare-server.ts, which sets it.
  const { webServer } = playwrightConfig;
  const server = Array.isArray(webServer) ? webServer[0] : webServer;
  expect(server?.command).toContain(`scripts/serve-build.ts --build ${E2E_BUILD_DIR} `);
  expect(server?.command).not.toMatch(/react-router build/);
  const prepare = readFileSync("tests/e2e/support/prepare-server.ts", "utf8");
  expect(prepare).toContain("E2E_BUILD_DIR as BUILD_DIR");
  expect(prepare).toContain('run("react-router", ["build"], { BUILD_DIR })');
});

it("npm start serves the build it makes in workerd, with no vite preview in between", () => {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as {
    scripts: Record<string, string>;
  };
  // It builds into the default folder, which serve-build.ts serves when given none.
  expect(scripts.start).toMatch(/ && react-router build && node scripts\/serve-build\.ts$/);
  expect(readFileSync("scripts/serve-build.ts", "utf8")).toContain(
    `build: { type: "string", default: "${reactRouterConfig.buildDirectory}" }`,
  );
});
