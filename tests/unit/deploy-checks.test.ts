import { describe, expect, it } from "vitest";
import { missingSecrets } from "../../scripts/deploy-checks";

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
});
