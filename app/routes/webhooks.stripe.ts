import { type Route } from "./+types/webhooks.stripe";
import { getAppContext } from "~/context";
import { receiveStripeEvent } from "~/payments/webhook.server";

/**
 * Stripe's webhook (its address is registered at Stripe): no cookie and no form token, only the
 * event's signature, checked on the raw body.
 */
export const action = ({ request, context }: Route.ActionArgs) =>
  receiveStripeEvent(getAppContext(context), request);

/** Stripe only posts here. */
export const loader = () =>
  new Response("Stripe's webhook takes POST only.", { status: 405, headers: { Allow: "POST" } });
