import { useEffect } from "react";
import { data, Form } from "react-router";
import { toast } from "~/lib/toast";
import { z } from "~/lib/zod";
import { type Route } from "./+types/rate-limits";
import { requireAdmin } from "~/accounts/guards.server";
import { RateLimitStatus } from "~/components/admin/rate-limit-status";
import { useSubmitting } from "~/lib/use-submitting";
import { FormErrors, SubmitButton } from "~/components/forms";
import { getAppContext } from "~/context";
import { readFormData } from "~/lib/body.server";
import { ERROR_STATUS } from "~/lib/errors.server";
import { adminCheckStatus, clearAdminCheckCounters } from "~/lib/rate-limit-admin.server";
import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { parseWithZod } from "@conform-to/zod/v4";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Rate limits",
    description: "Admin-check rate-limit status and cleanup.",
    noindex: true,
  });

/** The rate-limit status toasts, shown for 5 s. */
const RATE_LIMIT_MESSAGES = {
  cleaned: "Rate limit data cleaned up",
  statusFailed: "Could not get rate limit status",
  cleanupFailed: "Could not clean up rate limit data. Please try again.",
  unknown: "Unknown action.",
} as const;
const STATUS_TOAST_MS = 5_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = await requireAdmin(request, context);
  const email = auth.user.email;
  const { limit, warnAbove, windowSeconds } = RATE_LIMITS.adminCheck;
  const limits = { limit, warnAbove, windowSeconds };
  try {
    const { db, now } = getAppContext(context);
    const rows = await adminCheckStatus(db, email, now.getTime());
    return { email, ...limits, rows, error: null };
  } catch (error) {
    console.error("rate-limit status", error);
    return {
      email,
      ...limits,
      rows: [],
      error: RATE_LIMIT_MESSAGES.statusFailed,
    };
  }
}

/** The page's one form, 'Clean up rate limit data'. */
const CLEANUP = "cleanup";
const rateLimitIntentSchema = z.object({ intent: z.literal(CLEANUP) });

export async function action({ request, context }: Route.ActionArgs) {
  const auth = await requireAdmin(request, context);
  const here = "/admin/rate-limits";
  const submission = parseWithZod(await readFormData(request), { schema: rateLimitIntentSchema });
  if (submission.status !== "success") {
    return data({ error: RATE_LIMIT_MESSAGES.unknown }, { status: ERROR_STATUS.invalid });
  }
  const app = getAppContext(context);
  try {
    await clearAdminCheckCounters(app.db, auth.user.email);
  } catch (error) {
    console.error("rate-limit cleanup", error);
    return redirectWithToast(app, here, {
      type: "error",
      message: RATE_LIMIT_MESSAGES.cleanupFailed,
    });
  }
  return redirectWithToast(app, here, { type: "success", message: RATE_LIMIT_MESSAGES.cleaned });
}

export default function RateLimits({ loaderData, actionData }: Route.ComponentProps) {
  const { email, limit, warnAbove, windowSeconds, rows, error } = loaderData;
  const busy = useSubmitting(CLEANUP);

  useEffect(() => {
    if (error) toast.error(error, { duration: STATUS_TOAST_MS });
  }, [error]);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-navy-900 font-serif text-3xl">Rate limits</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Each admin page and admin request checks your access; more than {limit} checks in{" "}
          {windowSeconds} seconds for one operation are refused, and more than {warnAbove} are
          logged as a warning. A window starts at an operation's first check. These are the counts
          for <span className="text-navy-900 font-semibold">{email}</span> in their current windows.
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
        <RateLimitStatus
          rows={rows}
          limit={limit}
          warnAbove={warnAbove}
          windowSeconds={windowSeconds}
        />
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
          script locked you out of one page. Counters also expire on their own when their window
          ends.
        </p>
        <Form method="post" className="mt-4 space-y-3">
          <FormErrors errors={actionData ? [actionData.error] : undefined} />
          <SubmitButton busy={busy} busyText="Cleaning up..." name="intent" value={CLEANUP}>
            Clean up rate limit data
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
