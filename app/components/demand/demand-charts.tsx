import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import {
  asked,
  other,
  type DemandCounts,
  type MonthDemand,
  type PlaceDemand,
  type ResortMonth,
} from "~/demand/demand";
import { grouped } from "~/lib/money";

/**
 * The demand page's charts and tables, drawn on the server as SVG and HTML (no chart library: its
 * code would reach the browser to hydrate bars that never change). Every chart comes with a table
 * of its numbers; a chart states its main figures in its own title and description, or is hidden
 * from screen readers where the text beside it says them.
 */

/** The three parts of what was asked, in the order a bar stacks them. */
const PARTS = [
  { key: "served", label: "Served", fill: "#0f766e", swatch: "bg-teal-700" },
  { key: "unserved", label: "Not served", fill: "#be123c", swatch: "bg-rose-700" },
  { key: "other", label: "Other", fill: "#cbd5e1", swatch: "bg-slate-300" },
] as const;

/** The parts of `counts` as a bar stacks them: each with where it starts, the empty ones left out. */
function stacked(counts: DemandCounts) {
  const values = { served: counts.served, unserved: counts.unserved, other: other(counts) };
  const segments: Array<(typeof PARTS)[number] & { start: number; value: number }> = [];
  let start = 0;
  for (const part of PARTS) {
    const value = values[part.key];
    if (value > 0) segments.push({ ...part, start, value });
    start += value;
  }
  return segments;
}

export function ChartLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label="Legend">
      {PARTS.map((part) => (
        <li key={part.key} className="flex items-center gap-2">
          <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ${part.swatch}`} />
          {part.label}
        </li>
      ))}
    </ul>
  );
}

/** A round top for the scale: 1, 2 or 5 times a power of ten, at least `value`. */
function niceMax(value: number) {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value)!;
  return step * power;
}

const MONTH_SHORT = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
];

/** "Most asked: July 2027, 14 (5 served, 6 not served)". */
function monthSummary(months: MonthDemand[]) {
  const busiest = months.reduce((best, month) => (asked(month) > asked(best) ? month : best));
  const leastServed = months.reduce((worst, month) =>
    month.unserved > worst.unserved ? month : worst,
  );
  return [
    `Most asked: ${busiest.label}, ${grouped(asked(busiest))} (${grouped(busiest.served)} served, ${grouped(busiest.unserved)} not served).`,
    leastServed.unserved > 0
      ? `Most not served: ${leastServed.label}, ${grouped(leastServed.unserved)}.`
      : "Nothing went unserved.",
  ].join(" ");
}

/**
 * Each month's asking as a column, served at the bottom, then not served, then the rest, with its
 * total above. As wide as its months need: on a phone it scrolls sideways in its own box.
 */
export function MonthChart({ months }: { months: MonthDemand[] }) {
  const id = useId();
  const max = niceMax(Math.max(...months.map(asked)));
  // 652 px for 18 months: a tablet's card holds it whole, a phone's scrolls it.
  const [axis, step, bar, top, plot, bottom] = [36, 34, 24, 18, 160, 40];
  const width = axis + months.length * step + 4;
  const height = top + plot + bottom;
  const y = (value: number) => top + plot - (value / max) * plot;
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600 sm:hidden" aria-hidden="true">
        Scroll the chart sideways for every month <span className="text-gold-700">→</span>
      </p>
      <div
        role="region"
        aria-label="Chart by month (scrolls sideways on a narrow screen)"
        tabIndex={0}
        className="overflow-x-auto"
      >
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="block text-slate-600"
          fontSize="11"
          fontFamily="inherit"
        >
          <title id={`${id}-title`}>Asked, served and not served by check-in month</title>
          <desc id={`${id}-desc`}>
            {`${monthSummary(months)} Each month's figures are in the table below.`}
          </desc>
          {[0, max / 2, max].map((tick) => (
            <g key={tick}>
              <line
                x1={axis - 4}
                x2={width}
                y1={y(tick)}
                y2={y(tick)}
                stroke="#e2e8f0"
                strokeWidth="1"
              />
              <text x={axis - 8} y={y(tick) + 4} textAnchor="end" fill="currentColor">
                {grouped(tick)}
              </text>
            </g>
          ))}
          {months.map((month, index) => {
            const x = axis + index * step + (step - bar) / 2;
            const [year, number] = month.month.split("-");
            const firstOfYear = index === 0 || number === "01";
            return (
              <g key={month.month}>
                {stacked(month).map((part) => (
                  <rect
                    key={part.key}
                    x={x}
                    width={bar}
                    y={y(part.start + part.value)}
                    height={y(part.start) - y(part.start + part.value)}
                    fill={part.fill}
                  />
                ))}
                {asked(month) > 0 ? (
                  <text
                    x={x + bar / 2}
                    y={y(asked(month)) - 4}
                    textAnchor="middle"
                    fill="#0f2a43"
                    fontWeight="600"
                  >
                    {grouped(asked(month))}
                  </text>
                ) : null}
                <text x={x + bar / 2} y={top + plot + 15} textAnchor="middle" fill="currentColor">
                  {MONTH_SHORT[Number(number) - 1]}
                </text>
                {firstOfYear ? (
                  <text
                    x={x + bar / 2}
                    y={top + plot + 30}
                    textAnchor="middle"
                    fill="currentColor"
                    fontWeight="600"
                  >
                    {year}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
    </div>
  );
}

/** A bar of `counts` out of `max`, stacked as the month chart's columns; for the eye only. */
function StackedBar({ counts, max }: { counts: DemandCounts; max: number }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 100 10"
      preserveAspectRatio="none"
      className="block h-3 w-full rounded-sm bg-slate-100"
    >
      {stacked(counts).map((part) => (
        <rect
          key={part.key}
          x={(part.start / max) * 100}
          width={(part.value / max) * 100}
          y="0"
          height="10"
          fill={part.fill}
        />
      ))}
    </svg>
  );
}

/** "7 not served of 12 asked, 3 served, 2 other", the first part strong. */
function CountsLine({ counts }: { counts: DemandCounts }) {
  return (
    <>
      <strong className="font-semibold text-rose-700">{grouped(counts.unserved)} not served</strong>{" "}
      of {grouped(asked(counts))} asked, {grouped(counts.served)} served, {grouped(other(counts))}{" "}
      other
    </>
  );
}

/** The places with the most not served, each a bar: its words say its numbers. */
export function PlaceChart({ places, shown }: { places: PlaceDemand[]; shown: number }) {
  const top = places.slice(0, shown);
  const max = Math.max(...top.map(asked), 1);
  return (
    <ol className="space-y-3">
      {top.map((place) => (
        <li key={`${place.country}|${place.state}`}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <span className="text-navy-900 font-semibold [overflow-wrap:anywhere]">
              {place.label}
            </span>
            <span className="text-slate-700">
              <CountsLine counts={place} />
            </span>
          </div>
          <div className="mt-1">
            <StackedBar counts={place} max={max} />
          </div>
        </li>
      ))}
    </ol>
  );
}

const numberCell = "px-2 py-2 text-right tabular-nums sm:px-3";
/** A row's name stays in view while its numbers scroll sideways under a phone's width. */
const stickyCell = "sticky left-0 z-10 px-3 py-2 text-left";

/** A table in a box of its own that scrolls sideways on a narrow screen, saying so there. */
function ScrollingTable({ caption, children }: { caption: string; children: ReactNode }) {
  const id = useId();
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600 xl:hidden" aria-hidden="true">
        Scroll the table sideways to see every column <span className="text-gold-700">→</span>
      </p>
      <div
        role="region"
        aria-labelledby={id}
        tabIndex={0}
        className="relative overflow-x-auto rounded-xl ring-1 ring-slate-200"
      >
        <table className="w-max min-w-full border-collapse text-sm">
          <caption id={id} className="sr-only">
            {caption}
          </caption>
          {children}
        </table>
      </div>
    </div>
  );
}

/**
 * The columns: not served and asked first (a phone shows them without scrolling), then served, the
 * rest, and each kind of asking.
 */
const COUNT_COLUMNS = [
  ["Not served", (counts: DemandCounts) => counts.unserved, true],
  ["Asked", (counts: DemandCounts) => asked(counts), true],
  ["Served", (counts: DemandCounts) => counts.served, false],
  ["Other", (counts: DemandCounts) => other(counts), false],
  ["Requests", (counts: DemandCounts) => counts.requests, false],
  ["Waitlist places", (counts: DemandCounts) => counts.waitlist, false],
  ["Alerts", (counts: DemandCounts) => counts.alerts, false],
  ["Searches with no result", (counts: DemandCounts) => counts.searches, false],
] as const;

function CountCells({ counts }: { counts: DemandCounts }) {
  return COUNT_COLUMNS.map(([column, value, strong]) => (
    <td
      key={column}
      className={`${numberCell} ${strong ? "text-navy-900 font-semibold" : "text-slate-700"}`}
    >
      {grouped(value(counts))}
    </td>
  ));
}

/** Every row's figures, and by kind, with their total; `first` names the rows. */
export function CountsTable({
  caption,
  first,
  rows,
  total,
  id,
}: {
  caption: string;
  first: string;
  rows: Array<{ key: string; label: string; counts: DemandCounts }>;
  total: DemandCounts;
  id: string;
}) {
  return (
    <ScrollingTable caption={caption}>
      <thead className="bg-slate-50 text-xs tracking-wider text-slate-600 uppercase">
        <tr>
          <th scope="col" className={`${stickyCell} bg-slate-50 align-bottom font-semibold`}>
            {first}
          </th>
          {COUNT_COLUMNS.map(([column]) => (
            <th
              key={column}
              scope="col"
              className="px-3 py-2 text-right align-bottom font-semibold"
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody id={id} className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={row.key} data-row={row.key}>
            <th scope="row" className={`${stickyCell} text-navy-900 bg-white font-medium`}>
              {row.label}
            </th>
            <CountCells counts={row.counts} />
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t-2 border-slate-200 bg-slate-50">
        <tr data-row="total">
          <th scope="row" className={`${stickyCell} text-navy-900 bg-slate-50 font-semibold`}>
            All
          </th>
          <CountCells counts={total} />
        </tr>
      </tfoot>
    </ScrollingTable>
  );
}

/**
 * The resort-months with the most not served, highest first: each named with its place and month,
 * its numbers in words, and a bar for the eye. A list rather than a table, so a phone reads a long
 * resort name across its width.
 */
export function ResortMonthsList({ rows }: { rows: ResortMonth[] }) {
  const max = Math.max(...rows.map((row) => row.asked), 1);
  return (
    // Two columns on a wide screen, read down the first, then the second.
    <ol id="demand-top" className="lg:columns-2 lg:gap-10">
      {rows.map((row) => (
        <li
          key={`${row.locationId}|${row.month}`}
          data-row={`${row.locationId}|${row.month}`}
          className="break-inside-avoid border-b border-slate-100 py-3"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <div className="min-w-0">
              <p className="text-navy-900 font-semibold [overflow-wrap:anywhere]">
                {row.slug ? (
                  <Link
                    to={`/locations/${encodeURIComponent(row.slug)}`}
                    className="underline-offset-2 hover:underline"
                  >
                    {row.name}
                  </Link>
                ) : (
                  row.name
                )}
              </p>
              <p className="text-sm text-slate-600">
                {row.place} · {row.monthLabel}
              </p>
            </div>
            <p className="text-sm text-slate-700">
              <strong className="font-semibold text-rose-700">
                {grouped(row.unserved)} not served
              </strong>{" "}
              of {grouped(row.asked)} asked, {grouped(row.served)} served
            </p>
          </div>
          <div className="mt-2">
            <StackedBar
              counts={{
                requests: row.asked,
                waitlist: 0,
                alerts: 0,
                searches: 0,
                served: row.served,
                unserved: row.unserved,
              }}
              max={max}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
