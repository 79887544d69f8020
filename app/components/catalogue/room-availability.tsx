import { Link } from "react-router";
import { money } from "~/lib/money";
import { formatStayDate } from "~/guest-requests/format";
import { requestWeekHref, roomWeeksHref, type OpenWeek } from "~/weeks/week";

/**
 * A room option's next open weeks. Everyone sees which weeks are open; signed-in members also see
 * each week's rate and request it from here ("Request this week").
 */
export function RoomAvailability({
  weeks,
  locationKey,
  roomTypeId,
  roomName,
  signedIn,
  currency,
}: {
  weeks: OpenWeek[];
  locationKey: string;
  roomTypeId: string;
  /** Names the region apart from the other rooms' (a screen reader lists them together). */
  roomName: string;
  signedIn: boolean;
  /** The location's currency, named with each rate. */
  currency: string;
}) {
  const headingId = `availability-${roomTypeId}`;
  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-slate-200 pt-5">
      <h4 id={headingId} className="text-navy-900 text-sm font-semibold">
        Availability<span className="sr-only"> of {roomName}</span>
      </h4>
      {weeks.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          No open weeks are listed for this room right now.
        </p>
      ) : (
        <OpenWeekList
          weeks={weeks}
          locationKey={locationKey}
          roomTypeId={roomTypeId}
          signedIn={signedIn}
          currency={currency}
          className="grid gap-2 sm:grid-cols-2"
        />
      )}
      {weeks.length > 0 && (
        <Link
          to={roomWeeksHref(locationKey, roomTypeId)}
          className="text-gold-700 mt-3 inline-block text-sm font-medium underline underline-offset-4"
        >
          See the weeks month by month
        </Link>
      )}
    </section>
  );
}

/** Open weeks: each one's dates, and for a signed-in member its rate and 'Request this week'. */
export function OpenWeekList({
  weeks,
  className,
  ...room
}: {
  weeks: Array<Pick<OpenWeek, "checkIn" | "checkOut" | "rate">>;
  locationKey: string;
  roomTypeId: string;
  signedIn: boolean;
  currency: string;
  className: string;
}) {
  return (
    <ul className={`mt-3 ${className}`}>
      {weeks.map((week) => (
        <OpenWeekItem key={week.checkIn} week={week} {...room} />
      ))}
    </ul>
  );
}

function OpenWeekItem({
  week,
  locationKey,
  roomTypeId,
  signedIn,
  currency,
}: {
  week: Pick<OpenWeek, "checkIn" | "checkOut" | "rate">;
  locationKey: string;
  roomTypeId: string;
  signedIn: boolean;
  currency: string;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200">
      <span className="text-navy-900">
        <span className="font-medium">{formatStayDate(week.checkIn)}</span>
        <span className="text-slate-600"> to </span>
        <span className="font-medium">{formatStayDate(week.checkOut)}</span>
      </span>
      {signedIn && (
        <span className="flex items-center gap-3">
          {typeof week.rate === "number" && (
            <span className="text-navy-900 font-semibold">{money(week.rate, currency)}</span>
          )}
          <Link
            to={requestWeekHref(locationKey, roomTypeId, week.checkIn)}
            className="text-gold-700 font-medium underline underline-offset-4"
            aria-label={`Request the week of ${formatStayDate(week.checkIn)}`}
          >
            Request this week
          </Link>
        </span>
      )}
    </li>
  );
}
