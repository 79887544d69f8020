/** Where the browser tests' server runs, and its own local state (playwright.config.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);
// Per port, so two test runs on one machine do not share (or delete) each other's state.
export const E2E_PERSIST_DIR = `.wrangler/e2e-state-${E2E_PORT}`;
