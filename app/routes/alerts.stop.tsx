import { data, Form, Link } from "react-router";
import { type Route } from "./+types/alerts.stop";
import { getAppContext } from "~/context";
import { buttonClass } from "~/components/forms";
import { pageMeta } from "~/lib/seo";
import { describeAlert, WEEK_ALERT_MESSAGES as M } from "~/week-alerts/week-alerts";
import { alertOfStopToken, stoppableAlert, stopWeekAlert } from "~/week-alerts/week-alerts.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Stop a week alert",
    description: "Stop the e-mails of a week alert.",
    noindex: true,
  });

/** The link's alert, by its signed token (the token is the whole proof: no sign-in). */
async function alertOfLink(request: Request, env: Env) {
  const token = new URL(request.url).searchParams.get("token")?.slice(0, 2000) ?? "";
  return token ? alertOfStopToken(env, token) : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, db } = getAppContext(context);
  const alertId = await alertOfLink(request, env);
  if (!alertId) return data({ state: "bad-link" as const, search: null }, { status: 400 });
  const alert = await stoppableAlert(db, alertId);
  return alert
    ? { state: "asking" as const, search: describeAlert(alert) }
    : { state: "stopped" as const, search: null };
}

/**
 * Stops the alert: from the page's button, or a mail program's one-click unsubscribe (RFC 8058),
 * which posts to the same link. Done whether it was there or not.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, db } = getAppContext(context);
  const alertId = await alertOfLink(request, env);
  if (!alertId) return data({ state: "bad-link" as const, search: null }, { status: 400 });
  await stopWeekAlert(db, alertId);
  return { state: "stopped" as const, search: null };
}

export default function StopAlert({ loaderData, actionData }: Route.ComponentProps) {
  const { state, search } = actionData ?? loaderData;
  return (
    <section className="mx-auto max-w-xl px-6 py-16 sm:py-20">
      <h1 className="text-navy-900 font-serif text-3xl sm:text-4xl">
        {state === "asking"
          ? "Stop this alert?"
          : state === "stopped"
            ? "Alert stopped"
            : "Link not recognised"}
      </h1>
      {state === "asking" && (
        <Form method="post" className="mt-6 space-y-6">
          <p className="break-words text-slate-700">
            You asked us to write when a week opens: <strong>{search}</strong>.
          </p>
          <button type="submit" className={buttonClass.primary}>
            Stop e-mails for this search
          </button>
        </Form>
      )}
      {state === "stopped" && <p className="mt-4 text-slate-700">{M.stopped}</p>}
      {state === "bad-link" && <p className="mt-4 text-slate-700">{M.badLink}</p>}
      <Link to="/locations" className="text-gold-700 mt-8 inline-block font-medium underline">
        Browse all locations
      </Link>
    </section>
  );
}
