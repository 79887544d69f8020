import { Form, Link } from "react-router";
import { adminHref, INTENTS } from "~/catalogue/location-manager";
import { type RoomType } from "~/db/schema";
import { GripIcon } from "../../admin/admin-ui";
import { useSortableItem } from "../../admin/sortable-list";
import { money } from "~/lib/money";

export type RoomTypeListItem = Pick<RoomType, "id" | "name" | "bedrooms" | "price" | "published">;

/** A room type in the list: its drag handle (with JavaScript), rank, link, and move buttons. */
export function RoomTypeRow({
  room,
  rank,
  first,
  last,
  locationId,
  selected,
  q,
  draggable,
  busy,
  currency,
}: {
  room: RoomTypeListItem;
  rank: number;
  first: boolean;
  last: boolean;
  locationId: string;
  selected: boolean;
  q: string | null;
  draggable: boolean;
  busy: boolean;
  /** The location's currency. */
  currency: string;
}) {
  const { item, handle, isDragging } = useSortableItem(room.id, busy);
  const details = [
    room.bedrooms !== null && (room.bedrooms === 0 ? "Studio" : `${room.bedrooms} BR`),
    room.price ? `${money(room.price, currency)}/wk` : null,
  ].filter(Boolean);
  return (
    <li
      {...item}
      data-room-type-id={room.id}
      className={`relative flex items-center gap-2 rounded-lg p-1 ring-1 ${
        selected ? "bg-navy-900 ring-navy-900 text-white" : "bg-white ring-slate-200"
      } ${isDragging ? "ring-gold-500 z-10 shadow-xl ring-2" : ""}`}
    >
      {draggable ? (
        <button
          type="button"
          {...handle}
          // Not `disabled` while saving: the focus stays on the handle after a keyboard drop.
          aria-disabled={busy || undefined}
          aria-label={`Drag to reorder ${room.name}`}
          title="Drag to reorder"
          className={`grid h-8 w-6 shrink-0 cursor-grab touch-none place-items-center rounded-md active:cursor-grabbing aria-disabled:cursor-wait aria-disabled:opacity-40 ${
            selected
              ? "hover:bg-navy-800 text-slate-300 hover:text-white"
              : "hover:text-navy-900 text-slate-400 hover:bg-slate-100"
          }`}
        >
          <GripIcon className="size-4" />
        </button>
      ) : (
        // The handle's room, kept until the scripts run: the name wraps as it will with it.
        <span aria-hidden="true" className="h-8 w-6 shrink-0" />
      )}
      <span
        aria-hidden="true"
        className={`w-5 text-xs tabular-nums ${selected ? "text-gold-300" : "text-slate-500"}`}
      >
        {rank}
      </span>
      <Link
        to={`${adminHref({ location: locationId, roomType: room.id, q })}#room-type-editor`}
        preventScrollReset
        aria-current={selected ? "true" : undefined}
        className="min-w-0 flex-1 py-1.5"
      >
        <span
          className={`block text-sm leading-snug font-semibold [overflow-wrap:anywhere] ${selected ? "text-white" : "text-navy-900 hover:underline"}`}
        >
          {room.name}
          {!room.published && (
            <span
              className={`ml-2 rounded-full px-2 py-0.5 text-[10px] tracking-wider uppercase ring-1 ${selected ? "text-white ring-white/50" : "bg-amber-50 text-amber-900 ring-amber-600/30"}`}
            >
              Draft
            </span>
          )}
        </span>
        {details.length > 0 && (
          <span className={`block text-xs ${selected ? "text-slate-200" : "text-slate-500"}`}>
            {details.join(" · ")}
          </span>
        )}
      </Link>
      <Form method="post" preventScrollReset className="flex shrink-0 gap-1">
        <input type="hidden" name="intent" value={INTENTS.moveRoomType} />
        <input type="hidden" name="locationId" value={locationId} />
        <input type="hidden" name="roomTypeId" value={room.id} />
        <MoveButton direction="up" name={room.name} disabled={first || busy} selected={selected} />
        <MoveButton direction="down" name={room.name} disabled={last || busy} selected={selected} />
      </Form>
    </li>
  );
}

function MoveButton({
  direction,
  name,
  disabled,
  selected,
}: {
  direction: "up" | "down";
  name: string;
  disabled: boolean;
  selected: boolean;
}) {
  return (
    <button
      type="submit"
      name="direction"
      value={direction}
      disabled={disabled}
      aria-label={`Move ${name} ${direction}`}
      title={`Move ${direction}`}
      className={`grid size-8 place-items-center rounded-md text-base leading-none disabled:opacity-30 ${
        selected ? "hover:bg-navy-800 text-white" : "text-navy-900 hover:bg-slate-100"
      }`}
    >
      <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
    </button>
  );
}
