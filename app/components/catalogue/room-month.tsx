import { Link } from "react-router";
import { type CalendarDate } from "~/weeks/calendar";
import { monthRows, type CalendarMonth } from "~/weeks/month";
import { roomWeeksHref, type MonthWeek } from "~/weeks/week";
import { OpenWeekList } from "./room-availability";
import { monthYear } from "~/lib/dates";

const WEEKDAYS = [
  ["Sun", "Sunday"],
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
] as const;

const monthName = (month: CalendarMonth) => monthYear(new Date(`${month}-01T00:00:00Z`));

/** The week a day is a night of, if any. */
const weekOf = (weeks: MonthWeek[], day: CalendarDate) =>
  weeks.find((week) => week.checkIn <= day && day < week.checkOut);

function dayClass(week: MonthWeek | undefined, checkIn: boolean) {
  if (!week) return "text-slate-600";
  const base = week.open
    ? "bg-emerald-50 text-emerald-900"
    : "bg-slate-100 text-slate-500 line-through";
  return checkIn
    ? `${base} font-bold ring-2 ring-inset ${week.open ? "ring-emerald-600" : "ring-slate-300"}`
    : base;
}

/**
 * A month of a room's weeks: a calendar whose nights are marked open or not available (check-in
 * days outlined), the links to the months before and after, and the month's open weeks, each
 * with its rate and 'Request this week' for a signed-in member.
 */
export function RoomMonth({
  month,
  previous,
  next,
  weeks,
  locationKey,
  roomTypeId,
  signedIn,
  currency,
}: {
  month: CalendarMonth;
  previous: CalendarMonth | null;
  next: CalendarMonth | null;
  weeks: MonthWeek[];
  locationKey: string;
  roomTypeId: string;
  signedIn: boolean;
  /** The location's currency, named with each rate. */
  currency: string;
}) {
  const openWeeks = weeks.filter((week) => week.open && week.checkIn.startsWith(month));
  // "Previous" and "Next" on a phone, with "month" from the small breakpoint.
  const monthLink = (target: CalendarMonth | null, rel: "prev" | "next") => {
    const label =
      rel === "prev" ? (
        <>
          ← Previous<span className="hidden sm:inline"> month</span>
        </>
      ) : (
        <>
          Next<span className="hidden sm:inline"> month</span> →
        </>
      );
    const name = rel === "prev" ? "Previous month" : "Next month";
    return target ? (
      <Link
        to={roomWeeksHref(locationKey, roomTypeId, target)}
        rel={rel}
        aria-label={name}
        preventScrollReset
        className="text-gold-700 shrink-0 rounded-lg px-2 py-1 font-medium underline underline-offset-4"
      >
        {label}
      </Link>
    ) : (
      <span className="shrink-0 px-2 py-1 text-slate-600">{label}</span>
    );
  };

  return (
    <section aria-labelledby="month-heading" className="mt-8">
      <div className="flex items-center justify-between gap-2">
        {monthLink(previous, "prev")}
        <h2 id="month-heading" className="text-navy-900 text-center font-serif text-2xl">
          {monthName(month)}
        </h2>
        {monthLink(next, "next")}
      </div>

      <table className="mt-4 w-full table-fixed border-separate border-spacing-1 text-center text-sm">
        <caption className="sr-only">
          {monthName(month)}: the nights of open weeks and of weeks not available
        </caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" className="py-1 text-xs font-semibold text-slate-600">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthRows(month).map((row) => (
            <tr key={row.find(Boolean)}>
              {row.map((day, index) => {
                if (!day) return <td key={`blank-${index}`} />;
                const week = weekOf(weeks, day);
                const checkIn = week?.checkIn === day;
                return (
                  <td key={day} className={`rounded-lg py-2 ${dayClass(week, checkIn)}`}>
                    {Number(day.slice(8))}
                    {checkIn && (
                      <span className="sr-only">
                        {week.open ? ", check-in of an open week" : ", check-in, not available"}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-600">
        <span className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-3 rounded bg-emerald-100 ring-1 ring-emerald-600"
          />
          Open
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded bg-slate-100 ring-1 ring-slate-300" />
          Not available
        </span>
        <span>Outlined: check-in day</span>
      </p>

      <h3 className="text-navy-900 mt-8 text-lg font-semibold">Open weeks in {monthName(month)}</h3>
      {openWeeks.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No open week checks in this month.</p>
      ) : (
        <OpenWeekList
          weeks={openWeeks}
          locationKey={locationKey}
          roomTypeId={roomTypeId}
          signedIn={signedIn}
          currency={currency}
          className="space-y-2"
        />
      )}
      {!signedIn && (
        <p className="mt-4 text-sm">
          <Link
            to={`/login?dest=${encodeURIComponent(roomWeeksHref(locationKey, roomTypeId, month))}`}
            className="text-gold-700 font-medium underline underline-offset-4"
          >
            Sign in to see each week's rate and request it.
          </Link>
        </p>
      )}
    </section>
  );
}
