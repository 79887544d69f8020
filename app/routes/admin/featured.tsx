import { useEffect } from "react";
import { data, Link, type ShouldRevalidateFunction } from "react-router";
import { toast } from "sonner";
import { type Route } from "./+types/featured";
import { neighbourOf } from "~/admin/reorder";
import { requireAdmin } from "~/auth/guards.server";
import { FeaturedList } from "~/components/admin/featured-list";
import { getAppContext } from "~/context";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminInputError, listFeatured, saveFeaturedOrder } from "~/models/admin-catalogue.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Featured Order",
    description: "The order of the featured locations on the home page.",
    path: "/admin/featured",
    noindex: true,
  });

const HERE = "/admin/featured";

/** Spec section 8: the featured order's toasts. */
const SAVED = "Featured locations order updated successfully!";
const FAILED = "Failed to save changes. Please try again.";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const featured = await listFeatured(getAppContext(context).db);
  return {
    featured: featured.map(({ id, name, slug, city, state, hidden }) => ({
      id,
      name,
      slug,
      city,
      state,
      hidden,
    })),
  };
}

type ActionResult = { error: string; toast: string };

const refuse = (error: string, status: number) =>
  data<ActionResult>({ error, toast: FAILED }, { status });

/**
 * intent=save with `ids` in order (from 'Save Order'); intent=move with id and direction (the
 * Move up / Move down buttons without JavaScript): the new order is worked out here from the
 * saved one. Either way saveFeaturedOrder checks the ids are exactly the featured set.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const auth = await requireAdmin(request, context);
  const cloudflare = getAppContext(context);
  const actor = { email: auth.user.email };
  const formData = await request.formData();
  const intent = formData.get("intent");
  try {
    if (intent === "save") {
      const ids = formData.getAll("ids").filter((id): id is string => typeof id === "string");
      await saveFeaturedOrder(cloudflare, actor, ids);
      return redirectWithToast(HERE, { type: "success", message: SAVED });
    }
    if (intent === "move") {
      const id = formData.get("id");
      const direction = formData.get("direction");
      if (typeof id !== "string" || (direction !== "up" && direction !== "down")) {
        return refuse("Choose a location and a direction to move it.", 400);
      }
      const current = await listFeatured(cloudflare.db);
      const ids = current.map((location) => location.id);
      const moved = current.find((location) => location.id === id);
      if (!moved)
        throw new AdminInputError(
          "That location is no longer featured. Please reload and try again.",
        );
      const neighbour = neighbourOf(ids, id, direction);
      const back = `${HERE}#featured-${encodeURIComponent(id)}`;
      if (!neighbour) {
        // Already first (or last): nothing to change.
        return redirectWithToast(back, {
          type: "info",
          message: `${moved.name} is already ${direction === "up" ? "first" : "last"}.`,
        });
      }
      // The location and its neighbour change places.
      const next = ids.map((other) =>
        other === id ? neighbour : other === neighbour ? id : other,
      );
      await saveFeaturedOrder(cloudflare, actor, next);
      return redirectWithToast(back, { type: "success", message: SAVED });
    }
    return refuse("Unknown action.", 400);
  } catch (error) {
    if (error instanceof AdminInputError) return refuse(error.message, 409);
    console.error("featured order", error);
    return refuse(FAILED, 500);
  }
}

/** After a refused save, load the current order again (a 4xx skips that by default). */
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
          The order of the Featured Locations on the home page. Drag a location by its handle, or
          use Move up and Move down, then save.
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
