import { useState } from "react";
import { moveItem } from "~/catalogue/reorder";

/** A reorder on its way: the dragged item takes the target's position. */
export interface PendingMove {
  draggedId: string;
  targetId: string;
}

/** The move a fetcher is posting (its `draggedId` and `targetId` fields), if any. */
export function pendingMoveOf(formData: FormData | undefined): PendingMove | null {
  const draggedId = formData?.get("draggedId");
  const targetId = formData?.get("targetId");
  if (typeof draggedId !== "string" || typeof targetId !== "string") return null;
  return { draggedId, targetId };
}

/**
 * The order a sortable list shows: the saved one (the loader's), with an edit not yet saved, and
 * with the move on its way to the server. A move on its way needs no rolling back: once the
 * answer is in, the loader's order shows again, the new one after a success and the old one after
 * a refusal. An edit belongs to the saved order it started from, so a new saved order drops it.
 */
export function useOptimisticOrder<Item extends { id: string }>(
  items: readonly Item[],
  pending: PendingMove | null = null,
) {
  const savedIds = items.map((item) => item.id);
  const savedKey = savedIds.join(",");
  const [edit, setEdit] = useState<{ base: string; ids: string[] } | null>(null);
  const edited = edit?.base === savedKey ? edit.ids : savedIds;
  const ids = (pending && moveItem(edited, pending.draggedId, pending.targetId)) ?? edited;
  const byId = new Map(items.map((item) => [item.id, item]));
  return {
    ids,
    items: ids.flatMap((id) => byId.get(id) ?? []),
    /** The order shown is an edit that is not saved yet. */
    unsaved: edited.join(",") !== savedKey,
    /** Edits the order: the dragged item takes the target's position (until saved or dropped). */
    move(draggedId: string, targetId: string) {
      const next = moveItem(ids, draggedId, targetId);
      if (next) setEdit({ base: savedKey, ids: next });
    },
    /** Drops the edit: the saved order shows again. */
    discard() {
      setEdit(null);
    },
  };
}
