import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import {
  BOT_CHECK_FIELD,
  DEV_BOT_CHECK_TOKEN,
  SITEVERIFY_URL,
  verifyBotCheck,
} from "~/lib/bot-check.server";

const MISSING = "Please complete the CAPTCHA verification.";
const EXPIRED = "CAPTCHA expired. Please complete the verification again.";
const FAILED = "CAPTCHA verification failed. Please try again.";

const withSecret = { ...env, APP_ENV: "production", TURNSTILE_SECRET_KEY: "s3cret" };

function form(token?: string) {
  const data = new FormData();
  data.set("email", "guest@example.com");
  if (token !== undefined) data.set(BOT_CHECK_FIELD, token);
  return data;
}

const request = (origin = "http://localhost") =>
  new Request(`${origin}/login`, {
    method: "POST",
    headers: { "CF-Connecting-IP": "203.0.113.7" },
  });

function siteverify(body: unknown, init?: ResponseInit) {
  return vi.fn<typeof fetch>(async () => Response.json(body, init));
}

describe("verifyBotCheck with a Turnstile secret", () => {
  it("passes when siteverify says success, sending secret, token, remote IP and an idempotency key", async () => {
    const fetch = siteverify({ success: true, "error-codes": [] });
    expect(await verifyBotCheck(withSecret, form("token-123"), request(), { fetch })).toEqual({
      ok: true,
    });

    expect(fetch).toHaveBeenCalledTimes(1);
    const sent = new Request(...(fetch.mock.calls[0] as [RequestInfo, RequestInit]));
    expect(sent.url).toBe(SITEVERIFY_URL);
    expect(sent.method).toBe("POST");
    const params = await sent.formData();
    expect(params.get("secret")).toBe("s3cret");
    expect(params.get("response")).toBe("token-123");
    expect(params.get("remoteip")).toBe("203.0.113.7");
    expect(params.get("idempotency_key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("says the CAPTCHA expired for timeout-or-duplicate", async () => {
    const fetch = siteverify({ success: false, "error-codes": ["timeout-or-duplicate"] });
    expect(await verifyBotCheck(withSecret, form("used"), request(), { fetch })).toEqual({
      ok: false,
      message: EXPIRED,
    });
  });

  it("fails for an invalid token", async () => {
    const fetch = siteverify({ success: false, "error-codes": ["invalid-input-response"] });
    expect(await verifyBotCheck(withSecret, form("forged"), request(), { fetch })).toEqual({
      ok: false,
      message: FAILED,
    });
  });

  it("fails when siteverify cannot be reached, answers non-200 or answers garbage", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const offline = vi.fn<typeof fetch>(async () => {
      throw new TypeError("Network connection lost.");
    });
    const down = vi.fn<typeof fetch>(async () => new Response("Bad gateway", { status: 502 }));
    const garbage = vi.fn<typeof fetch>(async () => new Response("<html>"));
    const nothing = siteverify(null);
    for (const fetch of [offline, down, garbage, nothing]) {
      expect(await verifyBotCheck(withSecret, form("token"), request(), { fetch })).toEqual({
        ok: false,
        message: FAILED,
      });
      expect(fetch).toHaveBeenCalledTimes(1);
    }
    vi.restoreAllMocks();
  });

  it("asks for the CAPTCHA when the token is missing or empty, without calling siteverify", async () => {
    const fetch = siteverify({ success: true });
    for (const data of [form(), form(""), form("   ")]) {
      expect(await verifyBotCheck(withSecret, data, request(), { fetch })).toEqual({
        ok: false,
        message: MISSING,
      });
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it("does not accept the development token as a Turnstile token", async () => {
    const fetch = siteverify({ success: false, "error-codes": ["invalid-input-response"] });
    const result = await verifyBotCheck(
      { ...withSecret, APP_ENV: "development" },
      form(DEV_BOT_CHECK_TOKEN),
      request(),
      { fetch },
    );
    expect(result).toEqual({ ok: false, message: FAILED });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("verifyBotCheck without a Turnstile secret", () => {
  it("in development accepts only the stand-in's token", async () => {
    const devEnv = { ...env, APP_ENV: "development", TURNSTILE_SECRET_KEY: undefined };
    const fetch = siteverify({ success: true });
    expect(await verifyBotCheck(devEnv, form(DEV_BOT_CHECK_TOKEN), request(), { fetch })).toEqual({
      ok: true,
    });
    expect(await verifyBotCheck(devEnv, form("anything-else"), request(), { fetch })).toEqual({
      ok: false,
      message: FAILED,
    });
    expect(await verifyBotCheck(devEnv, form(), request(), { fetch })).toEqual({
      ok: false,
      message: MISSING,
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("outside development rejects everything, even the stand-in's token", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fetch = siteverify({ success: true });
    for (const APP_ENV of ["production", "staging", ""]) {
      const result = await verifyBotCheck(
        { ...env, APP_ENV, TURNSTILE_SECRET_KEY: undefined },
        form(DEV_BOT_CHECK_TOKEN),
        request(),
        { fetch },
      );
      expect(result).toEqual({ ok: false, message: FAILED });
    }
    expect(fetch).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it("on a deployed host left on APP_ENV development, takes no stand-in token", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const devEnv = { ...env, APP_ENV: "development", TURNSTILE_SECRET_KEY: undefined };
    for (const origin of ["https://insiderstays.example", "https://localhost.evil.example"]) {
      const result = await verifyBotCheck(devEnv, form(DEV_BOT_CHECK_TOKEN), request(origin));
      expect(result).toEqual({ ok: false, message: FAILED });
    }
    vi.restoreAllMocks();
  });
});
