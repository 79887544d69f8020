import { describe, expect, test } from "vitest";
import { dollars } from "~/lib/money";

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
const intl = (amount: number) => (Number.isInteger(amount) ? whole : cents).format(amount);

describe("dollars", () => {
  test("writes prices as the site shows them", () => {
    expect([0, 5, 999, 1000, 2450, 12.34, 1234.5, 1_000_000, 999_999.99].map(dollars)).toEqual([
      "$0",
      "$5",
      "$999",
      "$1,000",
      "$2,450",
      "$12.34",
      "$1,234.50",
      "$1,000,000",
      "$999,999.99",
    ]);
  });

  test("agrees with Intl's en-US dollars, rounding and signs included", () => {
    const amounts = [
      -1234.5, -7, 0.004, 0.005, 0.995, 1.005, 2.675, 10.125, 99_999.995, 123_456_789,
    ];
    // Whole amounts and amounts with cents, from cents to billions.
    for (let amount = 0.01; amount < 2e9; amount = amount * 1.37 + 0.013) {
      amounts.push(amount, Math.round(amount));
    }
    expect(amounts.map(dollars)).toEqual(amounts.map(intl));
  });
});
