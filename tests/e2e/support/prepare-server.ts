/**
 * Makes the browser tests' server ready to start: the app built into its own folder, and a fresh
 * local state migrated and seeded, side by side (the build bundles, the seed writes pictures),
 * with the pictures of the layout guard's hard cases written ahead of their rows.
 * playwright.config.ts runs it before serving the build; `npm test` runs it beside Vitest instead,
 * so the machine's idle moments in those checks do this work (E2E_PREPARED=1 then skips it).
 */
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { writeHardCasePictures } from "./hard-case-pictures.ts";
import {
  E2E_BUILD_DIR as BUILD_DIR,
  E2E_PERSIST_DIR as PERSIST_DIR,
  E2E_PORT as PORT,
} from "./server.ts";

function run(command: string, args: string[], env: Record<string, string>) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`)),
    );
  });
}

// A server already on the port (started by hand) is the one the tests use, as it is: its state
// is not pulled from under it.
const running = await fetch(`http://localhost:${PORT}/robots.txt`).then(
  () => true,
  () => false,
);
if (running) {
  console.log(`A server already answers on port ${PORT}: the browser tests use it as it is.`);
} else {
  await rm(PERSIST_DIR, { recursive: true, force: true });
  await Promise.all([
    run("react-router", ["build"], { BUILD_DIR }),
    run("node", ["scripts/prepare-local.ts"], { PERSIST_DIR }).then(writeHardCasePictures),
  ]);
}
