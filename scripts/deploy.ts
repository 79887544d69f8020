/**
 * `npm run deploy`: refuses to deploy a worker that lacks its production secrets or variables,
 * then builds and deploys it with APP_ENV = "production" whatever wrangler.toml says for local use.
 */
import { execFileSync } from "node:child_process";
import { unstable_readConfig } from "wrangler";
import { missingSecrets, missingVars } from "./deploy-checks.ts";

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { encoding: "utf8", stdio: ["inherit", "pipe", "inherit"] });

const secrets = JSON.parse(run("npx", ["wrangler", "secret", "list", "--format", "json"])) as {
  name: string;
}[];
const missing = missingSecrets(secrets.map((secret) => secret.name));
if (missing.length > 0) {
  console.error(
    `Refusing to deploy: set ${missing.join(", ")} first (npx wrangler secret put <NAME>).`,
  );
  process.exit(1);
}
const emptyVars = missingVars(unstable_readConfig({ config: "wrangler.toml" }).vars);
if (emptyVars.length > 0) {
  console.error(`Refusing to deploy: set ${emptyVars.join(", ")} in wrangler.toml [vars] first.`);
  process.exit(1);
}
// A deployed build carries no development tooling (app/dev/: the D1 counter, /dev/d1-queries).
execFileSync("npx", ["react-router", "build"], {
  stdio: "inherit",
  env: { ...process.env, VITE_DEPLOY: "1" },
});
execFileSync("npx", ["wrangler", "deploy", "--var", "APP_ENV:production"], { stdio: "inherit" });
