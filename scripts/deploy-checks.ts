/**
 * Secrets a deployed worker cannot run safely without: with no e-mail key it has no way to send
 * sign-in links, and with no Turnstile secret every form would be refused.
 */
const REQUIRED_SECRETS = ["SESSION_SIGNING_KEY", "RESEND_API_KEY", "TURNSTILE_SECRET_KEY"] as const;

/** The required secrets missing from the worker's secret names. */
export function missingSecrets(names: readonly string[]) {
  return REQUIRED_SECRETS.filter((name) => !names.includes(name));
}
