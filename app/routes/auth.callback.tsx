import { data, Form, Link, redirect } from "react-router";
import { type Route } from "./+types/auth.callback";
import { getAuth, verifyPath } from "~/accounts/guards.server";
import { listFactors } from "~/accounts/totp.server";
import { LOGIN_MESSAGES } from "~/accounts/login-schema";
import { consumeMagicLink } from "~/accounts/magic-link.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import { createSession, destroySession } from "~/accounts/session.server";
import { SubmitButton } from "~/components/forms";
import { getAppContext } from "~/context";
import { readFormData } from "~/lib/body.server";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { useSubmitting } from "~/lib/use-submitting";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Sign in",
    description: "Confirm your sign-in.",
    noindex: true,
  });

/**
 * Following the e-mailed link only shows a confirmation: the token is used by the POST. (Mail
 * scanners open links before people do and would otherwise burn the token.)
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  return { token, dest: safeRedirectPath(url.searchParams.get("dest")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getAppContext(context);
  const formData = await readFormData(request);
  const token = String(formData.get("token") ?? "");
  const dest = safeRedirectPath(String(formData.get("dest") ?? ""));
  const user = await consumeMagicLink(app.db, token, app.now);
  if (!user) return data({ error: LOGIN_MESSAGES.expired }, { status: 400 });

  const previous = await getAuth(context, { withCodePending: true });
  if (previous) await destroySession(app.db, previous.session.id);
  const [cookie, factors] = await Promise.all([
    createSession(app, user.id),
    listFactors(app.db, user.id),
  ]);
  // An account with an authenticator app takes its second step before going on.
  const verified = factors.some((factor) => factor.status === "verified");
  return redirect(verified ? verifyPath(dest) : dest, { headers: { "Set-Cookie": cookie } });
}

export default function AuthCallback({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { siteName } = siteFromMatches(matches);
  const busy = useSubmitting({});
  const error = actionData?.error ?? (loaderData.token ? null : LOGIN_MESSAGES.expired);
  return (
    <section className="mx-auto max-w-md px-6 py-16">
      <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        {error ? (
          <>
            <h1 className="text-navy-900 font-serif text-3xl">Sign in</h1>
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-sm text-red-800">
              {error}
            </p>
            <Link to="/login" className="text-gold-700 mt-6 inline-block font-medium underline">
              Request a new link
            </Link>
          </>
        ) : (
          <>
            <h1 className="text-navy-900 font-serif text-3xl">Sign in to {siteName}</h1>
            <p className="mt-3 text-slate-600">Confirm to finish signing in on this device.</p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={loaderData.token} />
              <input type="hidden" name="dest" value={loaderData.dest} />
              <SubmitButton busy={busy} busyText="Signing in..." className="w-full py-3 text-base">
                Sign in
              </SubmitButton>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}
