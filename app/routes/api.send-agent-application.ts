import { type Route } from "./+types/api.send-agent-application";
import { agentApplicationKind } from "~/guest-requests/agent-application.server";
import { methodNotAllowed, requestJsonEndpoint } from "~/guest-requests/submit.server";

/**
 * POST /api/send-agent-application: the agent application as JSON, with the bot-check token in
 * `cf-turnstile-response` and an optional `idempotencyKey`. See requestJsonEndpoint for the answers.
 */
export function loader() {
  return methodNotAllowed();
}

export function action(args: Route.ActionArgs) {
  return requestJsonEndpoint(args, agentApplicationKind);
}
