import { type SubmissionResult } from "@conform-to/react";
import { z } from "~/lib/zod";

/**
 * The magic-link form, shared by the browser (conform) and the /login action. The sign-in page
 * and the admin screens word the missing e-mail differently.
 */
const LOGIN_VARIANTS = ["login", "admin"] as const;
export type LoginVariant = (typeof LOGIN_VARIANTS)[number];

const missingEmail: Record<LoginVariant, string> = {
  login: "Please enter your email.",
  admin: "Please enter your email address.",
};

export function loginSchema(variant: LoginVariant) {
  return z.object({
    email: z
      .string({ error: missingEmail[variant] })
      .trim()
      .min(1, missingEmail[variant])
      .max(254, "Please enter a valid email address.")
      .email("Please enter a valid email address."),
    dest: z.string().max(2000).optional(),
    // A value that is not ours (an old or tampered form) is the sign-in page's, as variantOf reads it.
    variant: z.enum(LOGIN_VARIANTS).catch("login"),
  });
}

export function variantOf(value: FormDataEntryValue | null): LoginVariant {
  return value === "admin" ? "admin" : "login";
}

/** The sign-in messages, word for word. */
export const LOGIN_MESSAGES = {
  rateLimited: (seconds: number) =>
    `Rate limited. Please wait ${seconds} seconds before requesting another magic link. Do not click the button again until the timer expires.`,
  expired: "The magic link has expired or is invalid. Please request a new one.",
  failed: "Failed to send magic link. Please try again.",
} as const;

/** What a sign-in request answered, for the form that sent it. */
export interface MagicLinkOutcome {
  result: SubmissionResult<string[]>;
  sentTo?: string;
  retryAfterSeconds?: number;
}
