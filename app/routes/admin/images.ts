import { redirect } from "react-router";
import { type Route } from "./+types/images";
import { IMAGE_TOASTS } from "~/catalogue/image-manager";
import {
  deleteIntent,
  imageFormSchema,
  parseImageIntent,
  reorderIntent,
  uploadIntent,
} from "~/catalogue/image-intents.server";
import {
  acceptsJson,
  adminRefusalAnswer,
  FALLBACK_PATH,
  imageAnswers,
  readImageForm,
  refererPath,
} from "~/catalogue/image-answers.server";
import { requireAdmin } from "~/accounts/guards.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import { getAppContext } from "~/context";
import { ERROR_STATUS } from "~/lib/errors.server";
import { parseWithZod } from "@conform-to/zod/v4";

/**
 * The image manager's action: upload, delete and reorder a location's or a room type's pictures,
 * answered with JSON or a redirect back (app/catalogue/image-answers.server.ts). Every rule is
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
  const app = getAppContext(context);
  const json = acceptsJson(request);
  const unread = imageAnswers(app, json, refererPath(request));
  if (request.method !== "POST") {
    return unread.fail(METHOD_NOT_ALLOWED, "Method not allowed", "Method not allowed");
  }
  let form: FormData;
  try {
    form = await readImageForm(request);
  } catch (error) {
    return unread.refused(error, IMAGE_TOASTS.uploadFailed);
  }

  const answerTo = parseWithZod(form, { schema: imageFormSchema });
  const { redirectTo, _format } =
    answerTo.status === "success" ? answerTo.value : { redirectTo: "", _format: "" };
  const answer = imageAnswers(
    app,
    json || _format === "json",
    safeRedirectPath(redirectTo || null, FALLBACK_PATH),
  );
  const submission = parseImageIntent(form);
  if (submission.status !== "success") {
    const message = IMAGE_TOASTS.unknownIntent;
    return answer.fail(ERROR_STATUS.invalid, message, message);
  }
  const intent = submission.value;
  const work = { app, actor: { email: auth.user.email }, answer };
  switch (intent.intent) {
    case "upload":
      return uploadIntent(work, intent);
    case "delete":
      return deleteIntent(work, intent);
    case "reorder":
      return reorderIntent(work, intent);
  }
}
