import { type Route } from "./+types/api.send-agent-application";
import { methodNotAllowed, requestJsonEndpoint } from "~/requests/submit.server";
import { storeAgentApplication } from "~/models/request.server";
import { agentApplicationSchema } from "~/requests/schemas";

/**
 * POST /api/send-agent-application (spec section 7): the agent application as JSON, with the
 * bot-check token in `cf-turnstile-response` and an optional `idempotencyKey`. See
 * requestJsonEndpoint for the answers.
 */
export function loader() {
  return methodNotAllowed();
}

export function action(args: Route.ActionArgs) {
  return requestJsonEndpoint(args, {
    label: "agent application",
    schema: agentApplicationSchema,
    store: storeAgentApplication,
    received: "Application received",
    failed: "Failed to submit agent application",
  });
}
