import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "../app/context";
import { createDb } from "../app/db/client.server";
import { openD1Session, withBookmark } from "../app/db/read-replicas.server";
import { deliverDueEmails } from "../app/email/deliveries.server";
import { now as clockNow } from "../app/lib/clock.server";
import { invalidateLocationCaches, requestCatalogueVersion } from "../app/lib/cache.server";
import { servePage } from "../app/lib/page-cache.server";
import { deleteExpiredRateLimits } from "../app/lib/rate-limit.server";
import { releaseLapsedHolds } from "../app/weeks/weeks.server";
import {
  createCspNonce,
  cspNonceContext,
  withSecurityHeaders,
} from "../app/lib/security-headers.server";

/** A short page for a failure nothing else answered: no details, never stored. */
function unexpectedFailure() {
  return new Response("Something went wrong on our side. Please try again in a moment.", {
    status: 500,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

const serverBuild = () => import("virtual:react-router/server-build");
const requestHandler = createRequestHandler(serverBuild, import.meta.env.MODE);

export default {
  async fetch(request, env, ctx) {
    const nonce = createCspNonce();
    try {
      const d1 = await openD1Session(env.DB, request);
      const catalogueVersion = requestCatalogueVersion(env.CACHE);
      const context = new RouterContextProvider();
      context.set(cloudflareContext, { env, ctx, d1, catalogueVersion });
      context.set(cspNonceContext, nonce);
      // Visitors' public pages may come from the edge's cache; every response, whatever route or
      // error made it, leaves with the security headers.
      // A cached page is kept under the Worker version that rendered it: a deploy never serves
      // one whose scripts are gone, nor one rendered by the server code or styles it replaced.
      const workerVersion = env.CF_VERSION_METADATA.id;
      const response = await servePage(
        request,
        { ctx, nonce, catalogueVersion, workerVersion },
        async () => withBookmark(await requestHandler(request, context), d1, request),
      );
      return withSecurityHeaders(response, { request, env, nonce });
    } catch (error) {
      // React Router answers its own errors with the error page; this is for what fails around it.
      console.error("request failed outside the app", error);
      return withSecurityHeaders(unexpectedFailure(), { request, env, nonce });
    }
  },
  // The cron trigger in wrangler.toml: send e-mails that could not go at once, and forget
  // rate-limit counters whose window has ended.
  async scheduled(_controller, env) {
    const db = createDb(env.DB);
    const now = clockNow(env);
    // Lapsed holds first: their e-mails to staff go out in this run's e-mails.
    const [lapsed, expired] = await Promise.all([
      releaseLapsedHolds({ env, db }, now),
      deleteExpiredRateLimits(db, now.getTime()),
    ]);
    if (lapsed > 0) {
      await invalidateLocationCaches(env.CACHE);
      console.log(`holds: ${lapsed} lapsed after 72 hours, weeks open again`);
    }
    const sent = await deliverDueEmails({ env, db }, now);
    if (sent > 0) console.log(`retried e-mails: ${sent} sent`);
    if (expired > 0) console.log(`rate limits: ${expired} ended windows deleted`);
  },
} satisfies ExportedHandler<Env>;
