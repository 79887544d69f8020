import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "../app/context";
import { deliverDueEmails } from "../app/email/deliveries.server";
import {
  createCspNonce,
  cspNonceContext,
  withSecurityHeaders,
} from "../app/lib/security-headers.server";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env, ctx) {
    const nonce = createCspNonce();
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    context.set(cspNonceContext, nonce);
    // Every response, whatever route or error made it, leaves with the security headers.
    return withSecurityHeaders(await requestHandler(request, context), { request, env, nonce });
  },
  // The cron trigger in wrangler.toml: send e-mails about requests that could not go at once.
  async scheduled(_controller, env) {
    const sent = await deliverDueEmails(env);
    if (sent > 0) console.log(`retried e-mails: ${sent} sent`);
  },
} satisfies ExportedHandler<Env>;
