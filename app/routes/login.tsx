import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/login";
import { verifyBotCheck } from "~/auth/bot-check.server";
import { getAuth } from "~/auth/guards.server";
import { LOGIN_MESSAGES, loginSchema, variantOf } from "~/auth/login-schema";
import { requestMagicLink, safeRedirectPath } from "~/auth/magic-link.server";
import { MagicLinkForm, MagicLinkSent } from "~/components/magic-link-form";
import { getCloudflare } from "~/context";
import { pageMeta, siteFromMatches } from "~/lib/seo";

const DEFAULT_DEST = { login: "/members", admin: "/admin" } as const;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Sign in",
    description: "Members sign in with a one-time link sent to their e-mail address.",
    path: "/login",
    noindex: true,
  });

/** Passes the action's Retry-After on to the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const dest = safeRedirectPath(new URL(request.url).searchParams.get("dest"));
  if (await getAuth(context)) throw redirect(dest);
  return { dest };
}

export async function action({ request, context }: Route.ActionArgs) {
  const cloudflare = getCloudflare(context);
  const formData = await request.formData();
  const variant = variantOf(formData.get("variant"));
  const submission = parseWithZod(formData, { schema: loginSchema(variant) });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const bot = await verifyBotCheck(cloudflare.env, formData, request);
  if (!bot.ok) {
    return data({ result: submission.reply({ formErrors: [bot.message] }) }, { status: 400 });
  }

  const email = submission.value.email;
  try {
    const outcome = await requestMagicLink(cloudflare, {
      email,
      dest: safeRedirectPath(submission.value.dest, DEFAULT_DEST[variant]),
      origin: new URL(request.url).origin,
      ip: request.headers.get("CF-Connecting-IP"),
    });
    if (outcome.status === "rate-limited") {
      return data(
        {
          result: submission.reply({
            formErrors: [LOGIN_MESSAGES.rateLimited(outcome.retryAfterSeconds)],
          }),
          retryAfterSeconds: outcome.retryAfterSeconds,
        },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
  } catch (error) {
    console.error("magic link request", error);
    return data(
      { result: submission.reply({ formErrors: [LOGIN_MESSAGES.failed] }) },
      { status: 503 },
    );
  }
  return { result: submission.reply({ resetForm: true }), sentTo: email.toLowerCase() };
}

export default function Login({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { turnstileSiteKey } = siteFromMatches(matches);
  const sentTo = actionData && "sentTo" in actionData ? actionData.sentTo : null;
  return (
    <section className="mx-auto max-w-md px-6 py-16">
      <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        {sentTo ? (
          <MagicLinkSent email={sentTo} />
        ) : (
          <>
            <h1 className="font-serif text-3xl text-navy-900">Sign in</h1>
            <p className="mt-2 text-sm text-slate-600">
              Members sign in with a one-time link. Enter your e-mail and we'll send it to you.
            </p>
            <div className="mt-6">
              <MagicLinkForm
                variant="login"
                dest={loaderData.dest}
                siteKey={turnstileSiteKey}
                actionData={actionData}
              />
            </div>
            <p className="mt-6 text-center text-sm text-slate-600">
              <Link to="/join" className="font-medium text-gold-700 underline underline-offset-4">
                Not a member? Apply here
              </Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
