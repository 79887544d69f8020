import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { type Route } from "./+types/account.security";
import { requireUser } from "~/accounts/guards.server";
import { elevateSession } from "~/accounts/session.server";
import { totpSchema } from "~/accounts/totp-schema";
import {
  enrollFactor,
  enrollmentDetails,
  listFactors,
  pendingFactor,
  cancelEnrollment,
  removeFactor,
  TOTP_MESSAGES,
  verifyFactorCode,
} from "~/accounts/totp.server";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { getAppContext } from "~/context";
import { readFormData } from "~/lib/body.server";
import { DomainError, retryAfterOf } from "~/lib/errors.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useSubmitting } from "~/lib/use-submitting";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Sign-in security",
    description: "Manage your authenticator app.",
    noindex: true,
  });

/** A locked authenticator's Retry-After reaches the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => retryAfterOf(actionHeaders);

export async function loader({ request, context }: Route.LoaderArgs) {
  // Before its code too: removing the app asks for one anyway.
  const auth = await requireUser(request, context, { withCodePending: true });
  const { db, site } = getAppContext(context);
  const [factors, pending] = await Promise.all([
    listFactors(db, auth.user.id),
    pendingFactor(db, auth.user.id),
  ]);
  return {
    aal: auth.session.aal,
    verified: factors.filter((factor) => factor.status === "verified"),
    enrollment: pending ? enrollmentDetails(pending.secret, auth.user.email, site.siteName) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Before its code too: removing the app asks for one anyway.
  const auth = await requireUser(request, context, { withCodePending: true });
  const app = getAppContext(context);
  const { db, site } = app;
  const submission = parseWithZod(await readFormData(request), { schema: totpSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const here = "/account/security";
  const value = submission.value;
  const codeRefusal = (refusal: DomainError) =>
    data(submission.reply({ fieldErrors: { code: [refusal.message] } }), {
      status: refusal.status,
      headers: refusal.headers,
    });

  switch (value.intent) {
    case "enroll":
      if (auth.hasVerifiedFactor) {
        return data(
          submission.reply({ formErrors: ["Your authenticator app is already set up."] }),
          {
            status: 400,
          },
        );
      }
      await enrollFactor(db, auth.user, site.siteName);
      return redirectWithToast(app, here, {
        type: "info",
        message: "Scan the code with your authenticator app.",
      });
    case "cancel":
      await cancelEnrollment(db, auth.user.id);
      return redirectWithToast(app, here, { type: "info", message: "Set-up cancelled." });
    case "verify": {
      const refusal = await verifyFactorCode(app, auth.user.id, value.code, "unverified");
      if (refusal) return codeRefusal(refusal);
      const cookie = await elevateSession(app, auth);
      return redirectWithToast(
        app,
        here,
        { type: "success", message: "Authenticator app verified." },
        { headers: { "Set-Cookie": cookie } },
      );
    }
    case "remove": {
      // Removing the factor needs a current code from it, so a stolen session cannot remove it.
      const refusal = await verifyFactorCode(app, auth.user.id, value.code, "verified");
      if (refusal) return codeRefusal(refusal);
      if (!(await removeFactor(db, auth.user.id, value.factorId))) {
        return codeRefusal(new DomainError("invalid", TOTP_MESSAGES.invalidCode));
      }
      return redirectWithToast(app, here, {
        type: "success",
        message: "Authenticator app removed.",
      });
    }
  }
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { verified, enrollment, aal } = loaderData;
  const busy = useSubmitting({});
  // The code forms (remove, verify): only one is on the page at a time.
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(totpSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: totpSchema }),
  });
  const codeField = (label: string) => (
    <Field
      field={fields.code}
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      className="w-44"
    />
  );
  return (
    <section className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-navy-900 font-serif text-4xl">Sign-in security</h1>
      <p className="mt-3 text-slate-700">
        Add an authenticator app (such as 1Password, Google Authenticator or Authy) as a second
        step: once it is set up, you enter a code from it after the e-mail link each time you sign
        in.
      </p>
      <p className="mt-2 text-sm text-slate-600">
        This session:{" "}
        <strong>
          {aal === "aal2"
            ? "signed in with the e-mail link and a code"
            : "signed in with the e-mail link"}
        </strong>
      </p>
      <div className="mt-6">
        <FormErrors id={form.errorId} errors={form.errors} />
      </div>

      {verified.length > 0 ? (
        verified.map((factor) => (
          <div
            key={factor.id}
            className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <h2 className="text-navy-900 font-serif text-xl">{factor.friendlyName}</h2>
            <p className="mt-1 text-sm text-slate-600">
              Verified {factor.verifiedAt?.slice(0, 10)}
            </p>
            <Form
              method="post"
              {...getFormProps(form)}
              className="mt-4 flex flex-wrap items-end gap-3"
            >
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="factorId" value={factor.id} />
              {codeField("Current code to remove it")}
              <SubmitButton busy={busy} busyText="Removing..." variant="danger" className="mb-0.5">
                Remove
              </SubmitButton>
            </Form>
          </div>
        ))
      ) : enrollment ? (
        <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-navy-900 font-serif text-xl">Scan this code</h2>
          <div
            className="mt-4 w-48 max-w-full"
            role="img"
            aria-label="QR code for your authenticator app"
            dangerouslySetInnerHTML={{ __html: enrollment.qrSvg }}
          />
          <p className="mt-3 text-sm text-slate-600">
            Or enter this key:{" "}
            <code className="rounded bg-slate-100 px-1 break-all">{enrollment.secret}</code>
          </p>
          <Form
            method="post"
            {...getFormProps(form)}
            className="mt-5 flex flex-wrap items-end gap-3"
          >
            <input type="hidden" name="intent" value="verify" />
            {codeField("Code from the app")}
            <SubmitButton busy={busy} busyText="Verifying..." className="mb-0.5">
              Verify
            </SubmitButton>
          </Form>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="text-sm text-slate-600 underline">
              Cancel
            </button>
          </Form>
        </div>
      ) : (
        <Form method="post" className="mt-8">
          <input type="hidden" name="intent" value="enroll" />
          <SubmitButton busy={busy} busyText="Setting up..." className="px-5 py-3 text-base">
            Set up an authenticator app
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
