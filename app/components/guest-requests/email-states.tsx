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

function EmailLine({ email }: { email: EmailState }) {
  return (
    <li>
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <EmailBadge email={email} />
        <span className="min-w-0 [overflow-wrap:anywhere] text-slate-700">{email.to}</span>
      </div>
      <p className="mt-0.5 truncate text-slate-500" title={email.subject}>
        “{email.subject}”
      </p>
    </li>
  );
}

/**
 * The e-mails about a request: to whom, about what, and whether they went. Those not sent and the
 * latest are shown; earlier ones that went fold away (a request's life can send many).
 */
export function EmailStates({ emails }: { emails: EmailState[] }) {
  if (emails.length === 0) return <p className="text-sm text-slate-500">No e-mails.</p>;
  const latest = emails.length - 1;
  const shown = emails.filter((email, index) => index === latest || email.status !== "sent");
  const folded = emails.filter((email, index) => index !== latest && email.status === "sent");
  return (
    <div className="space-y-2 text-sm">
      {folded.length > 0 && (
        <details>
          <summary className="text-gold-700 cursor-pointer font-medium">
            {folded.length} earlier {folded.length === 1 ? "e-mail" : "e-mails"} sent
          </summary>
          <ul className="mt-2 space-y-2">
            {folded.map((email, index) => (
              <EmailLine key={index} email={email} />
            ))}
          </ul>
        </details>
      )}
      <ul className="space-y-2">
        {shown.map((email, index) => (
          <EmailLine key={index} email={email} />
        ))}
      </ul>
    </div>
  );
}
