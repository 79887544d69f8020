import { redirect } from "react-router";
import { z } from "~/lib/zod";
import { siteCookie, type CookieEnv } from "./cookies.server";

/**
 * One-time messages after a redirect (a signed flash cookie, for 60 s). The root loader reads and
 * clears it; the page shows it as a toast with JavaScript and as a banner without.
 */
const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  message: z.string().max(500),
});

export type Toast = z.infer<typeof toastSchema>;

const toastCookie = siteCookie("__toast", toastSchema, { maxAgeSeconds: 60, signed: true });

/** Redirects to `url` with `toast` to show there; `app`: the request context (its settings). */
export async function redirectWithToast(
  { env }: { env: CookieEnv },
  url: string,
  toast: Toast,
  init?: ResponseInit,
) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie.write(env, toast));
  return redirect(url, { ...init, headers });
}

/** The pending toast, and the header that clears it. */
export async function readToast({ env }: { env: CookieEnv }, request: Request) {
  const { value, clear } = await toastCookie.readWithClear(env, request);
  return { toast: value, clear };
}
