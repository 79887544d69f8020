import { type ReactNode } from "react";
import { data, Link, redirect, type ShouldRevalidateFunction } from "react-router";
import { type Route } from "./+types/book";
import { requireUser } from "~/accounts/guards.server";
import { buttonClass } from "~/components/forms";
import { BookingForm } from "~/components/guest-requests/booking-form";
import { getAppContext } from "~/context";
import { retryAfterOf } from "~/lib/errors.server";
import { locationPath, placeLine } from "~/catalogue/locations";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { getLocationDetail } from "~/catalogue/location-reads.server";
import { BOOKING_NOT_SENT } from "~/guest-requests/booking";
import { bookingKind } from "~/guest-requests/booking.server";
import { sendOrKeep } from "~/guest-requests/fields";
import { keepPageWhenNotSent } from "~/lib/not-sent";
import { requestFormAction } from "~/guest-requests/submit.server";
import { weekOnOffer } from "~/weeks/quotes.server";
import { localDate } from "~/weeks/calendar";
import { WAITLIST_PARAM } from "~/weeks/week";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData?.location ? `Book ${loaderData.location.name}` : "Book Your Stay",
    description: "Send a booking request for a resort week.",
    noindex: true,
  });

/** A refused request's Retry-After reaches the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => retryAfterOf(actionHeaders);

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = await requireUser(request, context);
  const app = getAppContext(context);
  const params = new URL(request.url).searchParams;
  const key = params.get("location");
  if (!key) return data({ location: null }, { status: 404 });

  const roomTypeId = params.get("roomType");
  const [location, week] = await Promise.all([
    getLocationDetail(app.db, key, { withPricing: true }),
    roomTypeId
      ? weekOnOffer(app.db, {
          roomTypeId,
          asked: params.get("week"),
          userId: auth.user.id,
          now: app.now,
        })
      : null,
  ]);
  if (!location) throw redirect("/locations");
  // A link may name another resort's room (an old or edited one): it is not this page's choice.
  const roomChosen = location.roomTypes.some((room) => room.id === roomTypeId);
  return {
    location: {
      id: location.id,
      slug: location.slug,
      name: location.name,
      place: placeLine(location),
      minimumNights: location.minimumNights,
      today: localDate(app.now, location.timeZone),
      currency: location.currency,
      roomTypes: location.roomTypes.map((room) => ({
        id: room.id,
        name: room.name,
        maxGuests: room.maxGuests,
      })),
    },
    selectedRoomType: roomChosen ? roomTypeId : null,
    week: roomChosen ? week : null,
    // "Join the waitlist" on a held week: the form comes with its waitlist chosen.
    waitlistChosen: params.get(WAITLIST_PARAM) === "yes",
    email: auth.user.email,
    idempotencyKey: crypto.randomUUID(),
  };
}

/**
 * A refused request is not followed by a new read of the page (an answer of 4xx), but a week taken
 * by another member while the form was open (409) is: the page then offers the week's waitlist
 * and the room's next open weeks, as a fresh load would.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  args.actionStatus === 409 || keepPageWhenNotSent(args);

/** Members only; once stored, the member goes to /booking-confirmation with a toast. */
export async function action(args: Route.ActionArgs) {
  await requireUser(args.request, args.context);
  return requestFormAction(args, bookingKind);
}

/** With JavaScript: a request the connection drops on its way keeps the form, and says so. */
export const clientAction = (args: Route.ClientActionArgs) => sendOrKeep(args, BOOKING_NOT_SENT);

export default function Book({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { turnstileSiteKey, contactEmail } = siteFromMatches(matches);
  if (!("email" in loaderData) || !loaderData.location) {
    return (
      <BookingNotice title="Location Not Found" message="Choose a resort to request a stay.">
        <Link to="/locations" className={buttonClass.primary}>
          Browse All Locations
        </Link>
      </BookingNotice>
    );
  }
  const { location, email, idempotencyKey } = loaderData;
  if (location.roomTypes.length === 0) {
    return (
      <BookingNotice
        title="Book Your Stay"
        message={`${location.name} has no rooms open to requests yet.`}
      >
        <Link to={locationPath(location)} className={buttonClass.primary}>
          Back to {location.name}
        </Link>
        <Link to="/contact" className={buttonClass.secondary}>
          Ask us about it
        </Link>
      </BookingNotice>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-navy-900 font-serif text-4xl md:text-5xl">Book Your Stay</h1>
      <p className="mt-2 text-slate-600">
        {location.name} · {location.place}
      </p>
      <BookingForm
        key={location.id}
        choices={loaderData}
        email={email}
        idempotencyKey={idempotencyKey}
        siteKey={turnstileSiteKey}
        reply={actionData}
      />
      {contactEmail && (
        <p className="mt-6 text-center text-sm text-slate-600">
          Questions?{" "}
          <a href={`mailto:${contactEmail}`} className="text-gold-700 underline">
            {contactEmail}
          </a>
        </p>
      )}
    </div>
  );
}

/** What /book shows instead of the form: why there is none, and where to go from here. */
function BookingNotice({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-xl px-6 py-20 text-center">
      <h1 className="text-navy-900 font-serif text-4xl">{title}</h1>
      <p className="mt-3 text-slate-600">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}
