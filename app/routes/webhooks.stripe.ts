import { type Route } from "./+types/webhooks.stripe";
import { getAppContext } from "~/context";
import { receiveStripeEvent } from "~/payments/webhook.server";

/**
 * Stripe's webhook (its address is registered at Stripe): no cookie and no form token, only the
 * event's signature, checked on the raw body.
 */
export const action = ({ request, context }: Route.ActionArgs) =>
  receiveStripeEvent(getAppContext(context), request);
