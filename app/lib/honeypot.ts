/**
 * The honeypot every public form carries (the request forms and sign-in): a field only bots fill
 * in, checked first, before any limit is counted or the bot check is asked.
 */

export const HONEYPOT_FIELD = "website";

export const HONEYPOT_MESSAGE = "Form not submitted properly";

/** Whether a submission filled the honeypot. */
export function honeypotFilled(fields: FormData) {
  const value = fields.get(HONEYPOT_FIELD);
  return typeof value === "string" && value !== "";
}
