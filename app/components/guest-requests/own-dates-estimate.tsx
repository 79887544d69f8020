import { useEffect } from "react";
import { useFetcher } from "react-router";
import { money } from "~/lib/money";
import { nightsLabel } from "~/guest-requests/format";
import { ChargeRows, QuoteRow, quoteListClass, TotalRow } from "./quote-lines";
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
  shownErrors,
}: {
  roomTypeId: string;
  checkIn: string;
  checkOut: string;
  /** The form's messages under the dates, not said twice. */
  shownErrors: readonly string[];
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
        // Once the form was sent, its own message under the dates says it.
        shownErrors.includes(quote.problem) ? null : (
          <p className="font-medium text-red-700">{quote.problem}</p>
        )
      ) : quote?.estimatedTotal ? (
        <dl className={quoteListClass}>
          {quote.rate !== null && (
            <QuoteRow
              term={`Room (${nightsLabel(quote.nights)})`}
              value={money(quote.rate, quote.currency)}
            />
          )}
          <ChargeRows charges={quote.charges} nights={quote.nights} currency={quote.currency} />
          <TotalRow total={quote.estimatedTotal} currency={quote.currency} />
        </dl>
      ) : null}
    </div>
  );
}
