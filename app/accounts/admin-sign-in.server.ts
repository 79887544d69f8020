import { redirect } from "react-router";
import { siteCookie, type CookieEnv } from "~/lib/cookies.server";
import { z } from "~/lib/zod";
import { type MagicLinkOutcome } from "./login-schema";
import { safeRedirectPath } from "~/lib/redirect-path";

/**
 * The admin sign-in screen posts to /login like the sign-in page does, and its answer brings the
 * admin back to the admin page the form was on, with the outcome in a one-time cookie. So the
 * screen keeps its place (and the link sent returns there) with and without JavaScript, and a
 * reload does not post again.
 */

const flashSchema = z.object({
  email: z.string().max(320),
  emailError: z.string().max(200).optional(),
  formError: z.string().max(500).optional(),
  retryAfterSeconds: z.number().int().positive().max(86_400).optional(),
  sentTo: z.string().max(320).optional(),
});

export type AdminSignInFlash = z.infer<typeof flashSchema>;

const flashCookie = siteCookie("__admin_sign_in", flashSchema, { maxAgeSeconds: 60, signed: true });

/** The admin page to return to: an /admin address, or /admin. */
export function adminReturnPath(dest: string | null | undefined) {
  const path = safeRedirectPath(dest, "/admin");
  return /^\/admin(?:[/?#]|$)/.test(path) ? path : "/admin";
}

export async function redirectToAdminSignIn(
  { env }: { env: CookieEnv },
  dest: string | null | undefined,
  flash: AdminSignInFlash,
) {
  return redirect(adminReturnPath(dest), {
    headers: { "Set-Cookie": await flashCookie.write(env, flash) },
  });
}

/** The pending outcome as the sign-in form reads an action's answer, and the header that clears it. */
export async function readAdminSignIn(
  { env }: { env: CookieEnv },
  request: Request,
): Promise<{
  outcome: MagicLinkOutcome | null;
  clear: string | null;
}> {
  const { value: flash, clear } = await flashCookie.readWithClear(env, request);
  if (!flash) return { outcome: null, clear };
  const { email, emailError, formError, retryAfterSeconds, sentTo } = flash;
  const failed = Boolean(emailError || formError);
  return {
    outcome: {
      result: {
        status: failed ? "error" : "success",
        initialValue: failed ? { email } : null,
        error: failed
          ? { email: emailError ? [emailError] : null, "": formError ? [formError] : null }
          : {},
      },
      ...(sentTo ? { sentTo } : {}),
      ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
    },
    clear,
  };
}
