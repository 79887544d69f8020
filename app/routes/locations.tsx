import { type Route } from "./+types/locations";
import { LocationListPage } from "~/components/location-list-page";
import { getAppContext } from "~/context";
import { pageMeta } from "~/lib/seo";
import { loadLocationList } from "~/models/location-list.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Locations",
    description:
      "Browse our luxury resort locations in the United States, Mexico, the Caribbean, Europe and the Maldives. Filter by country, state and city.",
    path: "/locations",
  });

export function loader({ request, context }: Route.LoaderArgs) {
  return loadLocationList(request, getAppContext(context));
}

export default function Locations({ loaderData }: Route.ComponentProps) {
  return <LocationListPage data={loaderData} />;
}
