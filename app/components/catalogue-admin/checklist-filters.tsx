import { Form, Link } from "react-router";
import {
  CHECKLIST_SEARCH_MAX,
  CHECKLIST_SORTS,
  CHECKLIST_STATUSES,
  checklistSearch,
  type ChecklistQuery,
  type ChecklistStatus,
} from "~/catalogue/checklist";
import { buttonClass, inputClass, labelClass } from "~/components/forms";

export const STATUS_LABELS: Record<ChecklistStatus, string> = {
  complete: "Complete",
  incomplete: "Incomplete",
  hidden: "Hidden",
  featured: "Featured",
};

/**
 * The Checklist's name search, status and order: a plain form that the server answers (with or
 * without JavaScript). Its fields are the browser's own, so what is typed before the scripts run
 * is what is sent; a new address (Back, a count's link) draws them afresh.
 */
export function ChecklistFilters({ query }: { query: ChecklistQuery }) {
  const filtered = Boolean(query.q || query.status);
  return (
    <Form
      key={checklistSearch(query)}
      method="get"
      action="/admin/overview"
      role="search"
      aria-label="Find locations"
      className="grid grid-cols-2 items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex sm:flex-wrap"
    >
      <div className="col-span-2 sm:min-w-64 sm:flex-1">
        <label htmlFor="checklist-q" className={labelClass}>
          Name
        </label>
        <input
          id="checklist-q"
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={CHECKLIST_SEARCH_MAX}
          placeholder="Part of a location's name"
          autoComplete="off"
          className={inputClass}
        />
      </div>
      <div className="min-w-0 sm:min-w-40">
        <label htmlFor="checklist-status" className={labelClass}>
          Status
        </label>
        <select
          id="checklist-status"
          name="status"
          defaultValue={query.status ?? ""}
          className={inputClass}
        >
          <option value="">All</option>
          {CHECKLIST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 sm:min-w-40">
        <label htmlFor="checklist-sort" className={labelClass}>
          Order
        </label>
        <select id="checklist-sort" name="sort" defaultValue={query.sort} className={inputClass}>
          {Object.entries(CHECKLIST_SORTS).map(([sort, label]) => (
            <option key={sort} value={sort}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 flex items-center gap-3">
        <button type="submit" className={buttonClass.primary}>
          Show
        </button>
        {filtered && (
          <Link
            to={`/admin/overview${checklistSearch({ q: "", status: null, sort: query.sort })}`}
            className="text-navy-900 text-sm font-semibold underline-offset-4 hover:underline"
          >
            Show all locations
          </Link>
        )}
      </div>
    </Form>
  );
}
