import { Link } from "react-router";
import { type Route } from "./+types/booking-confirmation";
import { getAuth } from "~/accounts/guards.server";
import { getAppContext } from "~/context";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { memberBookingRequest } from "~/guest-requests/booking.server";
import { bookingRequestPath, bookingState } from "~/request-life/moves";
import { BookingSummary } from "~/components/guest-requests/booking-summary";
import { StateBadge } from "~/components/guest-requests/state-badge";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData?.booking ? "Request Received" : "No request to show",
    description: loaderData?.booking
      ? "Your booking request was received."
      : "A booking request, just after it is sent.",
    noindex: true,
  });

/** The request just sent (`?request=`), if it is the signed-in member's own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = await getAuth(context);
  const id = new URL(request.url).searchParams.get("request")?.slice(0, 100);
  const booking =
    auth && id ? await memberBookingRequest(getAppContext(context).db, auth.user.id, id) : null;
  return { booking };
}

export default function BookingConfirmation({ loaderData, matches }: Route.ComponentProps) {
  const { contactEmail } = siteFromMatches(matches);
  const { booking } = loaderData;
  return (
    <section className="mx-auto max-w-xl px-6 py-20 text-center">
      <div className="rounded-2xl bg-white p-10 shadow-sm ring-1 ring-slate-200">
        {booking ? (
          <>
            <div
              aria-hidden="true"
              className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 text-2xl text-emerald-700"
            >
              ✓
            </div>
            <h1 className="text-navy-900 mt-5 font-serif text-4xl">Request Received</h1>
            <p className="mt-3 text-lg text-slate-700">Thank you. We will get back to you soon.</p>
            <p className="mt-4">
              <StateBadge tone={bookingState(booking).tone}>
                {bookingState(booking).label}
              </StateBadge>
            </p>
            <BookingSummary booking={booking} />
            {booking.waitlist && booking.status === "new" && (
              <p className="mt-4 text-sm text-slate-700">
                You are on the waitlist: we will write if this week opens again.
              </p>
            )}
            <p className="mt-4 text-sm text-slate-600">
              A copy of your request is on its way to your inbox. Your stay is confirmed only when
              we write to confirm it: please do not book flights until then.
            </p>
          </>
        ) : (
          <>
            <h1 className="text-navy-900 font-serif text-4xl">No request to show</h1>
            <p className="mt-3 text-slate-700">
              This page shows a booking request just after you send it. Signed in, you find every
              request you sent under Your booking requests.
            </p>
          </>
        )}
        <div className="mt-8 flex flex-wrap items-center justify-center gap-4">
          <Link
            to="/locations"
            className="bg-navy-900 hover:bg-navy-800 rounded-lg px-5 py-3 font-semibold text-white"
          >
            Browse More Resorts
          </Link>
          {booking && (
            <Link
              to={bookingRequestPath(booking.id)}
              className="text-gold-700 font-medium underline underline-offset-4"
            >
              See or withdraw this request
            </Link>
          )}
          <Link to="/members" className="text-gold-700 font-medium underline underline-offset-4">
            Your booking requests
          </Link>
          {contactEmail && (
            <a
              href={`mailto:${contactEmail}`}
              className="text-gold-700 font-medium underline underline-offset-4"
            >
              {contactEmail}
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
