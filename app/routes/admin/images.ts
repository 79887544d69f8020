import { and, eq, isNull, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { type Route } from "./+types/images";
import {
  CONFIRM_DELETE_PARAM,
  CONFIRMED_FIELD,
  DELETE_CONFIRM,
  IMAGE_TOASTS,
  JSON_FIELD,
  MAX_UPLOAD_BODY_BYTES,
  type ImageActionResult,
  type ImageIntent,
} from "~/admin/image-actions";
import { REORDER_MESSAGES, ReorderError } from "~/admin/reorder";
import { ADMIN_MESSAGES, requireAdmin, type AdminRefusal } from "~/auth/guards.server";
import { type Auth } from "~/auth/session.server";
import { safeRedirectPath } from "~/auth/magic-link.server";
import { type AppContext, getAppContext } from "~/context";
import { images } from "~/db/schema";
import { redirectWithToast } from "~/lib/toast.server";
import {
  AdminInputError,
  deleteImage,
  IMAGE_MESSAGES,
  reorderImages,
  uploadImages,
} from "~/models/admin-catalogue.server";

/**
 * The image manager's action (spec sections 2, 4, 5 and 8): upload, delete and reorder a
 * location's or a room type's pictures. Every rule is checked here.
 *
 * - A plain form post (no JavaScript) is answered with a redirect to its `redirectTo` page (a
 *   same-site path) and a flash toast.
 * - The upload's XMLHttpRequest (`Accept: application/json`) and the fetchers (single-fetch
 *   `.data` posts, which also carry `_format=json`) get `{ ok: true, message, ids?, order? }` or
 *   `{ ok: false, message }`: 413 for a file over 10 MB (or a body over 20 of them), 415
 *   for a file that is not an image, 404 for an unknown location, room type or picture, 400 for
 *   anything else wrong with the input; never a 5xx for bad input.
 */

const FALLBACK_PATH = "/admin";
const MAX_ID_LENGTH = 100;

type Json = { wants: boolean };

/** The answer for a refused or failed request: JSON, or back to the page with a toast. */
function fail(json: Json, back: string, status: number, message: string, toast: string) {
  if (json.wants)
    return Response.json({ ok: false, message } satisfies ImageActionResult, { status });
  return redirectWithToast(back, { type: "error", message: toast });
}

function done(
  json: Json,
  back: string,
  result: Omit<Extract<ImageActionResult, { ok: true }>, "ok">,
) {
  if (json.wants) return Response.json({ ok: true, ...result } satisfies ImageActionResult);
  return redirectWithToast(back, { type: "success", message: result.message });
}

/** A fetcher's submission (React Router's single fetch posts to `{path}.data`). */
function isDataRequest(request: Request) {
  return new URL(request.url).pathname.endsWith(".data");
}

function acceptsJson(request: Request) {
  return (
    /\bapplication\/json\b/i.test(request.headers.get("Accept") ?? "") || isDataRequest(request)
  );
}

/** The page a form was posted from, when the body is not read (too large, unreadable). */
function refererPath(request: Request) {
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

/** Resource routes skip React Router's own check: a post from another site is refused. */
function isCrossSite(request: Request) {
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== new URL(request.url).origin) return true;
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}

function refusalPage(status: number, message: string, headers?: HeadersInit) {
  const escaped = message.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Access denied</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f2a43"><h1>Access denied</h1><p>${escaped}</p><p><a href="/admin">Sign in to the admin</a></p></body></html>`;
  const response = new Response(html, { status, headers });
  response.headers.set("Content-Type", "text/html; charset=utf-8");
  response.headers.set("Cache-Control", "no-store");
  return response;
}

function isRefusal(value: unknown): value is { data: AdminRefusal; init: ResponseInit | null } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit" &&
    typeof (value as { data?: unknown }).data === "object" &&
    (value as { data: object | null }).data !== null &&
    "adminAccess" in (value as { data: object }).data
  );
}

/**
 * requireAdmin, answered in this route's terms: a resource route has no page to render the
 * admin login screen on, so a refusal keeps its status (401, 403, 429) and headers (the cleared
 * session cookie, Retry-After) with a JSON message or a short page linking to the sign-in.
 */
async function requireImageAdmin(
  request: Request,
  context: Route.ActionArgs["context"],
  json: Json,
): Promise<Auth> {
  try {
    return await requireAdmin(request, context);
  } catch (error) {
    // A fetcher's refusal reaches the admin layout's boundary: the admin login screen.
    if (isDataRequest(request)) throw error;
    if (isRefusal(error)) {
      const status = error.init?.status ?? 403;
      const message =
        error.data.message ??
        (error.data.adminAccess === "signed-out"
          ? ADMIN_MESSAGES.noSession
          : ADMIN_MESSAGES.accessDenied);
      const headers = new Headers(error.init?.headers);
      if (json.wants) {
        const response = Response.json({ ok: false, message } satisfies ImageActionResult, {
          status,
          headers,
        });
        throw response;
      }
      throw refusalPage(status, message, headers);
    }
    // A redirect to the authenticator-code step: JSON callers are told instead of followed.
    if (json.wants && error instanceof Response && error.status >= 300 && error.status < 400) {
      throw Response.json(
        {
          ok: false,
          message: "A verification code from your authenticator app is required.",
        } satisfies ImageActionResult,
        { status: 403 },
      );
    }
    throw error;
  }
}

/** A same-site path with one query parameter set, its fragment kept. */
function withSearchParam(path: string, name: string, value: string) {
  const url = new URL(path, "http://same.site");
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A short text field (ids); anything else reads as empty. */
function text(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

const validId = (value: string) => value.length > 0 && value.length <= MAX_ID_LENGTH;

function statusOf(message: string) {
  if (message === IMAGE_MESSAGES.tooLarge) return 413;
  if (message === IMAGE_MESSAGES.onlyImages) return 415;
  if (
    message === IMAGE_MESSAGES.notFound ||
    message === "Location not found" ||
    message === "Room type not found"
  ) {
    return 404;
  }
  return 400;
}

/** The messages of the model's input errors; anything else is a real failure (5xx). */
function inputMessage(error: unknown) {
  if (error instanceof AdminInputError || error instanceof ReorderError) return error.message;
  return null;
}

/**
 * The model answers "No images found in the group" when the dragged picture is unknown (it finds
 * the group through it). When the page's group does have pictures, the dragged one is simply not
 * in the list: the spec's indices message (section 5, "Reordering").
 */
async function reorderMessage(
  { db }: AppContext,
  message: string,
  group: { locationId: string; roomTypeId: string | null },
) {
  if (message !== REORDER_MESSAGES.noImages || !validId(group.locationId)) return message;
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(images)
    .where(
      and(
        eq(images.locationId, group.locationId),
        group.roomTypeId ? eq(images.roomTypeId, group.roomTypeId) : isNull(images.roomTypeId),
      ),
    );
  return (row?.count ?? 0) > 0 ? REORDER_MESSAGES.imageIndices : message;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireImageAdmin(request, context, { wants: acceptsJson(request) });
  // Nothing to show here: the image manager lives on the locations page.
  return redirect(FALLBACK_PATH);
}

export async function action({ request, context }: Route.ActionArgs) {
  const json: Json = { wants: acceptsJson(request) };
  if (isCrossSite(request)) {
    return json.wants
      ? Response.json(
          { ok: false, message: "Cross-site request refused" } satisfies ImageActionResult,
          { status: 403 },
        )
      : new Response("Cross-site request refused", { status: 403 });
  }
  const auth = await requireImageAdmin(request, context, json);
  const actor = { email: auth.user.email };
  const cloudflare = getAppContext(context);

  if (request.method !== "POST") {
    return fail(json, refererPath(request), 405, "Method not allowed", "Method not allowed");
  }
  // Refused before reading: 20 files of 10 MB each, plus the form's overhead.
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > MAX_UPLOAD_BODY_BYTES) {
    return fail(
      json,
      refererPath(request),
      413,
      IMAGE_TOASTS.tooManyBytes,
      IMAGE_TOASTS.uploadFailed(IMAGE_TOASTS.tooManyBytes),
    );
  }

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return fail(
      json,
      refererPath(request),
      400,
      IMAGE_TOASTS.unreadable,
      IMAGE_TOASTS.uploadFailed(IMAGE_TOASTS.unreadable),
    );
  }
  if (text(form, JSON_FIELD) === "json") json.wants = true;
  const back = safeRedirectPath(text(form, "redirectTo") || null, FALLBACK_PATH);
  const intent = text(form, "intent") as ImageIntent;

  switch (intent) {
    case "upload": {
      const locationId = text(form, "locationId");
      const roomTypeId = text(form, "roomTypeId") || null;
      if (!validId(locationId))
        return fail(
          json,
          back,
          404,
          "Location not found",
          IMAGE_TOASTS.uploadFailed("Location not found"),
        );
      if (roomTypeId !== null && !validId(roomTypeId)) {
        return fail(
          json,
          back,
          404,
          "Room type not found",
          IMAGE_TOASTS.uploadFailed("Room type not found"),
        );
      }
      const files = form
        .getAll("files")
        .filter((value): value is File => typeof value !== "string");
      try {
        const ids = await uploadImages(cloudflare, actor, { locationId, roomTypeId }, files);
        return done(json, back, { message: IMAGE_TOASTS.uploaded(ids.length), ids });
      } catch (error) {
        const message = inputMessage(error);
        if (message === null) throw error;
        return fail(json, back, statusOf(message), message, IMAGE_TOASTS.uploadFailed(message));
      }
    }
    case "delete": {
      const imageId = text(form, "imageId");
      if (!validId(imageId))
        return fail(
          json,
          back,
          404,
          IMAGE_MESSAGES.notFound,
          IMAGE_TOASTS.deleteFailed(IMAGE_MESSAGES.notFound),
        );
      // A delete is asked first: with JavaScript the page asks before posting; without it, the
      // page comes back with the question beside the image's group.
      if (text(form, CONFIRMED_FIELD) !== "yes") {
        if (json.wants) return fail(json, back, 400, DELETE_CONFIRM, DELETE_CONFIRM);
        return redirect(withSearchParam(back, CONFIRM_DELETE_PARAM, imageId));
      }
      try {
        await deleteImage(cloudflare, actor, imageId);
        return done(json, back, { message: IMAGE_TOASTS.deleted, ids: [imageId] });
      } catch (error) {
        const message = inputMessage(error);
        if (message === null) throw error;
        return fail(json, back, statusOf(message), message, IMAGE_TOASTS.deleteFailed(message));
      }
    }
    case "reorder": {
      const draggedId = text(form, "draggedId").slice(0, MAX_ID_LENGTH + 1);
      const targetId = text(form, "targetId").slice(0, MAX_ID_LENGTH + 1);
      try {
        // An over-long or missing id is simply not in the set: the model's own message.
        const order = await reorderImages(cloudflare, actor, {
          draggedId: validId(draggedId) ? draggedId : "",
          targetId: validId(targetId) ? targetId : "",
        });
        return done(json, back, { message: IMAGE_TOASTS.reordered, order });
      } catch (error) {
        const thrown = inputMessage(error);
        if (thrown === null) throw error;
        const message = await reorderMessage(cloudflare, thrown, {
          locationId: text(form, "locationId"),
          roomTypeId: text(form, "roomTypeId") || null,
        });
        return fail(json, back, statusOf(message), message, IMAGE_TOASTS.reorderFailed(message));
      }
    }
    default:
      return fail(json, back, 400, IMAGE_TOASTS.unknownIntent, IMAGE_TOASTS.unknownIntent);
  }
}
