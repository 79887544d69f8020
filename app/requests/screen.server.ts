import { verifyBotCheck } from "~/auth/bot-check.server";
import { type CloudflareContext } from "~/context";
import { hitRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import { HONEYPOT_FIELD } from "./schemas";

export type Screening = { ok: true } | { ok: false; status: 400 | 429; message: string };

export const SCREEN_MESSAGES = {
  honeypot: "Form not submitted properly",
  rateLimited: "Too many requests. Please wait a few minutes and try again.",
} as const;

/**
 * What every request form (and its JSON endpoint) passes before anything is stored: the honeypot
 * must be empty, the sender's IP within its limit, and the bot check passed.
 */
export async function screenSubmission(
  { env }: CloudflareContext,
  request: Request,
  fields: FormData,
): Promise<Screening> {
  const honeypot = fields.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") {
    return { ok: false, status: 400, message: SCREEN_MESSAGES.honeypot };
  }
  const ip = request.headers.get("CF-Connecting-IP");
  if (ip) {
    const limit = await hitRateLimit(env.CACHE, RATE_LIMITS.requestFormsPerIp, ip);
    if (!limit.allowed) return { ok: false, status: 429, message: SCREEN_MESSAGES.rateLimited };
  }
  const bot = await verifyBotCheck(env, fields, request);
  if (!bot.ok) return { ok: false, status: 400, message: bot.message };
  return { ok: true };
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
