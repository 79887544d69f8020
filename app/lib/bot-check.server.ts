// The one place a submitted form's bot check (Cloudflare Turnstile) is verified.
import { isLocalDevelopment } from "~/lib/local-development.server";
import { BOT_CHECK_FIELD, DEV_BOT_CHECK_TOKEN } from "./bot-check";

export { BOT_CHECK_FIELD, DEV_BOT_CHECK_TOKEN };

export type BotCheckResult = { ok: true } | { ok: false; message: string };

const BOT_CHECK_MESSAGES = {
  missing: "Please complete the CAPTCHA verification.",
  expired: "CAPTCHA expired. Please complete the verification again.",
  failed: "CAPTCHA verification failed. Please try again.",
} as const;

export const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

// Turnstile tokens are at most 2048 characters; anything longer is not worth a round trip.
const MAX_TOKEN_LENGTH = 2048;
const SITEVERIFY_TIMEOUT_MS = 10_000;

interface SiteverifyResponse {
  success?: boolean;
  "error-codes"?: string[];
}

/** The bindings the bot check needs (any worker Env fits). */
export type BotCheckEnv = Pick<Env, "APP_ENV"> & { TURNSTILE_SECRET_KEY?: string };

const fail = (message: string): BotCheckResult => ({ ok: false, message });

/**
 * Checks the form's bot-check token. With TURNSTILE_SECRET_KEY it asks Turnstile's siteverify;
 * without it only the local stand-in's token passes, and only in local development (APP_ENV
 * "development" and a localhost request).
 */
export async function verifyBotCheck(
  env: BotCheckEnv,
  formData: FormData,
  request: Request,
  options: { fetch?: typeof fetch } = {},
): Promise<BotCheckResult> {
  const token = formData.get(BOT_CHECK_FIELD);
  if (typeof token !== "string" || token.trim() === "") return fail(BOT_CHECK_MESSAGES.missing);

  const secret = env.TURNSTILE_SECRET_KEY;
  if (!secret) {
    const local = isLocalDevelopment(env, request);
    if (local && token === DEV_BOT_CHECK_TOKEN) return { ok: true };
    if (!local) {
      console.error("bot check: TURNSTILE_SECRET_KEY is not set; rejecting every submission");
    }
    return fail(BOT_CHECK_MESSAGES.failed);
  }
  if (token.length > MAX_TOKEN_LENGTH) return fail(BOT_CHECK_MESSAGES.failed);

  const body = new URLSearchParams({
    secret,
    response: token,
    idempotency_key: crypto.randomUUID(),
  });
  const remoteIp = request.headers.get("CF-Connecting-IP");
  if (remoteIp) body.set("remoteip", remoteIp);

  let result: SiteverifyResponse | null;
  try {
    const response = await (options.fetch ?? fetch)(SITEVERIFY_URL, {
      method: "POST",
      body,
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    });
    if (!response.ok) {
      console.error(`bot check: siteverify answered HTTP ${response.status}`);
      return fail(BOT_CHECK_MESSAGES.failed);
    }
    result = await response.json();
  } catch (error) {
    console.error("bot check: siteverify request failed", error);
    return fail(BOT_CHECK_MESSAGES.failed);
  }

  if (result?.success === true) return { ok: true };
  const codes = Array.isArray(result?.["error-codes"])
    ? result["error-codes"].filter((code): code is string => typeof code === "string")
    : [];
  if (codes.includes("timeout-or-duplicate")) return fail(BOT_CHECK_MESSAGES.expired);
  if (codes.some((code) => code.includes("secret") || code === "internal-error")) {
    // Our configuration or Turnstile itself is at fault, not the visitor: worth a log line.
    console.error(`bot check: siteverify error codes ${codes.join(", ")}`);
  }
  return fail(BOT_CHECK_MESSAGES.failed);
}
