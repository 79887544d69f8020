import { verticalListSortingStrategy } from "@dnd-kit/sortable";
import { Link, useFetcher, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import { adminHref, INTENTS, LOCATION_ADMIN_MESSAGES as M } from "~/catalogue/location-manager";
import { useHydrated } from "~/lib/use-hydrated";
import { cardClass } from "../../admin/admin-ui";
import { namedRowWords, SortableList } from "../../admin/sortable-list";
import { useFetcherAnswer } from "../../admin/use-fetcher-answer";
import { pendingMoveOf, useOptimisticOrder } from "../../admin/use-optimistic-order";
import { RoomTypeRow, type RoomTypeListItem } from "./room-type-row";
import { useSubmitting } from "~/lib/use-submitting";

/** What the action answers a drop posted with `_format=json`. */
type RoomTypeOrderResult =
  | { form: "room-type-order"; ok: true; message: null }
  | { form: "room-type-order"; ok: false; message: string };

const WORDS = namedRowWords(
  "a room type",
  "Saving the new order.",
  "The new order is saved at once.",
);

/**
 * The room types in display order. Without JavaScript each row's Move up / Move down buttons
 * post and save at once. With JavaScript the rows can also be dragged by their handle (pointer or
 * keyboard); a drop shows the new order at once and saves it with a fetcher (draggedId +
 * targetId), rolling back with a toast if the server refuses.
 */
export function RoomTypeList({
  locationId,
  roomTypes,
  selectedId,
  adding,
  q,
  currency,
}: {
  locationId: string;
  roomTypes: RoomTypeListItem[];
  selectedId: string | null;
  adding: boolean;
  q: string | null;
  /** The location's currency, named with each price. */
  currency: string;
}) {
  const hydrated = useHydrated();
  const movingByForm = useSubmitting(INTENTS.moveRoomType);
  const revalidator = useRevalidator();
  const reorderFetcher = useFetcher<RoomTypeOrderResult>();
  const moving = movingByForm || reorderFetcher.state !== "idle";
  const order = useOptimisticOrder(roomTypes, pendingMoveOf(reorderFetcher.formData));

  useFetcherAnswer(reorderFetcher, (result) => {
    if (result.ok) {
      toast.success(M.roomTypesReordered);
      return;
    }
    toast.error(result.message || M.reorderFailed);
    void revalidator.revalidate();
  });

  const reorder = (draggedId: string, targetId: string) => {
    if (moving) return;
    // No `action`: this route's own action at the page's address (with `?index`).
    void reorderFetcher.submit(
      { intent: INTENTS.moveRoomType, locationId, draggedId, targetId, _format: "json" },
      { method: "post" },
    );
  };
  const nameOf = (id: string) => order.items.find((room) => room.id === id)?.name ?? "Room type";

  return (
    <section aria-labelledby="room-types-heading" className={cardClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="room-types-heading" className="text-navy-900 font-serif text-xl">
          Room Types
        </h2>
        <Link
          to={`${adminHref({ location: locationId, addRoomType: true, q })}#add-room-type`}
          preventScrollReset
          aria-current={adding ? "true" : undefined}
          className="bg-gold-500 text-navy-950 hover:bg-gold-400 aria-[current]:ring-navy-900 rounded-lg px-3 py-1.5 text-sm font-semibold aria-[current]:ring-2"
        >
          + Add Room Type
        </Link>
      </div>
      {order.items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No room types yet.</p>
      ) : (
        <SortableList
          id={`room-types-${locationId}`}
          ids={order.ids}
          nameOf={nameOf}
          words={WORDS}
          strategy={verticalListSortingStrategy}
          disabled={moving}
          onMove={reorder}
        >
          <ol
            aria-label="Room types in display order"
            className="mt-4 space-y-2"
            aria-busy={moving || undefined}
          >
            {order.items.map((room, index) => (
              <RoomTypeRow
                key={room.id}
                room={room}
                rank={index + 1}
                first={index === 0}
                last={index === order.items.length - 1}
                locationId={locationId}
                selected={room.id === selectedId}
                q={q}
                draggable={hydrated}
                busy={moving}
                currency={currency}
              />
            ))}
          </ol>
        </SortableList>
      )}
    </section>
  );
}
