import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { createDb, type Db } from "~/db/client.server";
import { requestCatalogueVersion } from "~/lib/cache.server";
import { now } from "~/lib/clock.server";
import { siteConfig, type SiteConfig } from "~/lib/site.server";

type Context = Readonly<RouterContextProvider>;

export interface CloudflareContext {
  env: Env;
  ctx: ExecutionContext;
  /** The request's D1 session (read replicas); without it, D1 itself. */
  d1?: D1DatabaseSession;
  /** The request's catalogue cache version (read once); without it, read when first asked. */
  catalogueVersion?: () => Promise<string>;
}

/** What the worker gives each request (workers/app.ts): its bindings and execution context. */
export const cloudflareContext = createContext<CloudflareContext>();

/** Everything a loader, an action or a model needs about the request it serves. */
export interface AppContext extends CloudflareContext {
  /** One drizzle client per request. */
  db: Db;
  site: SiteConfig;
  /** The request's moment, by the site's one clock: every date and deadline it works with. */
  now: Date;
  /** The catalogue's cache version, read at most once for the request. */
  catalogueVersion: () => Promise<string>;
}

const appContext = createContext<AppContext>();

export function createAppContext(
  { env, ctx, d1, catalogueVersion }: CloudflareContext,
  request: Request,
): AppContext {
  return {
    env,
    ctx,
    db: createDb(d1 ?? env.DB),
    site: siteConfig(env, request),
    now: now(env),
    catalogueVersion: catalogueVersion ?? requestCatalogueVersion(env.CACHE),
  };
}

/** The root's first middleware: the request's context, built once before any loader or action. */
export const appContextMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(appContext, createAppContext(context.get(cloudflareContext), request));
  return next();
};

export function getAppContext(context: Context): AppContext {
  return context.get(appContext);
}
