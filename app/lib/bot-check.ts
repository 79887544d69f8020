// Shared by the bot-check form field (components/bot-check.tsx) and its verification
// (auth/bot-check.server.ts).

/** The form field carrying the Turnstile token (Turnstile's own default name). */
export const BOT_CHECK_FIELD = "cf-turnstile-response";

/** The value of the local stand-in's checkbox; accepted only in development without a secret. */
export const DEV_BOT_CHECK_TOKEN = "dev-bot-check-passed";
