import { data, Link, useLocation } from "react-router";
import { type Route } from "./+types/location";
import { HeroCarousel } from "~/components/catalogue/hero-carousel";
import { RoomAvailability } from "~/components/catalogue/room-availability";
import { RoomOption } from "~/components/catalogue/room-option";
import { RoomPricing } from "~/components/catalogue/room-pricing";
import { getAuth, hasAdminAccess } from "~/accounts/guards.server";
import { getAppContext } from "~/context";
import { unavailablePage } from "~/lib/errors.server";
import { shareImageUrl } from "~/catalogue/image-variants";
import { locationPath, placeLine, shortStayNote } from "~/catalogue/locations";
import { errorMessage } from "~/lib/route-errors";
import { timeOfDay, zoneTitle } from "~/lib/zoned-time";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { jsonForScript, lodgingBusinessJsonLd } from "~/catalogue/structured-data";
import { getLocationDetail, getPublicLocationDetail } from "~/catalogue/location-reads.server";
import { weeksByRoom } from "~/weeks/open-weeks.server";

/** An admin's preview of a hidden location is for them only: never stored, never indexed. */
const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const auth = await getAuth(context);
    const isAdmin = hasAdminAccess(auth);
    const app = getAppContext(context);
    // Visitors read the cached public detail; members see prices, admins hidden previews. The
    // open and held weeks come beside it (with rates and waitlists for members); a visitor's
    // page is cached whole, and every hold or decision on a week starts a new cache version.
    const [location, availability] = await Promise.all([
      auth
        ? getLocationDetail(app.db, params.locationId, {
            withPricing: true,
            includeHidden: isAdmin,
          })
        : getPublicLocationDetail(app, params.locationId),
      weeksByRoom(app.db, params.locationId, { now: app.now, memberId: auth?.user.id ?? null }),
    ]);
    if (!location) {
      return data(
        { location: null, availability: {}, isAdmin: false, zone: null },
        { status: 404 },
      );
    }
    return data(
      // The resort's hours name its zone, read here (Intl) rather than while the page hydrates.
      { location, availability, isAdmin, zone: zoneTitle(location.timeZone, app.now) },
      location.hidden ? { headers: PREVIEW_HEADERS } : undefined,
    );
  } catch (error) {
    throw unavailablePage("Failed to load location details", error);
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  // The location may well exist: only reading it failed (a 503), for now.
  if (error) {
    return pageMeta(matches, {
      title: "Location unavailable",
      description: "This location could not be loaded. Please try again in a moment.",
      noindex: true,
    });
  }
  const location = loaderData?.location;
  if (!location) {
    return pageMeta(matches, {
      title: "Location not found",
      description: "This location does not exist or is no longer available.",
      noindex: true,
    });
  }
  return pageMeta(matches, {
    title: location.name,
    description: summary(location.description) || `${location.name}, ${placeLine(location)}`,
    path: locationPath(location),
    image: location.images[0] && {
      url: shareImageUrl(location.images[0]),
      alt: location.images[0].alt,
    },
    noindex: location.hidden,
  });
};

function summary(text: string | null) {
  if (!text) return "";
  return text.length <= 155 ? text : `${text.slice(0, 152).trimEnd()}…`;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <section className="mx-auto max-w-3xl px-6 py-24 text-center">
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
        Error: {errorMessage(error)}
      </p>
    </section>
  );
}

export default function LocationDetail({ loaderData, matches }: Route.ComponentProps) {
  const { location, availability, isAdmin, zone } = loaderData;
  const { origin } = siteFromMatches(matches);
  const navigationState = useLocation().state as { from?: string } | null;

  if (!location) {
    return (
      <section className="mx-auto max-w-3xl px-6 py-24 text-center">
        <h1 className="text-navy-900 font-serif text-4xl">Location not found</h1>
        <p className="mt-4 text-slate-600">
          This location does not exist or is no longer available.
        </p>
        <Link to="/locations" className="text-gold-700 mt-8 inline-block font-medium underline">
          Browse all locations
        </Link>
      </section>
    );
  }

  const note = shortStayNote(location.minimumNights);
  const jsonLd = lodgingBusinessJsonLd({
    ...location,
    url: `${origin}${locationPath(location)}`,
    imageUrls: location.images.map((image) => `${origin}${image.url}`),
  });
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-12">
      {!location.hidden && (
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }}
        />
      )}
      {location.hidden && (
        <p role="note" className="bg-navy-900 mb-6 rounded-xl px-5 py-4 text-sm text-white">
          <strong className="text-gold-300 font-semibold">Hidden location: admin preview.</strong>{" "}
          Only admins can see this page. Visitors and members get 'Location not found', and it is
          left out of the lists, the sitemap and search engines until it is shown again.
        </p>
      )}
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-600">
        {navigationState?.from === "home" ? (
          <Link to="/" state={{ restoreScroll: true }} className="hover:text-navy-900">
            ← Back to featured locations
          </Link>
        ) : (
          <Link to="/locations" className="hover:text-navy-900">
            ← All locations
          </Link>
        )}
      </nav>

      {/* The name and place first: on a laptop's first screen with the photos. */}
      <header className="mb-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <h1 className="text-navy-900 min-w-0 font-serif text-4xl md:text-5xl">{location.name}</h1>
          {isAdmin && (
            <Link
              to={`/admin?location=${encodeURIComponent(location.id)}`}
              className="border-navy-900/20 text-navy-900 rounded-lg border px-4 py-2 text-sm font-semibold hover:bg-white"
            >
              Edit
            </Link>
          )}
        </div>
        <p className="mt-2 text-lg text-slate-600">{placeLine(location)}</p>
      </header>

      <HeroCarousel images={location.images} name={location.name} />

      {location.description && (
        <p className="mt-6 max-w-3xl text-lg leading-relaxed whitespace-pre-line text-slate-700">
          {location.description}
        </p>
      )}
      <p className="mt-6 max-w-3xl text-slate-700">
        Check-in from {timeOfDay(location.checkInTime)}, check-out by{" "}
        {timeOfDay(location.checkOutTime)} ({zone}).
      </p>
      {note && (
        <p className="bg-gold-300/30 text-navy-900 mt-6 max-w-3xl rounded-xl px-5 py-4">{note}</p>
      )}

      <section aria-labelledby="room-options" className="mt-14">
        <h2 id="room-options" className="text-navy-900 font-serif text-3xl">
          Room Options
        </h2>
        {location.roomTypes.length === 0 ? (
          <p className="mt-4 text-slate-600">Room details are coming soon.</p>
        ) : (
          <div className="mt-6 space-y-8">
            {location.roomTypes.map((room) => (
              <RoomOption key={room.id} room={room} locationName={location.name}>
                <RoomAvailability
                  weeks={availability[room.id] ?? []}
                  locationKey={location.slug || location.id}
                  roomTypeId={room.id}
                  roomName={room.name}
                  signedIn={"price" in room}
                  currency={location.currency}
                />
                {"price" in room ? (
                  <RoomPricing
                    room={room}
                    currency={location.currency}
                    bookHref={`/book?location=${encodeURIComponent(location.slug || location.id)}&roomType=${encodeURIComponent(room.id)}`}
                    hasWeeks={(availability[room.id] ?? []).length > 0}
                  />
                ) : (
                  <p className="mt-6 border-t border-slate-200 pt-5 text-sm">
                    <Link
                      to={`/login?dest=${encodeURIComponent(locationPath(location))}`}
                      className="text-gold-700 font-medium underline underline-offset-4"
                    >
                      Sign in to view pricing.
                    </Link>
                  </p>
                )}
              </RoomOption>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
