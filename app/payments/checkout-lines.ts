import { type BookingRequest } from "~/db/schema";
import { minorUnits } from "~/lib/money";
import { nightsBetween } from "~/guest-requests/booking";
import { chargeLine, formatStayDate, nightsLabel } from "~/guest-requests/format";
import { chargeForStay } from "~/weeks/rates";

/** A line of what a member pays, in the currency's smallest unit (cents). */
export interface CheckoutLine {
  /** As Stripe's checkout shows it, on its own: the stay named. */
  name: string;
  /** As the estimate words it, under the stay (the pay page). */
  label: string;
  amount: number;
}

type Payable = Pick<
  BookingRequest,
  | "amountDue"
  | "estimatedTotal"
  | "quotedCharges"
  | "weekId"
  | "checkInDate"
  | "checkOutDate"
  | "locationName"
  | "roomTypeName"
  | "currency"
>;

/**
 * What a confirmed stay's payment is made of, as its estimate words it: the week (or the room's
 * nights) and each nightly charge, adding up to the amount due to the cent. An amount staff set
 * apart from the estimate is one line for the stay. Empty when nothing is due.
 */
export function checkoutLines(booking: Payable): CheckoutLine[] {
  const due = booking.amountDue ?? booking.estimatedTotal;
  if (!due || due <= 0) return [];
  const total = minorUnits(due);
  const nights = nightsBetween(booking.checkInDate, booking.checkOutDate);
  const stay = `${booking.locationName}, ${booking.roomTypeName}: ${formatStayDate(booking.checkInDate)} to ${formatStayDate(booking.checkOutDate)}`;
  const whole = [{ name: stay, label: "Your stay", amount: total }];
  if (booking.estimatedTotal === null || minorUnits(booking.estimatedTotal) !== total) return whole;
  const charges = (booking.quotedCharges ?? []).map((charge) => {
    const { term } = chargeLine(charge, nights, booking.currency);
    return { name: term, label: term, amount: minorUnits(chargeForStay(charge, nights)) };
  });
  // The room's part is what the charges leave: the lines add up to the total exactly.
  const room = total - charges.reduce((sum, line) => sum + line.amount, 0);
  if (room <= 0) return whole;
  const label = booking.weekId ? "Weekly rate" : `Room (${nightsLabel(nights)})`;
  return [{ name: `${stay} (${label.toLowerCase()})`, label, amount: room }, ...charges];
}
