import { type ReactNode } from "react";
import { type StateTone } from "~/request-life/moves";

const TONE_CLASSES: Record<StateTone, string> = {
  waiting: "bg-gold-300/50 text-navy-900 ring-gold-500/60",
  offered: "bg-sky-50 text-sky-900 ring-sky-600/30",
  confirmed: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  ended: "bg-slate-100 text-slate-700 ring-slate-400/30",
};

/** A request's state as a badge, the same wherever a request is listed. */
export function StateBadge({ tone, children }: { tone: StateTone; children: ReactNode }) {
  return (
    <span
      className={`inline-block shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${TONE_CLASSES[tone]}`}
    >
      <span className="sr-only">Status: </span>
      {children}
    </span>
  );
}
