import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { Form } from "react-router";
import { useSubmitting } from "~/lib/use-submitting";
import { buttonClass, Field, SelectField, TextareaField, type AnyField } from "~/components/forms";
import { inboxActionSchema, MAX_EXTENSION_DAYS, NOTE_MAX } from "~/guest-requests/inbox";
import { type InboxItem } from "~/guest-requests/inbox.server";
import { ZonedTimeText } from "~/components/zoned-time";
import { money } from "~/lib/money";

const QUESTIONS: Record<string, string> = {
  confirm: "Confirm this booking? The guest is e-mailed that it is confirmed and can book flights.",
  "mark-paid": "Mark this stay paid? The guest is e-mailed a receipt, and the week is booked.",
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
  if (item.status === "confirmed") {
    return (
      <div className="space-y-5">
        <PaymentDue item={item} busy={busy} who={who} />
        <MoreTime item={item} busy={busy} who={who} />
      </div>
    );
  }
  return <BookingDecision item={item} busy={busy} who={who} />;
}

/**
 * A confirmed stay awaiting payment: how much and by when, and a way to mark it paid once a
 * payment made by hand (a bank transfer) arrives, with a note of how.
 */
function PaymentDue({ item, busy, who }: { item: InboxItem; busy: boolean; who: ReactNode }) {
  const [form, fields] = useForm({
    constraint: getZodConstraint(inboxActionSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inboxActionSchema }),
  });
  const formProps = getFormProps(form);
  if (item.kind !== "booking") return null;
  const due = item.amountDue ?? item.estimatedTotal;
  const payBy = item.times.payBy;
  return (
    <Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        formProps.onSubmit(event);
        if (!event.defaultPrevented) askFirst(event);
      }}
      className="space-y-3"
      aria-busy={busy || undefined}
    >
      <p className="text-sm text-slate-700">
        Confirmed
        {item.handledBy && (
          <>
            {" "}
            by <span className="text-navy-900 font-semibold">{item.handledBy}</span>
          </>
        )}
        {item.times.handled && (
          <>
            {" "}
            on <ZonedTimeText time={item.times.handled} />
          </>
        )}
        . Awaiting {due ? money(due, item.currency) : "payment"}
        {payBy && (
          <>
            {" "}
            by <ZonedTimeText time={payBy} />
          </>
        )}
        {item.times.paymentProcessing ? (
          <>
            . A payment by bank debit is on its way (since{" "}
            <ZonedTimeText time={item.times.paymentProcessing} />
            ): the deadline waits for its outcome.
          </>
        ) : (
          "; unpaid by then, the week goes to the next member waiting."
        )}
      </p>
      <input type="hidden" name="id" value={item.id} />
      <NoteField
        field={fields.note}
        label="How it was paid"
        hint="Kept with the request, for staff."
      />
      <div className="flex flex-wrap gap-2 md:justify-end">
        <button
          type="submit"
          name="intent"
          value="mark-paid"
          disabled={busy}
          className={buttonClass.primary}
        >
          Mark paid{who}
        </button>
      </div>
    </Form>
  );
}

/** Staff give a member whose payment is due more time: days more from the deadline. */
function MoreTime({ item, busy, who }: { item: InboxItem; busy: boolean; who: ReactNode }) {
  const [form, fields] = useForm({
    constraint: getZodConstraint(inboxActionSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inboxActionSchema }),
    defaultValue: { days: "3" },
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="flex flex-wrap items-end gap-2 md:justify-end"
      aria-busy={busy || undefined}
    >
      <input type="hidden" name="id" value={item.id} />
      <SelectField
        field={fields.days}
        label="More time to pay"
        options={Array.from({ length: MAX_EXTENSION_DAYS }, (_, index) => ({
          value: String(index + 1),
          label: index === 0 ? "1 day more" : `${index + 1} days more`,
        }))}
        className="min-w-40"
      />
      <button
        type="submit"
        name="intent"
        value="extend"
        disabled={busy}
        className={buttonClass.secondary}
      >
        Give more time{who}
      </button>
    </Form>
  );
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
      <NoteField
        field={fields.note}
        label="Note to the guest"
        hint="Added to the e-mail that tells the guest."
      />
      {!waiting && item.kind === "booking" && (
        // The estimate is what most stays are asked for: another amount is one step away.
        <details open={Boolean(fields.amount.errors)} className="text-sm">
          <summary className="text-gold-700 cursor-pointer font-medium">
            Ask for another amount than{" "}
            {item.estimatedTotal ? money(item.estimatedTotal, item.currency) : "the estimate"}
          </summary>
          <div className="mt-2">
            <Field
              field={fields.amount}
              label={`Amount to pay, in ${item.currency}`}
              hint="Asked of the member if you confirm; say why in the note."
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
            />
          </div>
        </details>
      )}
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

/** A decision's optional note: to the guest, or for staff. */
function NoteField({ field, label, hint }: { field: AnyField; label: string; hint: string }) {
  return (
    <TextareaField
      field={field}
      label={
        <>
          {label} <span className="font-normal">(optional)</span>
        </>
      }
      hint={hint}
      rows={2}
      maxLength={NOTE_MAX}
    />
  );
}
