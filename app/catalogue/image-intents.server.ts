import { redirect } from "react-router";
import { z } from "~/lib/zod";
import { type AppContext } from "~/context";
import { ERROR_STATUS } from "~/lib/errors.server";
import { type Actor } from "./audit.server";
import {
  CONFIRM_DELETE_PARAM,
  CONFIRMED_FIELD,
  DELETE_CONFIRM,
  IMAGE_TOASTS,
} from "./image-manager";
import { type ImageAnswers } from "./image-answers.server";
import { deleteImage, IMAGE_MESSAGES, reorderImages, uploadImages } from "./images.server";
import { isIdShaped } from "./ids";
import { parseWithZod } from "@conform-to/zod/v4";

/** A text field, trimmed; anything else (missing, a file) reads as empty, which names nothing. */
const text = z.string().trim().catch("");

/** The image manager's forms: upload, delete and reorder a location's or a room type's pictures. */
const imageIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("upload"),
    locationId: text,
    roomTypeId: text,
    files: z.array(z.instanceof(File)).catch([]),
  }),
  z.object({ intent: z.literal("delete"), imageId: text, [CONFIRMED_FIELD]: text }),
  z.object({
    intent: z.literal("reorder"),
    draggedId: text,
    targetId: text,
    locationId: text,
    roomTypeId: text,
  }),
]);

/** What every form carries besides its intent: where to come back to, and how to answer. */
export const imageFormSchema = z.object({ redirectTo: text, _format: text });

export function parseImageIntent(form: FormData) {
  return parseWithZod(form, { schema: imageIntentSchema });
}

type ImageIntent = z.output<typeof imageIntentSchema>;
type IntentOf<Name extends ImageIntent["intent"]> = Extract<ImageIntent, { intent: Name }>;

export interface ImageRequest {
  app: AppContext;
  actor: Actor;
  answer: ImageAnswers;
}

/** A same-site path with one query parameter set, its fragment kept. */
function withSearchParam(path: string, name: string, value: string) {
  const url = new URL(path, "http://same.site");
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

export async function uploadIntent(
  { app, actor, answer }: ImageRequest,
  { locationId, roomTypeId, files }: IntentOf<"upload">,
) {
  try {
    const ids = await uploadImages(
      app,
      actor,
      { locationId, roomTypeId: roomTypeId || null },
      files,
    );
    return answer.done({ message: IMAGE_TOASTS.uploaded(ids.length), ids });
  } catch (error) {
    return answer.refused(error, IMAGE_TOASTS.uploadFailed);
  }
}

/**
 * A delete is asked first: with JavaScript the page asks before posting; without it, the page
 * comes back with the question beside the image's group.
 */
export async function deleteIntent(
  { app, actor, answer }: ImageRequest,
  { imageId, confirmed }: IntentOf<"delete">,
) {
  if (!isIdShaped(imageId)) {
    const message = IMAGE_MESSAGES.notFound;
    return answer.fail(ERROR_STATUS["not-found"], message, IMAGE_TOASTS.deleteFailed(message));
  }
  if (confirmed !== "yes") {
    if (answer.json) return answer.fail(ERROR_STATUS.invalid, DELETE_CONFIRM, DELETE_CONFIRM);
    return redirect(withSearchParam(answer.back, CONFIRM_DELETE_PARAM, imageId));
  }
  try {
    await deleteImage(app, actor, imageId);
    return answer.done({ message: IMAGE_TOASTS.deleted, ids: [imageId] });
  } catch (error) {
    return answer.refused(error, IMAGE_TOASTS.deleteFailed);
  }
}

export async function reorderIntent(
  { app, actor, answer }: ImageRequest,
  { draggedId, targetId, locationId, roomTypeId }: IntentOf<"reorder">,
) {
  try {
    const order = await reorderImages(app, actor, {
      draggedId,
      targetId,
      pageGroup: { locationId, roomTypeId: roomTypeId || null },
    });
    return answer.done({ message: IMAGE_TOASTS.reordered, order });
  } catch (error) {
    return answer.refused(error, IMAGE_TOASTS.reorderFailed);
  }
}
