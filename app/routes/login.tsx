import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { type Route } from "./+types/login";
import { getAuth, passedSecondStep, verifyPath } from "~/accounts/guards.server";
import { adminReturnPath, redirectToAdminSignIn } from "~/accounts/admin-sign-in.server";
import {
  LOGIN_MESSAGES,
  loginSchema,
  variantOf,
  type LoginVariant,
  type MagicLinkOutcome,
} from "~/accounts/login-schema";
import { requestMagicLink } from "~/accounts/magic-link.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import { MagicLinkForm, MagicLinkSent } from "~/components/accounts/magic-link-form";
import { type AppContext, getAppContext } from "~/context";
import { readFormData } from "~/lib/body.server";
import { answerOrKeep, keepPageWhenNotSent } from "~/lib/not-sent";
import { DomainError, ERROR_STATUS, RateLimitedError, retryAfterOf } from "~/lib/errors.server";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { screenSubmission, type SubmissionLimit } from "~/lib/screen-submission.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Sign in",
    description: "Members sign in with a one-time link sent to their e-mail address.",
    noindex: true,
  });

/** Passes the action's Retry-After on to the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => retryAfterOf(actionHeaders);

export async function loader({ request, context }: Route.LoaderArgs) {
  const dest = safeRedirectPath(new URL(request.url).searchParams.get("dest"));
  const auth = await getAuth(context, { withCodePending: true });
  if (auth) throw redirect(passedSecondStep(auth) ? dest : verifyPath(dest));
  return { dest };
}

/** Sign-in link requests from one IP address, refused in the words of the per-address wait. */
const SIGN_IN_LIMIT: SubmissionLimit = {
  rule: RATE_LIMITS.magicLinkPerIp,
  message: LOGIN_MESSAGES.rateLimited,
};

/** What a sign-in request comes to: the address its link went to, or a refusal with its status. */
type SignInAnswer = { sentTo: string; refusal?: never } | { refusal: DomainError; sentTo?: never };

async function answerSignIn(
  cloudflare: AppContext,
  request: Request,
  formData: FormData,
  value: { email: string; dest?: string },
  variant: LoginVariant,
): Promise<SignInAnswer> {
  const refusal = await screenSubmission(cloudflare, request, formData, SIGN_IN_LIMIT);
  if (refusal) return { refusal };
  try {
    const outcome = await requestMagicLink(cloudflare, {
      email: value.email,
      dest: variant === "admin" ? adminReturnPath(value.dest) : safeRedirectPath(value.dest),
    });
    if (outcome.status === "rate-limited") {
      const wait = outcome.retryAfterSeconds;
      return { refusal: new RateLimitedError(LOGIN_MESSAGES.rateLimited(wait), wait) };
    }
  } catch (error) {
    console.error("magic link request", error);
    return { refusal: new DomainError("unavailable", LOGIN_MESSAGES.failed) };
  }
  return { sentTo: value.email.toLowerCase() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const cloudflare = getAppContext(context);
  const formData = await readFormData(request);
  const variant = variantOf(formData.get("variant"));
  const submission = parseWithZod(formData, { schema: loginSchema(variant) });
  const answer: SignInAnswer | null =
    submission.status === "success"
      ? await answerSignIn(cloudflare, request, formData, submission.value, variant)
      : null;
  const refusal = answer?.refusal ?? null;
  const retryAfterSeconds =
    refusal instanceof RateLimitedError ? refusal.retryAfterSeconds : undefined;

  // The admin screens get their answer on the admin page they were on.
  if (variant === "admin") {
    return redirectToAdminSignIn(cloudflare, String(formData.get("dest") ?? ""), {
      email: String(formData.get("email") ?? "").slice(0, 320),
      emailError: submission.status === "error" ? submission.error?.email?.[0] : undefined,
      formError: refusal?.message,
      retryAfterSeconds,
      sentTo: answer?.sentTo,
    });
  }
  if (answer?.sentTo)
    return { result: submission.reply({ resetForm: true }), sentTo: answer.sentTo };
  const result = refusal ? submission.reply({ formErrors: [refusal.message] }) : submission.reply();
  return data(
    { result, retryAfterSeconds },
    { status: refusal?.status ?? ERROR_STATUS.invalid, headers: refusal?.headers },
  );
}

/** With JavaScript: a link asked for while the connection drops keeps the form, and says so. */
export const clientAction = (args: Route.ClientActionArgs) =>
  answerOrKeep(args, (typed): MagicLinkOutcome => ({
    result: {
      status: "error",
      initialValue: { email: typed.email ?? "" },
      error: { "": [LOGIN_MESSAGES.failed] },
    },
  }));

export const shouldRevalidate = keepPageWhenNotSent;

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
            <h1 className="text-navy-900 font-serif text-3xl">Sign in</h1>
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
              <Link to="/join" className="text-gold-700 font-medium underline underline-offset-4">
                Not a member? Apply here
              </Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
