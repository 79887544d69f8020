import { asc, eq, sql } from "drizzle-orm";
import { type AppContext } from "~/context";
import { type Db } from "~/db/client.server";
import { locations } from "~/db/schema";
import { DomainError } from "~/lib/errors.server";
import { commitAudited, type Actor } from "./audit.server";
import { neighbourOf } from "./reorder";

export const FEATURED_MESSAGES = {
  saved: "Featured locations order updated successfully!",
  failed: "Failed to save changes. Please try again.",
  stale: "The featured locations changed meanwhile. Please reload and try again.",
  noLongerFeatured: "That location is no longer featured. Please reload and try again.",
  badMove: "Choose a location and a direction to move it.",
  unknown: "Unknown action.",
  alreadyAtEdge: (name: string, direction: "up" | "down") =>
    `${name} is already ${direction === "up" ? "first" : "last"}.`,
} as const;

/** The featured locations in their order (those without one last, by name). */
export function listFeatured(db: Db) {
  return db
    .select({
      id: locations.id,
      name: locations.name,
      slug: locations.slug,
      city: locations.city,
      state: locations.state,
      hidden: locations.hidden,
    })
    .from(locations)
    .where(eq(locations.featured, true))
    .orderBy(sql`coalesce(${locations.displayOrder}, 999999)`, asc(locations.name));
}

/**
 * Saves the featured order: `ids` must be exactly the featured set (else the page was stale), and
 * each location's display_order becomes its position, in one batch.
 */
export async function saveFeaturedOrder(app: AppContext, actor: Actor, ids: string[]) {
  const { db } = app;
  const featured = await listFeatured(db);
  const known = new Set(featured.map((location) => location.id));
  const sameSet =
    ids.length === known.size &&
    new Set(ids).size === ids.length &&
    ids.every((id) => known.has(id));
  if (!sameSet) throw new DomainError("stale", FEATURED_MESSAGES.stale);
  const updatedAt = app.now.toISOString();
  await commitAudited(
    app,
    actor,
    {
      action: "reordered",
      entityType: "featured_order",
      entityId: ids.join(","),
      summary: "Saved the featured order",
    },
    ids.map((id, index) =>
      db.update(locations).set({ displayOrder: index, updatedAt }).where(eq(locations.id, id)),
    ),
  );
}

/**
 * Move up / Move down: the location and its neighbour change places, worked out from the saved
 * order. Already first (or last): nothing changes, and the answer says so.
 */
export async function moveFeatured(
  app: AppContext,
  actor: Actor,
  { id, direction }: { id: string; direction: "up" | "down" },
) {
  const current = await listFeatured(app.db);
  const moved = current.find((location) => location.id === id);
  if (!moved) throw new DomainError("stale", FEATURED_MESSAGES.noLongerFeatured);
  const ids = current.map((location) => location.id);
  const neighbour = neighbourOf(ids, id, direction);
  if (!neighbour) return { moved: false, name: moved.name };
  const swapped = ids.map((other) => (other === id ? neighbour : other === neighbour ? id : other));
  await saveFeaturedOrder(app, actor, swapped);
  return { moved: true, name: moved.name };
}
