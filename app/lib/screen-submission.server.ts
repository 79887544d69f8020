import { verifyBotCheck } from "~/lib/bot-check.server";
import { type AppContext } from "~/context";
import { rateLimitAddress } from "~/lib/client-address.server";
import { DomainError, RateLimitedError } from "~/lib/errors.server";
import { hitRateLimit, RATE_LIMITS, type RateLimitRule } from "~/lib/rate-limit.server";
import { HONEYPOT_MESSAGE, honeypotFilled } from "~/lib/honeypot";

/** A form's limit per sender's IP address, and its words for a refusal. */
export interface SubmissionLimit {
  rule: RateLimitRule;
  message: (retryAfterSeconds: number) => string;
}

/** The request forms' limit (booking requests, agent applications, support messages). */
export const REQUEST_FORMS_LIMIT: SubmissionLimit = {
  rule: RATE_LIMITS.requestFormsPerIp,
  message: () => "Too many requests. Please wait a few minutes and try again.",
};

/**
 * What every public form (and its JSON endpoint) passes before anything else is done, in this
 * order: the honeypot must be empty (no count spent on a bot that fills it), the sender's IP
 * within the form's limit (counted before the bot check, so failing it costs a try too), and the
 * bot check passed. Returns the refusal, or null when the submission may go on.
 */
export async function screenSubmission(
  { env, db, now }: AppContext,
  request: Request,
  fields: FormData,
  limit: SubmissionLimit,
): Promise<DomainError | null> {
  if (honeypotFilled(fields)) return new DomainError("invalid", HONEYPOT_MESSAGE);
  const address = rateLimitAddress(request);
  if (address) {
    const counted = await hitRateLimit(db, limit.rule, address, now.getTime());
    if (!counted.allowed) {
      return new RateLimitedError(
        limit.message(counted.retryAfterSeconds),
        counted.retryAfterSeconds,
      );
    }
  }
  const bot = await verifyBotCheck(env, fields, request);
  return bot.ok ? null : new DomainError("invalid", bot.message);
}

/** JSON bodies are screened like forms: their top-level string values become the fields. */
export function jsonToFormData(body: Record<string, unknown>) {
  const fields = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      fields.set(key, String(value));
    }
  }
  return fields;
}
