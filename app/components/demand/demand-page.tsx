import { cardClass } from "~/components/admin/admin-ui";
import {
  ChartLegend,
  CountsTable,
  MonthChart,
  PlaceChart,
  ResortMonthsList,
} from "~/components/demand/demand-charts";
import {
  asked,
  DEMAND_DEFINITIONS,
  other,
  TOP_RESORT_MONTHS,
  type DemandFigures,
} from "~/demand/demand";
import { grouped } from "~/lib/money";

/** The places the chart draws; the table lists them all. */
const PLACES_CHARTED = 10;

/** The demand page: totals, the top resort-months, by month and by place, and the definitions. */
export function DemandPage({ figures }: { figures: DemandFigures }) {
  const { from, to, total, byMonth, byPlace, top } = figures;
  const none = asked(total) === 0;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-navy-900 font-serif text-3xl">Demand</h1>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">
            Where members asked for a stay checking in from {from} to {to}, and where they could not
            be served: booking requests, waitlist places, week alerts and searches that found
            nothing.{" "}
            <a
              href="#how-counted"
              className="text-navy-900 font-medium underline underline-offset-2"
            >
              How these are counted
            </a>
            .
          </p>
        </div>
        <a
          href="/admin/demand.csv"
          download
          className="text-navy-900 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50"
        >
          Download as a spreadsheet (CSV)
        </a>
      </div>

      {none ? (
        <p className={`${cardClass} text-slate-700`} data-empty="demand">
          No demand recorded for {from} to {to} yet: no booking requests, waitlist places or week
          alerts for these months, and no member's search of them that found nothing.
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" id="demand-totals">
            {[
              ["Asked", asked(total), "text-navy-900"],
              ["Served", total.served, "text-teal-700"],
              ["Not served", total.unserved, "text-rose-700"],
              ["Other", other(total), "text-slate-700"],
            ].map(([term, value, tone]) => (
              <div key={term} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <dt className="text-sm font-medium text-slate-600">{term}</dt>
                <dd className={`mt-1 font-serif text-3xl ${tone}`}>{grouped(Number(value))}</dd>
              </div>
            ))}
          </dl>

          <section aria-labelledby="top-heading" className={cardClass}>
            <h2 id="top-heading" className="text-navy-900 font-serif text-xl">
              Resort-months with the most not served
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Requests and waitlist places by resort and check-in month, highest not served first
              (at most {TOP_RESORT_MONTHS}). Alerts and searches name a place, not a resort: they
              are by place below.
            </p>
            <div className="mt-4">
              {top.length > 0 ? (
                <ResortMonthsList rows={top} />
              ) : (
                <p className="text-sm text-slate-700" data-empty="top">
                  No request or waitlist place at any resort went unserved in these months.
                </p>
              )}
            </div>
          </section>

          <section aria-labelledby="month-heading" className={`${cardClass} space-y-4`}>
            <div className="flex flex-wrap items-baseline justify-between gap-3">
              <h2 id="month-heading" className="text-navy-900 font-serif text-xl">
                By check-in month
              </h2>
              <ChartLegend />
            </div>
            <MonthChart months={byMonth} />
            <CountsTable
              id="demand-by-month"
              caption="Demand by check-in month"
              first="Month"
              rows={byMonth.map((row) => ({ key: row.month, label: row.label, counts: row }))}
              total={total}
            />
          </section>

          <section aria-labelledby="place-heading" className={`${cardClass} space-y-4`}>
            <div className="flex flex-wrap items-baseline justify-between gap-3">
              <h2 id="place-heading" className="text-navy-900 font-serif text-xl">
                By place
              </h2>
              <ChartLegend />
            </div>
            <p className="text-sm text-slate-600">
              {byPlace.length > PLACES_CHARTED
                ? `The ${PLACES_CHARTED} places with the most not served; the table lists all ${byPlace.length}.`
                : "Most not served first."}
            </p>
            <PlaceChart places={byPlace} shown={PLACES_CHARTED} />
            <CountsTable
              id="demand-by-place"
              caption="Demand by place"
              first="Place"
              rows={byPlace.map((row) => ({
                key: `${row.country}|${row.state}`,
                label: row.label,
                counts: row,
              }))}
              total={total}
            />
          </section>
        </>
      )}

      <section id="how-counted" aria-labelledby="how-heading" className={cardClass}>
        <h2 id="how-heading" className="text-navy-900 font-serif text-xl">
          How these are counted
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          By the month a stay checks in at its resort, from {from} to {to}. A member who asks twice
          (a request and an alert) counts twice. Searches are counted without saying who searched: a
          number per month, place and party size.
        </p>
        <dl className="mt-3 space-y-2 text-sm">
          {DEMAND_DEFINITIONS.map(({ term, meaning }) => (
            <div key={term}>
              <dt className="text-navy-900 inline font-semibold">{term}:</dt>{" "}
              <dd className="inline text-slate-700">{meaning}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
