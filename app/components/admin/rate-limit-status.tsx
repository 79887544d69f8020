import { type AdminCheckRow } from "~/lib/rate-limit-admin.server";
import { clockTime } from "~/lib/dates";

type Level = "ok" | "warning" | "limited";

function levelOf(count: number, warnAbove: number | undefined, limit: number): Level {
  if (count > limit) return "limited";
  if (warnAbove !== undefined && count > warnAbove) return "warning";
  return "ok";
}

const LEVEL_STYLES: Record<Level, { bar: string; badge: string; label: string }> = {
  ok: {
    bar: "bg-emerald-600",
    badge: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
    label: "OK",
  },
  warning: {
    bar: "bg-amber-500",
    badge: "bg-amber-50 text-amber-900 ring-amber-500/40",
    label: "Warning",
  },
  limited: { bar: "bg-red-600", badge: "bg-red-50 text-red-800 ring-red-600/30", label: "Limited" },
};

/** One admin's admin-check counts in the current window, each against the limit. */
export function RateLimitStatus({
  rows,
  limit,
  warnAbove,
  windowSeconds,
}: {
  rows: AdminCheckRow[];
  limit: number;
  warnAbove: number | undefined;
  windowSeconds: number;
}) {
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const warnings = rows.filter((row) => levelOf(row.count, warnAbove, limit) !== "ok").length;
  return (
    <section
      aria-labelledby="rate-status-heading"
      className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-5 py-4">
        <h2 id="rate-status-heading" className="text-navy-900 font-serif text-xl">
          Current windows
        </h2>
        <p className="text-sm text-slate-600">
          {total} {total === 1 ? "check" : "checks"} in all
          {warnings > 0 && (
            <>
              {" · "}
              <span className="font-semibold text-amber-800">
                {warnings} {warnings === 1 ? "operation" : "operations"} above {warnAbove}
              </span>
            </>
          )}
        </p>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm sm:min-w-[36rem]">
          <caption className="sr-only">
            Admin checks per operation in its current {windowSeconds}-second window, out of a limit
            of {limit}
          </caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wider text-slate-500 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 sm:px-5">
                Operation
              </th>
              <th scope="col" className="px-4 py-3 sm:px-5">
                Calls
              </th>
              <th scope="col" className="hidden w-2/5 px-5 py-3 sm:table-cell">
                <span className="sr-only">Share of the limit</span>
              </th>
              <th scope="col" className="px-4 py-3 sm:px-5">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => {
              const level = levelOf(row.count, warnAbove, limit);
              const style = LEVEL_STYLES[level];
              return (
                <tr key={row.operation} data-operation={row.operation}>
                  <th scope="row" className="text-navy-900 px-4 py-3 font-medium sm:px-5">
                    {row.label}
                    <span className="block font-mono text-xs font-normal break-all text-slate-500">
                      {row.operation}
                    </span>
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-800 tabular-nums sm:px-5">
                    <span data-count>{row.count}</span> / {limit}
                    {row.windowEndsAt && (
                      <span className="block text-xs whitespace-normal text-slate-500">
                        resets{" "}
                        <time dateTime={row.windowEndsAt}>
                          {clockTime(new Date(row.windowEndsAt), { seconds: true })} UTC
                        </time>
                      </span>
                    )}
                  </td>
                  <td className="hidden px-5 py-3 sm:table-cell">
                    <div
                      className="h-2 overflow-hidden rounded-full bg-slate-100"
                      role="progressbar"
                      aria-label={`${row.label}: checks used`}
                      aria-valuemin={0}
                      aria-valuemax={limit}
                      aria-valuenow={Math.min(row.count, limit)}
                    >
                      <div
                        className={`h-full rounded-full ${style.bar}`}
                        style={{ width: `${Math.min(100, (row.count / limit) * 100)}%` }}
                      />
                    </div>
                  </td>
                  <td className="px-4 py-3 sm:px-5">
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wider uppercase ring-1 ${style.badge}`}
                    >
                      {style.label}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
