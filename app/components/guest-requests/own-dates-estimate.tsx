import { useEffect } from "react";
import { useFetcher } from "react-router";
import { money } from "~/lib/money";
import { type OwnDatesQuote } from "~/weeks/quotes.server";

/**
 * The estimate of a stay of the member's own dates, asked of the server as the dates change (with
 * JavaScript; without it, the request's page shows the estimate it was sent with): what the
 * nights come to, or what keeps the dates from being asked for.
 */
export function OwnDatesEstimate({
  roomTypeId,
  checkIn,
  checkOut,
}: {
  roomTypeId: string;
  checkIn: string;
  checkOut: string;
}) {
  const fetcher = useFetcher<OwnDatesQuote | { message: string }>();
  const query = new URLSearchParams({
    roomType: roomTypeId,
    checkInDate: checkIn,
    checkOutDate: checkOut,
  });
  const href = `/book/estimate?${query}`;
  const { load } = fetcher;
  useEffect(() => {
    if (roomTypeId && checkIn && checkOut > checkIn) void load(href);
  }, [load, href, roomTypeId, checkIn, checkOut]);
  const quote = fetcher.data && "nights" in fetcher.data ? fetcher.data : null;
  if (!roomTypeId || !(checkOut > checkIn)) return null;
  return (
    <div className="text-sm sm:col-span-2" aria-live="polite" aria-busy={fetcher.state !== "idle"}>
      {quote?.problem ? (
        <p className="font-medium text-red-700">{quote.problem}</p>
      ) : quote?.estimatedTotal ? (
        <p className="text-navy-900">
          <span className="font-semibold">
            Estimated total: {money(quote.estimatedTotal, quote.currency)}
          </span>{" "}
          <span className="text-slate-600">
            (
            {quote.rate !== null &&
              `${money(quote.rate, quote.currency)} for the ${quote.nights} nights`}
            {quote.charges.length > 0 &&
              `, plus ${quote.charges.map((charge) => `${charge.label.toLowerCase()} ${money(charge.perNight, quote.currency)}`).join(", ")} a night`}
            )
          </span>
        </p>
      ) : null}
    </div>
  );
}
