import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import { cloudflareContext, createAppContext } from "../app/context";
import { openD1Session, withBookmark } from "../app/db/read-replicas.server";
import { deliverDueEmails } from "../app/email/deliveries.server";
import { requestCatalogueVersion } from "../app/lib/cache.server";
import { now, scheduledMoment } from "../app/lib/clock.server";
import { servePage } from "../app/catalogue/page-cache.server";
import { configuredSiteOrigin } from "../app/lib/site.server";
import { deleteExpiredRateLimits } from "../app/lib/rate-limit.server";
import { sweepRequests } from "../app/request-life/life.server";
import { todayUtc } from "../app/weeks/calendar";
import { sendWeekAlerts } from "../app/week-alerts/week-alerts.server";
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
let builtHandler: Promise<RequestHandler> | undefined;
/**
 * Given a function, React Router derives the routes' table and its handler from the build at every
 * request, which development needs (the build changes under it). A deployed build never changes:
 * it is derived once per isolate, a millisecond less on every page here.
 */
const requestHandler: RequestHandler = import.meta.env.DEV
  ? createRequestHandler(serverBuild, import.meta.env.MODE)
  : async (request, context) =>
      (
        await (builtHandler ??= serverBuild().then((build) =>
          createRequestHandler(build, import.meta.env.MODE),
        ))
      )(request, context);
let appRouteIds: Promise<ReadonlySet<string>> | undefined;
/** The app's route ids, read once per isolate from the build. */
const routeIds = () =>
  (appRouteIds ??= serverBuild().then((build) => new Set(Object.keys(build.routes))));

export default {
  async fetch(request, env, ctx) {
    const nonce = createCspNonce();
    try {
      const d1 = await openD1Session(env, env.DB, request);
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
        {
          ctx,
          nonce,
          catalogueVersion,
          workerVersion,
          today: todayUtc(now(env)),
          routeIds: await routeIds(),
        },
        async () => withBookmark(env, await requestHandler(request, context), d1, request),
      );
      return withSecurityHeaders(response, { request, env, nonce });
    } catch (error) {
      // React Router answers its own errors with the error page; this is for what fails around it.
      console.error("request failed outside the app", error);
      return withSecurityHeaders(unexpectedFailure(), { request, env, nonce });
    }
  },
  // The cron trigger in wrangler.toml: move requests along (holds lapse, offers pass, waitlists
  // close), send e-mails that could not go at once, and forget ended rate-limit windows.
  async scheduled(controller, env, ctx) {
    // No visitor's request: links in e-mails go to the configured site (none is sent outside
    // development until there is one). The run's moment is the one it was scheduled for.
    const site = configuredSiteOrigin(env) ?? "http://localhost:8787";
    const app = {
      ...createAppContext({ env, ctx }, new Request(site)),
      now: scheduledMoment(env, controller.scheduledTime),
    };
    // Requests first: their e-mails go out in this run's e-mails.
    const [changed, expired] = await Promise.all([
      sweepRequests(app),
      deleteExpiredRateLimits(app.db, app.now.getTime()),
    ]);
    if (changed > 0) console.log(`requests: ${changed} lapsed, passed on or closed`);
    // After the requests: a week they freed is told in this run.
    const alerted = await sendWeekAlerts(app);
    if (alerted > 0) console.log(`week alerts: ${alerted} written`);
    const sent = await deliverDueEmails({ env, db: app.db }, app.now);
    if (sent > 0) console.log(`retried e-mails: ${sent} sent`);
    if (expired > 0) console.log(`rate limits: ${expired} ended windows deleted`);
  },
} satisfies ExportedHandler<Env>;
