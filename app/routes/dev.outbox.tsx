import { Form, Link } from "react-router";
import { type Route } from "./+types/dev.outbox";
import { getAppContext } from "~/context";
import { listOutbox } from "~/email/email.server";
import { splitLinks } from "~/email/links";
import { isLocalDevelopment } from "~/lib/local-development.server";
import { mediumDateTime } from "~/lib/dates";

/** How many e-mails the page shows: the newest, so it stays short however many were sent. */
const SHOWN = 20;

/** E-mails the app would have sent, when no e-mail provider is configured. Local development only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, db } = getAppContext(context);
  if (!isLocalDevelopment(env, request)) throw new Response("Not Found", { status: 404 });
  const to =
    new URL(request.url).searchParams.get("to")?.trim().toLowerCase().slice(0, 320) || null;
  return { to, emails: await listOutbox(db, { limit: SHOWN, to: to ?? undefined }) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Dev outbox" },
  { name: "robots", content: "noindex" },
];

function formatTime(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${mediumDateTime(date, { seconds: true })} UTC`;
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { to, emails } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 md:py-14">
      <h1 className="text-navy-900 font-serif text-4xl md:text-5xl">Dev outbox</h1>
      <p className="mt-3 max-w-2xl text-slate-600">
        E-mails the app sent while no e-mail provider is configured: the newest {SHOWN}
        {to ? ` to ${to}` : ""}, newest first.
      </p>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="outbox-to" className="text-navy-900 block text-sm font-semibold">
            Sent to
          </label>
          <input
            id="outbox-to"
            type="email"
            name="to"
            defaultValue={to ?? ""}
            placeholder="you@example.com"
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5"
          />
        </div>
        <button
          type="submit"
          className="bg-navy-900 hover:bg-navy-800 rounded-lg px-5 py-2.5 font-semibold text-white"
        >
          Show
        </button>
        {to && (
          <Link
            to="/dev/outbox"
            className="text-gold-700 py-2.5 text-sm font-medium underline underline-offset-4"
          >
            Show all
          </Link>
        )}
      </Form>
      {emails.length === 0 ? (
        <div className="mt-10 rounded-2xl bg-white p-10 text-center ring-1 ring-slate-200">
          <p className="text-slate-700">No e-mails yet.</p>
        </div>
      ) : (
        <ol className="mt-10 space-y-6">
          {emails.map((email) => (
            <li key={email.id}>
              <article className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <header className="border-b border-slate-200 pb-4">
                  <h2 className="text-navy-900 font-serif text-2xl">{email.subject}</h2>
                  <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                    <dt className="font-semibold text-slate-600">To</dt>
                    <dd className="break-all text-slate-800">{email.to}</dd>
                    <dt className="font-semibold text-slate-600">Sent</dt>
                    <dd className="text-slate-800">
                      <time dateTime={email.createdAt}>{formatTime(email.createdAt)}</time>
                    </dd>
                  </dl>
                </header>
                <EmailLinks text={email.text} />
                <details className="mt-4">
                  <summary className="text-gold-700 cursor-pointer text-sm font-medium">
                    Text version
                  </summary>
                  <LinkedText
                    text={email.text}
                    className="mt-3 font-sans text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800"
                  />
                </details>
                {email.attachments?.map((attachment) => (
                  <details key={attachment.filename} className="mt-2">
                    <summary className="text-gold-700 cursor-pointer text-sm font-medium">
                      Attachment: {attachment.filename} ({attachment.contentType})
                    </summary>
                    <pre className="mt-3 overflow-x-auto rounded-xl bg-slate-50 p-3 text-xs text-slate-800">
                      {attachment.content}
                    </pre>
                  </details>
                ))}
                <details className="mt-2">
                  <summary className="text-gold-700 cursor-pointer text-sm font-medium">
                    HTML version
                  </summary>
                  <iframe
                    sandbox=""
                    srcDoc={email.html}
                    title={`HTML version of “${email.subject}”`}
                    className="mt-3 h-[32rem] w-full rounded-xl border border-slate-200 bg-white"
                  />
                </details>
              </article>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Plain text with every http(s) URL rendered as a link. */
/** What a developer opens the outbox for: the e-mail's links, first; its text is folded away. */
function EmailLinks({ text }: { text: string }) {
  const urls = [
    ...new Set(splitLinks(text).flatMap((part) => (part.type === "link" ? [part.url] : []))),
  ];
  if (urls.length === 0) return null;
  return (
    <ul aria-label="Links" className="mt-4 space-y-2">
      {urls.map((url) => (
        <li key={url}>
          <a
            href={url}
            className="text-gold-700 hover:text-navy-900 text-sm font-medium break-all underline underline-offset-2"
          >
            {url}
          </a>
        </li>
      ))}
    </ul>
  );
}

function LinkedText({ text, className }: { text: string; className: string }) {
  return (
    <pre className={className}>
      {splitLinks(text).map((part, index) =>
        part.type === "link" ? (
          <a
            key={index}
            href={part.url}
            className="text-gold-700 hover:text-navy-900 font-medium underline underline-offset-2"
          >
            {part.url}
          </a>
        ) : (
          part.text
        ),
      )}
    </pre>
  );
}
