import { redirect } from "react-router";

/**
 * One-time messages after a redirect (a flash cookie). The root loader reads and clears it; the
 * page shows it as a toast with JavaScript and as a banner without.
 */
export interface Toast {
  type: "success" | "error" | "info";
  message: string;
}

const COOKIE = "__toast";

function toastCookie(toast: Toast) {
  const value = encodeURIComponent(JSON.stringify(toast));
  return `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

export function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/** The pending toast, and the header that clears it. */
export function readToast(request: Request): { toast: Toast | null; clear: string | null } {
  const cookies = request.headers.get("Cookie") ?? "";
  const raw = cookies
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIE}=`));
  if (!raw) return { toast: null, clear: null };
  const clear = `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
  try {
    const parsed = JSON.parse(decodeURIComponent(raw.slice(COOKIE.length + 1)));
    const valid =
      ["success", "error", "info"].includes(parsed?.type) &&
      typeof parsed?.message === "string" &&
      parsed.message.length <= 500;
    return { toast: valid ? { type: parsed.type, message: parsed.message } : null, clear };
  } catch {
    return { toast: null, clear };
  }
}
