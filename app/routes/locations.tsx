import { type Route } from "./+types/locations";
import { getAuth } from "~/accounts/guards.server";
import { canonicalListPath } from "~/catalogue/location-filters";
import {
  LocationListPage,
  LocationListUnavailable,
} from "~/components/catalogue/location-list-page";
import { getAppContext } from "~/context";
import { errorMessage } from "~/lib/route-errors";
import { pageMeta } from "~/lib/seo";
import { loadLocationList } from "~/catalogue/location-list-loader.server";
import { countIfEmptyMonthSearch } from "~/demand/demand.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: "Locations",
    description:
      "Browse our luxury resort locations in the United States, Mexico, the Caribbean, Europe and the Maldives. Search by name, place or feature, and filter by country, guests and bedrooms.",
    path: canonicalListPath(loaderData),
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = await getAuth(context);
  const app = getAppContext(context);
  const list = await loadLocationList(request, app, { memberId: auth?.user.id ?? null });
  // A member's month search that found nothing is demand the staff see (staff's own are not).
  if (auth?.user.role === "member") countIfEmptyMonthSearch(app, list.data);
  return list;
}

export default function Locations({ loaderData }: Route.ComponentProps) {
  return <LocationListPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LocationListUnavailable message={errorMessage(error)} />;
}
