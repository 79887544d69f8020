import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { type Route } from "./+types/auth.verify";
import { requireUser } from "~/accounts/guards.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import { elevateSession } from "~/accounts/session.server";
import { verifyCodeSchema } from "~/accounts/totp-schema";
import { verifyFactorCode } from "~/accounts/totp.server";
import { Field, SubmitButton } from "~/components/forms";
import { getAppContext } from "~/context";
import { readFormData } from "~/lib/body.server";
import { retryAfterOf } from "~/lib/errors.server";
import { pageMeta } from "~/lib/seo";
import { useSubmitting } from "~/lib/use-submitting";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Verify it's you",
    description: "Enter the code from your authenticator app.",
    noindex: true,
  });

/** A locked authenticator's Retry-After reaches the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => retryAfterOf(actionHeaders);

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = await requireUser(request, context, { withCodePending: true });
  const dest = safeRedirectPath(new URL(request.url).searchParams.get("dest"));
  if (!auth.hasVerifiedFactor || auth.session.aal === "aal2") throw redirect(dest);
  return { dest };
}

/** Raises the session to aal2 with a TOTP code (an admin with an authenticator needs it). */
export async function action({ request, context }: Route.ActionArgs) {
  const auth = await requireUser(request, context, { withCodePending: true });
  const app = getAppContext(context);
  const submission = parseWithZod(await readFormData(request), { schema: verifyCodeSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const refusal = await verifyFactorCode(app, auth.user.id, submission.value.code, "verified");
  if (refusal) {
    return data(submission.reply({ fieldErrors: { code: [refusal.message] } }), {
      status: refusal.status,
      headers: refusal.headers,
    });
  }
  const cookie = await elevateSession(app, auth);
  return redirect(safeRedirectPath(submission.value.dest), { headers: { "Set-Cookie": cookie } });
}

export default function VerifyCode({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useSubmitting({});
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(verifyCodeSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verifyCodeSchema }),
  });
  return (
    <section className="mx-auto max-w-md px-6 py-16">
      <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-navy-900 font-serif text-3xl">Verify it's you</h1>
        <p className="mt-2 text-sm text-slate-600">
          Enter the current 6-digit code from your authenticator app to continue.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <input type="hidden" name="dest" value={loaderData.dest} />
          <Field
            field={fields.code}
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
          />
          <SubmitButton busy={busy} busyText="Verifying..." className="w-full py-3 text-base">
            Verify
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}
