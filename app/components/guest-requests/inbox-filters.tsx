import { Link } from "react-router";
import {
  INBOX_KINDS,
  inboxHref,
  KIND_LABELS,
  STATUS_LABELS,
  statusesOf,
  type InboxFilters as Filters,
  type InboxKind,
  type InboxStatus,
} from "~/guest-requests/inbox";

const chipClass = (active: boolean) =>
  `inline-flex items-center gap-2 rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 transition-colors ${
    active
      ? "bg-navy-900 text-white ring-navy-900"
      : "bg-white text-navy-900 ring-slate-300 hover:bg-slate-50"
  }`;

const groupLabelClass =
  "w-full text-xs font-semibold tracking-wider text-slate-500 uppercase sm:w-14";

/** The inbox's filters as links: by kind (with how many wait), then by the kind's statuses. */
export function InboxFilters({
  filters,
  newCounts,
}: {
  filters: Filters;
  newCounts: Record<InboxKind, number>;
}) {
  const kinds: (InboxKind | "all")[] = ["all", ...INBOX_KINDS];
  const statuses: (InboxStatus | "all")[] = ["all", ...statusesOf(filters.kind)];
  return (
    <div className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <nav aria-label="Filter by kind" className="flex flex-wrap items-center gap-2">
        <span className={groupLabelClass}>Kind</span>
        {kinds.map((kind) => {
          const active = filters.kind === kind;
          // Keep the status when the other kind has it too.
          const status =
            filters.status !== "all" && statusesOf(kind).includes(filters.status)
              ? filters.status
              : "all";
          const waiting = kind === "all" ? 0 : newCounts[kind];
          return (
            <Link
              key={kind}
              to={inboxHref({ kind, status })}
              aria-current={active ? "page" : undefined}
              className={chipClass(active)}
            >
              {kind === "all" ? "All" : KIND_LABELS[kind].many}
              {waiting > 0 && (
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                    active ? "bg-gold-300 text-navy-900" : "bg-gold-300/60 text-navy-900"
                  }`}
                >
                  {waiting}
                  <span className="sr-only"> new</span>
                </span>
              )}
            </Link>
          );
        })}
      </nav>
      <nav aria-label="Filter by status" className="flex flex-wrap items-center gap-2">
        <span className={groupLabelClass}>Status</span>
        {statuses.map((status) => {
          const active = filters.status === status;
          return (
            <Link
              key={status}
              to={inboxHref({ kind: filters.kind, status })}
              aria-current={active ? "page" : undefined}
              className={chipClass(active)}
            >
              {status === "all" ? "All" : STATUS_LABELS[status]}
            </Link>
          );
        })}
      </nav>
    </div>
  );
}
