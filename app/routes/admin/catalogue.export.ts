import { type Route } from "./+types/catalogue.export";
import { exportCatalogue } from "~/catalogue/catalogue-csv.server";
import { requireAdmin } from "~/accounts/guards.server";
import { getAppContext } from "~/context";
import { todayUtc } from "~/weeks/calendar";

/** Every location and room type as a CSV download, streamed as it is read. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, now } = getAppContext(context);
  return new Response(exportCatalogue(db), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="catalogue-${todayUtc(now)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
