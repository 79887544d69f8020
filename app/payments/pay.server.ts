import { and, eq } from "drizzle-orm";
import { type AppContext } from "~/context";
import { bookingRequests, type BookingRequest } from "~/db/schema";

type Payable =
  | { ok: true; booking: BookingRequest }
  | { ok: false; reason: "not-found" | "not-due" | "processing" | "past-deadline" | "off" };

/**
 * A member's own confirmed stay, as it stands now, if they can pay it by card: card payments are
 * on, it awaits payment, no payment is already on its way, and its deadline has not passed.
 */
export async function payableBooking(
  app: AppContext,
  userId: string,
  id: string,
): Promise<Payable> {
  const [booking] = await app.db
    .select()
    .from(bookingRequests)
    .where(and(eq(bookingRequests.id, id), eq(bookingRequests.userId, userId)))
    .limit(1);
  if (!booking) return { ok: false, reason: "not-found" };
  if (booking.status !== "confirmed" || !booking.amountDue) return { ok: false, reason: "not-due" };
  if (booking.paymentProcessingSince) return { ok: false, reason: "processing" };
  if (!booking.payBy || booking.payBy <= app.now.toISOString()) {
    return { ok: false, reason: "past-deadline" };
  }
  if (!app.site.cardPayments) return { ok: false, reason: "off" };
  return { ok: true, booking };
}
