/**
 * `npm run deploy`: refuses to deploy a worker that lacks its production secrets or variables, or
 * whose card payments are on without their Stripe secrets, then builds and deploys it with
 * APP_ENV = "production" whatever wrangler.toml says for local use.
 */
import { execFileSync } from "node:child_process";
import { unstable_readConfig } from "wrangler";
import {
  invalidPaymentVars,
  missingPaymentSecrets,
  missingPaymentSecretsMessage,
  missingSecrets,
  missingVars,
} from "./deploy-checks.ts";

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { encoding: "utf8", stdio: ["inherit", "pipe", "inherit"] });

const refuse = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const secrets = JSON.parse(run("npx", ["wrangler", "secret", "list", "--format", "json"])) as {
  name: string;
}[];
const secretNames = secrets.map((secret) => secret.name);
const missing = missingSecrets(secretNames);
if (missing.length > 0) {
  refuse(`Refusing to deploy: set ${missing.join(", ")} first (npx wrangler secret put <NAME>).`);
}
const { vars } = unstable_readConfig({ config: "wrangler.toml" });
const emptyVars = missingVars(vars);
if (emptyVars.length > 0) {
  refuse(`Refusing to deploy: set ${emptyVars.join(", ")} in wrangler.toml [vars] first.`);
}
const invalid = invalidPaymentVars(vars);
if (invalid.length > 0) {
  refuse(`Refusing to deploy: in wrangler.toml [vars], ${invalid.join("; ")}.`);
}
const missingStripe = missingPaymentSecrets(vars, secretNames);
if (missingStripe.length > 0) {
  refuse(missingPaymentSecretsMessage(missingStripe, String(vars.SITE_URL)));
}
// A deployed build carries no development tooling (app/dev/: the D1 counter, /dev/d1-queries).
execFileSync("npx", ["react-router", "build"], {
  stdio: "inherit",
  env: { ...process.env, VITE_DEPLOY: "1" },
});
execFileSync("npx", ["wrangler", "deploy", "--var", "APP_ENV:production"], { stdio: "inherit" });
