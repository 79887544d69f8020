import { type ReactNode } from "react";
import { chargeLine } from "~/guest-requests/format";
import { money } from "~/lib/money";
import { type AppliedCharge } from "~/weeks/price-fields";

/**
 * A quote's lines as the booking form shows them, for a week and for the member's own dates alike:
 * each term and its value, each nightly charge with how it is counted, and the total.
 */
export function QuoteRow({ term, value }: { term: ReactNode; value: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-slate-600">{term}</dt>
      <dd className="text-navy-900 text-right font-medium">{value}</dd>
    </div>
  );
}

export function ChargeRows({
  charges,
  nights,
  currency,
}: {
  charges: readonly AppliedCharge[];
  nights: number;
  currency: string;
}) {
  return charges.map((charge) => {
    const { label, detail, amount } = chargeLine(charge, nights, currency);
    // What it is first, how it is counted below: a phone's narrow column breaks it there.
    const term = (
      <>
        {label} <span className="block text-xs">{detail}</span>
      </>
    );
    return <QuoteRow key={charge.label} term={term} value={amount} />;
  });
}

export function TotalRow({ total, currency }: { total: number; currency: string }) {
  return (
    <div className="text-navy-900 col-span-2 mt-2 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-2 font-semibold">
      <dt>Estimated total</dt>
      <dd className="text-lg">{money(total, currency)}</dd>
    </div>
  );
}

/**
 * The list the rows go in: each term and its value in a div of their own (a list is all pairs or
 * all divs). The terms take the room they need, the values the rest: a stay's day, hour and zone
 * broke over six lines of a phone's half.
 */
export const quoteListClass = "grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm";
