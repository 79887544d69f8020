import { formatDateTime } from "~/guest-requests/format";
import { KIND_LABELS, STATUS_LABELS, type InboxStatus } from "~/guest-requests/inbox";
import { type InboxItem } from "~/guest-requests/inbox.server";
import { EmailStates } from "./email-states";
import { RequestActions } from "./request-actions";
import { DetailField, RequestDetails } from "./request-details";

const BADGE_CLASSES: Record<InboxStatus, string> = {
  new: "bg-gold-300/50 text-navy-900 ring-gold-500/60",
  confirmed: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  declined: "bg-red-50 text-red-800 ring-red-600/20",
  handled: "bg-slate-100 text-slate-700 ring-slate-400/30",
};

function StatusBadge({ status }: { status: InboxStatus }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wider uppercase ring-1 ${BADGE_CLASSES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

function titleOf(item: InboxItem) {
  const name = `${item.firstName} ${item.lastName}`;
  switch (item.kind) {
    case "booking":
      return `${item.locationName} · ${item.roomTypeName}`;
    case "agent-application":
      return `Application from ${name}`;
    case "support-message":
      return `Message from ${name}`;
  }
}

const linkClass = "text-navy-800 hover:text-gold-700 underline underline-offset-2";

function Sender({ item }: { item: InboxItem }) {
  return (
    <dl className="space-y-3">
      <DetailField label="Name">
        {item.firstName} {item.lastName}
      </DetailField>
      <DetailField label="E-mail">
        <a href={`mailto:${item.email}`} className={`${linkClass} [overflow-wrap:anywhere]`}>
          {item.email}
        </a>
      </DetailField>
      <DetailField label="Phone">
        <a href={`tel:${item.phone.replace(/[^\d+]/g, "")}`} className={linkClass}>
          {item.phone}
        </a>
      </DetailField>
      {item.accountEmail && <DetailField label="Member account">{item.accountEmail}</DetailField>}
    </dl>
  );
}

/** Who handled a request, and when. */
function Handled({ item }: { item: InboxItem }) {
  return (
    <p className="text-sm text-slate-700">
      {STATUS_LABELS[item.status]}
      {item.handledBy && (
        <>
          {" "}
          by <span className="text-navy-900 font-semibold">{item.handledBy}</span>
        </>
      )}
      {item.handledAt && (
        <>
          {" "}
          on <time dateTime={item.handledAt}>{formatDateTime(item.handledAt)}</time>
        </>
      )}
    </p>
  );
}

/** One request in the staff inbox: its sender, its details, its e-mails and what staff can do. */
export function RequestCard({ item }: { item: InboxItem }) {
  const titleId = `request-${item.id}-title`;
  const columns = "grid grid-cols-[minmax(0,1fr)] md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]";
  return (
    <article
      id={`request-${item.id}`}
      aria-labelledby={titleId}
      className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="text-gold-700 text-xs font-semibold tracking-wider uppercase">
          {KIND_LABELS[item.kind].one}
        </span>
        <StatusBadge status={item.status} />
        {item.kind === "booking" && item.waitlist && (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
            Waitlist
          </span>
        )}
        <span className="text-sm text-slate-500 sm:ml-auto">
          Received <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        </span>
      </div>
      <h2 id={titleId} className="text-navy-900 mt-2 font-serif text-xl sm:text-2xl">
        {titleOf(item)}
      </h2>

      <div className={`mt-5 gap-6 ${columns}`}>
        <div>
          <h3 className="sr-only">Sender</h3>
          <Sender item={item} />
        </div>
        <div>
          <h3 className="sr-only">Details</h3>
          <RequestDetails item={item} />
        </div>
      </div>

      <div className={`mt-6 gap-5 border-t border-slate-100 pt-5 ${columns}`}>
        <div>
          <h3 className="text-xs font-semibold tracking-wider text-slate-500 uppercase">E-mails</h3>
          <div className="mt-1.5">
            <EmailStates emails={item.emails} />
          </div>
        </div>
        <div>
          {item.status === "new" ? <RequestActions item={item} /> : <Handled item={item} />}
        </div>
      </div>
    </article>
  );
}
