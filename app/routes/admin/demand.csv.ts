import { type Route } from "./+types/demand.csv";
import { requireAdmin } from "~/accounts/guards.server";
import { getAppContext } from "~/context";
import { demandSpreadsheet } from "~/demand/demand.server";
import { todayUtc } from "~/weeks/calendar";

/** The demand figures as a CSV download, as finely as each kind of asking is recorded. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const app = getAppContext(context);
  return new Response(await demandSpreadsheet(app), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="demand-${todayUtc(app.now)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
