import { type Route } from "./+types/dev.d1-queries";
import { getAppContext } from "~/context";
import { startCountingD1 } from "~/dev/d1-counter.server";
import { isLocalDevelopment } from "~/lib/local-development.server";

/**
 * How many D1 round trips this isolate has made (local development only): `npm run bench` reads it
 * before and after a page to count that page's queries. The first call turns counting on.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  if (!isLocalDevelopment(getAppContext(context).env, request))
    throw new Response("Not Found", { status: 404 });
  return Response.json({ d1Calls: startCountingD1() });
}
