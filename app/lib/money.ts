const whole = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const cents = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An amount in US dollars as the site shows every price: "$2,450", or "$12.34" with cents. */
export const dollars = (amount: number) =>
  (Number.isInteger(amount) ? whole : cents).format(amount);
