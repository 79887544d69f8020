import { type ReactNode } from "react";
import { YourTime, ZonedTimeText } from "~/components/zoned-time";
import { nightsBetween } from "~/guest-requests/booking";
import {
  arrivalLine,
  chargeLine,
  departureLine,
  guestsLine,
  nightsLabel,
  placeOf,
  roomShareLine,
} from "~/guest-requests/format";
import { money } from "~/lib/money";
import { type ZonedTime } from "~/lib/zoned-time";
import { type AppliedCharge } from "~/weeks/price-fields";

interface SummarizedBooking {
  id: string;
  locationName: string;
  locationCity: string | null;
  locationState: string | null;
  locationCountry: string;
  roomTypeName: string;
  checkInDate: string;
  checkOutDate: string;
  /** When the stay begins and ends, on the resort's clock. */
  times: { checkIn: ZonedTime; checkOut: ZonedTime };
  adults: number;
  children: number;
  infants: number;
  weekId: string | null;
  weekRate: number | null;
  estimatedTotal: number | null;
  quotedCharges: AppliedCharge[] | null;
  roomTypePrice: number | null;
  currency: string;
  specialRequests: string | null;
  staffNote: string | null;
}

/** A request as the member sent it: the stay, the party, the price as quoted, and our note. */
export function BookingSummary({ booking }: { booking: SummarizedBooking }) {
  const nights = nightsBetween(booking.checkInDate, booking.checkOutDate);
  const price = (amount: number) => money(amount, booking.currency);
  const roomShare = roomShareLine(booking, nights);
  const place = placeOf({
    city: booking.locationCity,
    state: booking.locationState,
    country: booking.locationCountry,
  });
  const { checkIn, checkOut } = booking.times;
  const rows: [string, ReactNode][] = [
    ["Reference", booking.id],
    ["Resort", place ? `${booking.locationName} (${place})` : booking.locationName],
    ["Room", booking.roomTypeName],
    ["Check-in", <StayTime key="check-in" time={checkIn} line={arrivalLine(checkIn)} />],
    ["Check-out", <StayTime key="check-out" time={checkOut} line={departureLine(checkOut)} />],
    // As the booking form's quote says it.
    ...(nights > 0 ? [["Length", nightsLabel(nights)] as [string, string]] : []),
    ["Guests", guestsLine(booking)],
    ...(booking.weekRate ? [["Weekly rate", price(booking.weekRate)] as [string, string]] : []),
    ...(roomShare ? [[roomShare.term, roomShare.amount] as [string, string]] : []),
    ...(booking.quotedCharges ?? []).map((charge): [string, string] => {
      const { term, amount } = chargeLine(charge, nights, booking.currency);
      return [term, amount];
    }),
    ...(booking.estimatedTotal
      ? [
          ["Estimated total (rate, fees and taxes)", price(booking.estimatedTotal)] as [
            string,
            string,
          ],
        ]
      : []),
    ...(!booking.weekId && !booking.estimatedTotal && booking.roomTypePrice
      ? [["Typical weekly price", price(booking.roomTypePrice)] as [string, string]]
      : []),
    ...(booking.specialRequests
      ? [["Special requests", booking.specialRequests] as [string, string]]
      : []),
    ...(booking.staffNote ? [["Note from our team", booking.staffNote] as [string, string]] : []),
  ];
  return (
    <dl className="bg-sand-50 mt-6 divide-y divide-slate-200 rounded-xl text-left text-sm ring-1 ring-slate-200">
      {rows.map(([term, value]) => (
        <div key={term} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3">
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className="text-navy-900 min-w-0 text-right break-words whitespace-pre-line">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A stay's start or end at the resort, and the same moment for the reader below it. */
function StayTime({ time, line }: { time: ZonedTime; line: string }) {
  return (
    <>
      <ZonedTimeText time={time}>{line}</ZonedTimeText>
      <YourTime time={time} />
    </>
  );
}
