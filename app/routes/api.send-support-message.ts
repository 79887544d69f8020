import { type Route } from "./+types/api.send-support-message";
import { methodNotAllowed, requestJsonEndpoint } from "~/requests/submit.server";
import { storeSupportMessage } from "~/models/request.server";
import { supportMessageSchema } from "~/requests/schemas";

/**
 * POST /api/send-support-message (spec section 7): the five support fields as JSON, with the
 * bot-check token in `cf-turnstile-response` and an optional `idempotencyKey`. See
 * requestJsonEndpoint for the answers.
 */
export function loader() {
  return methodNotAllowed();
}

export function action(args: Route.ActionArgs) {
  return requestJsonEndpoint(args, {
    label: "support message",
    schema: supportMessageSchema,
    store: storeSupportMessage,
    received: "Message received",
    failed: "Failed to submit support message",
  });
}
