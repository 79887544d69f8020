// Secrets: set with `wrangler secret put NAME` in production. Locally, scripts/prepare-local.ts
// writes SESSION_SIGNING_KEY to .dev.vars; the others stay unset (dev outbox, stand-in bot check).
interface SecretBindings {
  /** ES256 private key as a JWK (JSON, with `kid`) signing session tokens. */
  SESSION_SIGNING_KEY?: string;
  /** Older public keys (JSON array of JWKs) still accepted while sessions roll over to a new key. */
  SESSION_PREVIOUS_PUBLIC_KEYS?: string;
  /** Resend API key; without it e-mails go to the dev outbox (development only). */
  RESEND_API_KEY?: string;
  /** Cloudflare Turnstile secret; without it only the local stand-in is accepted (development). */
  TURNSTILE_SECRET_KEY?: string;
  /** Stripe secret key (sk_live_… or sk_test_…); with CARD_PAYMENTS on, members pay through Checkout. */
  STRIPE_SECRET_KEY?: string;
  /** The signing secret (whsec_…) of the webhook endpoint registered at Stripe for /webhooks/stripe. */
  STRIPE_WEBHOOK_SECRET?: string;
  /** The moment the site's clock starts from, in tests and local runs only (app/lib/clock.server.ts). */
  TEST_NOW?: string;
}

declare namespace Cloudflare {
  interface Env extends SecretBindings {}
}
interface Env extends SecretBindings {}

interface ImportMetaEnv {
  /** "1" in the build `npm run deploy` makes: it carries no development tooling (app/dev/). */
  readonly VITE_DEPLOY?: string;
}
