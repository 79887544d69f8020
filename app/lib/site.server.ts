/**
 * The site's configuration, read from the environment in one place (with the local defaults of
 * wrangler.toml), once per request into the request context.
 */
export function siteConfig(env: Env, request: Request) {
  const contactEmail = env.CONTACT_EMAIL || "hello@insiderstays.example";
  return {
    siteName: env.SITE_NAME || "Insider Stays",
    contactEmail,
    contactPhone: env.CONTACT_PHONE?.trim() || null,
    /** Where booking requests, agent applications and support messages are e-mailed. */
    staffEmail: env.STAFF_EMAIL || contactEmail,
    origin: siteOrigin(env, request),
    turnstileSiteKey: env.TURNSTILE_SITE_KEY ?? "",
    /** How a confirmed member pays by card, if they can (otherwise staff mark payments by hand). */
    cardPayments: cardPaymentsMode(env),
    /** How long a confirmed member has to pay, in hours. */
    paymentHours: paymentHours(env),
  };
}

/** Hours to pay when PAYMENT_HOURS is unset or not a whole number from 1 to 720 (npm run deploy refuses those). */
const DEFAULT_PAYMENT_HOURS = 72;

function paymentHours(env: Pick<Env, "PAYMENT_HOURS">) {
  const hours = Number(env.PAYMENT_HOURS);
  return Number.isInteger(hours) && hours >= 1 && hours <= 720 ? hours : DEFAULT_PAYMENT_HOURS;
}

/**
 * Card payments: through Stripe Checkout with a secret key; without one, in local development
 * only, on the local checkout (/dev/checkout); otherwise none, and staff mark payments by hand.
 */
export function cardPaymentsMode(
  env: Pick<Env, "CARD_PAYMENTS" | "APP_ENV" | "STRIPE_SECRET_KEY">,
): "stripe" | "local" | null {
  if (env.CARD_PAYMENTS !== "on") return null;
  if (env.STRIPE_SECRET_KEY) return "stripe";
  return env.APP_ENV === "development" ? "local" : null;
}

/** SITE_URL's origin when it is a web address (http or https); null when missing or malformed. */
export function configuredSiteOrigin(env: Pick<Env, "SITE_URL">) {
  const configured = URL.parse(env.SITE_URL ?? "");
  return configured && /^https?:$/.test(configured.protocol) ? configured.origin : null;
}

/**
 * The site's own address, for the links it writes out (e-mails, canonical tags, the sitemap):
 * SITE_URL when configured, so a request that came through another host (a *.workers.dev alias, a
 * preview) never mails or declares links to it; the request's own origin when it is not (local;
 * outside development no e-mail is sent until it is: `sendEmail`).
 */
function siteOrigin(env: Env, request: Request) {
  return configuredSiteOrigin(env) ?? new URL(request.url).origin;
}

export type SiteConfig = ReturnType<typeof siteConfig>;

/** What pages receive of it (the root loader's data): not where staff e-mail goes, nor the payment settings. */
export type PublicSiteConfig = Omit<SiteConfig, "staffEmail" | "cardPayments" | "paymentHours">;

/** The external agent application form that /join embeds: an https script from configuration only. */
export function joinFormScriptUrl(env: Env) {
  const url = URL.parse(env.JOIN_FORM_SCRIPT_URL ?? "");
  return url?.protocol === "https:" ? url : null;
}
