/**
 * Local secrets live in .dev.vars (never committed); a build copies it beside its wrangler.json,
 * where scripts/serve-build.ts reads it.
 * Sessions need a signing key, so one is generated on first run and then kept.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { generateSigningKey } from "../app/accounts/signing-keys.server.ts";

const devVars = existsSync(".dev.vars") ? readFileSync(".dev.vars", "utf8") : "";
if (!/^SESSION_SIGNING_KEY=/m.test(devVars)) {
  const line = `SESSION_SIGNING_KEY='${await generateSigningKey()}'\n`;
  writeFileSync(
    ".dev.vars",
    devVars && !devVars.endsWith("\n") ? `${devVars}\n${line}` : devVars + line,
  );
  console.log("Created a local session signing key in .dev.vars");
}
