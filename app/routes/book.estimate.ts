import { type Route } from "./+types/book.estimate";
import { getAuth } from "~/accounts/guards.server";
import { getAppContext } from "~/context";
import { ownDatesQuerySchema } from "~/guest-requests/booking";
import { quoteOwnDates } from "~/weeks/quotes.server";

/**
 * The estimate of a stay of the member's own dates, for the booking form as its dates are chosen
 * (prices are for members): each night's share of its week's rate, the nightly charges, and what
 * keeps the dates from being asked for, if anything. JSON.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  if (!(await getAuth(context))) {
    return Response.json({ message: "Sign in to see prices" }, { status: 401, headers });
  }
  const query = ownDatesQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  if (!query.success) {
    return Response.json({ message: "Choose a room and two dates" }, { status: 400, headers });
  }
  const { roomType, checkInDate, checkOutDate } = query.data;
  const quote = await quoteOwnDates(getAppContext(context).db, {
    roomTypeId: roomType,
    checkIn: checkInDate,
    checkOut: checkOutDate,
  });
  if (!quote) return Response.json({ message: "Room not found" }, { status: 404, headers });
  return Response.json(quote, { headers });
}
