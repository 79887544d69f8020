/**
 * Amounts as the site shows every price, naming their currency wherever a symbol alone could be
 * mistaken: "US$2,450" (a "$" reads as Canadian or Mexican dollars to many visitors), "€2,450",
 * or "US$12.34" with cents, as `Intl.NumberFormat("en-US", { style: "currency", … })` writes them
 * but for US dollars' prefix. Written out rather than through Intl: a page's first Intl
 * formatter starts ICU, 30 to 60 ms of a phone's main thread during hydration, for a format this
 * simple.
 */

/** The currencies a resort's prices can be in, with how an amount in each is written. */
export const CURRENCIES = {
  USD: { prefix: "US$", name: "US dollars" },
  EUR: { prefix: "€", name: "Euros" },
  GBP: { prefix: "£", name: "Pounds sterling" },
  CAD: { prefix: "CA$", name: "Canadian dollars" },
  MXN: { prefix: "MX$", name: "Mexican pesos" },
} as const;

export type Currency = keyof typeof CURRENCIES;

/** The largest amount and count a room type's fields take (a week's rate too, however set). */
export const MAX_AMOUNT = 10_000_000;

export const isCurrency = (code: string): code is Currency => Object.hasOwn(CURRENCIES, code);

/** The prefix of an amount in `currency` ("US$"); an unknown code is written out ("CHF "). */
export const currencyPrefix = (currency: string) =>
  isCurrency(currency) ? CURRENCIES[currency].prefix : `${currency} `;

/** "US$2,450", "€12.34": an amount in `currency`, whole or with cents. */
export function money(amount: number, currency: string) {
  const sign = amount < 0 ? "-" : "";
  const prefix = currencyPrefix(currency);
  if (Number.isInteger(amount)) return `${sign}${prefix}${grouped(Math.abs(amount))}`;
  // Rounded on the number's shortest decimal form, as Intl rounds: 1.005 is "US$1.01".
  const cents = Math.round(Number(`${Math.abs(amount)}e2`));
  return `${sign}${prefix}${grouped(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, "0")}`;
}

/** A whole amount's thousands separated by commas: "1,000,000". */
export const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ",");

/**
 * An amount in its currency's smallest unit, as card payments count it: cents for every currency
 * the catalogue prices in (each has two decimals). Rounded as `money` rounds: 1.005 is 101.
 */
export const minorUnits = (amount: number) => Math.round(Number(`${amount}e2`));
