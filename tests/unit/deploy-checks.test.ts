import { describe, expect, it } from "vitest";
import {
  invalidPaymentVars,
  missingPaymentSecrets,
  missingPaymentSecretsMessage,
  missingSecrets,
  missingVars,
  stripeWebhookUrl,
} from "../../scripts/deploy-checks";

describe("the deploy check", () => {
  it("names every production secret the worker lacks", () => {
    expect(missingSecrets(["SESSION_SIGNING_KEY"])).toEqual([
      "RESEND_API_KEY",
      "TURNSTILE_SECRET_KEY",
    ]);
    expect(missingSecrets([])).toHaveLength(3);
  });

  it("lets a worker with all of them deploy", () => {
    expect(
      missingSecrets(["TURNSTILE_SECRET_KEY", "RESEND_API_KEY", "SESSION_SIGNING_KEY", "OTHER"]),
    ).toEqual([]);
  });

  it("names the variables a deployed worker needs that are missing or empty", () => {
    const site = "https://insiderstays.example";
    expect(
      missingVars({
        TURNSTILE_SITE_KEY: "",
        EMAIL_FROM: "Stays <hi@stays.example>",
        SITE_URL: site,
      }),
    ).toEqual(["TURNSTILE_SITE_KEY"]);
    expect(missingVars({ TURNSTILE_SITE_KEY: " " })).toEqual([
      "TURNSTILE_SITE_KEY",
      "EMAIL_FROM",
      "SITE_URL",
    ]);
    expect(
      missingVars({ TURNSTILE_SITE_KEY: "0x4AAA", EMAIL_FROM: "hi@stays.example", SITE_URL: site }),
    ).toEqual([]);
  });

  it("refuses card payments turned neither on nor off", () => {
    expect(invalidPaymentVars({ CARD_PAYMENTS: "on", PAYMENT_HOURS: "72" })).toEqual([]);
    expect(invalidPaymentVars({ CARD_PAYMENTS: "off", PAYMENT_HOURS: "72" })).toEqual([]);
    for (const value of ["On", "yes", "true", "", " on", true]) {
      expect(invalidPaymentVars({ CARD_PAYMENTS: value, PAYMENT_HOURS: "72" })).toEqual([
        `CARD_PAYMENTS must be "on" or "off", not ${JSON.stringify(value)}`,
      ]);
    }
    expect(invalidPaymentVars({ PAYMENT_HOURS: "72" })).toEqual([
      'CARD_PAYMENTS must be "on" or "off", it is missing',
    ]);
  });

  it("refuses a time to pay that is not a whole number of hours from 1 to 720", () => {
    for (const value of ["1", "72", "720"]) {
      expect(invalidPaymentVars({ CARD_PAYMENTS: "off", PAYMENT_HOURS: value })).toEqual([]);
    }
    for (const value of ["0", "721", "-1", "1.5", "72h", "", " 72", "1e2", "Infinity", 72]) {
      expect(invalidPaymentVars({ CARD_PAYMENTS: "off", PAYMENT_HOURS: value })).toEqual([
        `PAYMENT_HOURS must be a whole number of hours from 1 to 720, in quotes, not ${JSON.stringify(value)}`,
      ]);
    }
    expect(invalidPaymentVars({})).toHaveLength(2);
  });

  it("with card payments on, names the Stripe secrets the worker lacks", () => {
    const on = { CARD_PAYMENTS: "on" };
    expect(missingPaymentSecrets(on, ["SESSION_SIGNING_KEY"])).toEqual([
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
    ]);
    expect(missingPaymentSecrets(on, ["STRIPE_SECRET_KEY"])).toEqual(["STRIPE_WEBHOOK_SECRET"]);
    expect(missingPaymentSecrets(on, ["STRIPE_WEBHOOK_SECRET"])).toEqual(["STRIPE_SECRET_KEY"]);
    expect(missingPaymentSecrets(on, ["STRIPE_WEBHOOK_SECRET", "STRIPE_SECRET_KEY"])).toEqual([]);
  });

  it("with card payments off, needs no Stripe secret", () => {
    expect(missingPaymentSecrets({ CARD_PAYMENTS: "off" }, [])).toEqual([]);
  });

  it("says what is missing, where the webhook goes and how to turn card payments off", () => {
    const message = missingPaymentSecretsMessage(
      ["STRIPE_WEBHOOK_SECRET"],
      "https://insiderstays.example/",
    );
    expect(message).toContain("no STRIPE_WEBHOOK_SECRET.");
    expect(message).toContain("https://insiderstays.example/webhooks/stripe with the events");
    for (const event of [
      "checkout.session.completed",
      "checkout.session.async_payment_succeeded",
      "checkout.session.async_payment_failed",
      "checkout.session.expired",
    ]) {
      expect(message).toContain(event);
    }
    expect(message).toContain('CARD_PAYMENTS = "off"');
    expect(
      missingPaymentSecretsMessage(["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"], ""),
    ).toContain("no STRIPE_SECRET_KEY and no STRIPE_WEBHOOK_SECRET.");
  });

  it("writes the webhook address on the site's address", () => {
    expect(stripeWebhookUrl("https://insiderstays.example")).toBe(
      "https://insiderstays.example/webhooks/stripe",
    );
    expect(stripeWebhookUrl("https://insiderstays.example//")).toBe(
      "https://insiderstays.example/webhooks/stripe",
    );
    expect(stripeWebhookUrl("")).toBe("<SITE_URL>/webhooks/stripe");
  });
});
