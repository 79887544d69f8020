import { type MouseEvent, type ReactNode } from "react";
import { Link } from "react-router";
import {
  ROOM_NEEDS,
  roomNeeds,
  type ChecklistRow,
  type ChecklistSort,
  type RoomReadiness,
} from "~/catalogue/checklist";
import { placeLine } from "~/catalogue/locations";
import { mediumDate } from "~/lib/dates";

function formatDate(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : mediumDate(date);
}

/** Why a place fails the check: the United States needs a city and a state, Mexico a city. */
function placeProblem({ city, state, country }: Pick<ChecklistRow, "city" | "state" | "country">) {
  if (country === "United States") {
    if (!city && !state) return "No city or state";
    return !city ? "No city" : "No state";
  }
  return "No city";
}

const Good = ({ children }: { children?: ReactNode }) => (
  <span className="inline-flex items-center gap-1.5 font-medium whitespace-nowrap text-emerald-700">
    <span aria-hidden="true" className="text-base leading-none">
      ✓
    </span>
    {children ?? <span className="sr-only">Yes</span>}
  </span>
);

const Bad = ({ children }: { children: ReactNode }) => (
  <span className="inline-flex items-center gap-1.5 font-semibold whitespace-nowrap text-red-700">
    <span aria-hidden="true" className="text-base leading-none">
      ✕
    </span>
    {children}
  </span>
);

const BADGES = {
  Hidden: "bg-slate-100 text-slate-700 ring-slate-400/30",
  Featured: "bg-gold-300/50 text-navy-900 ring-gold-500/60",
  Complete: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  Incomplete: "bg-red-50 text-red-800 ring-red-600/20",
} as const;

function Badge({ label }: { label: keyof typeof BADGES }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wider whitespace-nowrap uppercase ring-1 ${BADGES[label]}`}
    >
      {label}
    </span>
  );
}

/** The rooms not ready, with what each lacks, and the drafts: what is left before the sale. */
function RoomReadinessList({ rooms }: { rooms: RoomReadiness[] }) {
  const noted = rooms.filter((room) => !room.published || roomNeeds(room).length > 0);
  if (noted.length === 0) return null;
  return (
    <ul className="mt-1 space-y-1 text-xs text-slate-600">
      {noted.map((room) => {
        const needs = roomNeeds(room);
        return (
          <li key={room.id}>
            <span className="text-slate-800">{room.name}</span>
            {!room.published && " (draft)"}
            {needs.length > 0 && `: needs ${needs.map((need) => ROOM_NEEDS[need]).join(", ")}`}
          </li>
        );
      })}
    </ul>
  );
}

const headerCell =
  "whitespace-nowrap px-4 py-3 text-left text-xs font-semibold uppercase tracking-wider text-slate-500";
// Cells wrap anywhere: one unbroken name or city must not widen the whole table.
const cell = "px-4 py-3 align-top text-sm [overflow-wrap:anywhere]";

/**
 * The Checklist table: a page of locations with what each still needs. `onEditClick`
 * runs when an Edit link is followed, so the page can bring the user back to the same place.
 */
export function ChecklistTable({
  rows,
  sort,
  onEditClick,
}: {
  rows: ChecklistRow[];
  sort: ChecklistSort;
  onEditClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <>
      {/* The table is 64rem wide: narrower screens scroll it sideways in its own box. */}
      <p className="mb-2 text-sm text-slate-600 xl:hidden" aria-hidden="true">
        Scroll the table sideways to see every column <span className="text-gold-700">→</span>
      </p>
      <div
        role="region"
        aria-labelledby="checklist-caption"
        tabIndex={0}
        // Positioned, so the hidden labels inside are clipped with the table instead of widening the page.
        className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      >
        <table className="w-full min-w-[64rem] border-collapse">
          <caption id="checklist-caption" className="sr-only">
            Locations, hidden ones too, by name ({sort === "name" ? "A to Z" : "Z to A"}): what each
            has and still needs
          </caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={`${headerCell} sticky left-0 z-10 bg-slate-50`}>
                Location Name
              </th>
              <th scope="col" className={headerCell}>
                City/State
              </th>
              <th scope="col" className={headerCell}>
                Description
              </th>
              <th scope="col" className={headerCell}>
                Images
              </th>
              <th scope="col" className={headerCell}>
                Room Types
              </th>
              <th scope="col" className={headerCell}>
                Status
              </th>
              <th scope="col" className={headerCell}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr
                key={row.id}
                id={`location-${row.id}`}
                data-location-id={row.id}
                className="hover:bg-sand-50"
              >
                <th
                  scope="row"
                  className={`${cell} sticky left-0 z-10 w-44 bg-white text-left font-normal sm:w-72`}
                >
                  <span className="text-navy-900 block font-semibold">{row.name}</span>
                  <span className="block font-mono text-xs text-slate-500">/{row.slug}</span>
                  {row.lastEditor && row.lastEditAt && (
                    <span className="mt-1 block text-xs text-slate-500">
                      last edited by <span className="text-slate-700">{row.lastEditor}</span> on{" "}
                      <time dateTime={row.lastEditAt}>{formatDate(row.lastEditAt)}</time>
                    </span>
                  )}
                </th>
                <td className={cell} data-check="place">
                  {row.validPlace ? (
                    <Good>
                      <span className="font-normal text-slate-700">{placeLine(row)}</span>
                    </Good>
                  ) : (
                    <>
                      <Bad>Missing</Bad>
                      <span className="block text-xs text-slate-500">
                        {placeProblem(row)}, {row.country}
                      </span>
                    </>
                  )}
                </td>
                <td className={cell} data-check="description">
                  {row.hasDescription ? <Good /> : <Bad>Missing</Bad>}
                </td>
                <td className={cell} data-check="images">
                  {row.imageCount > 0 ? <Good>{row.imageCount}</Good> : <Bad>None</Bad>}
                </td>
                <td className={cell} data-check="rooms">
                  {row.roomCount === 0 ? (
                    <Bad>None</Bad>
                  ) : row.rooms.every((room) => roomNeeds(room).length === 0) ? (
                    <Good>{row.roomCount}</Good>
                  ) : (
                    <Bad>{row.roomCount}</Bad>
                  )}
                  <RoomReadinessList rooms={row.rooms} />
                </td>
                <td className={cell} data-check="status">
                  <span className="flex flex-wrap gap-1.5">
                    {row.hidden && <Badge label="Hidden" />}
                    {row.featured && <Badge label="Featured" />}
                    <Badge label={row.complete ? "Complete" : "Incomplete"} />
                  </span>
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  <span className="flex items-center gap-2">
                    <Link
                      to={`/admin?location=${encodeURIComponent(row.id)}`}
                      onClick={onEditClick}
                      className="bg-navy-900 hover:bg-navy-800 rounded-lg px-3 py-1.5 text-sm font-semibold text-white"
                    >
                      Edit<span className="sr-only"> {row.name}</span>
                    </Link>
                    <a
                      href={`/locations/${encodeURIComponent(row.slug || row.id)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-navy-900 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50"
                    >
                      View<span className="sr-only"> {row.name} (opens in a new tab)</span>
                    </a>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
