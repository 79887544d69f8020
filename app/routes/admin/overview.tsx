import { useCallback, useEffect, type MouseEvent } from "react";
import { Link, useLocation } from "react-router";
import { type Route } from "./+types/overview";
import { hasValidPlace, isComplete } from "~/admin/places";
import { requireAdmin } from "~/auth/guards.server";
import { ChecklistTable, type ChecklistRow } from "~/components/admin/checklist-table";
import { getAppContext } from "~/context";
import {
  SCROLL_RESTORE_DELAY_MS,
  SCROLL_RESTORE_VALID_MS,
  useScrollMemory,
} from "~/lib/scroll-memory";
import { pageMeta } from "~/lib/seo";
import { listLocationSummaries } from "~/models/admin-catalogue.server";

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
  const rows: ChecklistRow[] = summaries.map((summary) => {
    const imageCount = Number(summary.imageCount);
    const roomCount = Number(summary.roomCount);
    return {
      id: summary.id,
      name: summary.name,
      slug: summary.slug,
      city: summary.city,
      state: summary.state,
      country: summary.country,
      hidden: summary.hidden,
      featured: summary.featured,
      hasDescription: summary.hasDescription,
      imageCount,
      roomCount,
      validPlace: hasValidPlace(summary),
      complete: isComplete({ ...summary, imageCount, roomCount }),
      lastEditor: summary.lastEditor,
      lastEditAt: summary.lastEditAt,
    };
  });
  const count = (test: (row: ChecklistRow) => boolean) => rows.filter(test).length;
  return {
    rows,
    totals: {
      all: rows.length,
      complete: count((row) => row.complete),
      incomplete: count((row) => !row.complete),
      hidden: count((row) => row.hidden),
      featured: count((row) => row.featured),
    },
  };
}

/** Where the page was when an Edit link was followed (written by useScrollMemory on every click). */
const SCROLL_KEY = "scroll:admin-overview";
/** Set when an Edit link is followed: the next showing of this page goes back to that place. */
const RETURN_KEY = "scroll:admin-overview:return";

function readNumber(key: string, field: "y" | "at") {
  try {
    const value =
      field === "at"
        ? Number(sessionStorage.getItem(key))
        : JSON.parse(sessionStorage.getItem(key) ?? "null")?.y;
    return typeof value === "number" && Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Spec section 2: the scroll position is restored when the user comes back from an Edit click.
 * useScrollMemory remembers the position at every click; following an Edit link also marks a
 * return, and the next time this page is shown (by the back button or the Checklist tab) within
 * 30 s it scrolls back there after about 100 ms.
 */
function useReturnFromEdit() {
  useScrollMemory(SCROLL_KEY);
  const location = useLocation();

  useEffect(() => {
    const markedAt = readNumber(RETURN_KEY, "at");
    if (!markedAt) return;
    if (Date.now() - markedAt > SCROLL_RESTORE_VALID_MS) {
      sessionStorage.removeItem(RETURN_KEY);
      return;
    }
    const y = readNumber(SCROLL_KEY, "y");
    if (y === null) return;
    const timer = window.setTimeout(() => {
      // A newer Edit click (the user is already leaving again) keeps its own mark.
      if (readNumber(RETURN_KEY, "at") !== markedAt) return;
      sessionStorage.removeItem(RETURN_KEY);
      window.scrollTo(0, y);
    }, SCROLL_RESTORE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [location.key]);

  return useCallback((event: MouseEvent<HTMLAnchorElement>) => {
    // Only when this tab leaves the page (not a link opened in a new tab or window).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    try {
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ y: window.scrollY, at: Date.now() }));
      sessionStorage.setItem(RETURN_KEY, String(Date.now()));
    } catch {
      // Storage may be unavailable (private mode): the page simply opens at the top.
    }
  }, []);
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
