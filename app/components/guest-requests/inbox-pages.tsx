import { Link } from "react-router";
import { inboxHref, type InboxFilters } from "~/guest-requests/inbox";

const linkClass = "text-navy-900 font-semibold hover:underline";

/** Previous and next page of the inbox, for the same filters. */
export function InboxPager({
  filters,
  page,
  pages,
}: {
  filters: InboxFilters;
  page: number;
  pages: number;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link to={inboxHref({ ...filters, page: page - 1 })} className={linkClass}>
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={inboxHref({ ...filters, page: page + 1 })} className={linkClass}>
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** An inbox page with nothing on it: why, and the way back to something. */
export function EmptyInbox({ filters, total }: { filters: InboxFilters; total: number }) {
  const filtered = filters.kind !== "all" || filters.status !== "all";
  return (
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
  );
}
