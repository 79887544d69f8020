import { describe, expect, test } from "vitest";
import { CURRENCIES, money } from "~/lib/money";

const intl = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);

describe("money", () => {
  test("writes prices as the site shows them, naming US dollars", () => {
    expect(
      [0, 5, 999, 1000, 2450, 12.34, 1234.5, 1_000_000, 999_999.99].map((n) => money(n, "USD")),
    ).toEqual([
      "US$0",
      "US$5",
      "US$999",
      "US$1,000",
      "US$2,450",
      "US$12.34",
      "US$1,234.50",
      "US$1,000,000",
      "US$999,999.99",
    ]);
    expect([
      money(2060, "EUR"),
      money(2060, "GBP"),
      money(2060, "MXN"),
      money(2060, "CAD"),
    ]).toEqual(["€2,060", "£2,060", "MX$2,060", "CA$2,060"]);
    expect(money(2060, "CHF")).toBe("CHF 2,060");
  });

  test("agrees with Intl's en-US amounts in every currency, rounding and signs included", () => {
    const amounts = [
      -1234.5, -7, 0.004, 0.005, 0.995, 1.005, 2.675, 10.125, 99_999.995, 123_456_789,
    ];
    // Whole amounts and amounts with cents, from cents to billions.
    for (let amount = 0.01; amount < 2e9; amount = amount * 1.37 + 0.013) {
      amounts.push(amount, Math.round(amount));
    }
    for (const currency of Object.keys(CURRENCIES)) {
      // Intl writes US dollars as "$"; the site names them.
      const expected = amounts.map((n) => intl(n, currency).replace(/^(-?)\$/, "$1US$"));
      expect(amounts.map((n) => money(n, currency))).toEqual(expected);
    }
  });
});
