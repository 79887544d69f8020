import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { Form } from "react-router";
import { useSubmitting } from "~/lib/use-submitting";
import { buttonClass, TextareaField } from "~/components/forms";
import { inboxActionSchema, NOTE_MAX } from "~/guest-requests/inbox";
import { type InboxItem } from "~/guest-requests/inbox.server";

const QUESTIONS: Record<string, string> = {
  confirm: "Confirm this booking? The guest is e-mailed that it is confirmed and can book flights.",
  decline:
    "Decline this booking? The guest is e-mailed that it is not available, and the week goes to the next member waiting.",
  "decline-and-close":
    "Decline this booking and close the week? The guest is e-mailed that it is not available; nobody is offered the week, and everyone waiting for it is told.",
};

/** With JavaScript, a decision that e-mails the guest is asked about first. */
function askFirst(event: FormEvent<HTMLFormElement>) {
  const submitter = event.nativeEvent instanceof SubmitEvent ? event.nativeEvent.submitter : null;
  const question = submitter instanceof HTMLButtonElement ? QUESTIONS[submitter.value] : undefined;
  if (question && !confirm(question)) event.preventDefault();
}

/** What staff can do with a new request: confirm or decline a booking, or mark it handled. */
export function RequestActions({ item }: { item: InboxItem }) {
  const busy = useSubmitting({ fields: { id: item.id } });
  // The visible label starts the accessible name; the rest says which request it acts on.
  const who = (
    <span className="sr-only">
      {" "}
      {item.kind === "booking" ? "booking" : "request"} from {item.firstName} {item.lastName}
    </span>
  );
  if (item.kind !== "booking") {
    return (
      <Form method="post" className="flex md:justify-end">
        <input type="hidden" name="id" value={item.id} />
        <input type="hidden" name="kind" value={item.kind} />
        <button
          type="submit"
          name="intent"
          value="handle"
          disabled={busy}
          className={buttonClass.primary}
        >
          Mark handled{who}
        </button>
      </Form>
    );
  }
  return <BookingDecision item={item} busy={busy} who={who} />;
}

/** Confirm or decline a booking, with a note to the guest (inboxActionSchema, as the action). */
function BookingDecision({ item, busy, who }: { item: InboxItem; busy: boolean; who: ReactNode }) {
  const [form, fields] = useForm({
    constraint: getZodConstraint(inboxActionSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inboxActionSchema }),
  });
  const formProps = getFormProps(form);
  // A place on a waitlist is not for staff to confirm: the member requests the week once offered.
  const waiting = item.kind === "booking" && item.waitlist;
  // A decision asked about and sent: a second click of a double click, before the page shows the
  // form busy, is not asked again.
  const sent = useRef(false);
  useEffect(() => {
    if (!busy) sent.current = false;
  }, [busy]);
  return (
    <Form
      method="post"
      {...formProps}
      // A note the schema refuses is shown first; a valid decision is then asked about.
      onSubmit={(event) => {
        if (sent.current) return event.preventDefault();
        formProps.onSubmit(event);
        if (!event.defaultPrevented) askFirst(event);
        if (!event.defaultPrevented) sent.current = true;
      }}
      className="space-y-3"
      aria-busy={busy || undefined}
    >
      <input type="hidden" name="id" value={item.id} />
      <TextareaField
        field={fields.note}
        label={
          <>
            Note to the guest <span className="font-normal">(optional)</span>
          </>
        }
        hint="Added to the e-mail that tells the guest."
        rows={2}
        maxLength={NOTE_MAX}
      />
      {waiting && (
        <p className="text-sm text-slate-700">
          On the waitlist: the week is held by another request. If it frees, it is offered to the
          first member waiting.
        </p>
      )}
      <div className="flex flex-wrap gap-2 md:justify-end">
        {!waiting && (
          <button
            type="submit"
            name="intent"
            value="confirm"
            disabled={busy}
            className={buttonClass.primary}
          >
            Confirm{who}
          </button>
        )}
        <button
          type="submit"
          name="intent"
          value="decline"
          disabled={busy}
          className={buttonClass.danger}
        >
          Decline{who}
        </button>
        {!waiting && (
          <button
            type="submit"
            name="intent"
            value="decline-and-close"
            disabled={busy}
            className={buttonClass.danger}
          >
            Decline and close {item.kind === "booking" && !item.weekId ? "its weeks" : "the week"}
            {who}
          </button>
        )}
      </div>
    </Form>
  );
}
