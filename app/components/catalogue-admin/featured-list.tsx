import { verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form } from "react-router";
import { neighbourOf } from "~/catalogue/reorder";
import { SubmitButton } from "~/components/forms";
import { useHydrated } from "~/lib/use-hydrated";
import { FeaturedRow, type FeaturedItem } from "./featured-row";
import { namedRowWords, SortableList } from "../admin/sortable-list";
import { useOptimisticOrder } from "../admin/use-optimistic-order";
import { useUnsavedChanges } from "../admin/use-unsaved-changes";
import { useSubmitting } from "~/lib/use-submitting";

const UNSAVED_NOTE = "Unsaved changes: use Save Order to keep them.";
const WORDS = namedRowWords("a location", UNSAVED_NOTE, "Then save the order.");

/**
 * The featured order editor. Without JavaScript each row's Move up / Move down buttons post and
 * save at once, and 'Save Order' posts the order shown. With JavaScript the rows can be dragged
 * (pointer or keyboard) and the buttons move rows in place; the order is saved with 'Save Order'.
 */
export function FeaturedList({ items }: { items: FeaturedItem[] }) {
  const hydrated = useHydrated();
  const saving = useSubmitting({});
  const order = useOptimisticOrder(items);
  const { ids } = order;
  const [status, setStatus] = useState("");
  const focusAfterMove = useRef<{ id: string; direction: "up" | "down" } | null>(null);
  const nameOf = (id: string) => items.find((item) => item.id === id)?.name ?? "Location";
  useUnsavedChanges(order.unsaved && !saving);

  // With JavaScript the move buttons change the order in place (saved with 'Save Order').
  function moveInPlace(event: FormEvent<HTMLFormElement>, id: string, direction: "up" | "down") {
    event.preventDefault();
    const neighbour = neighbourOf(ids, id, direction);
    if (!neighbour) return;
    order.move(id, neighbour);
    focusAfterMove.current = { id, direction };
    setStatus(
      `${nameOf(id)} moved to position ${ids.indexOf(neighbour) + 1} of ${ids.length}. ${UNSAVED_NOTE}`,
    );
  }

  // Keep the keyboard focus on the moved row's button (or its other one at the end of the list).
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const button = (direction: string) =>
      document.querySelector<HTMLButtonElement>(
        `button[data-move="${CSS.escape(`${target.id}:${direction}`)}"]`,
      );
    const same = button(target.direction);
    (same && !same.disabled ? same : button(target.direction === "up" ? "down" : "up"))?.focus();
  });

  return (
    <div>
      <SortableList
        id="featured-order"
        ids={ids}
        nameOf={nameOf}
        words={WORDS}
        strategy={verticalListSortingStrategy}
        onMove={order.move}
      >
        <ol aria-label="Featured locations in order" className="space-y-3">
          {order.items.map((item, index) => (
            <FeaturedRow
              key={item.id}
              item={item}
              rank={index + 1}
              first={index === 0}
              last={index === order.items.length - 1}
              draggable={hydrated}
              busy={saving}
              onMove={hydrated ? moveInPlace : undefined}
            />
          ))}
        </ol>
      </SortableList>

      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>

      {hydrated ? (
        order.unsaved && (
          <div
            role="region"
            aria-labelledby="unsaved-heading"
            className="bg-navy-900 ring-gold-500/60 sticky bottom-4 z-30 mt-6 flex flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl px-5 py-4 text-white shadow-lg ring-1"
          >
            <div className="min-w-0 flex-1 basis-full sm:basis-auto">
              <h2 id="unsaved-heading" className="text-gold-300 font-semibold">
                Unsaved Changes
              </h2>
              <p className="hidden text-sm text-slate-200 sm:block">
                The new order shows on the home page once it is saved.
              </p>
            </div>
            <button
              type="button"
              onClick={() => {
                order.discard();
                setStatus("Changes discarded. The saved order is shown again.");
              }}
              disabled={saving}
              className="rounded-lg px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/40 hover:bg-white/10 disabled:opacity-60"
            >
              Discard
            </button>
            <SaveOrderForm ids={ids} busy={saving} />
          </div>
        )
      ) : (
        <div className="mt-6 flex justify-end">
          <SaveOrderForm ids={ids} busy={false} />
        </div>
      )}
    </div>
  );
}

function SaveOrderForm({ ids, busy }: { ids: string[]; busy: boolean }) {
  return (
    <Form method="post">
      {ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <SubmitButton busy={busy} busyText="Saving..." variant="accent" name="intent" value="save">
        Save Order
      </SubmitButton>
    </Form>
  );
}
