/** Where the browser tests' server runs, and its own local state (playwright.config.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);
// Per port, so two test runs on one machine do not share (or delete) each other's state.
export const E2E_PERSIST_DIR = `.wrangler/e2e-state-${E2E_PORT}`;
/**
 * Where the browser tests build the app: never the folder `npm start` builds into and serves, so a
 * test run leaves a running local server whole.
 */
export const E2E_BUILD_DIR = "build-e2e";
