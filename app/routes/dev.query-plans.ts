import { type Route } from "./+types/dev.query-plans";
import { getAppContext } from "~/context";
import { queryPlans } from "~/dev/query-plans.server";
import { isLocalDevelopment } from "~/lib/local-development.server";
import { isMonth } from "~/weeks/month";

/** The query plans of the month search and the week alerts (local development only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getAppContext(context);
  const month = new URL(request.url).searchParams.get("month") ?? "";
  if (!isLocalDevelopment(app.env, request) || !isMonth(month))
    throw new Response("Not Found", { status: 404 });
  return Response.json(await queryPlans(app, month));
}
