import { Link } from "react-router";
import { type AnyField } from "~/components/forms";
import { DEFAULT_CURRENCY } from "~/catalogue/location-defaults";
import { money } from "~/lib/money";
import { YourTime, ZonedTimeText } from "~/components/zoned-time";
import { formatStayDate, nightsLabel, stayMoment } from "~/guest-requests/format";
import { type ZonedTime } from "~/lib/zoned-time";
import { bookingRequestPath } from "~/request-life/moves";
import { ChargeRows, QuoteRow, quoteListClass, TotalRow } from "./quote-lines";
import { requestWeekHref, WEEK_MESSAGES, type OpenWeek, type QuotedWeek } from "~/weeks/week";

/** The week a booking link asked for, as /book's loader offers it (app/weeks/quotes.server.ts). */
export interface WeekOnOffer {
  quote: QuotedWeek | null;
  /** Why the week cannot be requested as it is (taken, or not a week of this room). */
  problem: string | null;
  /** The member's own request for the week (held, waiting or offered): no waitlist to offer. */
  ownRequestId: string | null;
  /** The room's next open weeks, offered instead. */
  nextWeeks: OpenWeek[];
}

/**
 * The chosen week on the booking form: its dates, the rate, each nightly charge for the stay and
 * the estimated total, worked out on the server as the staff e-mail states them. The form sends
 * the week and its dates. A week someone else holds offers its waitlist and the next open weeks.
 */
export function BookingWeek({
  offer,
  locationKey,
  roomTypeId,
  fields,
  answeredWeek,
  waitlistChosen,
}: {
  offer: WeekOnOffer;
  locationKey: string;
  roomTypeId: string;
  /** The week of the server's last answer to the form, if any. */
  answeredWeek: unknown;
  /** The member came to join the week's waitlist ("Join the waitlist"). */
  waitlistChosen: boolean;
  fields: { week: AnyField; waitlist: AnyField; checkInDate: AnyField; checkOutDate: AnyField };
}) {
  const { quote, problem, ownRequestId, nextWeeks } = offer;
  const alreadyAsked = ownRequestId !== null;
  const price = (amount: number) => money(amount, quote?.currency ?? DEFAULT_CURRENCY);
  // The server's answer about a week stays with the page it answered: a week picked after it is a
  // new page, with no answer. The week it refused may not be the one shown (a week field edited
  // by hand): it is said here all the same.
  const weekErrors = answeredWeek !== undefined ? (fields.week.errors ?? []) : [];
  // The page's own reading of the week is the newer (it is read again after a refusal): a member
  // who holds the week is told so, not also that it is no longer available. A taken week sent
  // without its waitlist is answered with what to do next, not the notice the page already showed.
  const answeredTaken =
    problem === WEEK_MESSAGES.taken && weekErrors.includes(WEEK_MESSAGES.takenSent);
  // A member who came for a held week's waitlist is told what it means, not warned: the box is
  // ticked for them. An answer from the server (the box unticked and sent) warns again.
  const joining =
    waitlistChosen && problem === WEEK_MESSAGES.taken && quote !== null && weekErrors.length === 0;
  const messages = answeredTaken
    ? [WEEK_MESSAGES.takenSent]
    : joining
      ? [WEEK_MESSAGES.held]
      : problem
        ? [problem]
        : [...new Set(weekErrors.filter(Boolean))];
  return (
    <div className="space-y-4 sm:col-span-2">
      {quote && (
        <>
          <input type="hidden" name={fields.week.name} value={quote.checkIn} />
          <input type="hidden" name={fields.checkInDate.name} value={quote.checkIn} />
          <input type="hidden" name={fields.checkOutDate.name} value={quote.checkOut} />
          <dl className={quoteListClass}>
            <QuoteRow
              term="Check-in"
              value={<StayMoment time={quote.times.checkIn} word="from" />}
            />
            <QuoteRow
              term="Check-out"
              value={<StayMoment time={quote.times.checkOut} word="by" />}
            />
            <QuoteRow term="Length" value={nightsLabel(quote.nights)} />
            {quote.rate !== null && <QuoteRow term="Weekly rate" value={price(quote.rate)} />}
            <ChargeRows charges={quote.charges} nights={quote.nights} currency={quote.currency} />
            {quote.estimatedTotal !== null && (
              <TotalRow total={quote.estimatedTotal} currency={quote.currency} />
            )}
          </dl>
        </>
      )}
      {messages.length > 0 && (
        <div
          role={joining ? undefined : "alert"}
          tabIndex={-1}
          className={`scroll-mt-28 rounded-xl p-4 text-sm ${
            joining ? "bg-gold-300/30 text-navy-900" : "bg-red-50 text-red-800"
          }`}
        >
          {messages.map((message) => (
            <p key={message} className="font-semibold">
              {message}
            </p>
          ))}
          {ownRequestId && (
            <Link
              to={bookingRequestPath(ownRequestId)}
              className="mt-2 inline-block text-red-900 underline underline-offset-4"
            >
              See your request
            </Link>
          )}
          {quote && quote.state !== "open" && !alreadyAsked && (
            <label className="mt-3 flex items-start gap-2 text-slate-800">
              <input
                type="checkbox"
                name={fields.waitlist.name}
                value="yes"
                defaultChecked={fields.waitlist.initialValue === "yes"}
                className="mt-0.5 size-4"
              />
              <span>Put me on the waitlist for this week: we will write if it opens again.</span>
            </label>
          )}
        </div>
      )}
      {messages.length > 0 && nextWeeks.length > 0 && (
        <nav aria-label="Next open weeks of this room" className="text-sm">
          <p className="text-navy-900 font-medium">Next open weeks of this room:</p>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {nextWeeks.map((week) => (
              <li key={week.checkIn}>
                <Link
                  to={requestWeekHref(locationKey, roomTypeId, week.checkIn)}
                  className="text-gold-700 underline underline-offset-4"
                >
                  {formatStayDate(week.checkIn)} to {formatStayDate(week.checkOut)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

/**
 * A day and the time of day on it, in the resort's zone: broken between them, never within
 * "from 10 AM" on a phone.
 */
function StayMoment({ time, word }: { time: ZonedTime; word: "from" | "by" }) {
  const { day, hour, zone } = stayMoment(time, word);
  return (
    <>
      <ZonedTimeText time={time}>
        {day}, <span className="whitespace-nowrap">{hour}</span> ({zone})
      </ZonedTimeText>
      <YourTime time={time} />
    </>
  );
}
