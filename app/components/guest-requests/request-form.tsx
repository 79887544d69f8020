import { getFormProps, useForm, type DefaultValue, type FormMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form } from "react-router";
import { toast } from "~/lib/toast";
import { type z } from "zod";
import { useSubmitting } from "~/lib/use-submitting";
import { BotCheck } from "~/components/bot-check";
import { FormErrors, HoneypotField, SubmitButton } from "~/components/forms";
import { IDEMPOTENCY_FIELD, type RequestFormReply } from "~/guest-requests/fields";

/*
 * The one request form of /book, /agents and /contact: conform bound to the kind's schema, the
 * hidden one-time key, the honeypot, the bot check, the form's own messages and the submit button.
 * It posts to the page's action and works the same with and without JavaScript.
 */

/** What a page gives its request form. */
export interface RequestFormProps {
  /** The one-time key the page's loader made for this visit. */
  idempotencyKey: string;
  /** The signed-in member's address, to start with. */
  email: string;
  siteKey: string;
  /** The page action's last answer. */
  reply: RequestFormReply | undefined;
}

/**
 * A bot-check token works once: after each answer from the server the check starts again. Returns
 * the key to mount the bot check with (a new answer, a new key).
 */
function useBotCheckKey(reply: RequestFormReply | undefined) {
  const [answers, setAnswers] = useState({ last: reply, count: 0 });
  if (answers.last !== reply) setAnswers({ last: reply, count: answers.count + 1 });
  return answers.count;
}

/**
 * A request form's state: the form and its fields, the server's last reply applied to them (its
 * refusal also shown as a toast), whether it is on its way, the one-time key to send and the bot
 * check's key.
 */
export function useRequestForm<Schema extends z.ZodObject>(
  { idempotencyKey, siteKey, reply }: RequestFormProps,
  {
    id,
    path,
    schema,
    defaultValue,
  }: {
    id: string;
    /** The page's path: its action is where the form posts. */
    path: string;
    schema: Schema;
    /** Starting values (the member's e-mail among them). */
    defaultValue: DefaultValue<z.input<Schema>>;
  },
) {
  // True while this page's form is being posted (and the page reloads its data after it).
  const submitting = useSubmitting({ action: path });
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: submitting ? undefined : reply?.result,
    defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  // A refusal is shown where it belongs, perhaps far above the submit button (the week, at the
  // top of /book): its first message is brought into view and focused, as conform does for the
  // browser's own checks, in the first render that shows it (conform applies the reply after).
  const refusalToFocus = useRef<RequestFormReply | null>(null);
  useEffect(() => {
    if (reply?.toast) toast.error(reply.toast);
    refusalToFocus.current = reply?.result.status === "error" ? reply : null;
  }, [reply]);
  useEffect(() => {
    if (!refusalToFocus.current) return;
    const shown = document
      .getElementById(id)
      ?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!shown) return;
    refusalToFocus.current = null;
    shown.focus();
  });
  // After a refusal the submitted key is kept, so a retry or a double submit stores one request.
  const submittedKey = reply?.result.initialValue?.[IDEMPOTENCY_FIELD];
  return {
    form,
    fields,
    submitting,
    siteKey,
    botCheckKey: useBotCheckKey(reply),
    idempotencyKey:
      typeof submittedKey === "string" && submittedKey ? submittedKey : idempotencyKey,
  };
}

export function RequestForm<FormValue extends Record<string, unknown>>({
  state: { form, submitting, siteKey, botCheckKey, idempotencyKey },
  action,
  submit,
  className = "",
  children,
}: {
  state: {
    form: FormMetadata<FormValue>;
    submitting: boolean;
    siteKey: string;
    botCheckKey: number;
    idempotencyKey: string;
  };
  /** Where it posts (the page itself, and the part of it to show again). */
  action?: string;
  submit: { label: string; busyLabel: string; className?: string };
  className?: string;
  /** The kind's own fields. */
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className={`relative space-y-6 ${className}`}
    >
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
      <HoneypotField />
      {children}
      <BotCheck key={botCheckKey} siteKey={siteKey} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton busy={submitting} busyText={submit.busyLabel} className={submit.className}>
        {submit.label}
      </SubmitButton>
    </Form>
  );
}
