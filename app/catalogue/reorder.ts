/**
 * Moving one item of an ordered list to another's position, shared by the server (which then
 * rewrites display_order as 0..n-1) and the browser (which shows the new order at once).
 */

export const REORDER_MESSAGES = {
  noRoomTypes: "No room types found for reordering",
  roomTypeIndices: "Unable to find proper indices for room type reordering operation",
  noImages: "No images found in the group for reordering",
  imageIndices: "Unable to find proper indices for reordering operation",
} as const;

/**
 * The ids in their new order after `draggedId` takes `targetId`'s position, or null when either
 * is not in the list.
 */
export function moveItem(ids: readonly string[], draggedId: string, targetId: string) {
  const from = ids.indexOf(draggedId);
  const to = ids.indexOf(targetId);
  if (from === -1 || to === -1) return null;
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, draggedId);
  return next;
}

/** The neighbour to swap with for a move up or down (the buttons that work without JavaScript). */
export function neighbourOf(ids: readonly string[], id: string, direction: "up" | "down") {
  const index = ids.indexOf(id);
  if (index === -1) return null;
  const neighbour = direction === "up" ? index - 1 : index + 1;
  return ids[neighbour] ?? null;
}
