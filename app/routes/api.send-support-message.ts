import { type Route } from "./+types/api.send-support-message";
import { supportMessageKind } from "~/guest-requests/support-message.server";
import { methodNotAllowed, requestJsonEndpoint } from "~/guest-requests/submit.server";

/**
 * POST /api/send-support-message: the five support fields as JSON, with the bot-check token in
 * `cf-turnstile-response` and an optional `idempotencyKey`. See requestJsonEndpoint for the answers.
 */
export function loader() {
  return methodNotAllowed();
}

export function action(args: Route.ActionArgs) {
  return requestJsonEndpoint(args, supportMessageKind);
}
