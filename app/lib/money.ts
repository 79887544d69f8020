/**
 * An amount in US dollars as the site shows every price: "$2,450", or "$12.34" with cents, as
 * `Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })` writes it. Written out
 * rather than through Intl: a page's first Intl formatter starts ICU, 30 to 60 ms of a phone's
 * main thread during hydration, for a format this simple.
 */
export function dollars(amount: number) {
  const sign = amount < 0 ? "-" : "";
  if (Number.isInteger(amount)) return `${sign}$${grouped(Math.abs(amount))}`;
  // Rounded on the number's shortest decimal form, as Intl rounds: 1.005 is "$1.01".
  const cents = Math.round(Number(`${Math.abs(amount)}e2`));
  return `${sign}$${grouped(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, "0")}`;
}

/** Thousands separated by commas. */
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ",");
