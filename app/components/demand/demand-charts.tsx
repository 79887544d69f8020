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
  const [axis, step, bar, top, plot, bottom] = [40, 38, 26, 18, 160, 40];
  const width = axis + months.length * step + 8;
  const height = top + plot + bottom;
  const y = (value: number) => top + plot - (value / max) * plot;
  return (
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

/** "12 asked: 3 served, 7 not served, 2 other". */
const countsLine = (counts: DemandCounts) =>
  `${grouped(asked(counts))} asked: ${grouped(counts.served)} served, ${grouped(counts.unserved)} not served, ${grouped(other(counts))} other`;

/** The places with the most not served, each a bar: its words say its numbers. */
export function PlaceChart({ places, shown }: { places: PlaceDemand[]; shown: number }) {
  const top = places.slice(0, shown);
  const max = Math.max(...top.map(asked), 1);
  return (
    <ol className="space-y-3">
      {top.map((place) => (
        <li key={`${place.country}|${place.state}`}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <span className="text-navy-900 font-semibold break-words">{place.label}</span>
            <span className="text-slate-600">{countsLine(place)}</span>
          </div>
          <div className="mt-1">
            <StackedBar counts={place} max={max} />
          </div>
        </li>
      ))}
    </ol>
  );
}

const headerCell = "px-3 py-2 text-right font-semibold whitespace-nowrap first:text-left";
const numberCell = "px-3 py-2 text-right tabular-nums";

/** A table in a box of its own that scrolls sideways on a narrow screen. */
function ScrollingTable({
  caption,
  minWidth,
  children,
}: {
  caption: string;
  minWidth: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div
      role="region"
      aria-labelledby={id}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl ring-1 ring-slate-200"
    >
      <table className={`w-full border-collapse text-sm ${minWidth}`}>
        <caption id={id} className="sr-only">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

const COUNT_COLUMNS = [
  "Requests",
  "Waitlist places",
  "Alerts",
  "Searches with no result",
  "Asked",
  "Served",
  "Not served",
  "Other",
] as const;

function CountCells({ counts }: { counts: DemandCounts }) {
  const values = [
    counts.requests,
    counts.waitlist,
    counts.alerts,
    counts.searches,
    asked(counts),
    counts.served,
    counts.unserved,
    other(counts),
  ];
  return values.map((value, index) => (
    <td
      key={COUNT_COLUMNS[index]}
      className={`${numberCell} ${index === 4 || index === 6 ? "text-navy-900 font-semibold" : "text-slate-700"}`}
    >
      {grouped(value)}
    </td>
  ));
}

/** Every row's figures by kind, with their total; `first` names the row. */
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
    <ScrollingTable caption={caption} minWidth="min-w-[52rem]">
      <thead className="bg-slate-50 text-xs tracking-wider text-slate-600 uppercase">
        <tr>
          <th scope="col" className={headerCell}>
            {first}
          </th>
          {COUNT_COLUMNS.map((column) => (
            <th key={column} scope="col" className={headerCell}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody id={id} className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={row.key} data-row={row.key}>
            <th scope="row" className="text-navy-900 px-3 py-2 text-left font-medium">
              {row.label}
            </th>
            <CountCells counts={row.counts} />
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t-2 border-slate-200 bg-slate-50">
        <tr data-row="total">
          <th scope="row" className="text-navy-900 px-3 py-2 text-left font-semibold">
            All
          </th>
          <CountCells counts={total} />
        </tr>
      </tfoot>
    </ScrollingTable>
  );
}

/** The resort-months with the most not served: each with a bar of its own, for the eye. */
export function ResortMonthsTable({ rows }: { rows: ResortMonth[] }) {
  const max = Math.max(...rows.map((row) => row.asked), 1);
  return (
    <ScrollingTable
      caption="Resort-months with the most not served, highest first"
      minWidth="min-w-[44rem]"
    >
      <thead className="bg-slate-50 text-xs tracking-wider text-slate-600 uppercase">
        <tr>
          {["Resort", "Month", "Asked", "Served", "Not served"].map((column) => (
            <th key={column} scope="col" className={headerCell}>
              {column}
            </th>
          ))}
          <th scope="col" className="w-1/4 px-3 py-2">
            <span className="sr-only">Share</span>
          </th>
        </tr>
      </thead>
      <tbody id="demand-top" className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={`${row.locationId}|${row.month}`} data-row={`${row.locationId}|${row.month}`}>
            <th scope="row" className="px-3 py-2 text-left font-medium">
              {row.slug ? (
                <Link
                  to={`/locations/${encodeURIComponent(row.slug)}`}
                  className="text-navy-900 break-words underline-offset-2 hover:underline"
                >
                  {row.name}
                </Link>
              ) : (
                <span className="text-navy-900 break-words">{row.name}</span>
              )}
              <span className="block text-xs font-normal text-slate-600">{row.place}</span>
            </th>
            <td className="px-3 py-2 text-right whitespace-nowrap text-slate-700">
              {row.monthLabel}
            </td>
            <td className={`${numberCell} text-slate-700`}>{grouped(row.asked)}</td>
            <td className={`${numberCell} text-slate-700`}>{grouped(row.served)}</td>
            <td className={`${numberCell} text-navy-900 font-semibold`}>{grouped(row.unserved)}</td>
            <td className="px-3 py-2">
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
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
