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

/**
 * What each payment variable in wrangler.toml must be. CARD_PAYMENTS "on": confirmed members pay
 * by card through Stripe Checkout; "off": staff ask for payment and mark it paid by hand.
 * PAYMENT_HOURS: the hours a member has to pay once staff confirm (up to 30 days).
 */
const PAYMENT_VARS = {
  CARD_PAYMENTS: {
    rule: `"on" or "off"`,
    valid: (value: string) => value === "on" || value === "off",
  },
  PAYMENT_HOURS: {
    rule: "a whole number of hours from 1 to 720, in quotes",
    valid: (value: string) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 720,
  },
} as const;

/** Each payment variable that is missing or not valid, with what it must be. */
export function invalidPaymentVars(vars: Readonly<Record<string, unknown>>) {
  return Object.entries(PAYMENT_VARS).flatMap(([name, { rule, valid }]) => {
    const value = vars[name];
    if (typeof value === "string" && valid(value)) return [];
    const found = value === undefined ? "it is missing" : `not ${JSON.stringify(value)}`;
    return [`${name} must be ${rule}, ${found}`];
  });
}

/** The secrets card payments need: the Stripe API key and the webhook endpoint's signing secret. */
const PAYMENT_SECRETS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const;

/** With card payments on (CARD_PAYMENTS = "on"), the Stripe secrets missing from the worker's. */
export function missingPaymentSecrets(
  vars: Readonly<Record<string, unknown>>,
  names: readonly string[],
) {
  if (vars.CARD_PAYMENTS !== "on") return [];
  return PAYMENT_SECRETS.filter((name) => !names.includes(name));
}

/** The events the site's Stripe webhook handles: the ones to send it when registering it. */
const STRIPE_WEBHOOK_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
] as const;

/** The address to register at Stripe as the webhook endpoint of a site at `siteUrl`. */
export function stripeWebhookUrl(siteUrl: string) {
  return `${siteUrl.trim().replace(/\/+$/, "") || "<SITE_URL>"}/webhooks/stripe`;
}

/** Why a deploy with card payments on and Stripe secrets `missing` is refused, and the two ways on. */
export function missingPaymentSecretsMessage(missing: readonly string[], siteUrl: string) {
  return [
    `Refusing to deploy: card payments are on (CARD_PAYMENTS = "on" in wrangler.toml [vars]) but the worker has no ${missing.join(" and no ")}.`,
    "Either set them (npx wrangler secret put <NAME>):",
    "  STRIPE_SECRET_KEY: the Stripe secret key (sk_live_… or sk_test_…);",
    `  STRIPE_WEBHOOK_SECRET: the signing secret (whsec_…) of a webhook endpoint registered at Stripe for ${stripeWebhookUrl(siteUrl)} with the events ${STRIPE_WEBHOOK_EVENTS.join(", ")};`,
    `or turn card payments off with CARD_PAYMENTS = "off" in wrangler.toml [vars] (staff then ask for payment and mark it paid by hand).`,
  ].join("\n");
}
