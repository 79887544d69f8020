/**
 * Secrets a deployed worker cannot run safely without: with no e-mail key it has no way to send
 * sign-in links, and with no Turnstile secret every form would be refused.
 */
const REQUIRED_SECRETS = ["SESSION_SIGNING_KEY", "RESEND_API_KEY", "TURNSTILE_SECRET_KEY"] as const;

/** The required secrets missing from the worker's secret names. */
export function missingSecrets(names: readonly string[]) {
  return REQUIRED_SECRETS.filter((name) => !names.includes(name));
}

/**
 * Variables a deployed worker needs from wrangler.toml (`wrangler deploy` replaces the dashboard's
 * with them): without a Turnstile site key every form shows the stand-in and is refused; without a
 * sender no e-mail leaves; without the site's address, links are written for whatever host a
 * request came to.
 */
const REQUIRED_VARS = ["TURNSTILE_SITE_KEY", "EMAIL_FROM", "SITE_URL"] as const;

/** The required variables that are missing or empty. */
export function missingVars(vars: Readonly<Record<string, unknown>>) {
  return REQUIRED_VARS.filter((name) => typeof vars[name] !== "string" || vars[name].trim() === "");
}
