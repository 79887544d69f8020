import { redirect } from "react-router";
import { type Route } from "./+types/images";
import { formValues } from "~/admin/form-values";
import { IMAGE_TOASTS } from "~/admin/image-actions";
import {
  deleteIntent,
  imageFormSchema,
  parseImageIntent,
  reorderIntent,
  uploadIntent,
} from "~/admin/image-intents.server";
import {
  acceptsJson,
  adminRefusalAnswer,
  FALLBACK_PATH,
  imageAnswers,
  readImageForm,
  refererPath,
} from "~/admin/image-requests.server";
import { requireAdmin } from "~/auth/guards.server";
import { safeRedirectPath } from "~/auth/magic-link.server";
import { getAppContext } from "~/context";
import { ERROR_STATUS } from "~/lib/errors.server";

/**
 * The image manager's action: upload, delete and reorder a location's or a room type's pictures,
 * answered with JSON or a redirect back (app/admin/image-requests.server.ts). Every rule is
 * checked on the server.
 */

const METHOD_NOT_ALLOWED = 405;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, adminRefusalAnswer(request));
  // Nothing to show here: the image manager lives on the locations page.
  return redirect(FALLBACK_PATH);
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = await requireAdmin(request, context, adminRefusalAnswer(request));
  const json = acceptsJson(request);
  const unread = imageAnswers(json, refererPath(request));
  if (request.method !== "POST") {
    return unread.fail(METHOD_NOT_ALLOWED, "Method not allowed", "Method not allowed");
  }
  let form: FormData;
  try {
    form = await readImageForm(request);
  } catch (error) {
    return unread.refused(error, IMAGE_TOASTS.uploadFailed);
  }

  const { redirectTo, _format } = imageFormSchema.parse(formValues(form));
  const answer = imageAnswers(
    json || _format === "json",
    safeRedirectPath(redirectTo || null, FALLBACK_PATH),
  );
  const parsed = parseImageIntent(form);
  if (!parsed.success) {
    const message = IMAGE_TOASTS.unknownIntent;
    return answer.fail(ERROR_STATUS.invalid, message, message);
  }
  const work = { app: getAppContext(context), actor: { email: auth.user.email }, answer };
  switch (parsed.data.intent) {
    case "upload":
      return uploadIntent(work, parsed.data);
    case "delete":
      return deleteIntent(work, parsed.data);
    case "reorder":
      return reorderIntent(work, parsed.data);
  }
}
