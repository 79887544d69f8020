import { data } from "react-router";
import { type Route } from "./+types/member-request.calendar";
import { requireUser } from "~/accounts/guards.server";
import { getAppContext } from "~/context";
import { stayCalendarFile } from "~/guest-requests/booking-emails.server";
import { memberBookingRequest } from "~/guest-requests/booking.server";
import { CALENDAR_CONTENT_TYPE } from "~/weeks/ical";

/** A member's booked (paid) stay as a calendar file (the one its receipt carries). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = await requireUser(request, context);
  const { db, site } = getAppContext(context);
  const booking = await memberBookingRequest(db, auth.user.id, params.requestId.slice(0, 100));
  if (booking?.status !== "paid") throw data("No booked stay to add", { status: 404 });
  return new Response(stayCalendarFile(booking, site), {
    headers: {
      "Content-Type": CALENDAR_CONTENT_TYPE,
      "Content-Disposition": 'attachment; filename="stay.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}
