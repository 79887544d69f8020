import Stripe from "stripe";
import { type AppContext } from "~/context";
import { type DevCheckoutSession } from "~/db/schema";
import { moveLocalSession } from "./local-checkout.server";
import { signEvent, webhookSecret } from "./stripe.server";
import { receiveStripeEvent } from "./webhook.server";

/**
 * What a person can do on the local checkout, as a Stripe Checkout page allows: pay by card, pay
 * by a slower method (the bank then says whether it went through), or go back. Each sends the
 * event Stripe would, signed with the local secret, through the webhook's own route and checks.
 */
const CHOICES = {
  pay: {
    from: ["open"],
    to: "complete",
    type: "checkout.session.completed",
    paymentStatus: "paid",
  },
  "pay-later": {
    from: ["open"],
    to: "processing",
    type: "checkout.session.completed",
    paymentStatus: "unpaid",
  },
  "bank-succeeds": {
    from: ["processing"],
    to: "complete",
    type: "checkout.session.async_payment_succeeded",
    paymentStatus: "paid",
  },
  "bank-fails": {
    from: ["processing"],
    to: "failed",
    type: "checkout.session.async_payment_failed",
    paymentStatus: "unpaid",
  },
  cancel: {
    from: ["open"],
    to: "expired",
    type: "checkout.session.expired",
    paymentStatus: "unpaid",
  },
} as const satisfies Record<
  string,
  {
    from: DevCheckoutSession["status"][];
    to: DevCheckoutSession["status"];
    type: Stripe.Event.Type;
    paymentStatus: Stripe.Checkout.Session.PaymentStatus;
  }
>;

export type LocalCheckoutChoice = keyof typeof CHOICES;
export const LOCAL_CHECKOUT_CHOICES = Object.keys(CHOICES) as LocalCheckoutChoice[];

/** What the local checkout may still do with a session, by its state. */
export const choicesFor = (status: DevCheckoutSession["status"]) =>
  LOCAL_CHECKOUT_CHOICES.filter((choice) =>
    (CHOICES[choice].from as readonly string[]).includes(status),
  );

/**
 * Makes the person's choice: the session moves on (one of two presses), and its event goes to the
 * webhook. Returns the webhook's answer, or null when the session could not make that choice.
 */
export async function chooseOnLocalCheckout(
  app: AppContext,
  session: DevCheckoutSession,
  choice: LocalCheckoutChoice,
) {
  const { from, to, type, paymentStatus } = CHOICES[choice];
  if (!(await moveLocalSession(app.db, session.id, [...from], to))) return null;
  const payload = JSON.stringify(localEvent(app, session, type, paymentStatus));
  const secret = await webhookSecret(app);
  if (!secret)
    throw new Error("The local checkout runs only without a Stripe key, in development.");
  const signature = await signEvent(payload, { secret, now: app.now });
  return receiveStripeEvent(
    app,
    new Request(`${app.site.origin}/webhooks/stripe`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    }),
  );
}

/** The event Stripe would send about the session, shaped as Stripe shapes it. */
function localEvent(
  { now }: AppContext,
  session: DevCheckoutSession,
  type: Stripe.Event.Type,
  paymentStatus: Stripe.Checkout.Session.PaymentStatus,
) {
  const { params } = session;
  const total = (params.line_items ?? []).reduce(
    (sum, line) => sum + (line.price_data?.unit_amount ?? 0) * (line.quantity ?? 1),
    0,
  );
  const created = Math.floor(now.getTime() / 1000);
  return {
    id: `evt_local_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: session.id,
        object: "checkout.session",
        mode: "payment",
        amount_subtotal: total,
        amount_total: total,
        currency: params.line_items?.[0]?.price_data?.currency ?? null,
        client_reference_id: params.client_reference_id ?? null,
        customer_email: params.customer_email ?? null,
        metadata: params.metadata ?? {},
        payment_intent: session.paymentIntent,
        payment_status: paymentStatus,
        status: type === "checkout.session.expired" ? "expired" : "complete",
        expires_at: params.expires_at ?? created,
        success_url: params.success_url ?? null,
        cancel_url: params.cancel_url ?? null,
        url: null,
      },
    },
  };
}
