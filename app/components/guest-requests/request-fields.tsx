import { getCollectionProps, getInputProps } from "@conform-to/react";
import { useState } from "react";
import {
  ErrorList,
  Field,
  inputClass,
  labelClass,
  NEAR_LIMIT,
  ShownValue,
  TextareaField,
  useFocusIfWrong,
  type AnyField,
} from "~/components/forms";
import { SENDER_MESSAGES } from "~/guest-requests/fields";
import { trimInvisible, visibleLength } from "~/lib/text";
import { useHydrated } from "~/lib/use-hydrated";

/*
 * The request forms' own fields, built from the shared form components (app/components/forms.tsx)
 * where those fit: the sender's name pair, e-mail and phone, a single choice, and long text with a
 * running count against its minimum.
 */

/**
 * First and last name side by side. A missing name has one message for the pair ('Please enter
 * both first and last name'), shown once under it; any other message (a name too long) is its own
 * field's, shown under that field, so on a phone it never sits under the other name.
 */
export function NameFields({
  firstName,
  lastName,
  className,
}: {
  firstName: AnyField;
  lastName: AnyField;
  className?: string;
}) {
  const pairErrorId = `${firstName.id}-names-error`;
  const pairError = [firstName, lastName].some((field) =>
    field.errors?.includes(SENDER_MESSAGES.names),
  )
    ? [SENDER_MESSAGES.names]
    : undefined;
  const autoFocus = {
    [firstName.name]: useFocusIfWrong(firstName),
    [lastName.name]: useFocusIfWrong(lastName),
  };
  const name = (field: AnyField, label: string, autoComplete: string) => {
    const { key, ...props } = getInputProps(field, { type: "text", ariaAttributes: false });
    const ownErrors = field.errors?.filter((error) => error !== SENDER_MESSAGES.names);
    const ownErrorId = `${field.id}-error`;
    const describedBy = field.errors?.includes(SENDER_MESSAGES.names) ? pairErrorId : ownErrorId;
    return (
      <div>
        <label htmlFor={field.id} className={labelClass}>
          {label}
        </label>
        <input
          key={key}
          autoFocus={autoFocus[field.name]}
          {...props}
          {...(field.errors ? { "aria-invalid": true, "aria-describedby": describedBy } : {})}
          autoComplete={autoComplete}
          className={inputClass}
        />
        <ErrorList id={ownErrorId} errors={ownErrors} />
      </div>
    );
  };
  return (
    <div className={className}>
      <div className="grid grid-cols-1 gap-x-5 gap-y-6 sm:grid-cols-2">
        {name(firstName, "First name", "given-name")}
        {name(lastName, "Last name", "family-name")}
      </div>
      <ErrorList id={pairErrorId} errors={pairError} />
    </div>
  );
}

/** E-mail and phone side by side. */
export function ContactFields({
  email,
  phone,
  emailLabel,
  accountEmail,
}: {
  email: AnyField;
  phone: AnyField;
  emailLabel: string;
  /** A signed-in sender's address: the server answers there, whatever a form says, so it is shown. */
  accountEmail: string;
}) {
  return (
    <div className="grid grid-cols-1 gap-x-5 gap-y-6 sm:grid-cols-2">
      {accountEmail ? (
        <ShownValue label={emailLabel} hint="We write to your account's address.">
          {accountEmail}
          <input type="hidden" name={email.name} value={accountEmail} />
        </ShownValue>
      ) : (
        <Field field={email} label={emailLabel} type="email" autoComplete="email" />
      )}
      <Field field={phone} label="Phone" type="tel" autoComplete="tel" />
    </div>
  );
}

/** A single choice (yes or no): radios in a fieldset with the question as its legend. */
export function ChoiceField({
  field,
  legend,
  options,
}: {
  field: AnyField;
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
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** The length the minimum is checked against: trimmed, invisible format characters not counted. */
const readLength = (value: string) => visibleLength(trimInvisible(value));

/** Long text that must reach a minimum: with JavaScript, the (trimmed) characters typed so far. */
export function MinimumTextField({
  field,
  label,
  hint,
  minimum,
  limit,
}: {
  field: AnyField;
  label: string;
  hint: string;
  minimum: number;
  limit: number;
}) {
  const hydrated = useHydrated();
  const initial = typeof field.initialValue === "string" ? field.initialValue : "";
  // What the box holds, typed before the scripts ran included (TextareaField takes it over).
  const [text, setText] = useState<string | null>(null);
  const typed = readLength(text ?? initial);
  return (
    <div>
      <TextareaField
        field={field}
        label={label}
        hint={hint}
        rows={6}
        limit={limit}
        onTextChange={setText}
      />
      {/* Its line is kept (unseen) until the scripts run: what follows does not move then. Near
          the limit, the limit's count takes its place. */}
      {typed < limit * NEAR_LIMIT && (
        <p
          aria-hidden={hydrated ? undefined : true}
          className={`mt-1.5 text-right text-xs tabular-nums ${hydrated ? "" : "invisible"} ${
            typed >= minimum ? "text-emerald-800" : "text-slate-600"
          }`}
        >
          {typed} / {minimum} characters minimum
        </p>
      )}
    </div>
  );
}
