import { useEffect } from "react";
import { data, Link, type ShouldRevalidateFunction } from "react-router";
import { toast } from "~/lib/toast";
import { z } from "~/lib/zod";
import { type Route } from "./+types/featured";
import {
  FEATURED_MESSAGES as M,
  listFeatured,
  moveFeatured,
  saveFeaturedOrder,
} from "~/catalogue/featured.server";
import { requireAdmin } from "~/accounts/guards.server";
import { FeaturedList } from "~/components/catalogue-admin/featured-list";
import { getAppContext } from "~/context";
import { readFormData } from "~/lib/body.server";
import { ERROR_STATUS, isDomainError } from "~/lib/errors.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { parseWithZod } from "@conform-to/zod/v4";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Featured Order",
    description: "The order of the featured locations on the home page.",
    noindex: true,
  });

const HERE = "/admin/featured";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { featured: await listFeatured(getAppContext(context).db) };
}

/**
 * 'Save Order' posts the order shown (`ids`); Move up / Move down (without JavaScript) post one
 * location and a direction, and save at once. Either way the ids must be the featured set.
 */
const featuredIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), ids: z.array(z.string()).catch([]) }),
  z.object({
    intent: z.literal("move"),
    id: z.string().nullable().catch(null),
    direction: z.enum(["up", "down"]).nullable().catch(null),
  }),
]);

const refuse = (error: string, status: number) => data({ error, toast: M.failed }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const auth = await requireAdmin(request, context);
  const app = getAppContext(context);
  const actor = { email: auth.user.email };
  const submission = parseWithZod(await readFormData(request), { schema: featuredIntentSchema });
  if (submission.status !== "success") return refuse(M.unknown, ERROR_STATUS.invalid);
  const intent = submission.value;
  try {
    if (intent.intent === "save") {
      await saveFeaturedOrder(app, actor, intent.ids);
      return redirectWithToast(app, HERE, { type: "success", message: M.saved });
    }
    const { id, direction } = intent;
    if (id === null || direction === null) return refuse(M.badMove, ERROR_STATUS.invalid);
    const { moved, name } = await moveFeatured(app, actor, { id, direction });
    const back = `${HERE}#featured-${encodeURIComponent(id)}`;
    return moved
      ? redirectWithToast(app, back, { type: "success", message: M.saved })
      : redirectWithToast(app, back, { type: "info", message: M.alreadyAtEdge(name, direction) });
  } catch (error) {
    if (isDomainError(error)) return refuse(error.message, error.status);
    console.error("featured order", error);
    // One batch: nothing was kept, and saving again is safe.
    return refuse(M.failed, ERROR_STATUS.unavailable);
  }
}

/** After a stale save (409), load the current order again (a refusal skips that by default). */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => (actionStatus === 409 ? true : defaultShouldRevalidate);

export default function FeaturedOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { featured } = loaderData;
  useEffect(() => {
    if (actionData?.toast) toast.error(actionData.toast);
  }, [actionData]);
  const visible = featured.filter((location) => !location.hidden).length;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-navy-900 font-serif text-3xl">Featured Order</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          The order of the Featured Locations on the home page.{" "}
          <span className="noscript:hidden">
            Drag a location by its handle, or use Move up and Move down, then save.
          </span>
          <span className="hidden noscript:inline">Move up and Move down save at once.</span>
          {featured.length > 0 && (
            <>
              {" "}
              {visible} of {featured.length} featured{" "}
              {featured.length === 1 ? "location is" : "locations are"} shown; hidden ones stay off
              the home page.
            </>
          )}
        </p>
      </div>

      {actionData?.error && (
        <div
          role="alert"
          className="rounded-2xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200"
        >
          <p className="font-semibold">{actionData.toast}</p>
          <p className="mt-1">{actionData.error}</p>
        </div>
      )}

      {featured.length === 0 ? (
        <div className="rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-700">No featured locations yet.</p>
          <p className="mt-1 text-sm text-slate-600">
            Mark locations as featured in the{" "}
            <Link
              to="/admin"
              className="text-gold-700 font-semibold underline-offset-4 hover:underline"
            >
              Locations tab
            </Link>
            .
          </p>
        </div>
      ) : (
        <FeaturedList items={featured} />
      )}
    </div>
  );
}
