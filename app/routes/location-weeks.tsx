import { data, Link, redirect } from "react-router";
import { type Route } from "./+types/location-weeks";
import { RoomMonth } from "~/components/catalogue/room-month";
import { getAuth, hasAdminAccess } from "~/accounts/guards.server";
import { getAppContext } from "~/context";
import { locationPath } from "~/catalogue/locations";
import { pageMeta } from "~/lib/seo";
import { todayUtc } from "~/weeks/calendar";
import { isMonth, neighbourMonths, shownMonth } from "~/weeks/month";
import { roomMonth } from "~/weeks/open-weeks.server";

/** The longest room type id an address may carry. */
const MAX_ROOM_ID = 200;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const auth = await getAuth(context);
  const search = new URL(request.url).searchParams;
  const { db, now } = getAppContext(context);
  // Without a month (or an unreadable one), that of the room's first open week.
  const asked = search.get("month");
  const month = asked && isMonth(asked) ? shownMonth(asked, todayUtc(now)) : null;
  const roomTypeId = search.get("room")?.trim() ?? "";
  // A link without its room: the location's page lists its rooms, each with its weeks.
  if (!roomTypeId)
    throw redirect(`${locationPath({ id: params.locationId, slug: null })}#room-options`);
  const found =
    roomTypeId.length <= MAX_ROOM_ID
      ? await roomMonth(db, {
          locationKey: params.locationId,
          roomTypeId,
          month,
          now,
          memberId: auth?.user.id ?? null,
          includeHidden: hasAdminAccess(auth),
        })
      : null;
  const shown = found?.month ?? month ?? shownMonth(null, todayUtc(now));
  return data(
    {
      found,
      month: shown,
      ...neighbourMonths(shown, found?.today ?? todayUtc(now)),
      signedIn: Boolean(auth),
    },
    { status: found ? 200 : 404 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const found = loaderData?.found;
  return pageMeta(matches, {
    title: found ? `${found.room.name} weeks, ${found.location.name}` : "Room not found",
    description: found
      ? `Which weeks of the ${found.room.name} at ${found.location.name} are open, month by month.`
      : "This room does not exist or is no longer available.",
    // One page per room and month: the location page is the one to index.
    noindex: true,
  });
};

export default function LocationWeeks({ loaderData }: Route.ComponentProps) {
  const { found, month, previous, next, signedIn } = loaderData;
  if (!found) {
    return (
      <section className="mx-auto max-w-3xl px-6 py-24 text-center">
        <h1 className="text-navy-900 font-serif text-4xl">Room not found</h1>
        <p className="mt-4 text-slate-600">This room does not exist or is no longer available.</p>
        <Link to="/locations" className="text-gold-700 mt-8 inline-block font-medium underline">
          Browse all locations
        </Link>
      </section>
    );
  }
  const locationKey = found.location.slug || found.location.id;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-600">
        <Link to={locationPath(found.location)} className="hover:text-navy-900">
          ← {found.location.name}
        </Link>
      </nav>
      <h1 className="text-navy-900 font-serif text-3xl md:text-4xl">{found.room.name}</h1>
      <p className="mt-2 text-lg text-slate-600">Weeks by month at {found.location.name}</p>
      <RoomMonth
        month={month}
        previous={previous}
        next={next}
        weeks={found.weeks}
        locationKey={locationKey}
        roomTypeId={found.room.id}
        signedIn={signedIn}
        currency={found.location.currency}
      />
    </div>
  );
}
