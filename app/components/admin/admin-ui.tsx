import { type ReactNode, type Ref } from "react";

/** The admin's own building blocks, beside the form fields of app/components/forms.tsx. */

export const cardClass = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6";

/** A group of a form's fields under a small heading. */
export function Fieldset({
  legend,
  children,
  className = "",
  ref,
  ...data
}: {
  legend: string;
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLFieldSetElement>;
} & Record<`data-${string}`, string>) {
  return (
    <fieldset ref={ref} className={`min-w-0 ${className}`} {...data}>
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

/** A drag handle's six dots. */
export function GripIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className} fill="currentColor">
      {[4, 10, 16].flatMap((y) =>
        [7, 13].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" />),
      )}
    </svg>
  );
}
