import { Link, redirect } from "react-router";
import { type Route } from "./+types/overview";
import {
  CHECKLIST_PER_PAGE,
  CHECKLIST_SORTS,
  CHECKLIST_STATUSES,
  checklistSearch,
  readChecklistQuery,
  READY_WEEKS_MONTHS,
} from "~/catalogue/checklist";
import { importCatalogue } from "~/catalogue/catalogue-csv.server";
import { loadChecklist } from "~/catalogue/checklist.server";
import { requireAdmin } from "~/accounts/guards.server";
import { ChecklistFilters, STATUS_LABELS } from "~/components/catalogue-admin/checklist-filters";
import { cardClass } from "~/components/admin/admin-ui";
import { ChecklistTable } from "~/components/catalogue-admin/checklist-table";
import { SpreadsheetImport } from "~/components/admin/spreadsheet-import";
import { buttonClass } from "~/components/forms";
import { Pager } from "~/components/pager";
import { useReturnFromEdit } from "~/components/catalogue-admin/use-return-from-edit";
import { getAppContext } from "~/context";
import {
  importRefusal,
  postedFile,
  readImportForm,
  spreadsheetText,
} from "~/lib/spreadsheet-import.server";
import { asksFor, pageHref } from "~/lib/pages";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { countLabel } from "~/lib/text";
import { todayUtc } from "~/weeks/calendar";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Checklist",
    description: "Every location and what it still needs.",
    noindex: true,
  });

const IMPORT = "import-catalogue";

/** 'Import the catalogue': a CSV file, checked whole before anything is written. */
export async function action({ request, context }: Route.ActionArgs) {
  const auth = await requireAdmin(request, context);
  const posted = await readImportForm(request);
  if ("refusal" in posted) return posted.refusal;
  const { formData } = posted;
  const file = postedFile(formData);
  if (formData.get("intent") !== IMPORT || !file) {
    return importRefusal(null);
  }
  const read = await spreadsheetText(file);
  if (!read.ok) return importRefusal(read);
  const app = getAppContext(context);
  const result = await importCatalogue(app, { email: auth.user.email }, read.text);
  if (!result.ok) return importRefusal(result);
  return redirectWithToast(app, "/admin/overview", {
    type: "success",
    message: `${countLabel(result.locations, "location")} and ${countLabel(result.roomTypes, "room type")} imported`,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = readChecklistQuery(url.searchParams);
  // One address for each view: the form's empty fields and unknown parameters are left out.
  const address = pageHref("/admin/overview", checklistSearch(query), query.page);
  if (!asksFor(url, address)) throw redirect(address);
  const { db, now } = getAppContext(context);
  return loadChecklist(db, query, todayUtc(now));
}

const STAT_STYLES = {
  complete: "text-emerald-700",
  incomplete: "text-red-700",
  hidden: "text-slate-700",
  featured: "text-gold-700",
} as const;

export default function Checklist({ loaderData, actionData }: Route.ComponentProps) {
  const { query, rows, totals, pages, matching } = loaderData;
  const onEditClick = useReturnFromEdit();
  const filtered = Boolean(query.q || query.status);
  const first = (query.page - 1) * CHECKLIST_PER_PAGE + 1;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-navy-900 font-serif text-3xl">Checklist</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          All {totals.all} locations, hidden ones too. A location is complete with a description, at
          least one image, at least one room type and its place (a city and a state in the United
          States, a city in Mexico), and every room ready for sale: a weekly rate, open weeks in the
          next {READY_WEEKS_MONTHS} months, a guest limit and a picture.
        </p>
      </div>

      <section aria-labelledby="checklist-summary">
        <h2 id="checklist-summary" className="sr-only">
          Summary
        </h2>
        {/* Each count opens the locations it counts. */}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {CHECKLIST_STATUSES.map((status) => (
            <div
              key={status}
              className={`rounded-2xl bg-white px-5 py-4 shadow-sm ring-1 ${query.status === status ? "ring-navy-900 ring-2" : "ring-slate-200"}`}
            >
              <dt className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
                {STATUS_LABELS[status]}
              </dt>
              <dd className={`mt-1 font-serif text-3xl tabular-nums ${STAT_STYLES[status]}`}>
                <Link
                  to={`/admin/overview${checklistSearch({ ...query, status })}`}
                  aria-current={query.status === status ? "page" : undefined}
                  className="underline-offset-4 hover:underline"
                  data-total={status}
                >
                  {totals[status]}
                  <span className="sr-only"> {STATUS_LABELS[status].toLowerCase()}: show them</span>
                </Link>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <ChecklistFilters query={query} />

      {rows.length === 0 ? (
        <div className="rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-700">{filtered ? "No locations match." : "No locations yet."}</p>
          <Link
            to={filtered ? "/admin/overview" : "/admin"}
            className="text-gold-700 mt-3 inline-block font-semibold underline-offset-4 hover:underline"
          >
            {filtered ? "Show all locations" : "Add a location"}
          </Link>
        </div>
      ) : (
        <>
          <p id="rows" className="scroll-mt-4 text-sm text-slate-600" role="status">
            {matching === rows.length
              ? `${matching} ${matching === 1 ? "location" : "locations"}`
              : `${first}–${first + rows.length - 1} of ${matching} locations`}
            {filtered && " matching"}, {CHECKLIST_SORTS[query.sort].toLowerCase()}
          </p>
          <ChecklistTable rows={rows} sort={query.sort} onEditClick={onEditClick} />
          <Pager
            label="Pages of the checklist"
            page={query.page}
            pages={pages}
            total={matching}
            href={(page) => `${pageHref("/admin/overview", checklistSearch(query), page)}#rows`}
          />
        </>
      )}

      <section aria-labelledby="spreadsheet-heading" className={cardClass}>
        <h2 id="spreadsheet-heading" className="text-navy-900 font-serif text-xl">
          The catalogue as a spreadsheet
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          One row per room type, with its location's fields; a location without room types has a row
          of its own. An import adds or updates locations by slug and their room types by name (room
          types, pictures and weeks it does not name, and the columns it leaves out, stay as they
          are; an empty cell clears its field). Every row is checked first with the same rules as
          the forms; if any is wrong, nothing is written and each wrong row is listed by its line.
        </p>
        <a href="/admin/catalogue.csv" download className={`${buttonClass.secondary} mt-4`}>
          Download the catalogue (CSV)
        </a>
        <SpreadsheetImport intent={IMPORT} refusal={actionData}>
          Import the catalogue
        </SpreadsheetImport>
      </section>
    </div>
  );
}
