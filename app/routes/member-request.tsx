import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { type Route } from "./+types/member-request";
import { money } from "~/lib/money";
import { requireUser } from "~/accounts/guards.server";
import { BookingSummary } from "~/components/guest-requests/booking-summary";
import { StateBadge } from "~/components/guest-requests/state-badge";
import { YourTime, ZonedTimeText } from "~/components/zoned-time";
import { buttonClass, SubmitButton } from "~/components/forms";
import { getAppContext } from "~/context";
import { takeOffer, withdrawBooking } from "~/request-life/life.server";
import { memberBookingRequest, memberChangeToast } from "~/guest-requests/booking.server";
import {
  bookingPayPath,
  bookingRequestPath,
  bookingState,
  HISTORY_LABELS,
  memberRequestActionSchema,
} from "~/request-life/moves";
import { readFormData } from "~/lib/body.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useSubmitting } from "~/lib/use-submitting";
import { localDate } from "~/weeks/calendar";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData?.booking
      ? `Your request: ${loaderData.booking.locationName}`
      : "Request not found",
    description: "One of your booking requests, as it stands now.",
    noindex: true,
  });

/** One of the member's own requests as it stands; another member's, or none, is not found. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = await requireUser(request, context);
  const { db, now, site } = getAppContext(context);
  const booking = await memberBookingRequest(db, auth.user.id, params.requestId.slice(0, 100));
  if (!booking) {
    return data(
      { booking: null, begun: false, asking: false, cardPayments: false, backFromCheckout: false },
      { status: 404 },
    );
  }
  const url = new URL(request.url);
  return {
    booking,
    // The stay has begun at the resort: nothing left to withdraw.
    begun: booking.checkInDate <= localDate(now, booking.locationTimeZone),
    // `?withdraw`: the question asked before a withdrawal, without JavaScript too.
    asking: url.searchParams.has("withdraw"),
    cardPayments: site.cardPayments !== null,
    // `?paid`: back from the checkout, perhaps before Stripe's word of the payment arrived.
    backFromCheckout: url.searchParams.has("paid"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const auth = await requireUser(request, context);
  const app = getAppContext(context);
  const id = params.requestId.slice(0, 100);
  const submission = parseWithZod(await readFormData(request), {
    schema: memberRequestActionSchema,
  });
  // Only a forged form sends anything else: refused as bad input, nothing changed.
  if (submission.status !== "success") {
    throw data("Choose what to do with the request", { status: 400 });
  }
  const { intent } = submission.value;
  const member = { id, userId: auth.user.id };
  const result =
    intent === "withdraw"
      ? await withdrawBooking(app, { ...member, memberEmail: auth.user.email })
      : await takeOffer(app, member);
  if (!result.ok && result.reason === "not-found") {
    throw data("Request not found", { status: 404 });
  }
  return redirectWithToast(app, bookingRequestPath(id), memberChangeToast(intent, result));
}

export default function MemberRequest({ loaderData }: Route.ComponentProps) {
  const { booking, begun, asking, cardPayments, backFromCheckout } = loaderData;
  if (!booking) {
    return (
      <section className="mx-auto max-w-xl px-6 py-20 text-center">
        <h1 className="text-navy-900 font-serif text-4xl">Request not found</h1>
        <p className="mt-3 text-slate-700">
          This is not one of your booking requests. Every request you sent is listed on your members
          page.
        </p>
        <Link
          to="/members"
          className="text-gold-700 mt-6 inline-block font-semibold underline underline-offset-4"
        >
          Your booking requests
        </Link>
      </section>
    );
  }
  const state = bookingState(booking);
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <Link
        to="/members"
        className="text-gold-700 text-sm font-medium underline-offset-4 hover:underline"
      >
        ← Your booking requests
      </Link>
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="text-navy-900 min-w-0 font-serif text-3xl break-words sm:text-4xl">
          {booking.locationName}
        </h1>
        <StateBadge tone={state.tone}>{state.label}</StateBadge>
      </div>
      <p className="mt-1 text-slate-700">{booking.roomTypeName}</p>

      <StateNote
        booking={booking}
        cardPayments={cardPayments}
        backFromCheckout={backFromCheckout}
      />

      <BookingSummary booking={booking} />

      {booking.status === "paid" && (
        <p className="mt-4">
          <a
            href={`${bookingRequestPath(booking.id)}/stay.ics`}
            download="stay.ics"
            className={buttonClass.secondary}
          >
            Add the stay to your calendar
          </a>
        </p>
      )}

      {state.open && !begun && <WithdrawPanel booking={booking} asking={asking} />}

      <section aria-labelledby="history-heading" className="mt-10">
        <h2 id="history-heading" className="text-navy-900 font-serif text-xl">
          History
        </h2>
        <ol className="mt-3 space-y-2 border-l-2 border-slate-200 pl-4 text-sm">
          {booking.history.map((entry) => (
            <li key={entry.event}>
              <span className="text-navy-900 font-medium">{HISTORY_LABELS[entry.event]}</span>
              <span className="text-slate-600">
                {" "}
                · <ZonedTimeText time={entry.at} />
              </span>
              <YourTime time={entry.at} />
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}

type Booking = NonNullable<Route.ComponentProps["loaderData"]["booking"]>;

/** What the state means for the member now, and the offer's button. */
function StateNote({
  booking,
  cardPayments,
  backFromCheckout,
}: {
  booking: Booking;
  cardPayments: boolean;
  backFromCheckout: boolean;
}) {
  const busy = useSubmitting("take-offer");
  const until = booking.heldUntil ? <ZonedTimeText time={booking.heldUntil} /> : null;
  // The deadline for the reader too, after the sentence that gives it.
  const yourUntil = booking.heldUntil ? <YourTime time={booking.heldUntil} lead="Until" /> : null;
  const panel = "mt-6 rounded-2xl p-5 ring-1";
  switch (booking.status) {
    case "offered":
      return (
        <div className={`${panel} bg-sky-50 ring-sky-200`}>
          <h2 className="text-navy-900 font-serif text-xl">The week is free, and held for you</h2>
          <p className="mt-2 text-slate-700">
            Only you can request it{until && <> until {until}</>}. After that it goes to the next
            member waiting.
          </p>
          {yourUntil && <p className="mt-1 text-slate-600">{yourUntil}</p>}
          <Form method="post" className="mt-4">
            <SubmitButton busy={busy} busyText="Requesting…" name="intent" value="take-offer">
              Request this week
            </SubmitButton>
          </Form>
        </div>
      );
    case "new":
      return (
        <>
          <p className="mt-6 text-slate-700">
            {booking.waitlist
              ? "Another member holds this week. If it frees, it is offered to the members waiting in the order they asked, and we write to you when it is your turn."
              : booking.weekId
                ? "We hold this week for you while the resort confirms it"
                : "We hold these dates for you while the resort confirms them"}
            {!booking.waitlist && until && <> (until {until})</>}
            {!booking.waitlist && ". Please do not book flights until we write to confirm it."}
          </p>
          {!booking.waitlist && yourUntil && <p className="mt-1 text-slate-600">{yourUntil}</p>}
        </>
      );
    case "confirmed":
      return (
        <div className={`${panel} bg-sky-50 ring-sky-200`}>
          <h2 className="text-navy-900 font-serif text-xl">
            {booking.paymentProcessingSince
              ? "Confirmed: your payment is on its way"
              : "Confirmed: please pay to secure it"}
          </h2>
          {booking.paymentProcessingSince ? (
            <p className="mt-2 text-slate-700">
              Your bank is processing your payment. We keep the stay in your name until it arrives,
              and write when it does. Please book flights once it is paid.
            </p>
          ) : (
            <>
              {backFromCheckout && (
                <p className="mt-2 font-medium text-slate-800" role="status">
                  Thank you: the payment service has not told us of your payment yet. Reload this
                  page in a minute; we also write as soon as it arrives.
                </p>
              )}
              <p className="mt-2 text-slate-700">
                The resort confirmed your stay. Please pay{" "}
                {booking.amountDue ? money(booking.amountDue, booking.currency) : "for it"}
                {until && <> by {until}</>}: until then it is held in your name.{" "}
                {cardPayments
                  ? "To pay by bank transfer instead, reply to our confirmation e-mail."
                  : "To pay by card or bank transfer, reply to our confirmation e-mail."}{" "}
                Please book flights once it is paid.
              </p>
              {yourUntil && <p className="mt-1 text-slate-600">{yourUntil}</p>}
              {cardPayments && booking.amountDue !== null && (
                <p className="mt-4">
                  <Link to={bookingPayPath(booking.id)} className={buttonClass.primary}>
                    Pay now
                  </Link>
                </p>
              )}
            </>
          )}
        </div>
      );
    case "paid":
      return (
        <p className="mt-6 text-slate-700">
          Your stay is paid and booked: you can book your flights.
        </p>
      );
    case "payment-lapsed":
      return (
        <p className="mt-6 text-slate-700">
          We did not receive the payment in time, so the stay was let go. You may send a new request
          for it while it is open, or choose another week.
        </p>
      );
    case "declined":
      return (
        <p className="mt-6 text-slate-700">
          Sorry: the resort is not available for this stay. Other dates or another resort may work.
        </p>
      );
    case "lapsed":
      return (
        <p className="mt-6 text-slate-700">
          We could not confirm this request in time, so the week is no longer held for you. If it is
          still open, you may send a new request for it.
        </p>
      );
    case "passed":
      return (
        <p className="mt-6 text-slate-700">
          The week offered to you was not requested in time, so it went to the next member waiting.
        </p>
      );
    case "closed":
      return (
        <p className="mt-6 text-slate-700">
          The week you waited for was booked or is no longer offered, so your place on its waitlist
          is closed.
        </p>
      );
    case "withdrawn":
      return (
        <p className="mt-6 text-slate-700">
          {booking.waitlist
            ? "You left the waitlist: we will not write if this week frees."
            : "You withdrew this request: the week is no longer held for you."}
        </p>
      );
  }
}

/** Withdraw (or leave the waitlist), asked first: a question and its answer, without JavaScript too. */
function WithdrawPanel({ booking, asking }: { booking: Booking; asking: boolean }) {
  const busy = useSubmitting("withdraw");
  const leaving = booking.waitlist && booking.status === "new";
  const what = leaving ? "Leave the waitlist" : "Withdraw this request";
  const path = bookingRequestPath(booking.id);
  return (
    <section
      id="withdraw"
      aria-labelledby="withdraw-heading"
      className="mt-8 scroll-mt-24 border-t border-slate-200 pt-6"
    >
      <h2 id="withdraw-heading" className="sr-only">
        {what}
      </h2>
      {asking ? (
        <div
          role="group"
          aria-labelledby="withdraw-question"
          className="rounded-2xl bg-red-50 p-5 ring-1 ring-red-200"
        >
          <p id="withdraw-question" className="text-navy-900 font-medium">
            {leaving
              ? "Leave the waitlist? We will no longer write to you if this week frees."
              : "Withdraw this request? The week will no longer be held for you, and it goes to the next member waiting."}
          </p>
          <Form method="post" action={path} className="mt-4 flex flex-wrap items-center gap-3">
            <SubmitButton
              busy={busy}
              busyText="Withdrawing…"
              variant="danger"
              name="intent"
              value="withdraw"
            >
              {leaving ? "Yes, leave the waitlist" : "Yes, withdraw it"}
            </SubmitButton>
            <Link
              to={path}
              replace
              className="text-navy-900 text-sm font-medium underline underline-offset-4"
            >
              {leaving ? "Stay on the waitlist" : "Keep the request"}
            </Link>
          </Form>
        </div>
      ) : (
        // The question appears where the button was, with JavaScript or without.
        <Link to={`${path}?withdraw#withdraw`} replace className={buttonClass.danger}>
          {what}
        </Link>
      )}
    </section>
  );
}
