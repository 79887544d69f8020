import { Link } from "react-router";
import { formatStayDate } from "~/guest-requests/format";
import { monthDay } from "~/lib/dates";
import { money } from "~/lib/money";
import { zonedMonthDay } from "~/lib/zoned-time";
import {
  calendarHref,
  CELL_STATES,
  CELL_WORDS,
  type CalendarQuery,
  type CellState,
} from "~/house-calendar/house-calendar";
import { type HouseCalendar } from "~/house-calendar/house-calendar.server";

type Resort = HouseCalendar["resorts"][number];
type Room = Resort["rooms"][number];
export type Cell = Room["weeks"][number];

/** Each state's colour, always with its word (never colour alone). */
export const CELL_TONES: Record<CellState, string> = {
  open: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  held: "bg-amber-50 text-amber-900 ring-amber-300",
  unpaid: "bg-orange-50 text-orange-900 ring-orange-300",
  offered: "bg-sky-50 text-sky-900 ring-sky-300",
  booked: "bg-navy-900 text-white ring-navy-900",
  closed: "bg-slate-100 text-slate-700 ring-slate-300",
  draft: "border border-dashed border-slate-400 bg-white text-slate-700 ring-transparent",
  "no-rate": "bg-rose-50 text-rose-900 ring-rose-300",
};

const day = (date: string) => new Date(`${date}T00:00:00Z`);

/** The line under a cell's state: when a hold ends, or its rate. */
function cellDetail(cell: Cell, currency: string) {
  if (cell.until) return `to ${zonedMonthDay(cell.until)}`;
  if (cell.rate !== null && cell.state !== "no-rate") return money(cell.rate, currency);
  return null;
}

/** A cell as a screen reader reads it, whole. */
function cellName(room: Room, cell: Cell, currency: string) {
  return [
    `${room.name}, week of ${formatStayDate(cell.checkIn)}: ${cell.words}`,
    cell.until ? ` until ${zonedMonthDay(cell.until)}` : "",
    cell.rate !== null && cell.state !== "no-rate" ? `, ${money(cell.rate, currency)}` : "",
    cell.waiting > 0 ? `, ${cell.waiting} waiting` : "",
  ].join("");
}

/**
 * Rooms down the side (under their resort), the window's weeks across; each cell a link that opens
 * what can be done with its week (the panel above), without JavaScript too. On a phone the grid
 * scrolls sideways in its own box, the rooms' names staying in view.
 */
export function CalendarGrid({
  calendar,
  query,
}: {
  calendar: Pick<HouseCalendar, "columns" | "resorts">;
  query: CalendarQuery;
}) {
  const { columns, resorts } = calendar;
  // Relative: the words inside for screen readers alone are clipped by it, not laid past the page.
  return (
    <div
      className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      role="region"
      aria-label="Weeks of every room"
      tabIndex={0}
    >
      <table className="w-full border-separate border-spacing-0 text-left text-xs">
        <caption className="sr-only">
          Each room&apos;s weeks, by the week they check in: their state, rate and the members
          waiting.
        </caption>
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky left-0 z-10 w-32 min-w-32 border-b border-slate-200 bg-white px-3 py-2 font-semibold text-slate-600 sm:w-48 sm:min-w-48"
            >
              Room
            </th>
            {columns.map((start) => (
              <th
                key={start}
                scope="col"
                className="min-w-24 border-b border-slate-200 px-1.5 py-2 font-semibold whitespace-nowrap text-slate-600"
              >
                <span className="sr-only">Week from </span>
                {monthDay(day(start))}
              </th>
            ))}
          </tr>
        </thead>
        {resorts.map((resort) => (
          <tbody key={resort.id}>
            <tr>
              <th
                scope="colgroup"
                colSpan={columns.length + 1}
                className="text-navy-900 border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm font-semibold"
              >
                <span className="sticky left-3 inline-block max-w-[calc(100vw-4rem)] truncate align-bottom">
                  {resort.name}
                  <span className="font-normal text-slate-600">
                    {" "}
                    · {[resort.city, resort.state, resort.country].filter(Boolean).join(", ")}
                  </span>
                  {resort.hidden && <span className="font-normal text-slate-600"> · Hidden</span>}
                </span>
              </th>
            </tr>
            {resort.rooms.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 1} className="px-3 py-2 text-slate-600">
                  No room types yet.
                </td>
              </tr>
            ) : (
              resort.rooms.map((room) => (
                <tr key={room.id}>
                  <th
                    scope="row"
                    className="text-navy-900 sticky left-0 z-10 w-32 min-w-32 border-b border-slate-100 bg-white px-3 py-1.5 align-top font-medium break-words sm:w-48 sm:min-w-48"
                  >
                    {room.name}
                    {!room.published && (
                      <span className="block font-normal text-slate-500">Not published</span>
                    )}
                  </th>
                  {columns.map((start, column) => {
                    const cells = room.weeks.filter((cell) => cell.column === column);
                    return (
                      <td key={start} className="border-b border-slate-100 px-1 py-1 align-top">
                        {cells.length === 0 ? (
                          <span className="block px-1 py-1 text-slate-400">
                            <span aria-hidden="true">·</span>
                            <span className="sr-only">No week</span>
                          </span>
                        ) : (
                          cells.map((cell) => (
                            <CellLink
                              key={cell.id}
                              cell={cell}
                              name={cellName(room, cell, resort.currency)}
                              detail={cellDetail(cell, resort.currency)}
                              href={calendarHref({ ...query, week: cell.id }, "#week-panel")}
                              selected={query.week === cell.id}
                            />
                          ))
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        ))}
      </table>
    </div>
  );
}

function CellLink({
  cell,
  name,
  detail,
  href,
  selected,
}: {
  cell: Cell;
  name: string;
  detail: string | null;
  href: string;
  selected: boolean;
}) {
  return (
    <Link
      to={href}
      preventScrollReset
      aria-label={name}
      aria-current={selected ? "true" : undefined}
      data-state={cell.state}
      className={`block rounded-md px-1.5 py-1 leading-tight ring-1 ${CELL_TONES[cell.state]} ${selected ? "outline-gold-500 outline-2 outline-offset-1" : ""} ${cell.past ? "opacity-60" : ""}`}
    >
      <span className="block font-semibold">{cell.words}</span>
      {detail && <span className="block tabular-nums">{detail}</span>}
      {cell.waiting > 0 && <span className="block">{cell.waiting} waiting</span>}
    </Link>
  );
}

/** What each colour means, in words. */
export function CalendarLegend() {
  return (
    <ul className="flex flex-wrap gap-2 text-xs" aria-label="What the cells show">
      {CELL_STATES.map((state) => (
        <li key={state} className={`rounded-md px-2 py-1 ring-1 ${CELL_TONES[state]}`}>
          {CELL_WORDS[state]}
        </li>
      ))}
    </ul>
  );
}
