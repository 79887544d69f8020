import { type Route } from "./+types/demand";
import { requireAdmin } from "~/accounts/guards.server";
import { DemandPage } from "~/components/demand/demand-page";
import { getAppContext } from "~/context";
import { demandFigures } from "~/demand/demand.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Demand",
    description: "Where members asked for a stay, and where they could not be served.",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return demandFigures(getAppContext(context));
}

export default function Demand({ loaderData }: Route.ComponentProps) {
  return <DemandPage figures={loaderData} />;
}
