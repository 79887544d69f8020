import { expect, it } from "vitest";
import playwrightConfig from "../../playwright.config";
import reactRouterConfig from "../../react-router.config";
import { E2E_BUILD_DIR } from "../e2e/support/server";

it("the browser tests build the app where npm start does not serve it from", () => {
  // npm start builds into the default folder (no BUILD_DIR) and serves it while it runs.
  expect(process.env.BUILD_DIR).toBeUndefined();
  expect(reactRouterConfig.buildDirectory).toBe("build");
  expect(E2E_BUILD_DIR).not.toBe(reactRouterConfig.buildDirectory);
  const { webServer } = playwrightConfig;
  const server = Array.isArray(webServer) ? webServer[0] : webServer;
  expect(server?.command).toContain(`BUILD_DIR=${E2E_BUILD_DIR} react-router build`);
  expect(server?.command).not.toMatch(/(^|&&\s*)(npx\s+)?react-router build/);
});
