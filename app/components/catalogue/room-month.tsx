import { Link } from "react-router";
import { type CalendarDate } from "~/weeks/calendar";
import { monthRows, type CalendarMonth } from "~/weeks/month";
import { roomWeeksHref, type ListedWeek, type MonthWeek } from "~/weeks/week";
import { WeekList } from "./room-availability";
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

/** How a night looks, by its week's availability: its colours, and its check-in day's outline. */
const NIGHT_CLASSES = {
  open: ["bg-emerald-50 text-emerald-900", "ring-emerald-600"],
  held: ["bg-gold-300/40 text-navy-900", "ring-gold-700"],
  unavailable: ["bg-slate-100 text-slate-500 line-through", "ring-slate-300"],
} as const;

/** What a screen reader hears after a check-in day's number. */
const CHECK_IN_WORDS = {
  open: ", check-in of an open week",
  held: ", check-in of a held week",
  unavailable: ", check-in, not available",
} as const;

function dayClass(week: MonthWeek | undefined, checkIn: boolean) {
  if (!week) return "text-slate-600";
  const [base, outline] = NIGHT_CLASSES[week.availability];
  return checkIn ? `${base} font-bold ring-2 ring-inset ${outline}` : base;
}

/** A week of the month a member may request, or wait for. */
const isListed = (week: MonthWeek): week is ListedWeek => week.availability !== "unavailable";

/**
 * A month of a room's weeks: a calendar whose nights are marked open, held or not available
 * (check-in days outlined), the links to the months before and after, and the month's open and
 * held weeks, each with its rate and 'Request this week' or 'Join the waitlist' for a signed-in
 * member.
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
  const listed = weeks.filter(isListed).filter((week) => week.checkIn.startsWith(month));
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
          {monthName(month)}: the nights of open weeks, of held weeks and of weeks not available
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
                      <span className="sr-only">{CHECK_IN_WORDS[week.availability]}</span>
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
          <span aria-hidden="true" className="bg-gold-300/40 ring-gold-700 size-3 rounded ring-1" />
          Held
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded bg-slate-100 ring-1 ring-slate-300" />
          Not available
        </span>
        <span>Outlined: check-in day</span>
      </p>

      <h3 className="text-navy-900 mt-8 text-lg font-semibold">Weeks in {monthName(month)}</h3>
      {listed.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No open or held week checks in this month.</p>
      ) : (
        <WeekList
          weeks={listed}
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
