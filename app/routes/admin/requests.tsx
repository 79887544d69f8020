import { type Route } from "./+types/requests";
import { requireAdmin } from "~/accounts/guards.server";
import { EmptyInbox, InboxPager } from "~/components/guest-requests/inbox-pages";
import { InboxFilters } from "~/components/guest-requests/inbox-filters";
import { RequestCard } from "~/components/guest-requests/request-card";
import { getAppContext } from "~/context";
import { readFormData } from "~/lib/body.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import {
  inboxActionSchema,
  inboxHref,
  INBOX_PAGE_SIZE,
  parseInboxFilters,
} from "~/guest-requests/inbox";
import { markHandled, transitionToast } from "~/guest-requests/inbox-decisions.server";
import { listInbox } from "~/guest-requests/inbox.server";
import { decideBooking, extendPayBy, markPaid } from "~/request-life/life.server";
import { parseWithZod } from "@conform-to/zod/v4";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Requests",
    description: "Booking requests, agent applications and support messages.",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const filters = parseInboxFilters(new URL(request.url).searchParams);
  const inbox = await listInbox(getAppContext(context).db, filters);
  return { ...inbox, filters };
}

/** The staff decision each of a booking's buttons makes. */
const DECISIONS = {
  confirm: "confirmed",
  decline: "declined",
  "decline-and-close": "declined-and-closed",
} as const;

/** Confirm or decline a booking (closing its week, or not), or mark a request handled. */
export async function action({ request, context }: Route.ActionArgs) {
  const auth = await requireAdmin(request, context);
  const app = getAppContext(context);
  const back = inboxHref(parseInboxFilters(new URL(request.url).searchParams));
  const submission = parseWithZod(await readFormData(request), { schema: inboxActionSchema });
  if (submission.status !== "success") {
    return redirectWithToast(app, back, {
      type: "error",
      message:
        submission.error?.note?.[0] ??
        submission.error?.amount?.[0] ??
        submission.error?.days?.[0] ??
        "That request could not be updated",
    });
  }

  const form = submission.value;
  const adminEmail = auth.user.email;
  let result;
  switch (form.intent) {
    case "confirm":
    case "decline":
    case "decline-and-close":
      result = await decideBooking(app, {
        id: form.id,
        decision: DECISIONS[form.intent],
        adminEmail,
        note: form.note,
        amount: form.intent === "confirm" ? form.amount : undefined,
      });
      break;
    case "extend":
      result = await extendPayBy(app, { id: form.id, adminEmail, days: form.days });
      break;
    case "mark-paid":
      result = await markPaid(app, { id: form.id, adminEmail, note: form.note });
      break;
    case "handle":
      result = await markHandled(app.db, { kind: form.kind, id: form.id, adminEmail }, app.now);
      break;
  }
  return redirectWithToast(
    app,
    `${back}#request-${encodeURIComponent(form.id)}`,
    transitionToast(form, result),
  );
}

export default function RequestsInbox({ loaderData }: Route.ComponentProps) {
  const { items, page, pages, total, newCounts, filters } = loaderData;
  const first = (page - 1) * INBOX_PAGE_SIZE + 1;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-navy-900 font-serif text-3xl">Requests</h1>
        <p className="mt-1 text-sm text-slate-600">
          Booking requests, agent applications and support messages, newest first.
        </p>
      </div>

      <InboxFilters filters={filters} newCounts={newCounts} />

      {items.length === 0 ? (
        <EmptyInbox filters={filters} total={total} />
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Showing {first}–{first + items.length - 1} of {total}
          </p>
          <ol className="space-y-5">
            {items.map((item) => (
              <li key={`${item.kind}:${item.id}`}>
                <RequestCard item={item} />
              </li>
            ))}
          </ol>
        </>
      )}

      <InboxPager filters={filters} page={page} pages={pages} />
    </div>
  );
}
