import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { type Route } from "./+types/member-alerts";
import { requireUser } from "~/accounts/guards.server";
import { getAppContext } from "~/context";
import { readFormData } from "~/lib/body.server";
import { redirectWithToast } from "~/lib/toast.server";
import { filtersToSearch } from "~/catalogue/location-filters";
import { pageHref } from "~/lib/pages";
import {
  describeAlert,
  weekAlertFormSchema,
  WEEK_ALERT_MESSAGES as M,
} from "~/week-alerts/week-alerts";
import { removeWeekAlert, saveWeekAlert } from "~/week-alerts/week-alerts.server";

/** The members page lists the alerts; this address only takes their forms. */
export function loader() {
  return redirect("/members#alerts");
}

/** Saves the list's search as an alert (back to the list), or removes one (back to /members). */
export async function action({ request, context }: Route.ActionArgs) {
  const auth = await requireUser(request, context);
  const app = getAppContext(context);
  const submission = parseWithZod(await readFormData(request), { schema: weekAlertFormSchema });
  // Only a forged form sends anything else: refused as bad input, nothing changed.
  if (submission.status !== "success")
    throw data("Choose an alert to save or remove", { status: 400 });
  const form = submission.value;
  if (form.intent === "remove") {
    const removed = await removeWeekAlert(app.db, auth.user.id, form.alertId);
    return redirectWithToast(app, "/members#alerts", {
      type: removed ? "success" : "info",
      message: removed ? M.removed : M.notFound,
    });
  }
  // Back to the list as it was: the same search, filters and page.
  const { intent: _, page, ...filters } = form;
  const back = pageHref("/locations", filtersToSearch(filters), page);
  const saved = await saveWeekAlert(app, auth.user.id, filters);
  if (saved.ok) {
    return redirectWithToast(app, back, {
      type: "success",
      message: M.saved(describeAlert(saved.criteria)),
    });
  }
  const message =
    saved.reason === "unknown-place"
      ? M.unknownPlace
      : saved.reason === "too-many"
        ? M.tooMany
        : M.already;
  return redirectWithToast(app, back, {
    type: saved.reason === "already" ? "info" : "error",
    message,
  });
}
