import { eq } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { type images, type roomTypes } from "~/db/schema";
import { DomainError, type ErrorCode } from "~/lib/errors.server";
import { moveItem } from "./reorder";

/** How a list refuses a move: the code of its answer and the messages. */
export interface ReorderRefusal {
  code: ErrorCode;
  /** The list has nothing in it. */
  empty: string;
  /** The dragged or the target id is not in the list. */
  indices: string;
}

/** The list's ids after `draggedId` takes `targetId`'s position, or the list's refusal. */
export function reorderedIds(
  ids: readonly string[],
  draggedId: string,
  targetId: string,
  refusal: ReorderRefusal,
) {
  if (ids.length === 0) throw new DomainError(refusal.code, refusal.empty);
  const order = moveItem(ids, draggedId, targetId);
  if (!order) throw new DomainError(refusal.code, refusal.indices);
  return order;
}

/** display_order rewritten as each id's position, 0..n-1: statements for one batch. */
export function displayOrderUpdates(
  db: Db,
  table: typeof images | typeof roomTypes,
  ids: readonly string[],
) {
  return ids.map((id, index) =>
    db.update(table).set({ displayOrder: index }).where(eq(table.id, id)),
  );
}
