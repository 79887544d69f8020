import {
  getCollectionProps,
  getInputProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD } from "~/requests/schemas";

/*
 * The fields of the request forms (agent application, support message). Every field is bound
 * to its label, and its error (from the browser's validation or the server's reply) is linked
 * with aria-describedby / aria-invalid, so the same markup works with and without JavaScript.
 */

// conform's field metadata of any request-form field (the schemas preprocess their input).
type Field = FieldMetadata<any, any, string[]>;

export const labelClass = "block text-sm font-semibold text-navy-900";
export const inputClass =
  "mt-1.5 block w-full scroll-mt-28 rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-slate-900 shadow-xs placeholder:text-slate-500 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700";

export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {errors[0]}
    </p>
  );
}

export function TextField({
  field,
  label,
  type = "text",
  autoComplete,
  inputMode,
}: {
  field: Field;
  label: string;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel";
}) {
  return (
    <div>
      <label htmlFor={field.id} className={labelClass}>
        {label}
      </label>
      <input
        {...getInputProps(field, { type })}
        autoComplete={autoComplete}
        inputMode={inputMode}
        className={inputClass}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * First and last name side by side. Both share one message (spec: 'Please enter both first and
 * last name'), so it is shown once under the pair and both inputs point to it.
 */
export function NameFields({ firstName, lastName }: { firstName: Field; lastName: Field }) {
  const errors = firstName.errors ?? lastName.errors;
  const errorId = `${firstName.id}-names-error`;
  const aria = (field: Field) =>
    field.errors ? { "aria-invalid": true, "aria-describedby": errorId } : {};
  return (
    <div>
      <div className="grid grid-cols-1 gap-x-5 gap-y-6 sm:grid-cols-2">
        <div>
          <label htmlFor={firstName.id} className={labelClass}>
            First name
          </label>
          <input
            {...getInputProps(firstName, { type: "text", ariaAttributes: false })}
            {...aria(firstName)}
            autoComplete="given-name"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={lastName.id} className={labelClass}>
            Last name
          </label>
          <input
            {...getInputProps(lastName, { type: "text", ariaAttributes: false })}
            {...aria(lastName)}
            autoComplete="family-name"
            className={inputClass}
          />
        </div>
      </div>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

export function TextareaField({
  field,
  label,
  hint,
  rows = 6,
  minimum,
}: {
  field: Field;
  label: string;
  hint?: ReactNode;
  rows?: number;
  /** With JavaScript, a count of the (trimmed) characters typed so far against this minimum. */
  minimum?: number;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const hydrated = useHydrated();
  const initial = typeof field.initialValue === "string" ? field.initialValue : "";
  const [length, setLength] = useState<number | null>(null);
  const count = length ?? initial.trim().length;
  return (
    <div>
      <label htmlFor={field.id} className={labelClass}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <textarea
        {...getTextareaProps(field, { ariaDescribedBy: hintId })}
        rows={rows}
        onInput={
          minimum ? (event) => setLength(event.currentTarget.value.trim().length) : undefined
        }
        className={`${inputClass} resize-y`}
      />
      <div className="flex items-start justify-between gap-4">
        <FieldError id={field.errorId} errors={field.errors} />
        {minimum && hydrated && (
          <p
            className={`mt-1.5 ml-auto shrink-0 text-xs tabular-nums ${
              count >= minimum ? "text-emerald-800" : "text-slate-600"
            }`}
          >
            {count} / {minimum} characters minimum
          </p>
        )}
      </div>
    </div>
  );
}

/** A yes/no (or any single choice) question: radios in a fieldset with the question as legend. */
export function RadioGroup({
  field,
  legend,
  options,
}: {
  field: Field;
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const radios = getCollectionProps(field, {
    type: "radio",
    options: options.map((option) => option.value),
  });
  return (
    <fieldset aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {radios.map(({ key, ...props }) => (
          <label
            key={key}
            htmlFor={props.id}
            className="has-checked:border-navy-900 has-checked:bg-sand-100 has-checked:ring-navy-900 has-focus-visible:outline-gold-500 flex min-w-28 cursor-pointer items-center gap-2.5 rounded-lg border border-slate-400 bg-white px-4 py-2.5 text-slate-900 has-checked:ring-1 has-focus-visible:outline-3 has-focus-visible:outline-offset-2"
          >
            <input
              {...props}
              className="accent-navy-900 size-4 scroll-mt-28 focus-visible:outline-none"
            />
            {options.find((option) => option.value === props.value)?.label}
          </label>
        ))}
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/**
 * The field only bots fill in: off screen, out of the tab order and never autofilled. A person
 * using a screen reader who reaches it is told to leave it empty.
 */
export function HoneypotField() {
  const id = useId();
  return (
    <div className="absolute top-auto -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/**
 * The form's one-time key. It is made by the page's loader; after a reply from the server the
 * submitted key is kept, so a retry or a double submit stores one request.
 */
export function IdempotencyField({ field, fallback }: { field: Field; fallback: string }) {
  const value =
    typeof field.initialValue === "string" && field.initialValue ? field.initialValue : fallback;
  return <input type="hidden" name={IDEMPOTENCY_FIELD} value={value} />;
}

export function FormError({ form }: { form: FormMetadata<any, string[]> }) {
  if (!form.errors?.length) return null;
  return (
    <p
      id={form.errorId}
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
    >
      {form.errors[0]}
    </p>
  );
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="bg-navy-900 hover:bg-navy-800 w-full rounded-lg px-6 py-3 font-semibold text-white transition disabled:cursor-wait disabled:opacity-70 sm:w-auto"
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/**
 * What a page shows once its request is stored. The heading takes focus (and the page scrolls to
 * it) when it appears after a submission with JavaScript, so the change is announced.
 */
export function SuccessPanel({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6 md:py-24">
      <div
        role="status"
        className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200 sm:p-12"
      >
        <div
          aria-hidden="true"
          className="bg-gold-300/40 text-navy-900 mx-auto flex size-14 items-center justify-center rounded-full text-2xl"
        >
          ✓
        </div>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-navy-900 mt-6 font-serif text-4xl focus:outline-none"
        >
          {title}
        </h1>
        <div className="mt-4 space-y-3 text-lg text-slate-700">{children}</div>
      </div>
    </section>
  );
}
