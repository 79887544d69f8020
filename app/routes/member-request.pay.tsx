import { useEffect, useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import { type Route } from "./+types/member-request.pay";
import { requireUser } from "~/accounts/guards.server";
import { buttonClass } from "~/components/forms";
import { YourTime, ZonedTimeText } from "~/components/zoned-time";
import { getAppContext } from "~/context";
import { memberBookingRequest } from "~/guest-requests/booking.server";
import { payableBooking } from "~/payments/pay.server";
import { formatStayDate } from "~/guest-requests/format";
import { money } from "~/lib/money";
import { pageMeta } from "~/lib/seo";
import { checkoutLines } from "~/payments/checkout-lines";
import { openCheckout } from "~/payments/stripe.server";
import { bookingRequestPath } from "~/request-life/moves";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Pay for your stay",
    description: "Pay for a confirmed stay, by card on a secure checkout.",
    noindex: true,
  });

/**
 * The page where a member pays for a confirmed stay: what the payment is made of and by when. A
 * request that is not awaiting payment goes back to its page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = await requireUser(request, context);
  const { db, site } = getAppContext(context);
  const id = params.requestId.slice(0, 100);
  const booking = await memberBookingRequest(db, auth.user.id, id);
  if (!booking) throw data("Request not found", { status: 404 });
  if (booking.status !== "confirmed") throw redirect(bookingRequestPath(id));
  return {
    booking,
    lines: checkoutLines(booking),
    cardPayments: site.cardPayments,
  };
}

/**
 * Pay now: a fresh Checkout Session for the amount the server holds, and off to it. Refused, with
 * why, when nothing is due any more, the payment is on its way, or the deadline has passed.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const auth = await requireUser(request, context);
  const app = getAppContext(context);
  const id = params.requestId.slice(0, 100);
  const payment = await payableBooking(app, auth.user.id, id);
  if (!payment.ok) {
    if (payment.reason === "not-found") throw data("Request not found", { status: 404 });
    return data({ error: PAY_REFUSALS[payment.reason] }, { status: 409 });
  }
  try {
    return redirect(await openCheckout(app, payment.booking), 303);
  } catch (error) {
    console.error(`checkout for ${id} did not open`, error);
    return data(
      {
        error:
          "We could not reach the payment service. Nothing was charged: please try again in a moment.",
      },
      { status: 503 },
    );
  }
}

const PAY_REFUSALS = {
  "not-due": "This stay is not awaiting payment: its page says where it stands.",
  processing: "Your payment is already on its way: we write when your bank confirms it.",
  "past-deadline":
    "The deadline to pay has passed. Please reply to our confirmation e-mail to ask our team for more time.",
  off: "Card payments are not available: please reply to our confirmation e-mail, and our team answers with how to pay.",
} as const;

export default function PayForStay({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, lines, cardPayments } = loaderData;
  const busy = useOpeningCheckout();
  const total = booking.amountDue ?? 0;
  const processing = booking.paymentProcessingSince !== null;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <Link
        to={bookingRequestPath(booking.id)}
        className="text-gold-700 text-sm font-medium underline-offset-4 hover:underline"
      >
        ← Your request
      </Link>
      <h1 className="text-navy-900 mt-4 font-serif text-3xl sm:text-4xl">Pay for your stay</h1>
      <p className="mt-2 break-words text-slate-700">
        {booking.locationName}, {booking.roomTypeName}: {formatStayDate(booking.checkInDate)} to{" "}
        {formatStayDate(booking.checkOutDate)}
      </p>

      {lines.length > 0 && (
        <table className="mt-6 w-full text-left text-sm">
          <caption className="sr-only">What the payment is made of</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 border-y border-slate-200">
            {lines.map((line) => (
              <tr key={line.name}>
                <td className="py-3 pr-4 break-words text-slate-700">{line.label}</td>
                <td className="text-navy-900 py-3 text-right whitespace-nowrap">
                  {money(line.amount / 100, booking.currency)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="text-navy-900 pt-3 pr-4 font-semibold">
                To pay
              </th>
              <td className="text-navy-900 pt-3 text-right text-lg font-semibold whitespace-nowrap">
                {money(total, booking.currency)}
              </td>
            </tr>
          </tfoot>
        </table>
      )}

      {booking.heldUntil && (
        <>
          <p className="mt-6 text-slate-700">
            Please pay by <ZonedTimeText time={booking.heldUntil} />: until then the stay is held in
            your name.
          </p>
          <p className="mt-1 text-slate-600">
            <YourTime time={booking.heldUntil} lead="By" />
          </p>
        </>
      )}

      {actionData?.error && (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
          {actionData.error}
        </p>
      )}

      {processing ? (
        <p className="mt-6 rounded-2xl bg-sky-50 p-5 text-slate-700 ring-1 ring-sky-200">
          Your payment is on its way: your bank is processing it. We keep the stay in your name
          until it arrives, and write when it does.
        </p>
      ) : total <= 0 ? (
        <p className="mt-6 rounded-2xl bg-sky-50 p-5 text-slate-700 ring-1 ring-sky-200">
          Our team writes to you with the amount to pay.
        </p>
      ) : cardPayments ? (
        // A full page load: the checkout is another site (Stripe's), or the local stand-in.
        <Form method="post" reloadDocument className="mt-6" onSubmit={busy.start}>
          <button
            type="submit"
            disabled={busy.opening}
            className={`${buttonClass.primary} w-full sm:w-auto`}
          >
            {busy.opening ? "Opening the checkout…" : `Pay ${money(total, booking.currency)} now`}
          </button>
          <p className="mt-3 text-sm text-slate-600">
            {cardPayments === "stripe"
              ? "You pay on Stripe's secure checkout: your card number never reaches our site."
              : "This machine has no Stripe key: you pay on the local checkout, which stands in for Stripe's."}
          </p>
        </Form>
      ) : null}

      <p className="mt-6 text-slate-700">
        {cardPayments
          ? "To pay by bank transfer instead, reply to our confirmation e-mail: our team answers with how, and marks your stay paid once the payment arrives."
          : "To pay by card or bank transfer, reply to our confirmation e-mail: our team answers with how, and marks your stay paid once the payment arrives."}
      </p>
    </section>
  );
}

/**
 * The Pay button says it is opening the checkout and takes no second press; back from the
 * checkout (the page restored from the browser's cache), it works again.
 */
function useOpeningCheckout() {
  const [opening, setOpening] = useState(false);
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setOpening(false);
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);
  return { opening, start: () => setOpening(true) };
}
