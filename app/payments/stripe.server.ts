import Stripe from "stripe";
import { type AppContext } from "~/context";
import { type BookingRequest } from "~/db/schema";
import { derivedKey } from "~/lib/derived-key.server";
import { bookingPayPath, bookingRequestPath } from "~/request-life/moves";
import { checkoutLines } from "./checkout-lines";
import { createLocalSession, refundLocalPayment } from "./local-checkout.server";

/**
 * The one place the site talks to Stripe, through Stripe's own library (its fetch client and Web
 * Crypto provider, as Workers have): a Checkout Session for a confirmed stay, a refund, and the
 * check of a webhook event's signature. Without a secret key, in local development, the same calls
 * go to the local checkout (/dev/checkout), as the dev outbox stands in for Resend.
 */

/** Stripe's client, made per call: it keeps the fetch it was given (tests mock the global one). */
const stripeClient = (secretKey: string) =>
  new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 10_000,
  });

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** A Checkout Session lasts from 30 minutes to 24 hours (Stripe's bounds), at most until the deadline. */
const SESSION_MIN_MS = 31 * 60_000;
const SESSION_MAX_MS = 24 * 3_600_000;

/**
 * What the site asks Stripe for: the server's amount (never the browser's), lines as the estimate
 * words them, the request's id in its metadata, back to the request's page once paid.
 */
export function checkoutParams(
  booking: BookingRequest,
  { origin, now }: { origin: string; now: Date },
): Stripe.Checkout.SessionCreateParams {
  const until = Date.parse(booking.payBy ?? "") || now.getTime() + SESSION_MAX_MS;
  const expiresAt = Math.min(
    Math.max(until, now.getTime() + SESSION_MIN_MS),
    now.getTime() + SESSION_MAX_MS,
  );
  const metadata = { requestId: booking.id };
  return {
    mode: "payment",
    line_items: checkoutLines(booking).map((line) => ({
      quantity: 1,
      price_data: {
        currency: booking.currency.toLowerCase(),
        unit_amount: line.amount,
        product_data: { name: line.name },
      },
    })),
    customer_email: booking.email,
    client_reference_id: booking.id,
    metadata,
    payment_intent_data: { metadata, description: `Booking request ${booking.id}` },
    success_url: `${origin}${bookingRequestPath(booking.id)}?paid`,
    cancel_url: `${origin}${bookingPayPath(booking.id)}`,
    expires_at: Math.floor(expiresAt / 1000),
  };
}

/**
 * Opens a fresh Checkout Session for a confirmed stay (one per press of Pay now: a session lasts a
 * day at most), under an idempotency key of its own, so the library's retries open one. Returns
 * where to send the member.
 */
export async function openCheckout(app: AppContext, booking: BookingRequest) {
  const { env, site, now } = app;
  const params = checkoutParams(booking, { origin: site.origin, now });
  if (site.cardPayments === "local") {
    const session = await createLocalSession(app.db, booking.id, params);
    return `${site.origin}/dev/checkout/${session.id}`;
  }
  if (site.cardPayments !== "stripe" || !env.STRIPE_SECRET_KEY) {
    throw new Error("Card payments are off: there is no checkout to open.");
  }
  const session = await stripeClient(env.STRIPE_SECRET_KEY).checkout.sessions.create(params, {
    idempotencyKey: `checkout-${booking.id}-${crypto.randomUUID()}`,
  });
  if (!session.url) throw new Error(`Stripe opened checkout ${session.id} without an address.`);
  return session.url;
}

/** Refunds a card payment in full, once however often asked (its reference is the key). */
export async function refundPayment(app: AppContext, paymentIntent: string) {
  const { env, site } = app;
  if (site.cardPayments === "local") return refundLocalPayment(app.db, paymentIntent);
  if (!env.STRIPE_SECRET_KEY) throw new Error("Cannot refund: STRIPE_SECRET_KEY is not set.");
  await stripeClient(env.STRIPE_SECRET_KEY).refunds.create(
    { payment_intent: paymentIntent, reason: "requested_by_customer" },
    { idempotencyKey: `refund-${paymentIntent}` },
  );
}

/**
 * The secret webhook events are signed with: the endpoint's at Stripe; locally, without one, a
 * secret of this machine's own (derived from the session key) that only the local checkout uses.
 */
export async function webhookSecret(app: AppContext) {
  const { env, site } = app;
  if (env.STRIPE_WEBHOOK_SECRET) return env.STRIPE_WEBHOOK_SECRET;
  if (site.cardPayments !== "local") return null;
  const key = await derivedKey(env, "local-stripe-webhook");
  return `whsec_${btoa(String.fromCharCode(...key))}`;
}

/**
 * The event a webhook carries, once its signature over the raw body is Stripe's (or the local
 * checkout's) and recent (five minutes, by the site's clock). Throws Stripe's
 * SignatureVerificationError otherwise.
 */
export function verifiedEvent(
  payload: string,
  signature: string,
  { secret, now }: { secret: string; now: Date },
) {
  return Stripe.webhooks.constructEventAsync(
    payload,
    signature,
    secret,
    undefined,
    cryptoProvider,
    now.getTime(),
  );
}

/** Signs an event as Stripe does, for the local checkout (and the tests). */
export function signEvent(payload: string, { secret, now }: { secret: string; now: Date }) {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    timestamp: Math.floor(now.getTime() / 1000),
    cryptoProvider,
  });
}

export const isSignatureError = (error: unknown) =>
  error instanceof Stripe.errors.StripeSignatureVerificationError;
