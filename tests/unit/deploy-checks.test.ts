import { describe, expect, it } from "vitest";
import { missingSecrets, missingVars } from "../../scripts/deploy-checks";

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
});
