import { verifyBotCheck } from "~/auth/bot-check.server";
import { type AppContext } from "~/context";
import { rateLimitAddress } from "~/lib/client-address.server";
import { DomainError, RateLimitedError } from "~/lib/errors.server";
import { hitRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import { HONEYPOT_MESSAGE, honeypotFilled } from "~/lib/honeypot";

const SCREEN_MESSAGES = {
  rateLimited: "Too many requests. Please wait a few minutes and try again.",
} as const;

/**
 * What every request form (and its JSON endpoint) passes before anything is stored: the honeypot
 * must be empty, the sender's IP within its limit, and the bot check passed. Returns the refusal,
 * or null when the submission may go on.
 */
export async function screenSubmission(
  { env, db }: AppContext,
  request: Request,
  fields: FormData,
): Promise<DomainError | null> {
  if (honeypotFilled(fields)) return new DomainError("invalid", HONEYPOT_MESSAGE);
  const address = rateLimitAddress(request);
  if (address) {
    const limit = await hitRateLimit(db, RATE_LIMITS.requestFormsPerIp, address);
    if (!limit.allowed) {
      return new RateLimitedError(SCREEN_MESSAGES.rateLimited, limit.retryAfterSeconds);
    }
  }
  const bot = await verifyBotCheck(env, fields, request);
  return bot.ok ? null : new DomainError("invalid", bot.message);
}

/** JSON bodies are screened like forms: their top-level string values become the fields. */
export function jsonToFormData(body: unknown) {
  const fields = new FormData();
  if (body && typeof body === "object" && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
        fields.set(key, String(value));
      }
    }
  }
  return fields;
}
