import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { type Route } from "./+types/root";
import { CriticalCss } from "./components/critical-css";
import { NavigationProgress } from "./components/navigation-progress";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Toaster } from "./components/toaster";
import { readAdminSignIn } from "./accounts/admin-sign-in.server";
import { authMiddleware, getAuth } from "./accounts/guards.server";
import { type MagicLinkOutcome } from "./accounts/login-schema";
import { appContextMiddleware, getAppContext } from "./context";
import { keepPageWhenNotSent } from "./lib/not-sent";
import { crossSiteMiddleware } from "./lib/cross-site.server";
import { type PublicSiteConfig } from "./lib/site.server";
import { useHydrationDone } from "./lib/use-input-before-hydration";
import { errorMessage, UNKNOWN_ERROR } from "./lib/route-errors";
import { readToast } from "./lib/toast.server";

// The fonts are not preloaded: the inline stylesheet names them as soon as the page is parsed,
// and a preload made the first paint wait for them more often than not (Lighthouse on a phone).
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

// Another site's posts are refused before anything runs; then the request's context: everything
// after it (who is signed in included) uses it.
export const middleware: Route.MiddlewareFunction[] = [
  crossSiteMiddleware,
  appContextMiddleware,
  authMiddleware,
];

export const shouldRevalidate = keepPageWhenNotSent;

export async function loader({ request, context }: Route.LoaderArgs) {
  // A session waiting for its authenticator code is signed in as far as the header says (it can
  // sign out), not yet as a member.
  const auth = await getAuth(context, { withCodePending: true });
  // What every page shows of the configuration: not where staff e-mail goes.
  const app = getAppContext(context);
  const {
    staffEmail: _staffEmail,
    cardPayments: _cardPayments,
    paymentHours: _paymentHours,
    ...site
  } = app.site;
  const [toast, adminSignIn] = await Promise.all([
    readToast(app, request),
    readAdminSignIn(app, request),
  ]);
  const headers = new Headers();
  for (const clear of [toast.clear, adminSignIn.clear])
    if (clear) headers.append("Set-Cookie", clear);
  return data(
    {
      ...site,
      // The server's year, so the footer never differs between the HTML and the hydrated page.
      year: getAppContext(context).now.getUTCFullYear(),
      user: auth ? { email: auth.user.email, isAdmin: auth.user.role === "admin" } : null,
      toast: toast.toast,
      adminSignIn: adminSignIn.outcome,
    },
    { headers },
  );
}

export type RootData = PublicSiteConfig & {
  year: number;
  user: { email: string; isAdmin: boolean } | null;
  toast: { type: "success" | "error" | "info"; message: string } | null;
  /** The admin sign-in screen's last answer (app/accounts/admin-sign-in.server.ts). */
  adminSignIn: MagicLinkOutcome | null;
};

export function Layout({ children }: { children: React.ReactNode }) {
  const site = useRouteLoaderData<RootData>("root");
  useHydrationDone();
  const siteName = site?.siteName ?? "Insider Stays";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2a43" />
        <Meta />
        {/* First, as the stylesheet link was: a route's own stylesheet comes after it. */}
        <CriticalCss />
        {/* An empty nonce: stylesheets and module preloads come from this origin, which the policy
            allows. With ServerRouter's, the browser hides it in the parsed page and React reports
            the difference when hydrating (in development). */}
        <Links nonce="" />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        <NavigationProgress />
        <SiteHeader siteName={siteName} user={site?.user ?? null} />
        <Toaster toast={site?.toast ?? null} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter siteName={siteName} contactEmail={site?.contactEmail ?? ""} year={site?.year} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let message = UNKNOWN_ERROR;
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Page not found" : `Error ${error.status}`;
    message = errorMessage(error);
  } else if (import.meta.env.DEV && error instanceof Error) {
    message = error.message;
  }
  return (
    <section className="mx-auto max-w-3xl px-6 py-24 text-center">
      <title>{title}</title>
      <h1 className="text-navy-900 font-serif text-4xl">{title}</h1>
      <p className="mt-4 text-slate-600">{message}</p>
      <a href="/locations" className="text-gold-700 mt-8 inline-block underline">
        Browse all locations
      </a>
    </section>
  );
}
