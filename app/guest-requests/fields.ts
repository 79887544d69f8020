import { type SubmissionResult } from "@conform-to/react";
import { answerOrKeep } from "~/lib/not-sent";
import { z } from "~/lib/zod";
import { stripControlCharacters, trimInvisible } from "~/lib/text";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

/**
 * What the three request forms share, in the browser (conform) and on the server: the sender's
 * fields with their messages, and the hidden fields every request form carries.
 */

export const SENDER_MESSAGES = {
  names: "Please enter both first and last name",
  email: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  phone: "Please enter your phone number",
  phoneInvalid: "Please enter a valid phone number",
  tooLong: (max: number) => `Please keep this under ${max} characters`,
} as const;

/** Shown when the form's hidden fields are not ours (an old or tampered page). */
export const RELOAD_MESSAGE = "This form has expired. Please reload the page and try again.";

/** The form's one-time key (a double submit stores one request). */
export const IDEMPOTENCY_FIELD = "idempotencyKey";

/**
 * Required text: control characters removed (line breaks kept in long text), then trimmed of
 * whitespace and invisible characters.
 */
export function text(required: string, max: number, { multiline = false } = {}) {
  return z.preprocess(
    (value) =>
      typeof value === "string"
        ? trimInvisible(stripControlCharacters(value, { keepLineBreaks: multiline }))
        : value,
    z
      .string({ error: required })
      // A blank answer is missing, not also too short or otherwise wrong: one message.
      .min(1, { error: required, abort: true })
      .max(max, SENDER_MESSAGES.tooLong(max)),
  );
}

/** Optional long text: blank counts as not given. */
export function optionalText(max: number) {
  return z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const cleaned = trimInvisible(stripControlCharacters(value, { keepLineBreaks: true }));
      return cleaned === "" ? undefined : cleaned;
    },
    z.string().max(max, SENDER_MESSAGES.tooLong(max)).optional(),
  );
}

const email = z.preprocess(
  (value) => (typeof value === "string" ? stripControlCharacters(value).trim() : value),
  z
    .string({ error: SENDER_MESSAGES.email })
    .min(1, { error: SENDER_MESSAGES.email, abort: true })
    .max(254, SENDER_MESSAGES.emailInvalid)
    .email(SENDER_MESSAGES.emailInvalid),
);

/** Written as people write them: digits with + ( ) - . / and spaces, and an extension after. */
const PHONE_NUMBER = /^\+?[\d\s().\-/]+?(?:\s*(?:ext\.?|x)\s*\d{1,6})?$/i;

/**
 * A number staff can call: 7 to 15 digits before any extension (E.164 allows 15). A blank one
 * has its own message (the field is required).
 */
function isPhoneNumber(value: string) {
  if (value === "") return true;
  if (!PHONE_NUMBER.test(value)) return false;
  const digits = value.replace(/(?:ext\.?|x)\s*\d+$/i, "").replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}

/**
 * Who a member's request is from: first and last name (both required, one message for the pair)
 * and phone (each form has its own message for a missing phone). Its address is the account's.
 */
export function memberFields({ phoneRequired }: { phoneRequired: string }) {
  return {
    firstName: text(SENDER_MESSAGES.names, 100),
    lastName: text(SENDER_MESSAGES.names, 100),
    phone: text(phoneRequired, 40).refine(isPhoneNumber, SENDER_MESSAGES.phoneInvalid),
  };
}

/** Who sends a form anyone may send: a member's fields and the e-mail to answer. */
export function senderFields(options: { phoneRequired: string }) {
  const { firstName, lastName, phone } = memberFields(options);
  return { firstName, lastName, email, phone };
}

/** The one-time key (made by the page's loader) and the honeypot, which must stay empty. */
export const hiddenFields = {
  [IDEMPOTENCY_FIELD]: z.string().uuid().optional(),
  [HONEYPOT_FIELD]: z.string().max(0).optional(),
};

/** What a request page's action answers when it does not redirect: one shape for every outcome. */
export interface RequestFormReply {
  result: SubmissionResult<string[]>;
  /** The e-mail the request was sent with, once it is stored (the page shows its success screen). */
  sentTo: string | null;
  /** With JavaScript, a refusal is also shown as a toast. */
  toast: string | null;
}

/** What a request kind says when it could not be sent or stored: on its form, and in short. */
export interface NotSentMessages {
  /** The page's form message. */
  notStored: string;
  /** The same in short: the page's toast, and the JSON endpoint's answer. */
  notStoredShort: string;
}

/**
 * A request page's clientAction (with JavaScript): the page's action, and when the connection drops
 * on the way (no answer at all), an answer of its own. The form keeps what was typed and its
 * one-time key, so that sending it again stores one request even if the first reached the server,
 * and it says so as a refusal from the server would.
 */
export function sendOrKeep<Reply>(
  args: { request: Request; serverAction: () => Promise<Reply> },
  messages: NotSentMessages,
) {
  return answerOrKeep(args, (typed): RequestFormReply => ({
    result: { status: "error", initialValue: typed, error: { "": [messages.notStored] } },
    sentTo: null,
    toast: messages.notStoredShort,
  }));
}
