import { type Submission } from "@conform-to/react";
import { coerceFormValue } from "~/lib/zod";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { redirectWithToast } from "~/lib/toast.server";
import { ERROR_STATUS, isDomainError } from "~/lib/errors.server";
import { type CookieEnv } from "~/lib/cookies.server";
import { NOT_FOUND } from "./ids";
import {
  explainFailure,
  refuseUnknown,
  type IntentOf,
  type IntentRequest,
} from "./location-intents.server";
import { adminHref, LOCATION_ADMIN_MESSAGES as M } from "./location-manager";
import {
  createRoomType,
  deleteRoomType,
  moveRoomType,
  reorderRoomTypes,
  requireRoomType,
  setRoomTypePublished,
  updateRoomType,
} from "./room-types.server";
import { roomTypeCreateSchema, roomTypeSchema } from "./schemas";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { localDate } from "~/weeks/calendar";
import { WEEK_CALENDAR_MESSAGES, weekRangeSchema } from "~/weeks/calendar-form";
import { openRoomSeason, setWeekRange } from "~/weeks/week-editor.server";

/** The locations manager's intents for a room type: create, save, delete and reorder. */

/**
 * A refused save: the form comes back with the message, and a toast with JavaScript or a banner
 * without (the form may be gone: a room type deleted in another tab).
 */
function saveFailure(submission: Pick<Submission<unknown>, "reply">, error: unknown) {
  const { message, status } = explainFailure(error, {
    refused: M.saveRoomTypeError,
    failed: M.saveRoomTypeFailed,
  });
  return { result: submission.reply({ formErrors: [message] }), toast: message, status };
}

export async function createRoomTypeIntent(
  { app, actor, formData, here }: IntentRequest,
  { locationId }: IntentOf<"create-room-type">,
) {
  if (!locationId) return refuseUnknown(app, M.saveRoomTypeError(NOT_FOUND.location));
  const submission = parseWithZod(formData, { schema: roomTypeCreateSchema });
  const form = "room-type-create" as const;
  if (submission.status !== "success") {
    return data({ form, locationId, result: submission.reply(), toast: null }, { status: 400 });
  }
  try {
    const roomTypeId = await createRoomType(app, actor, locationId, submission.value.name);
    return redirectWithToast(
      app,
      adminHref({ location: locationId, roomType: roomTypeId, q: here.q }),
      {
        type: "success",
        message: M.roomTypeCreated,
      },
    );
  } catch (error) {
    const { result, toast, status } = saveFailure(submission, error);
    return data({ form, locationId, result, toast }, { status });
  }
}

export async function updateRoomTypeIntent(
  { app, actor, formData, here }: IntentRequest,
  { locationId, roomTypeId, version }: IntentOf<"update-room-type">,
) {
  if (!locationId || !roomTypeId)
    return refuseUnknown(app, M.saveRoomTypeError(NOT_FOUND.roomType));
  const submission = parseWithZod(formData, {
    schema: coerceFormValue(roomTypeSchema),
    disableAutoCoercion: true,
  });
  const form = "room-type" as const;
  if (submission.status !== "success") {
    return data({ form, roomTypeId, result: submission.reply(), toast: null }, { status: 400 });
  }
  try {
    await updateRoomType(app, actor, { locationId, roomTypeId, version }, submission.value);
  } catch (error) {
    const { result, toast, status } = saveFailure(submission, error);
    return data({ form, roomTypeId, result, toast }, { status });
  }
  return redirectWithToast(
    app,
    adminHref({ location: locationId, roomType: roomTypeId, q: here.q }),
    {
      type: "success",
      message: M.roomTypeUpdated,
    },
  );
}

export async function deleteRoomTypeIntent(
  { app, actor, here }: IntentRequest,
  { locationId, roomTypeId, confirmed }: IntentOf<"delete-room-type">,
) {
  if (!locationId || !roomTypeId)
    return refuseUnknown(app, M.deleteRoomTypeError(NOT_FOUND.roomType));
  // Without JavaScript there is no confirm(): the first post asks, the second deletes.
  if (!confirmed) {
    return redirect(
      adminHref({
        location: locationId,
        roomType: roomTypeId,
        q: here.q,
        confirmDelete: "room-type",
      }),
    );
  }
  try {
    await deleteRoomType(app, actor, { locationId, roomTypeId });
  } catch (error) {
    const { message } = explainFailure(error, {
      refused: M.deleteRoomTypeError,
      failed: M.deleteRoomTypeFailed,
    });
    return redirectWithToast(
      app,
      adminHref({ location: locationId, roomType: roomTypeId, q: here.q }),
      {
        type: "error",
        message,
      },
    );
  }
  return redirectWithToast(app, adminHref({ location: locationId, q: here.q }), {
    type: "success",
    message: M.roomTypeDeleted,
  });
}

/**
 * A reorder: Move up / Move down (a form, answered with a redirect) or a drop (a fetcher asking
 * for JSON). A move is confirmed the same way however it was made.
 */
export async function moveRoomTypeIntent(
  { app, actor, here }: IntentRequest,
  intent: IntentOf<"move-room-type">,
) {
  const { roomTypeId, direction, draggedId, targetId, _format: wantsJson } = intent;
  const dropped = draggedId !== undefined || targetId !== undefined;
  const drop =
    dropped && intent.locationId && draggedId && targetId ? { draggedId, targetId } : null;
  const buttons =
    !dropped && intent.locationId && roomTypeId && direction ? { roomTypeId, direction } : null;
  const locationId = drop || buttons ? intent.locationId : null;
  const back = adminHref({
    location: locationId ?? here.location,
    roomType: locationId === null || here.location === locationId ? here.roomType : null,
    q: here.q,
  });
  const failed = (message: string, status: number) =>
    wantsJson
      ? data({ form: "room-type-order" as const, ok: false as const, message }, { status })
      : redirectWithToast(app, back, { type: "error", message });
  const done = (moved: boolean) => {
    if (wantsJson) {
      return data({ form: "room-type-order" as const, ok: true as const, message: null });
    }
    return moved
      ? redirectWithToast(app, back, { type: "success", message: M.roomTypesReordered })
      : redirect(back);
  };

  try {
    if (locationId && drop) {
      if (drop.draggedId === drop.targetId) return done(false);
      await reorderRoomTypes(app, actor, { locationId, ...drop });
      return done(true);
    }
    if (locationId && buttons)
      return done(await moveRoomType(app, actor, { locationId, ...buttons }));
  } catch (error) {
    const { message, status } = explainFailure(error, {
      refused: M.reorderError,
      failed: M.reorderFailed,
    });
    return failed(message, status);
  }
  return failed(M.reorderFailed, ERROR_STATUS.invalid);
}

/**
 * Weeks asked of a room type deleted since the page was opened (by another admin, another tab):
 * back to its location, saying so, rather than its stale calendar with a room type's message.
 */
function roomTypeGone(
  app: { env: CookieEnv },
  locationId: string,
  here: IntentRequest["here"],
  error: Error,
) {
  return redirectWithToast(app, adminHref({ location: locationId, q: here.q }), {
    type: "error",
    message: M.saveWeeksError(error.message),
  });
}

/** The calendar's 'Apply': a range of the room's weeks set open or closed, given a rate, or both. */
export async function setWeeksIntent(
  { app, formData, here }: IntentRequest,
  { locationId, roomTypeId }: IntentOf<"set-weeks">,
) {
  if (!locationId || !roomTypeId)
    return refuseUnknown(app, M.saveRoomTypeError(NOT_FOUND.roomType));
  const submission = parseWithZod(formData, { schema: weekRangeSchema });
  const form = "weeks" as const;
  if (submission.status !== "success") {
    return data({ form, roomTypeId, result: submission.reply(), toast: null }, { status: 400 });
  }
  let room;
  try {
    room = await requireRoomType(app.db, locationId, roomTypeId);
  } catch (error) {
    if (isDomainError(error)) return roomTypeGone(app, locationId, here, error);
    const { result, toast, status } = saveFailure(submission, error);
    return data({ form, roomTypeId, result, toast }, { status });
  }
  const changed = await setWeekRange(app.db, roomTypeId, submission.value, {
    now: app.now,
    today: localDate(app.now, room.timeZone),
  });
  if (changed.weeks === 0 && changed.held === 0) {
    const message = WEEK_CALENDAR_MESSAGES.noWeeks;
    const result = submission.reply({ formErrors: [message] });
    return data({ form, roomTypeId, result, toast: message }, { status: 400 });
  }
  app.ctx.waitUntil(invalidateLocationCaches(app.env.CACHE));
  return redirectWithToast(
    app,
    adminHref({ location: locationId, roomType: roomTypeId, q: here.q }),
    {
      type: "success",
      message: M.weeksSet(changed.weeks, changed.held),
    },
  );
}

/** 'Open 18 months of weeks' for a room with none: a week each Saturday, as the seed opens them. */
export async function openWeeksIntent(
  { app, here }: IntentRequest,
  { locationId, roomTypeId }: IntentOf<"open-weeks">,
) {
  if (!locationId || !roomTypeId)
    return refuseUnknown(app, M.saveRoomTypeError(NOT_FOUND.roomType));
  let room;
  try {
    room = await requireRoomType(app.db, locationId, roomTypeId);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return roomTypeGone(app, locationId, here, error);
  }
  const opened = await openRoomSeason(app.db, roomTypeId, localDate(app.now, room.timeZone));
  app.ctx.waitUntil(invalidateLocationCaches(app.env.CACHE));
  return redirectWithToast(
    app,
    adminHref({ location: locationId, roomType: roomTypeId, q: here.q }),
    {
      type: "success",
      message: M.weeksOpened(opened.opened, opened.closed),
    },
  );
}

/** 'Publish' (on sale, when ready) or 'Move back to draft' (off the site) for a room type. */
export async function publishRoomTypeIntent(
  { app, actor, here }: IntentRequest,
  { locationId, roomTypeId, publish }: IntentOf<"publish-room-type">,
) {
  if (!locationId || !roomTypeId) return refuseUnknown(app, M.publishError(NOT_FOUND.roomType));
  const back = adminHref({ location: locationId, roomType: roomTypeId, q: here.q });
  try {
    await setRoomTypePublished(app, actor, { locationId, roomTypeId, published: publish });
  } catch (error) {
    const { message } = explainFailure(error, { refused: M.publishError, failed: M.unknown });
    return redirectWithToast(app, back, { type: "error", message });
  }
  return redirectWithToast(app, back, {
    type: "success",
    message: publish ? M.roomTypePublished : M.roomTypeUnpublished,
  });
}
