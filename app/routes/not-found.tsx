import { type Route } from "./+types/not-found";
import { getAuth } from "~/accounts/guards.server";
import {
  LocationListPage,
  LocationListUnavailable,
} from "~/components/catalogue/location-list-page";
import { getAppContext } from "~/context";
import { errorMessage } from "~/lib/route-errors";
import { pageMeta } from "~/lib/seo";
import { loadLocationList } from "~/catalogue/location-list-loader.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Page not found",
    description: "That page does not exist. Browse our resort locations instead.",
    noindex: true,
  });

/** Any unknown path shows the locations list, with HTTP status 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const memberId = (await getAuth(context))?.user.id ?? null;
  return loadLocationList(request, getAppContext(context), { memberId, status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p role="status" className="mx-auto max-w-6xl px-4 pt-8 text-sm text-slate-600 sm:px-6">
        We couldn't find that page. Here are all our locations instead.
      </p>
      <LocationListPage data={loaderData} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LocationListUnavailable message={errorMessage(error)} />;
}
