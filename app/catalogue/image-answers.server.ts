import { type AdminRefusalAnswer } from "~/accounts/guards.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import { readForm } from "~/lib/body.server";
import { DomainError, isDomainError } from "~/lib/errors.server";
import { type CookieEnv } from "~/lib/cookies.server";
import { redirectWithToast } from "~/lib/toast.server";
import { IMAGE_TOASTS, MAX_UPLOAD_BODY_BYTES, type ImageActionResult } from "./image-manager";

/**
 * How /admin/images answers. A plain form post (no JavaScript) gets a redirect to its
 * `redirectTo` page (a same-site path) with a flash toast. The upload's XMLHttpRequest
 * (`Accept: application/json`) and the fetchers (single-fetch `.data` posts, which also carry
 * `_format=json`) get `{ ok: true, message, ids?, order? }` or `{ ok: false, message }` with the
 * refusal's status: never a 5xx for bad input.
 */

export const FALLBACK_PATH = "/admin";

/** A fetcher's submission (React Router's single fetch posts to `{path}.data`). */
function isDataRequest(request: Request) {
  return new URL(request.url).pathname.endsWith(".data");
}

export function acceptsJson(request: Request) {
  return (
    /\bapplication\/json\b/i.test(request.headers.get("Accept") ?? "") || isDataRequest(request)
  );
}

/** The page a form was posted from, when the body is not read (too large, unreadable). */
export function refererPath(request: Request) {
  const referer = request.headers.get("Referer");
  if (!referer) return FALLBACK_PATH;
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(request.url).origin) return FALLBACK_PATH;
    return safeRedirectPath(`${url.pathname}${url.search}`, FALLBACK_PATH);
  } catch {
    return FALLBACK_PATH;
  }
}

/** The answers of one request: JSON, or back to `back` with a toast. */
export function imageAnswers(app: { env: CookieEnv }, json: boolean, back: string) {
  const fail = (status: number, message: string, toast: string) =>
    json
      ? Response.json({ ok: false, message } satisfies ImageActionResult, { status })
      : redirectWithToast(app, back, { type: "error", message: toast });
  return {
    json,
    back,
    done(result: Omit<Extract<ImageActionResult, { ok: true }>, "ok">) {
      if (json) return Response.json({ ok: true, ...result } satisfies ImageActionResult);
      return redirectWithToast(app, back, { type: "success", message: result.message });
    },
    fail,
    /** A refusal with its status and message (`toast` words it for the page); anything else is thrown on. */
    refused(error: unknown, toast: (message: string) => string) {
      if (!isDomainError(error)) throw error;
      return fail(error.status, error.message, toast(error.message));
    },
  };
}

export type ImageAnswers = ReturnType<typeof imageAnswers>;

/**
 * The form, read by the shared reader within the upload's own limit (20 images of 10 MB each,
 * plus the form's overhead): a larger declared body is refused unread, with the upload's words.
 */
export async function readImageForm(request: Request) {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_UPLOAD_BODY_BYTES) {
    throw new DomainError("too-large", IMAGE_TOASTS.tooManyBytes);
  }
  try {
    return await readForm(request, { maxBytes: MAX_UPLOAD_BODY_BYTES });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // The reader's refusal with its status, in the upload's words where it has them.
    const message =
      error.code === "too-large"
        ? IMAGE_TOASTS.tooManyBytes
        : error.code === "invalid"
          ? IMAGE_TOASTS.unreadable
          : error.message;
    throw new DomainError(error.code, message);
  }
}

/**
 * How this route answers a refused admin check, as it answers everything else: a fetcher's data
 * request as the admin pages do (the layout's login screen), the upload's request with JSON, and a
 * form posted without JavaScript back on the page it came from (which then shows the sign-in).
 */
export function adminRefusalAnswer(request: Request): AdminRefusalAnswer {
  if (isDataRequest(request)) return "page";
  return acceptsJson(request) ? "json" : { back: refererPath(request) };
}
