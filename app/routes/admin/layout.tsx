import {
  Form,
  isRouteErrorResponse,
  NavLink,
  Outlet,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { type Route } from "./+types/layout";
import { adminAccessMiddleware, requireAdmin, type AdminRefusal } from "~/accounts/guards.server";
import { AdminLoginScreen } from "~/components/accounts/admin-login-screen";
import { clearRememberedSelection } from "~/components/catalogue-admin/location-selection";
import { pageMeta } from "~/lib/seo";
import { type RootData } from "~/root";

/**
 * Every loader and action under /admin calls requireAdmin itself (checked once per request); a
 * refusal renders this layout's boundary: the admin login screen.
 */
/** A refusal's headers (Retry-After, the cleared session cookie) reach the browser. */
export const headers: Route.HeadersFunction = ({ errorHeaders, loaderHeaders }) =>
  errorHeaders ?? loaderHeaders;

/** The sign-in screen (this layout's boundary) is titled here; each admin page titles itself. */
export const meta: Route.MetaFunction = ({ matches, error }) =>
  error
    ? pageMeta(matches, {
        title: "Admin sign in",
        description: "Admins sign in with a one-time link sent to an authorized e-mail address.",
        noindex: true,
      })
    : [];

export const middleware: Route.MiddlewareFunction[] = [adminAccessMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = await requireAdmin(request, context);
  return { email: auth.user.email };
}

const tabs = [
  { to: "/admin", label: "Locations", end: true },
  { to: "/admin/overview", label: "Checklist" },
  { to: "/admin/featured", label: "Featured Order" },
  { to: "/admin/requests", label: "Requests" },
  { to: "/admin/calendar", label: "Calendar" },
  { to: "/admin/demand", label: "Demand" },
  { to: "/admin/weeks", label: "Weeks" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/rate-limits", label: "Rate limits" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-4">
        <nav aria-label="Admin" className="flex flex-wrap gap-1">
          {tabs.map((tab) => (
            <NavLink
              key={tab.to}
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                `rounded-lg px-4 py-2 text-sm font-semibold ${
                  isActive ? "bg-navy-900 text-white" : "text-navy-900 hover:bg-slate-100"
                }`
              }
            >
              {tab.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-3 text-sm text-slate-600">
          <span>{loaderData.email}</span>
          <Form method="post" action="/logout" onSubmit={clearRememberedSelection}>
            <button
              type="submit"
              className="text-navy-900 rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50"
            >
              Logout
            </button>
          </Form>
        </div>
      </div>
      <div className="mt-8">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const root = useRouteLoaderData<RootData>("root");
  if (
    isRouteErrorResponse(error) &&
    error.data &&
    typeof error.data === "object" &&
    "adminAccess" in error.data
  ) {
    const refusal = error.data as AdminRefusal;
    return (
      <AdminLoginScreen
        dest={`${location.pathname}${location.search}`}
        siteKey={root?.turnstileSiteKey ?? ""}
        message={refusal.message}
        outcome={root?.adminSignIn ?? undefined}
      />
    );
  }
  throw error;
}
