import { Link } from "react-router";
import { money } from "~/lib/money";
import { formatStayDate } from "~/guest-requests/format";
import { bookingRequestPath } from "~/request-life/moves";
import { joinWaitlistHref, requestWeekHref, roomWeeksHref, type ListedWeek } from "~/weeks/week";

/**
 * A room option's next weeks: open ones, and held ones (a member's request holds them, and they
 * may free). Everyone sees which weeks are open and which held; signed-in members also see each
 * week's rate and request it ("Request this week") or join a held week's waitlist from here.
 */
export function RoomAvailability({
  weeks,
  locationKey,
  roomTypeId,
  roomName,
  signedIn,
  currency,
}: {
  weeks: ListedWeek[];
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
        <WeekList
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

/** Open and held weeks of a room: each one's dates, and what it offers (WeekOffer). */
export function WeekList({
  weeks,
  className,
  locationKey,
  roomTypeId,
  signedIn,
  currency,
}: {
  weeks: ListedWeek[];
  locationKey: string;
  roomTypeId: string;
  signedIn: boolean;
  currency: string;
  className: string;
}) {
  return (
    <ul className={`mt-3 ${className}`}>
      {weeks.map((week) => (
        <li
          key={week.checkIn}
          className={`flex flex-wrap content-center items-center justify-between gap-x-4 gap-y-1 rounded-lg px-3 py-2 text-sm ring-1 ${
            week.availability === "held"
              ? "bg-sand-50 ring-gold-500/40"
              : "bg-slate-50 ring-slate-200"
          }`}
        >
          <span className="text-navy-900">
            <span className="font-medium">{formatStayDate(week.checkIn)}</span>
            <span className="text-slate-600"> to </span>
            <span className="font-medium">{formatStayDate(week.checkOut)}</span>
          </span>
          <WeekOffer
            week={week}
            currency={currency}
            href={
              signedIn
                ? (week.availability === "held" ? joinWaitlistHref : requestWeekHref)(
                    locationKey,
                    roomTypeId,
                    week.checkIn,
                  )
                : null
            }
            nameSuffix={` for the week of ${formatStayDate(week.checkIn)}`}
            requestName={`Request the week of ${formatStayDate(week.checkIn)}`}
          />
        </li>
      ))}
    </ul>
  );
}

/** "Held": a week someone asked for, which may free for those on its waitlist. */
function HeldBadge() {
  return (
    <span className="bg-gold-300/50 text-navy-900 ring-gold-500/60 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1">
      Held
    </span>
  );
}

/**
 * What a listed week offers beside its dates. A held week says so to everyone (a visitor learns
 * nothing more); a member also requests an open week (seeing its rate), joins a held week's
 * waitlist (seeing how many wait) or, having asked already, opens their own request.
 */
export function WeekOffer({
  week,
  currency,
  href,
  nameSuffix,
  requestName,
}: {
  week: Pick<ListedWeek, "availability" | "rate" | "waiting" | "ownRequestId">;
  /** The currency of an open week's rate (a member's). */
  currency?: string;
  /** The form that requests the week or joins its waitlist; null for a visitor. */
  href: string | null;
  /** Tells a screen reader's links apart: the week, after the link's words (": … Mar 6"). */
  nameSuffix: string;
  /** The name of "Request this week", where the page names it in words of its own. */
  requestName?: string;
}) {
  const held = week.availability === "held";
  if (href === null) return held ? <HeldBadge /> : null;
  const link = week.ownRequestId
    ? { to: bookingRequestPath(week.ownRequestId), label: "See your request" }
    : held
      ? {
          to: href,
          label: week.waiting ? `Join the waitlist (${week.waiting} waiting)` : "Join the waitlist",
        }
      : { to: href, label: "Request this week", name: requestName };
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {held && <HeldBadge />}
      {typeof week.rate === "number" && currency && (
        <span className="text-navy-900 font-semibold">{money(week.rate, currency)}</span>
      )}
      <Link
        to={link.to}
        aria-label={"name" in link ? link.name : undefined}
        className="text-gold-700 font-medium underline underline-offset-4"
      >
        {link.label}
        <span className="sr-only">{nameSuffix}</span>
      </Link>
    </span>
  );
}
