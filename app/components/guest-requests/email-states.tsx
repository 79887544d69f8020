import { type EmailState } from "~/guest-requests/inbox.server";

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

/** The e-mails about a request: to whom, about what, and whether they went. */
export function EmailStates({ emails }: { emails: EmailState[] }) {
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
