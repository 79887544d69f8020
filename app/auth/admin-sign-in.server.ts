import { redirect } from "react-router";
import { z } from "~/lib/zod";
import { type MagicLinkOutcome } from "./login-schema";
import { safeRedirectPath } from "./magic-link.server";

/**
 * The admin sign-in screen posts to /login like the sign-in page does, and its answer brings the
 * admin back to the admin page the form was on, with the outcome in a one-time cookie. So the
 * screen keeps its place (and the link sent returns there) with and without JavaScript, and a
 * reload does not post again.
 */

const COOKIE = "__admin_sign_in";

const flashSchema = z.object({
  email: z.string().max(320),
  emailError: z.string().max(200).optional(),
  formError: z.string().max(500).optional(),
  retryAfterSeconds: z.number().int().positive().max(86_400).optional(),
  sentTo: z.string().max(320).optional(),
});

export type AdminSignInFlash = z.infer<typeof flashSchema>;

/** The admin page to return to: an /admin address, or /admin. */
export function adminReturnPath(dest: string | null | undefined) {
  const path = safeRedirectPath(dest, "/admin");
  return /^\/admin(?:[/?#]|$)/.test(path) ? path : "/admin";
}

export function redirectToAdminSignIn(dest: string | null | undefined, flash: AdminSignInFlash) {
  const value = encodeURIComponent(JSON.stringify(flash));
  return redirect(adminReturnPath(dest), {
    headers: { "Set-Cookie": `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60` },
  });
}

/** The pending outcome as the sign-in form reads an action's answer, and the header that clears it. */
export function readAdminSignIn(request: Request): {
  outcome: MagicLinkOutcome | null;
  clear: string | null;
} {
  const raw = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIE}=`));
  if (!raw) return { outcome: null, clear: null };
  const clear = `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(raw.slice(COOKIE.length + 1)));
  } catch {
    return { outcome: null, clear };
  }
  const flash = flashSchema.safeParse(parsed);
  if (!flash.success) return { outcome: null, clear };
  const { email, emailError, formError, retryAfterSeconds, sentTo } = flash.data;
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
