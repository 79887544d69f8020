import { type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { type AppContext } from "~/context";
import { ERROR_STATUS, isDomainError } from "~/lib/errors.server";
import { type CookieEnv } from "~/lib/cookies.server";
import { redirectWithToast } from "~/lib/toast.server";
import { type Actor } from "./audit.server";
import { NOT_FOUND } from "./ids";
import {
  adminHref,
  LOCATION_ADMIN_MESSAGES as M,
  withSlugFromName,
  type LocationIntent,
} from "./location-manager";
import {
  createLocation,
  deleteLocation,
  publishLocation,
  SEARCH_MAX,
  updateLocation,
} from "./location-manager.server";
import { locationSchema } from "./schemas";

/**
 * The locations manager's intents for a location. Each answers as the page needs it: a redirect
 * with a toast after a change, or the form back with its errors (and a toast with JavaScript).
 */

/** Where the admin was (the forms post to the page's own address), for the redirect back. */
export interface Selection {
  location: string | null;
  roomType: string | null;
  q: string | null;
}

export function selectionOf(request: Request): Selection {
  const params = new URL(request.url).searchParams;
  return {
    location: params.get("location"),
    roomType: params.get("roomType"),
    q: params.get("q")?.slice(0, SEARCH_MAX) ?? null,
  };
}

/** One intent's work: who asks, what was posted, and where from. */
export interface IntentRequest {
  app: AppContext;
  actor: Actor;
  formData: FormData;
  here: Selection;
}

export type IntentOf<Name extends LocationIntent["intent"]> = Extract<
  LocationIntent,
  { intent: Name }
>;

/**
 * A failed write in the admin's words: a refusal with its message and status, or storage that
 * failed, logged, with the generic message and 503 (a write is one batch: nothing was kept, and
 * trying again is safe).
 */
export function explainFailure(
  error: unknown,
  words: { refused: (message: string) => string; failed: string },
) {
  if (isDomainError(error)) {
    return { message: words.refused(error.message), status: error.status, refusal: error };
  }
  console.error(words.failed, error);
  return { message: words.failed, status: ERROR_STATUS.unavailable, refusal: null };
}

/** A post naming no location (or room type): back to the page with the error as a toast. */
export const refuseUnknown = (app: { env: CookieEnv }, message: string) =>
  redirectWithToast(app, adminHref(), { type: "error", message });

const locationReply = (locationId: string | null, result: SubmissionResult<string[]>) => ({
  form: "location" as const,
  locationId,
  result,
});

/** A refused save: on the field it is about, or on the form; with JavaScript, also a toast. */
function locationFailure(
  submission: Pick<Submission<unknown>, "reply">,
  locationId: string | null,
  error: unknown,
) {
  const { message, status, refusal } = explainFailure(error, {
    refused: M.saveLocationError,
    failed: M.saveLocationFailed,
  });
  const result = refusal?.field
    ? submission.reply({ fieldErrors: { [refusal.field]: [refusal.message] } })
    : submission.reply({ formErrors: [message] });
  return data({ ...locationReply(locationId, result), toast: message }, { status });
}

export async function createLocationIntent({ app, actor, formData, here }: IntentRequest) {
  const submission = parseWithZod(withSlugFromName(formData), { schema: locationSchema });
  if (submission.status !== "success") {
    return data({ ...locationReply(null, submission.reply()), toast: null }, { status: 400 });
  }
  try {
    const id = await createLocation(app, actor, submission.value);
    return redirectWithToast(app, adminHref({ location: id, q: here.q }), {
      type: "success",
      message: M.locationCreated,
    });
  } catch (error) {
    return locationFailure(submission, null, error);
  }
}

export async function updateLocationIntent(
  { app, actor, formData, here }: IntentRequest,
  { locationId, version }: IntentOf<"update-location">,
) {
  if (!locationId) return refuseUnknown(app, M.saveLocationError(NOT_FOUND.location));
  const submission = parseWithZod(formData, { schema: locationSchema });
  if (submission.status !== "success") {
    return data({ ...locationReply(locationId, submission.reply()), toast: null }, { status: 400 });
  }
  try {
    await updateLocation(app, actor, locationId, submission.value, version);
  } catch (error) {
    return locationFailure(submission, locationId, error);
  }
  const roomType = here.location === locationId ? here.roomType : null;
  return redirectWithToast(app, adminHref({ location: locationId, roomType, q: here.q }), {
    type: "success",
    message: M.locationUpdated,
  });
}

export async function deleteLocationIntent(
  { app, actor, here }: IntentRequest,
  { locationId, confirmed }: IntentOf<"delete-location">,
) {
  if (!locationId) return refuseUnknown(app, M.deleteLocationError(NOT_FOUND.location));
  // Without JavaScript there is no confirm(): the first post asks, the second deletes.
  if (!confirmed) {
    return redirect(adminHref({ location: locationId, q: here.q, confirmDelete: "location" }));
  }
  try {
    await deleteLocation(app, actor, locationId);
  } catch (error) {
    const { message } = explainFailure(error, {
      refused: M.deleteLocationError,
      failed: M.deleteLocationFailed,
    });
    return redirectWithToast(app, adminHref({ location: locationId, q: here.q }), {
      type: "error",
      message,
    });
  }
  return redirectWithToast(app, adminHref({ q: here.q }), {
    type: "success",
    message: M.locationDeleted,
  });
}

/** 'Publish' for a draft or hidden location: on the site. */
export async function publishLocationIntent(
  { app, actor, here }: IntentRequest,
  { locationId }: IntentOf<"publish-location">,
) {
  if (!locationId) return refuseUnknown(app, M.publishError(NOT_FOUND.location));
  const back = adminHref({ location: locationId, roomType: here.roomType, q: here.q });
  try {
    await publishLocation(app, actor, locationId);
  } catch (error) {
    const { message } = explainFailure(error, { refused: M.publishError, failed: M.unknown });
    return redirectWithToast(app, back, { type: "error", message });
  }
  return redirectWithToast(app, back, { type: "success", message: M.locationPublished });
}
