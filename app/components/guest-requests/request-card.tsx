import { KIND_LABELS } from "~/guest-requests/inbox";
import { type InboxItem } from "~/guest-requests/inbox.server";
import { bookingState } from "~/request-life/moves";
import { EmailStates } from "./email-states";
import { RequestActions } from "./request-actions";
import { DetailField, RequestDetails } from "./request-details";
import { StateBadge } from "./state-badge";
import { YourTime, ZonedTimeText } from "~/components/zoned-time";

/** A request's state as the inbox shows it: a booking's as everywhere, a message's new or handled. */
function stateOf(item: InboxItem) {
  if (item.kind === "booking") return bookingState(item, "staff");
  return item.status === "new"
    ? { label: "New", tone: "waiting" as const, open: true }
    : { label: "Handled", tone: "ended" as const, open: false };
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

/** What became of a request, by whom, and when. */
function Handled({ item }: { item: InboxItem }) {
  const { handled, heldUntil } = item.times;
  if (item.kind === "booking" && item.status === "offered") {
    return (
      <p className="text-sm text-slate-700">
        The week is offered to this member
        {heldUntil && (
          <>
            {" "}
            until <ZonedTimeText time={heldUntil} />
          </>
        )}
        : it comes back as new once they request it.
        {heldUntil && <YourTime time={heldUntil} lead="Until" />}
      </p>
    );
  }
  const note = item.kind === "booking" ? item.staffNote : null;
  const paymentNote = item.kind === "booking" ? item.paymentNote : null;
  const cardPayment = item.kind === "booking" ? item.paymentReference : null;
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>
        {stateOf(item).label}
        {item.handledBy && (
          <>
            {" "}
            by <span className="text-navy-900 font-semibold">{item.handledBy}</span>
          </>
        )}
        {handled && (
          <>
            {" "}
            on <ZonedTimeText time={handled} />
            <YourTime time={handled} lead="On" />
          </>
        )}
      </p>
      {note && (
        <p className="[overflow-wrap:anywhere] whitespace-pre-line">
          Note to the member: <q>{note}</q>
        </p>
      )}
      {paymentNote && (
        <p className="[overflow-wrap:anywhere] whitespace-pre-line">
          How it was paid: <q>{paymentNote}</q>
        </p>
      )}
      {cardPayment && (
        <p className="[overflow-wrap:anywhere]">Paid by card through Stripe: {cardPayment}</p>
      )}
    </div>
  );
}

/** One request in the staff inbox: its sender, its details, its e-mails and what staff can do. */
export function RequestCard({ item }: { item: InboxItem }) {
  const titleId = `request-${item.id}-title`;
  const state = stateOf(item);
  // Staff decide a request holding its week (or a place on a waitlist, to decline it), and mark
  // a confirmed stay paid.
  const decidable =
    item.status === "new" || (item.kind === "booking" && item.status === "confirmed");
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
        <StateBadge tone={state.tone}>{state.label}</StateBadge>
        <span className="text-sm text-slate-500 sm:ml-auto">
          Received <ZonedTimeText time={item.times.received} />
          <YourTime time={item.times.received} />
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
          {decidable ? (
            <>
              {item.times.heldUntil && (
                // Staff's deadline: a hold nobody decides lapses then.
                <p className="mb-3 text-sm text-slate-700">
                  The week is held for this member until{" "}
                  <ZonedTimeText time={item.times.heldUntil} />; with no decision by then, the
                  request lapses.
                  <YourTime time={item.times.heldUntil} lead="Until" />
                </p>
              )}
              <RequestActions item={item} />
            </>
          ) : (
            <Handled item={item} />
          )}
        </div>
      </div>
    </article>
  );
}
