import {
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import {
  useId,
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { useHydrated } from "~/lib/use-hydrated";
import { useInputBeforeHydration } from "~/lib/use-input-before-hydration";

/*
 * The one set of form fields every form uses, public and admin. Each is bound to conform's field
 * metadata: its label, its hint and its error (from the browser's validation or the server's
 * reply) are linked with aria-describedby / aria-invalid, so the same markup works with and
 * without JavaScript.
 */

// Any form's field (the schemas may transform their input, so the value type is left open).
// oxlint-disable-next-line typescript/no-explicit-any -- conform's field metadata is generic over the schema
export type AnyField = FieldMetadata<any, any, string[]>;

export const labelClass = "block text-sm font-semibold text-navy-900";
export const hintClass = "mt-1 text-xs text-slate-600";
export const inputClass =
  "mt-1.5 block w-full scroll-mt-28 rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-slate-900 shadow-xs placeholder:text-slate-500 disabled:bg-slate-50 disabled:text-slate-500 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700";

const buttonBase =
  "inline-flex items-center justify-center rounded-lg text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";
export const buttonClass = {
  primary: `${buttonBase} bg-navy-900 px-5 py-2.5 text-white hover:bg-navy-800`,
  secondary: `${buttonBase} border border-slate-300 bg-white px-3 py-2 text-navy-900 hover:bg-slate-50`,
  danger: `${buttonBase} border border-red-300 bg-white px-4 py-2 text-red-700 hover:bg-red-50`,
  /** Gold: the one step that matters, on navy (Save Order on the bar of unsaved changes). */
  accent: `${buttonBase} bg-gold-500 px-5 py-2.5 text-navy-950 hover:bg-gold-400`,
} as const;

/** Buttons a size smaller, for a row of a list and the question asked there (remove a user). */
export const smallButtonClass = {
  secondary: `${buttonBase} border border-slate-300 bg-white px-3 py-1.5 text-navy-900 hover:bg-slate-50`,
  danger: `${buttonBase} border border-red-300 bg-white px-3 py-1.5 text-red-700 hover:bg-red-50`,
  /** The answer that deletes, once asked. */
  dangerSolid: `${buttonBase} bg-red-700 px-3 py-1.5 text-white hover:bg-red-800`,
} as const;

/** A field's messages (the first one is shown; the rest follow once it is fixed). */
export function ErrorList({ id, errors }: { id?: string; errors: string[] | undefined }) {
  const first = errors?.find(Boolean);
  if (!first) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {first}
    </p>
  );
}

/**
 * The form's own messages (not tied to one field): announced when they appear, and in a page the
 * server sends back with them, focused as a wrong field is (see useFocusIfWrong).
 */
export function FormErrors({ id, errors }: { id?: string; errors: string[] | undefined }) {
  const hydrated = useHydrated();
  const first = errors?.find(Boolean);
  if (!first) return null;
  return (
    <p
      id={id}
      role="alert"
      tabIndex={-1}
      autoFocus={!hydrated}
      className="scroll-mt-28 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
    >
      {first}
    </p>
  );
}

const hintIdOf = (field: AnyField) => `${field.id}-hint`;

function Hint({ field, hint }: { field: AnyField; hint: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={hintIdOf(field)} className={hintClass}>
      {hint}
    </p>
  );
}

/**
 * A page the server renders with a form's errors (a post without JavaScript) comes back at its
 * first wrong field, focused, not at the top with the messages out of sight: every wrong field
 * asks for focus and the browser gives it to the first in the page. Only in the server's HTML:
 * once scripts run, conform focuses the first wrong field itself, and React would focus the last
 * field it mounts.
 */
export function useFocusIfWrong(field: AnyField) {
  const hydrated = useHydrated();
  return !hydrated && Boolean(field.errors?.some(Boolean));
}

/** conform's props without its defaultValue, for a field the form holds in its own state. */
function withValue<Props extends { defaultValue?: unknown }>(props: Props, controlled: boolean) {
  if (!controlled) return props;
  const { defaultValue: _initial, ...rest } = props;
  return rest;
}

/** A field's label above it, its hint and its first error below: the frame every field shares. */
function FieldFrame({
  field,
  label,
  hint,
  className,
  children,
}: {
  field: AnyField;
  label: ReactNode;
  hint: ReactNode;
  className: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className={labelClass}>
        {label}
      </label>
      {children}
      <Hint field={field} hint={hint} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * A value the form sends but this page does not edit (a booking's resort, chosen on its own page):
 * shown as text and sent in a hidden input, with a way to change it elsewhere and its errors.
 */
export function FixedField({
  field,
  label,
  value,
  shown,
  change,
  className,
}: {
  field: AnyField;
  label: ReactNode;
  value: string;
  shown: ReactNode;
  change?: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <p className={labelClass}>{label}</p>
      <p className="mt-1.5 text-slate-800">{shown}</p>
      <input type="hidden" name={field.name} value={value} />
      {change}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** What the server knows and the form does not send (a member's own address): shown as text. */
export function ShownValue({
  label,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <p className={labelClass}>{label}</p>
      <p className="mt-1.5 wrap-anywhere text-slate-800">{children}</p>
      {hint && <p className={hintClass}>{hint}</p>}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "form" | "type">;

export function Field({
  field,
  label,
  hint,
  type = "text",
  className,
  ...inputProps
}: {
  field: AnyField;
  label: ReactNode;
  hint?: ReactNode;
  type?: "text" | "email" | "tel" | "number" | "date" | "time" | "url" | "search" | "password";
} & InputProps) {
  const { key, ...props } = getInputProps(field, {
    type,
    ariaDescribedBy: hint ? hintIdOf(field) : undefined,
  });
  const autoFocus = useFocusIfWrong(field);
  return (
    <FieldFrame field={field} label={label} hint={hint} className={className}>
      <input
        key={key}
        autoFocus={autoFocus}
        {...withValue(props, inputProps.value !== undefined)}
        {...inputProps}
        className={inputClass}
      />
    </FieldFrame>
  );
}

type TextareaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "id" | "name" | "form" | "onInput"
>;

export function TextareaField({
  field,
  label,
  hint,
  className,
  limit,
  onTextChange,
  ...textareaProps
}: {
  field: AnyField;
  label: ReactNode;
  hint?: ReactNode;
  /**
   * The most characters the form's schema takes, counted as the text nears it (by default the
   * box's maxlength, or the schema's where conform reads it). Long text the schema cleans first
   * gives it here: a maxlength would cut a longer paste short without a word.
   */
  limit?: number;
  /** Told the box's text as it changes, and what was typed in it before the scripts ran. */
  onTextChange?: (text: string) => void;
} & TextareaProps) {
  const { key, ...props } = getTextareaProps(field, {
    ariaDescribedBy: hint ? hintIdOf(field) : undefined,
  });
  const autoFocus = useFocusIfWrong(field);
  const [text, setText] = useState<string | null>(null);
  const changeText = (value: string) => {
    setText(value);
    onTextChange?.(value);
  };
  // Text typed before the scripts ran counts from the start.
  const container = useInputBeforeHydration<HTMLDivElement>((values) => {
    const before = values.get(field.name);
    if (before !== undefined) changeText(before);
  });
  const initial = typeof field.initialValue === "string" ? field.initialValue : "";
  const most = limit ?? textareaProps.maxLength ?? field.maxLength;
  return (
    <FieldFrame field={field} label={label} hint={hint} className={className}>
      <div ref={container}>
        <textarea
          key={key}
          autoFocus={autoFocus}
          {...props}
          {...textareaProps}
          onInput={(event) => changeText(event.currentTarget.value)}
          className={inputClass}
        />
        {most !== undefined && <LengthLimit length={boxLength(text ?? initial)} max={most} />}
      </div>
    </FieldFrame>
  );
}

/** The length a text box counts: each line break one character (a form posted as-is sends CR LF). */
const boxLength = (value: string) => value.replace(/\r\n?/g, "\n").length;

/** The share of a long text's limit from which its count shows. */
export const NEAR_LIMIT = 0.9;

/**
 * A long text's count as it nears its limit, so a person sees the text is too long before sending
 * it, not after. Going over is announced once.
 */
function LengthLimit({ length, max }: { length: number; max: number }) {
  const over = length > max;
  const most = max.toLocaleString("en-US");
  return (
    <>
      {length >= max * NEAR_LIMIT && (
        <p
          className={`mt-1 text-right text-xs tabular-nums ${over ? "font-semibold text-red-800" : "text-slate-600"}`}
        >
          {length.toLocaleString("en-US")} of {most} characters
        </p>
      )}
      <p role="status" className="sr-only">
        {over ? `Over the limit of ${most} characters` : ""}
      </p>
    </>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "form">;

/** An option of a SelectField; `data` becomes its data- attributes (for CSS that follows the choice). */
export interface SelectOption {
  value: string;
  label: string;
  data?: Record<string, string>;
}

export function SelectField({
  field,
  label,
  hint,
  options,
  placeholder,
  className,
  ...selectProps
}: {
  field: AnyField;
  label: ReactNode;
  hint?: ReactNode;
  options: ReadonlyArray<string | SelectOption>;
  /** A first option with an empty value ("Choose a state"). */
  placeholder?: string;
} & SelectProps) {
  const { key, ...props } = getSelectProps(field, {
    ariaDescribedBy: hint ? hintIdOf(field) : undefined,
  });
  const autoFocus = useFocusIfWrong(field);
  return (
    <FieldFrame field={field} label={label} hint={hint} className={className}>
      <select
        key={key}
        autoFocus={autoFocus}
        {...withValue(props, selectProps.value !== undefined)}
        // Without an empty first option a select always holds a value: `required` adds nothing,
        // and HTML allows it only with that option.
        required={placeholder !== undefined && props.required}
        {...selectProps}
        className={inputClass}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => {
          const {
            value,
            label: text,
            data = {},
          } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option
              key={value}
              value={value}
              {...Object.fromEntries(Object.entries(data).map(([name, v]) => [`data-${name}`, v]))}
            >
              {text}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
}

/** A checkbox with its label and hint; `disabled` shows it unticked and sends nothing. */
export function CheckboxField({
  field,
  label,
  hint,
  disabled = false,
}: {
  field: AnyField;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const { key, ...props } = getInputProps(field, {
    type: "checkbox",
    ariaDescribedBy: hint ? hintIdOf(field) : undefined,
  });
  const autoFocus = useFocusIfWrong(field);
  return (
    <div className="flex items-start gap-2.5">
      {disabled ? (
        <input
          id={field.id}
          type="checkbox"
          disabled
          aria-describedby={hint ? hintIdOf(field) : undefined}
          className="accent-navy-900 mt-0.5 size-4 shrink-0"
        />
      ) : (
        <input
          key={key}
          autoFocus={autoFocus}
          {...props}
          className="accent-navy-900 mt-0.5 size-4 shrink-0"
        />
      )}
      <div>
        <label htmlFor={field.id} className="text-navy-900 text-sm font-semibold">
          {label}
        </label>
        {hint && (
          <p id={hintIdOf(field)} className="text-xs text-slate-500">
            {hint}
          </p>
        )}
        <ErrorList id={field.errorId} errors={field.errors} />
      </div>
    </div>
  );
}

/**
 * A checkbox for each option of one list field, ticked as the field's value says, with a hint and
 * the field's first error below them. Its legend is the fieldset it is put in.
 */
export function CheckboxGroupField({
  field,
  options,
  hint,
}: {
  field: AnyField;
  options: readonly string[];
  hint?: ReactNode;
}) {
  const boxes = getCollectionProps(field, {
    type: "checkbox",
    options: [...options],
    ariaDescribedBy: hint ? hintIdOf(field) : undefined,
  });
  const autoFocus = useFocusIfWrong(field);
  return (
    <>
      {boxes.map(({ key, ...props }, index) => (
        <label key={key} className="text-navy-900 flex items-center gap-2.5 text-sm font-semibold">
          <input
            {...props}
            autoFocus={autoFocus && index === 0}
            className="accent-navy-900 size-4"
          />
          {props.value}
        </label>
      ))}
      <Hint field={field} hint={hint} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </>
  );
}

/** A form's submit button: its busy text while the form is on its way. */
export function SubmitButton({
  busy,
  busyText,
  variant = "primary",
  className = "",
  children,
  ...buttonProps
}: {
  busy: boolean;
  busyText: string;
  variant?: keyof typeof buttonClass;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      {...buttonProps}
      disabled={busy || buttonProps.disabled}
      className={`${buttonClass[variant]} ${className}`}
    >
      {busy ? busyText : children}
    </button>
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
