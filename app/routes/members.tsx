import { Form, Link } from "react-router";
import { type Route } from "./+types/members";
import { requireUser } from "~/accounts/guards.server";
import { getAppContext } from "~/context";
import { pageMeta } from "~/lib/seo";
import { bookingRequestsOf } from "~/guest-requests/booking.server";
import { formatStayDate } from "~/guest-requests/format";
import { bookingRequestPath, bookingState } from "~/request-life/moves";
import { StateBadge } from "~/components/guest-requests/state-badge";
import { YourTime, ZonedTimeText } from "~/components/zoned-time";
import { Pager } from "~/components/pager";
import { pageHref, requestedPage } from "~/lib/pages";
import { buttonClass } from "~/components/forms";
import { describeAlert } from "~/week-alerts/week-alerts";
import { alertSearchPath, weekAlertsOf } from "~/week-alerts/week-alerts.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Members",
    description: "Your member account.",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = await requireUser(request, context);
  const { db, now } = getAppContext(context);
  const [bookings, alerts] = await Promise.all([
    bookingRequestsOf(db, {
      userId: auth.user.id,
      page: requestedPage(new URL(request.url).searchParams),
      now,
    }),
    weekAlertsOf(db, auth.user.id),
  ]);
  return {
    email: auth.user.email,
    isAdmin: auth.user.role === "admin",
    hasVerifiedFactor: auth.hasVerifiedFactor,
    bookings,
    alerts: alerts.map((alert) => ({
      id: alert.id,
      search: describeAlert(alert),
      href: alertSearchPath(alert),
    })),
  };
}

export default function Members({ loaderData }: Route.ComponentProps) {
  const { email, isAdmin, hasVerifiedFactor, bookings, alerts } = loaderData;
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
        {bookings.total === 0 ? (
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
          <>
            {(["upcoming", "ended"] as const).map((when) => {
              const shown = bookings.items.filter(
                (booking) => booking.ended === (when === "ended"),
              );
              if (shown.length === 0) return null;
              return (
                <section key={when} aria-labelledby={`${when}-heading`} className="mt-6">
                  <h3
                    id={`${when}-heading`}
                    className="text-xs font-semibold tracking-wider text-slate-600 uppercase"
                  >
                    {when === "ended" ? "Ended and past requests" : "Upcoming stays and requests"}
                  </h3>
                  <ul className="mt-2 divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                    {shown.map((booking) => (
                      <RequestRow key={booking.id} booking={booking} />
                    ))}
                  </ul>
                </section>
              );
            })}
            <Pager
              label="Pages of your booking requests"
              page={bookings.page}
              pages={bookings.pages}
              total={bookings.total}
              noun="requests"
              href={(page) => pageHref("/members", "", page)}
            />
          </>
        )}
      </section>

      <WeekAlerts alerts={alerts} />
    </section>
  );
}

/** The member's week alerts: what each watches for, its weeks now, and a way to remove it. */
function WeekAlerts({ alerts }: { alerts: Route.ComponentProps["loaderData"]["alerts"] }) {
  return (
    <section id="alerts" aria-labelledby="alerts-heading" className="mt-14 scroll-mt-24">
      <h2 id="alerts-heading" className="text-navy-900 font-serif text-2xl">
        Week alerts
      </h2>
      {alerts.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-white p-6 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
          No alerts yet. On the locations list, choose a month under “When”, then “Tell me when a
          week opens”: we write when a week opens that matches, at most once a day.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {alerts.map((alert) => (
            <li key={alert.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-4">
              <div className="min-w-0 flex-1">
                <p className="text-navy-900 break-words">{alert.search}</p>
                <Link to={alert.href} className="text-gold-700 text-sm underline">
                  See the weeks now
                </Link>
              </div>
              <Form method="post" action="/members/alerts">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="alertId" value={alert.id} />
                <button type="submit" className={buttonClass.secondary}>
                  Remove<span className="sr-only"> the alert {alert.search}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One request in the member's list: the stay, its state, and its page. */
function RequestRow({
  booking,
}: {
  booking: Route.ComponentProps["loaderData"]["bookings"]["items"][number];
}) {
  const state = bookingState(booking);
  return (
    <li className="relative flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-5 py-4 hover:bg-slate-50">
      <div className="min-w-0">
        <h4 className="text-navy-900 font-serif text-lg">
          <Link
            to={bookingRequestPath(booking.id)}
            className="after:absolute after:inset-0 hover:underline"
          >
            {booking.locationName}
          </Link>
        </h4>
        <p className="text-sm text-slate-700">{booking.roomTypeName}</p>
        <p className="mt-1 text-sm text-slate-600">
          {formatStayDate(booking.checkInDate)} – {formatStayDate(booking.checkOutDate)}
        </p>
        <p className="mt-1 text-xs text-slate-500">
          Sent <ZonedTimeText time={booking.sent} />
          <YourTime time={booking.sent} />
        </p>
      </div>
      <StateBadge tone={state.tone}>{state.label}</StateBadge>
    </li>
  );
}
