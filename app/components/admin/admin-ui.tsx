import { getInputProps } from "@conform-to/react";
import { type ReactNode } from "react";

/** Small building blocks shared by the admin location manager's forms. */

export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-xs aria-[invalid]:border-red-600 disabled:bg-slate-50 disabled:text-slate-500";
export const labelClass = "block text-sm font-semibold text-navy-900";
export const hintClass = "mt-1 text-xs text-slate-500";
export const cardClass = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6";
export const primaryButtonClass =
  "inline-flex items-center justify-center rounded-lg bg-navy-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-navy-800 disabled:opacity-60";
export const secondaryButtonClass =
  "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-navy-900 hover:bg-slate-50";
export const dangerButtonClass =
  "inline-flex items-center justify-center rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60";

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {errors[0]}
    </p>
  );
}

export function FormError({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p
      id={id}
      role="alert"
      className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
    >
      {errors[0]}
    </p>
  );
}

export function Fieldset({
  legend,
  children,
  className = "",
}: {
  legend: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={`min-w-0 ${className}`}>
      <legend className="text-gold-700 text-xs font-semibold tracking-wider uppercase">
        {legend}
      </legend>
      <div className="mt-3 space-y-4">{children}</div>
    </fieldset>
  );
}

export function Badge({ tone, children }: { tone: "hidden" | "featured"; children: ReactNode }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-[0.7rem] font-semibold tracking-wider uppercase ring-1 ${
        tone === "hidden"
          ? "bg-slate-100 text-slate-700 ring-slate-300"
          : "bg-gold-300/40 text-navy-900 ring-gold-500/50"
      }`}
    >
      {children}
    </span>
  );
}

/** A conform checkbox with its label (and a hint); `disabled` shows it unticked and sends nothing. */
export function CheckboxField({
  field,
  label,
  hint,
  disabled = false,
}: {
  field: Parameters<typeof getInputProps>[0];
  label: string;
  hint?: string;
  disabled?: boolean;
}) {
  const { key, ...props } = getInputProps(field, {
    type: "checkbox",
    ariaDescribedBy: hint ? `${field.id}-hint` : undefined,
  });
  return (
    <div className="flex items-start gap-2.5">
      {disabled ? (
        <input
          id={field.id}
          type="checkbox"
          disabled
          aria-describedby={hint ? `${field.id}-hint` : undefined}
          className="accent-navy-900 mt-0.5 size-4 shrink-0"
        />
      ) : (
        <input {...props} key={key} className="accent-navy-900 mt-0.5 size-4 shrink-0" />
      )}
      <div>
        <label htmlFor={field.id} className="text-navy-900 text-sm font-semibold">
          {label}
        </label>
        {hint && (
          <p id={`${field.id}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
