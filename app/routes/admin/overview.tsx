import { Link } from "react-router";
import { type Route } from "./+types/overview";
import { checklistRow, checklistTotals } from "~/admin/checklist";
import { listLocationSummaries } from "~/admin/locations.server";
import { requireAdmin } from "~/auth/guards.server";
import { ChecklistTable } from "~/components/admin/checklist-table";
import { useReturnFromEdit } from "~/components/admin/use-return-from-edit";
import { getAppContext } from "~/context";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Checklist",
    description: "Every location and what it still needs.",
    path: "/admin/overview",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const summaries = await listLocationSummaries(getAppContext(context).db);
  const rows = summaries.map(checklistRow);
  return { rows, totals: checklistTotals(rows) };
}

const STAT_STYLES = {
  complete: "text-emerald-700",
  incomplete: "text-red-700",
  hidden: "text-slate-700",
  featured: "text-gold-700",
} as const;

export default function Checklist({ loaderData }: Route.ComponentProps) {
  const { rows, totals } = loaderData;
  const onEditClick = useReturnFromEdit();
  const stats = [
    { key: "complete", label: "Complete" },
    { key: "incomplete", label: "Incomplete" },
    { key: "hidden", label: "Hidden" },
    { key: "featured", label: "Featured" },
  ] as const;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-navy-900 font-serif text-3xl">Checklist</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          All {totals.all} locations, hidden ones too. A location is complete with a description, at
          least one image, at least one room type and its place: a city and a state in the United
          States, a city in Mexico.
        </p>
      </div>

      <section aria-labelledby="checklist-summary">
        <h2 id="checklist-summary" className="sr-only">
          Summary
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {stats.map((stat) => (
            <div
              key={stat.key}
              className="rounded-2xl bg-white px-5 py-4 shadow-sm ring-1 ring-slate-200"
            >
              <dt className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
                {stat.label}
              </dt>
              <dd
                className={`mt-1 font-serif text-3xl tabular-nums ${STAT_STYLES[stat.key]}`}
                data-total={stat.key}
              >
                {totals[stat.key]}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      {rows.length === 0 ? (
        <div className="rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-700">No locations yet.</p>
          <Link
            to="/admin"
            className="text-gold-700 mt-3 inline-block font-semibold underline-offset-4 hover:underline"
          >
            Add a location
          </Link>
        </div>
      ) : (
        <ChecklistTable rows={rows} onEditClick={onEditClick} />
      )}
    </div>
  );
}
