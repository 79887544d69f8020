import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { toast } from "~/lib/toast";
import {
  LOGIN_MESSAGES,
  loginSchema,
  type LoginVariant,
  type MagicLinkOutcome,
} from "~/accounts/login-schema";
import { useHydrated } from "~/lib/use-hydrated";
import { BotCheck, useBotCheck } from "../bot-check";
import { Field, FormErrors, HoneypotField, SubmitButton } from "../forms";
import { useSubmitting } from "~/lib/use-submitting";

const TEXT: Record<LoginVariant, { submit: string; sending: string }> = {
  login: { submit: "Send magic link", sending: "Sending..." },
  admin: { submit: "Send Magic Link", sending: "Sending..." },
};

const RATE_LIMIT_TOAST = "magic-link-rate-limit";

/** Counts down the seconds of an answer's rate limit; 0 when there is none. */
function useCountdown(answer: MagicLinkOutcome | undefined) {
  const seconds = answer?.retryAfterSeconds ?? 0;
  const [left, setLeft] = useState(seconds);
  // A new answer restarts the count in the same render, so no frame shows the old one.
  const [countedFor, setCountedFor] = useState(answer);
  if (countedFor !== answer) {
    setCountedFor(answer);
    setLeft(seconds);
  }
  useEffect(() => {
    if (!seconds) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [answer, seconds]);
  return left;
}

/**
 * The e-mail sign-in form of /login and of the admin screens. It posts to /login, which works
 * without JavaScript; with it, the form validates as you type, waits for the bot check and counts
 * down a rate limit.
 */
export function MagicLinkForm({
  variant,
  dest,
  siteKey,
  actionData,
}: {
  variant: LoginVariant;
  dest: string;
  siteKey: string;
  actionData: MagicLinkOutcome | undefined;
}) {
  const schema = loginSchema(variant);
  const navigation = useNavigation();
  const submitting = useSubmitting({ action: "/login" });
  const [form, fields] = useForm({
    id: `magic-link-${variant}`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const botCheck = useBotCheck(actionData);
  const waitSeconds = useCountdown(actionData);
  const hydrated = useHydrated();

  useEffect(() => {
    if (actionData?.result.error?.[""]?.includes(LOGIN_MESSAGES.failed))
      toast.error("Failed to send login link");
  }, [actionData]);
  // The admin screens count a rate limit down in a toast, then say when a new link can be asked.
  const waited = useRef(0);
  useEffect(() => {
    if (variant !== "admin") return;
    if (waitSeconds > 0) {
      toast.error(`Rate limited! Wait ${waitSeconds}s before trying again.`, {
        id: RATE_LIMIT_TOAST,
        duration: (waitSeconds + 1) * 1000,
      });
    } else if (waited.current > 0) {
      toast.dismiss(RATE_LIMIT_TOAST);
      toast.success("You can now request a new magic link!");
    }
    waited.current = waitSeconds;
  }, [waitSeconds, variant]);

  // Without JavaScript nothing counts down: the button says to wait but stays usable (disabled, it
  // would stay so), and the message says how long. With it, the button is disabled and counts
  // down, the message with it, and both go with the wait.
  const rateLimited = hydrated && waitSeconds > 0;
  const disabled = submitting || rateLimited || (hydrated && !botCheck.passed);
  const retryAfter = actionData?.retryAfterSeconds;
  const errors =
    hydrated && retryAfter
      ? form.errors?.flatMap((message) =>
          message !== LOGIN_MESSAGES.rateLimited(retryAfter)
            ? [message]
            : rateLimited
              ? [LOGIN_MESSAGES.rateLimited(waitSeconds)]
              : [],
        )
      : form.errors;

  return (
    <Form method="post" action="/login" {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="dest" value={dest} />
      <input type="hidden" name="variant" value={variant} />
      <HoneypotField />
      <Field
        field={fields.email}
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        placeholder="you@example.com"
      />
      <BotCheck key={botCheck.key} siteKey={siteKey} onVerify={botCheck.onVerify} />
      <FormErrors id={form.errorId} errors={errors} />
      <SubmitButton
        busy={submitting}
        busyText={TEXT[variant].sending}
        disabled={disabled}
        className="w-full py-3 text-base"
      >
        {rateLimited
          ? `Rate Limited - Please Wait (${waitSeconds}s)`
          : waitSeconds > 0
            ? "Rate Limited - Please Wait"
            : TEXT[variant].submit}
      </SubmitButton>
    </Form>
  );
}

/** What the page shows once the link is on its way. */
export function MagicLinkSent({ email }: { email: string }) {
  useEffect(() => {
    toast.success(`Magic link sent to ${email}. Check your email and click the link to log in.`, {
      duration: 8000,
    });
  }, [email]);
  return (
    <div role="status" className="space-y-3 text-center">
      <h2 className="text-navy-900 font-serif text-3xl">Check your email</h2>
      <p className="text-slate-700">
        We sent a sign-in link to the address <strong className="text-navy-900">{email}</strong>.
      </p>
      <p className="text-sm text-slate-600">
        The link works once and expires in 1 hour. You can close this page.
      </p>
    </div>
  );
}
