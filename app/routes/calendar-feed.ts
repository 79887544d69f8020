import { type Route } from "./+types/calendar-feed";
import { getAppContext } from "~/context";
import { roomCalendar } from "~/weeks/calendar-feed.server";
import { CALENDAR_CONTENT_TYPE } from "~/weeks/ical";

/**
 * A room type's staff calendar feed (`/calendars/<secret>.ics`): its requested and booked weeks,
 * for a staff calendar app to subscribe to. Only the secret address admits; a revoked one is 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getAppContext(context);
  const token = params.file.endsWith(".ics") ? params.file.slice(0, -".ics".length) : "";
  const calendar = await roomCalendar(app.db, { token, site: app.site, now: app.now });
  if (calendar === null) {
    return new Response("No calendar at this address.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(calendar, {
    headers: {
      "Content-Type": CALENDAR_CONTENT_TYPE,
      // Private to whoever holds the address; calendar apps poll it.
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
