import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { toast } from "sonner";
import { type Route } from "./+types/rate-limits";
import { requireAdmin } from "~/auth/guards.server";
import { getAppContext } from "~/context";
import { readFormData } from "~/lib/body.server";
import { adminCheckOperations, clearAdminCheckCounters } from "~/lib/rate-limit-admin.server";
import { readRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Rate limits",
    description: "Admin-check rate-limit status and cleanup.",
    path: "/admin/rate-limits",
    noindex: true,
  });

/** The rate-limit status toasts, shown for 5 s. */
const RATE_LIMIT_MESSAGES = {
  cleaned: "Rate limit data cleaned up",
  statusFailed: "Could not get rate limit status",
  cleanupFailed: "Could not clean up rate limit data. Please try again.",
} as const;
const STATUS_TOAST_MS = 5_000;

/**
 * The admin operations the check counts, by their key's operation part: the first two path
 * segments of the request (checkAdmin in auth/guards.server.ts).
 */
const OPERATIONS: ReadonlyArray<{ operation: string; label: string }> = [
  { operation: "/admin", label: "Locations" },
  { operation: "/admin/overview", label: "Checklist" },
  { operation: "/admin/featured", label: "Featured Order" },
  { operation: "/admin/images", label: "Images" },
  { operation: "/admin/requests", label: "Requests" },
  { operation: "/admin/users", label: "Users" },
  { operation: "/admin/rate-limits", label: "Rate limits" },
  { operation: "/api/manage-users", label: "Users API" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = await requireAdmin(request, context);
  const kv = getAppContext(context).env.CACHE;
  const email = auth.user.email;
  const rule = RATE_LIMITS.adminCheck;
  const limits = {
    limit: rule.limit,
    warnAbove: rule.warnAbove,
    windowSeconds: rule.windowSeconds,
  };
  try {
    const labels = new Map(OPERATIONS.map((item) => [item.operation, item.label]));
    // Any other operation this admin has a counter for is shown too: a page added later, or the
    // `.data` requests of client-side navigations when they are counted apart.
    const others = (await adminCheckOperations(kv, email))
      .filter((operation) => !labels.has(operation))
      .sort()
      .map((operation) => {
        const page = labels.get(operation.replace(/\.data$/, ""));
        return {
          operation,
          label: page && operation.endsWith(".data") ? `${page} (in-app navigation)` : operation,
        };
      });
    const now = Date.now();
    const rows = await Promise.all(
      [...OPERATIONS, ...others].map(async (item) => {
        const status = await readRateLimit(kv, rule, `${email}:${item.operation}`, now);
        return { ...item, count: status.count, windowEndsAt: status.windowEndsAt };
      }),
    );
    return { email, ...limits, rows, windowEndsAt: rows[0]?.windowEndsAt ?? null, error: null };
  } catch (error) {
    console.error("rate-limit status", error);
    return {
      email,
      ...limits,
      rows: [],
      windowEndsAt: null,
      error: RATE_LIMIT_MESSAGES.statusFailed,
    };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = await requireAdmin(request, context);
  const here = "/admin/rate-limits";
  const formData = await readFormData(request);
  if (formData.get("intent") !== "cleanup") {
    return redirectWithToast(here, { type: "error", message: RATE_LIMIT_MESSAGES.cleanupFailed });
  }
  try {
    await clearAdminCheckCounters(getAppContext(context).env.CACHE, auth.user.email);
  } catch (error) {
    console.error("rate-limit cleanup", error);
    return redirectWithToast(here, { type: "error", message: RATE_LIMIT_MESSAGES.cleanupFailed });
  }
  return redirectWithToast(here, { type: "success", message: RATE_LIMIT_MESSAGES.cleaned });
}

const timeFormat = new Intl.DateTimeFormat("en-US", {
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "UTC",
});

type Level = "ok" | "warning" | "limited";

function levelOf(count: number, warnAbove: number | undefined, limit: number): Level {
  if (count > limit) return "limited";
  if (warnAbove !== undefined && count > warnAbove) return "warning";
  return "ok";
}

const LEVEL_STYLES: Record<Level, { bar: string; badge: string; label: string }> = {
  ok: {
    bar: "bg-emerald-600",
    badge: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
    label: "OK",
  },
  warning: {
    bar: "bg-amber-500",
    badge: "bg-amber-50 text-amber-900 ring-amber-500/40",
    label: "Warning",
  },
  limited: { bar: "bg-red-600", badge: "bg-red-50 text-red-800 ring-red-600/30", label: "Limited" },
};

export default function RateLimits({ loaderData }: Route.ComponentProps) {
  const { email, limit, warnAbove, windowSeconds, rows, windowEndsAt, error } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "cleanup";

  useEffect(() => {
    if (error) toast.error(error, { duration: STATUS_TOAST_MS });
  }, [error]);

  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const warnings = rows.filter((row) => levelOf(row.count, warnAbove, limit) !== "ok").length;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-navy-900 font-serif text-3xl">Rate limits</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Each admin page and admin request checks your access; more than {limit} checks in{" "}
          {windowSeconds} seconds for one operation are refused, and more than {warnAbove} are
          logged as a warning. These are the counts for{" "}
          <span className="text-navy-900 font-semibold">{email}</span> in the current window.
        </p>
      </div>

      {error ? (
        <p
          role="alert"
          className="rounded-2xl bg-red-50 p-5 text-sm font-medium text-red-800 ring-1 ring-red-200"
        >
          {error}
        </p>
      ) : (
        <section
          aria-labelledby="rate-status-heading"
          className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-5 py-4">
            <h2 id="rate-status-heading" className="text-navy-900 font-serif text-xl">
              Current window
            </h2>
            <p className="text-sm text-slate-600">
              {total} {total === 1 ? "check" : "checks"} in all
              {warnings > 0 && (
                <>
                  {" · "}
                  <span className="font-semibold text-amber-800">
                    {warnings} {warnings === 1 ? "operation" : "operations"} above {warnAbove}
                  </span>
                </>
              )}
              {windowEndsAt && (
                <>
                  {" · "}
                  resets at{" "}
                  <time dateTime={windowEndsAt}>
                    {timeFormat.format(new Date(windowEndsAt))} UTC
                  </time>
                </>
              )}
            </p>
          </div>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm sm:min-w-[36rem]">
              <caption className="sr-only">
                Admin checks per operation in the current {windowSeconds}-second window, out of a
                limit of {limit}
              </caption>
              <thead className="bg-slate-50 text-xs font-semibold tracking-wider text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 sm:px-5">
                    Operation
                  </th>
                  <th scope="col" className="px-4 py-3 sm:px-5">
                    Calls
                  </th>
                  <th scope="col" className="hidden w-2/5 px-5 py-3 sm:table-cell">
                    <span className="sr-only">Share of the limit</span>
                  </th>
                  <th scope="col" className="px-4 py-3 sm:px-5">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => {
                  const level = levelOf(row.count, warnAbove, limit);
                  const style = LEVEL_STYLES[level];
                  return (
                    <tr key={row.operation} data-operation={row.operation}>
                      <th scope="row" className="text-navy-900 px-4 py-3 font-medium sm:px-5">
                        {row.label}
                        <span className="block font-mono text-xs font-normal break-all text-slate-500">
                          {row.operation}
                        </span>
                      </th>
                      <td className="px-4 py-3 whitespace-nowrap text-slate-800 tabular-nums sm:px-5">
                        <span data-count>{row.count}</span> / {limit}
                      </td>
                      <td className="hidden px-5 py-3 sm:table-cell">
                        <div
                          className="h-2 overflow-hidden rounded-full bg-slate-100"
                          role="progressbar"
                          aria-label={`${row.label}: checks used`}
                          aria-valuemin={0}
                          aria-valuemax={limit}
                          aria-valuenow={Math.min(row.count, limit)}
                        >
                          <div
                            className={`h-full rounded-full ${style.bar}`}
                            style={{ width: `${Math.min(100, (row.count / limit) * 100)}%` }}
                          />
                        </div>
                      </td>
                      <td className="px-4 py-3 sm:px-5">
                        <span
                          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wider uppercase ring-1 ${style.badge}`}
                        >
                          {style.label}
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      )}

      <section
        aria-labelledby="cleanup-heading"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <h2 id="cleanup-heading" className="text-navy-900 font-serif text-xl">
          Clean up
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Deletes your stored admin-check counters for every operation, for example after a runaway
          script locked you out of one page. Counters also expire on their own after two minutes.
        </p>
        <Form method="post" className="mt-4">
          <button
            type="submit"
            name="intent"
            value="cleanup"
            disabled={busy}
            className="bg-navy-900 hover:bg-navy-800 rounded-lg px-5 py-2.5 text-sm font-semibold text-white disabled:opacity-60"
          >
            {busy ? "Cleaning up..." : "Clean up rate limit data"}
          </button>
        </Form>
      </section>
    </div>
  );
}
