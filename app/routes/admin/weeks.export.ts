import { type Route } from "./+types/weeks.export";
import { requireAdmin } from "~/accounts/guards.server";
import { getAppContext } from "~/context";
import { todayUtc } from "~/weeks/calendar";
import { redirectWithToast } from "~/lib/toast.server";
import { exportWeeks, slugExists } from "~/weeks/weeks-export.server";

/**
 * The weeks ahead as a CSV download, for every location or the one named (`?location=slug`),
 * streamed as it is read.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  // Slugs are lowercase: one typed with capitals finds its location.
  const location =
    new URL(request.url).searchParams.get("location")?.trim().toLowerCase() || undefined;
  const app = getAppContext(context);
  const { db, now } = app;
  if (location && !(await slugExists(db, location))) {
    // Back to the form with the slug kept (in lowercase), to correct it.
    throw await redirectWithToast(app, `/admin/weeks?${new URLSearchParams({ location })}`, {
      type: "error",
      message: `No location has the slug “${location}”: nothing to download.`,
    });
  }
  const body = exportWeeks(db, { location, now });
  const name = `weeks-${location?.replace(/[^a-z0-9-]/gi, "") || "all"}-${todayUtc(now)}.csv`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
