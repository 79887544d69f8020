import { Link } from "react-router";
import { type Route } from "./+types/members";
import { requireUser } from "~/accounts/guards.server";
import { getAppContext } from "~/context";
import { pageMeta } from "~/lib/seo";
import { bookingRequestsOf } from "~/guest-requests/booking.server";
import { formatDateTime, formatStayDate } from "~/guest-requests/format";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Members",
    description: "Your member account.",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = await requireUser(request, context);
  const bookings = await bookingRequestsOf(getAppContext(context).db, auth.user.id);
  return {
    email: auth.user.email,
    isAdmin: auth.user.role === "admin",
    hasVerifiedFactor: auth.hasVerifiedFactor,
    bookings,
  };
}

const BOOKING_STATUS = {
  new: {
    label: "Awaiting confirmation",
    className: "bg-gold-300/50 text-navy-900 ring-gold-500/60",
  },
  confirmed: {
    label: "Confirmed",
    className: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  },
  declined: { label: "Declined", className: "bg-red-50 text-red-800 ring-red-600/20" },
} as const;
/** An undecided request for a week someone else holds. */
const WAITLIST_STATUS = {
  label: "On the waitlist",
  className: "bg-slate-100 text-slate-800 ring-slate-300",
};

export default function Members({ loaderData }: Route.ComponentProps) {
  const { email, isAdmin, hasVerifiedFactor, bookings } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-navy-900 font-serif text-4xl">Welcome</h1>
      <p className="mt-3 text-lg text-slate-700">Signed in as {email}</p>
      <div className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2">
        <Link
          to="/locations"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
        >
          <h2 className="text-navy-900 font-serif text-xl">Browse locations</h2>
          <p className="mt-2 text-sm text-slate-600">
            Member rates, holiday weeks and fees are now shown on every location page.
          </p>
        </Link>
        <Link
          to="/account/security"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
        >
          <h2 className="text-navy-900 font-serif text-xl">Sign-in security</h2>
          <p className="mt-2 text-sm text-slate-600">
            {hasVerifiedFactor
              ? "Your authenticator app is set up."
              : "Add an authenticator app as a second step when you sign in."}
          </p>
        </Link>
        {isAdmin && (
          <Link
            to="/admin/requests"
            className="bg-navy-900 hover:bg-navy-800 rounded-2xl p-6 text-white shadow-sm transition"
          >
            <h2 className="font-serif text-xl">Admin</h2>
            <p className="mt-2 text-sm text-slate-200">
              Booking requests, applications and messages; members.
            </p>
          </Link>
        )}
      </div>

      <section aria-labelledby="bookings-heading" className="mt-14">
        <h2 id="bookings-heading" className="text-navy-900 font-serif text-2xl">
          Your booking requests
        </h2>
        {bookings.length === 0 ? (
          <div className="mt-4 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
            <p className="text-slate-700">You have not sent any booking requests yet.</p>
            <Link
              to="/locations"
              className="text-gold-700 mt-3 inline-block font-semibold underline-offset-4 hover:underline"
            >
              Browse locations
            </Link>
          </div>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            {bookings.map((booking) => {
              const status =
                booking.status === "new" && booking.waitlist
                  ? WAITLIST_STATUS
                  : BOOKING_STATUS[booking.status];
              return (
                <li
                  key={booking.id}
                  className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-5 py-4"
                >
                  <div className="min-w-0">
                    <h3 className="text-navy-900 font-serif text-lg">{booking.locationName}</h3>
                    <p className="text-sm text-slate-700">{booking.roomTypeName}</p>
                    <p className="mt-1 text-sm text-slate-600">
                      {formatStayDate(booking.checkInDate)} – {formatStayDate(booking.checkOutDate)}
                    </p>
                    <p className="mt-1 text-xs text-slate-500">
                      Sent{" "}
                      <time dateTime={booking.createdAt}>{formatDateTime(booking.createdAt)}</time>
                    </p>
                  </div>
                  <span
                    className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${status.className}`}
                  >
                    <span className="sr-only">Status: </span>
                    {status.label}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </section>
  );
}
