import { Link } from "react-router";
import { money } from "~/lib/money";
import { HOLIDAYS, type NightlyCharges } from "~/weeks/price-fields";
import { nightlyCharges, type RoomTypeRates } from "~/weeks/rates";

export interface RoomPricingData extends RoomTypeRates, NightlyCharges {
  otherPrices: string | null;
}

const positive = (amount: number | null): amount is number => amount !== null && amount > 0;

/** Holiday weeks in the order of the year, each with a price above 0. */
function holidayRates(room: RoomPricingData) {
  return HOLIDAYS.flatMap(({ key, label }) => {
    const amount = room[key];
    return positive(amount) ? [{ label, amount }] : [];
  });
}

/** What signed-in members see of a room's prices; each amount only when above 0. */
export function RoomPricing({
  room,
  currency,
  bookHref,
  hasWeeks,
}: {
  room: RoomPricingData;
  /** The location's currency, named with every amount. */
  currency: string;
  bookHref: string;
  /** The room lists open weeks: this link then asks for dates of the member's own. */
  hasWeeks: boolean;
}) {
  const price = (amount: number) => money(amount, currency);
  const holidays = holidayRates(room);
  const fees = nightlyCharges(room);
  return (
    // Columns by the card's own width (a card is narrower in a grid of cards than alone).
    <div className="@container mt-6 space-y-5 border-t border-slate-200 pt-5">
      {positive(room.price) && (
        <p className="text-navy-900">
          <span className="text-sm tracking-wider text-slate-600 uppercase">
            Typical weekly price
          </span>
          <br />
          <span className="font-serif text-3xl">{price(room.price)}</span>
          <span className="text-slate-600"> / week</span>
        </p>
      )}
      {holidays.length > 0 && (
        <div>
          <h4 className="text-navy-900 text-sm font-semibold">Holiday weeks</h4>
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm @sm:grid-cols-2 @xl:grid-cols-3">
            {holidays.map((rate) => (
              <div key={rate.label} className="flex justify-between gap-2">
                <dt className="text-slate-600">{rate.label}</dt>
                <dd className="text-navy-900 font-medium whitespace-nowrap">
                  {price(rate.amount)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {room.otherPrices && <p className="text-sm text-slate-700">{room.otherPrices}</p>}
      {fees.length > 0 && (
        <div>
          <h4 className="text-navy-900 text-sm font-semibold">Additional Fees</h4>
          {/* Each amount beside its name, as the holiday weeks; two columns at most, as a fee's
              amount is longer ("/ night"). */}
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm @sm:grid-cols-2">
            {fees.map((fee) => (
              <div key={fee.label} className="flex justify-between gap-2">
                <dt className="text-slate-600">{fee.label}</dt>
                <dd className="text-navy-900 font-medium whitespace-nowrap">
                  {price(fee.perNight)} / night
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <Link
        to={bookHref}
        className="bg-gold-500 text-navy-950 hover:bg-gold-400 inline-block rounded-lg px-5 py-2.5 font-semibold"
      >
        {hasWeeks ? "Request to book other dates" : "Request to book"}
      </Link>
    </div>
  );
}
