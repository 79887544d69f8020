import { type FormEvent, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { type Route } from "./+types/requests";
import { requireAdmin } from "~/auth/guards.server";
import { getAppContext } from "~/context";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import {
  decideBooking,
  listInbox,
  markHandled,
  type EmailState,
  type InboxItem,
  type TransitionResult,
} from "~/models/request-inbox.server";
import {
  formatDateTime,
  formatStayDate,
  guestsLine,
  inboxActionSchema,
  inboxHref,
  INBOX_KINDS,
  INBOX_PAGE_SIZE,
  KIND_LABELS,
  NOTE_MAX,
  parseInboxFilters,
  STATUS_LABELS,
  statusesOf,
  type InboxFilters,
  type InboxKind,
  type InboxStatus,
} from "~/requests/inbox-schema";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Requests",
    description: "Booking requests, agent applications and support messages.",
    path: "/admin/requests",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const filters = parseInboxFilters(new URL(request.url).searchParams);
  const inbox = await listInbox(getAppContext(context).env.DB, filters);
  return { ...inbox, filters };
}

const DONE_MESSAGES = {
  confirm: "Booking confirmed",
  decline: "Booking declined",
  handle: "Marked as handled",
} as const;

function refusal(result: Exclude<TransitionResult, { ok: true }>, kind: InboxKind) {
  if (result.reason === "not-found") return "Request not found";
  const what = kind === "booking" ? "This booking was" : "This request was";
  return `${what} already ${result.status}${result.handledBy ? ` by ${result.handledBy}` : ""}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = await requireAdmin(request, context);
  const cloudflare = getAppContext(context);
  const url = new URL(request.url);
  // Back to the same filtered view the form was on.
  const back = inboxHref(parseInboxFilters(url.searchParams));
  const parsed = inboxActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const noteIssue = parsed.error.issues.find((issue) => issue.path[0] === "note");
    return redirectWithToast(back, {
      type: "error",
      message: noteIssue?.message ?? "That request could not be updated",
    });
  }

  const form = parsed.data;
  const adminEmail = auth.user.email;
  let kind: InboxKind;
  let result: TransitionResult;
  if (form.intent === "handle") {
    kind = form.kind;
    result = await markHandled(cloudflare.env.DB, { kind, id: form.id, adminEmail });
  } else {
    kind = "booking";
    result = await decideBooking(cloudflare, {
      id: form.id,
      decision: form.intent === "confirm" ? "confirmed" : "declined",
      adminEmail,
      note: form.note,
      origin: url.origin,
    });
  }
  return redirectWithToast(
    `${back}#request-${encodeURIComponent(form.id)}`,
    result.ok
      ? { type: "success", message: DONE_MESSAGES[form.intent] }
      : { type: "error", message: refusal(result, kind) },
  );
}

export default function RequestsInbox({ loaderData }: Route.ComponentProps) {
  const { items, page, pages, total, newCounts, filters } = loaderData;
  const first = (page - 1) * INBOX_PAGE_SIZE + 1;
  const filtered = filters.kind !== "all" || filters.status !== "all";
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-navy-900 font-serif text-3xl">Requests</h1>
        <p className="mt-1 text-sm text-slate-600">
          Booking requests, agent applications and support messages, newest first.
        </p>
      </div>

      <Filters filters={filters} newCounts={newCounts} />

      {items.length > 0 && (
        <p className="text-sm text-slate-600">
          Showing {first}–{first + items.length - 1} of {total}
        </p>
      )}

      {items.length === 0 ? (
        <div className="rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-700">
            {total > 0
              ? "There is nothing on this page."
              : filtered
                ? "No requests match these filters."
                : "No requests yet."}
          </p>
          {(total > 0 || filtered) && (
            <Link
              to={total > 0 ? inboxHref({ ...filters, page: 1 }) : inboxHref()}
              className="text-gold-700 mt-3 inline-block font-semibold underline-offset-4 hover:underline"
            >
              {total > 0 ? "Go to the first page" : "Show all requests"}
            </Link>
          )}
        </div>
      ) : (
        <ol className="space-y-5">
          {items.map((item) => (
            <li key={`${item.kind}:${item.id}`}>
              <RequestCard item={item} />
            </li>
          ))}
        </ol>
      )}

      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between text-sm">
          {page > 1 ? (
            <Link
              to={inboxHref({ ...filters, page: page - 1 })}
              className="text-navy-900 font-semibold hover:underline"
            >
              ← Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link
              to={inboxHref({ ...filters, page: page + 1 })}
              className="text-navy-900 font-semibold hover:underline"
            >
              Next →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}

const chipClass = (active: boolean) =>
  `inline-flex items-center gap-2 rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 transition-colors ${
    active
      ? "bg-navy-900 text-white ring-navy-900"
      : "bg-white text-navy-900 ring-slate-300 hover:bg-slate-50"
  }`;

function Filters({
  filters,
  newCounts,
}: {
  filters: InboxFilters;
  newCounts: Record<InboxKind, number>;
}) {
  const kinds: (InboxKind | "all")[] = ["all", ...INBOX_KINDS];
  const statuses: (InboxStatus | "all")[] = ["all", ...statusesOf(filters.kind)];
  return (
    <div className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <nav aria-label="Filter by kind" className="flex flex-wrap items-center gap-2">
        <span className="w-full text-xs font-semibold tracking-wider text-slate-500 uppercase sm:w-14">
          Kind
        </span>
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
        <span className="w-full text-xs font-semibold tracking-wider text-slate-500 uppercase sm:w-14">
          Status
        </span>
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

const money = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

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

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-800">{children}</dd>
    </div>
  );
}

const LongText = ({ text }: { text: string }) => (
  <span className="whitespace-pre-wrap">{text}</span>
);
const Missing = () => <span className="text-slate-400">—</span>;

function Details({ item }: { item: InboxItem }) {
  switch (item.kind) {
    case "booking": {
      const { roomTypeBedrooms: bedrooms, roomTypeBathrooms: bathrooms } = item;
      const rooms = [
        bedrooms !== null &&
          (bedrooms === 0 ? "Studio" : `${bedrooms} ${bedrooms === 1 ? "bedroom" : "bedrooms"}`),
        bathrooms !== null &&
          bathrooms > 0 &&
          `${bathrooms} ${bathrooms === 1 ? "bathroom" : "bathrooms"}`,
      ].filter(Boolean);
      return (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          <Field label="Resort">
            {item.locationName}
            {item.place && <span className="block text-sm text-slate-500">{item.place}</span>}
          </Field>
          <Field label="Room">
            {item.roomTypeName}
            {rooms.length > 0 && (
              <span className="block text-sm text-slate-500">{rooms.join(" · ")}</span>
            )}
          </Field>
          <Field label="Dates">
            {formatStayDate(item.checkInDate)} – {formatStayDate(item.checkOutDate)}
            {item.nights > 0 && (
              <span className="block text-sm text-slate-500">
                {item.nights} {item.nights === 1 ? "night" : "nights"}
              </span>
            )}
          </Field>
          <Field label="Guests">{guestsLine(item)}</Field>
          <Field label="Typical weekly price (at request)">
            {item.roomTypePrice ? money.format(item.roomTypePrice) : <Missing />}
          </Field>
          <Field label="Referral code">{item.referralCode ?? <Missing />}</Field>
          <Field label="Special requests" wide>
            {item.specialRequests ? <LongText text={item.specialRequests} /> : <Missing />}
          </Field>
        </dl>
      );
    }
    case "agent-application":
      return (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          <Field label="Currently a travel agent">
            {item.isCurrentAgent === "yes" ? "Yes" : "No"}
          </Field>
          <Field label="Current occupation">{item.currentOccupation}</Field>
          <Field label="Why they would thrive" wide>
            <LongText text={item.whyThrive} />
          </Field>
        </dl>
      );
    case "support-message":
      return (
        <dl>
          <Field label="Message">
            <LongText text={item.message} />
          </Field>
        </dl>
      );
  }
}

function EmailStates({ emails }: { emails: EmailState[] }) {
  if (emails.length === 0) return <p className="text-sm text-slate-500">No e-mails.</p>;
  return (
    <ul className="space-y-2 text-sm">
      {emails.map((email, index) => (
        <li key={index}>
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
            <EmailBadge email={email} />
            <span className="min-w-0 [overflow-wrap:anywhere] text-slate-700">{email.to}</span>
          </div>
          <p className="mt-0.5 truncate text-slate-500" title={email.subject}>
            “{email.subject}”
          </p>
        </li>
      ))}
    </ul>
  );
}

function EmailBadge({ email }: { email: EmailState }) {
  const attempts = `${email.attempts} ${email.attempts === 1 ? "attempt" : "attempts"}`;
  const [label, className] =
    email.status === "sent"
      ? ["Sent", "bg-emerald-50 text-emerald-800"]
      : email.status === "failed"
        ? [`Failed after ${attempts}`, "bg-red-50 text-red-800"]
        : [email.attempts > 0 ? `Pending · ${attempts}` : "Pending", "bg-amber-50 text-amber-900"];
  return (
    <span className={`shrink-0 rounded px-1.5 py-0.5 text-xs font-semibold ${className}`}>
      {label}
    </span>
  );
}

function RequestCard({ item }: { item: InboxItem }) {
  const titleId = `request-${item.id}-title`;
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
        <span className="text-sm text-slate-500 sm:ml-auto">
          Received <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        </span>
      </div>
      <h2 id={titleId} className="text-navy-900 mt-2 font-serif text-xl sm:text-2xl">
        {titleOf(item)}
      </h2>

      <div className="mt-5 grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div>
          <h3 className="sr-only">Sender</h3>
          <dl className="space-y-3">
            <Field label="Name">
              {item.firstName} {item.lastName}
            </Field>
            <Field label="E-mail">
              <a
                href={`mailto:${item.email}`}
                className="text-navy-800 hover:text-gold-700 [overflow-wrap:anywhere] underline underline-offset-2"
              >
                {item.email}
              </a>
            </Field>
            <Field label="Phone">
              <a
                href={`tel:${item.phone.replace(/[^\d+]/g, "")}`}
                className="text-navy-800 hover:text-gold-700 underline underline-offset-2"
              >
                {item.phone}
              </a>
            </Field>
            {item.accountEmail && <Field label="Member account">{item.accountEmail}</Field>}
          </dl>
        </div>
        <div>
          <h3 className="sr-only">Details</h3>
          <Details item={item} />
        </div>
      </div>

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-5 border-t border-slate-100 pt-5 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div>
          <h3 className="text-xs font-semibold tracking-wider text-slate-500 uppercase">E-mails</h3>
          <div className="mt-1.5">
            <EmailStates emails={item.emails} />
          </div>
        </div>
        <div>{item.status === "new" ? <Actions item={item} /> : <Handled item={item} />}</div>
      </div>
    </article>
  );
}

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

const QUESTIONS: Record<string, string> = {
  confirm: "Confirm this booking? The guest is e-mailed that it is confirmed and can book flights.",
  decline: "Decline this booking? The guest is e-mailed that it is not available.",
};

function askFirst(event: FormEvent<HTMLFormElement>) {
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  const question = submitter ? QUESTIONS[submitter.value] : undefined;
  if (question && !confirm(question)) event.preventDefault();
}

function Actions({ item }: { item: InboxItem }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === item.id;
  // The visible label starts the accessible name; the rest says which request it acts on.
  const who = (
    <span className="sr-only">
      {" "}
      {item.kind === "booking" ? "booking" : "request"} from {item.firstName} {item.lastName}
    </span>
  );
  const primary =
    "rounded-lg bg-navy-900 px-4 py-2 text-sm font-semibold text-white hover:bg-navy-800 disabled:opacity-60";
  if (item.kind !== "booking") {
    return (
      <Form method="post" className="flex md:justify-end">
        <input type="hidden" name="id" value={item.id} />
        <input type="hidden" name="kind" value={item.kind} />
        <button type="submit" name="intent" value="handle" disabled={busy} className={primary}>
          Mark handled{who}
        </button>
      </Form>
    );
  }
  const noteId = `note-${item.id}`;
  return (
    <Form method="post" onSubmit={askFirst} className="space-y-3" aria-busy={busy || undefined}>
      <input type="hidden" name="id" value={item.id} />
      <div>
        <label
          htmlFor={noteId}
          className="text-xs font-semibold tracking-wider text-slate-500 uppercase"
        >
          Note to the guest{" "}
          <span className="font-normal tracking-normal normal-case">(optional)</span>
        </label>
        <textarea
          id={noteId}
          name="note"
          rows={2}
          maxLength={NOTE_MAX}
          aria-describedby={`${noteId}-hint`}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
        <p id={`${noteId}-hint`} className="mt-1 text-xs text-slate-500">
          Added to the e-mail that tells the guest.
        </p>
      </div>
      <div className="flex flex-wrap gap-2 md:justify-end">
        <button type="submit" name="intent" value="confirm" disabled={busy} className={primary}>
          Confirm{who}
        </button>
        <button
          type="submit"
          name="intent"
          value="decline"
          disabled={busy}
          className="rounded-lg border border-red-200 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          Decline{who}
        </button>
      </div>
    </Form>
  );
}
