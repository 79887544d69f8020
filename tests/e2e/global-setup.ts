import { SESSIONS } from "./support/accounts";
import { layoutSessions } from "./support/layout-pages";
import { storeSessions } from "./support/session";

/** Runs once the test server is up and before any test: the server is idle, so rows can be stored. */
export default async function globalSetup() {
  await storeSessions([...SESSIONS, ...layoutSessions()]);
}
