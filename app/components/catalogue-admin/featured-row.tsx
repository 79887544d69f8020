import { type FormEvent } from "react";
import { Form, Link } from "react-router";
import { GripIcon } from "../admin/admin-ui";
import { useSortableItem } from "../admin/sortable-list";

export interface FeaturedItem {
  id: string;
  name: string;
  slug: string;
  city: string | null;
  state: string | null;
  hidden: boolean;
}

/** 'city, state' (or what there is of it), else the slug. */
function featuredPlace({ city, state, slug }: Pick<FeaturedItem, "city" | "state" | "slug">) {
  return [city, state].filter(Boolean).join(", ") || slug;
}

export type MoveHandler = (
  event: FormEvent<HTMLFormElement>,
  id: string,
  direction: "up" | "down",
) => void;

/** A featured location: drag handle (with JavaScript), rank, name, place, move buttons, Edit. */
export function FeaturedRow({
  item,
  rank,
  first,
  last,
  draggable,
  busy,
  onMove,
}: {
  item: FeaturedItem;
  rank: number;
  first: boolean;
  last: boolean;
  draggable: boolean;
  busy: boolean;
  onMove?: MoveHandler;
}) {
  const sortable = useSortableItem(item.id);
  return (
    <li
      {...sortable.item}
      id={`featured-${item.id}`}
      data-featured-id={item.id}
      className={`relative flex scroll-mt-24 flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl bg-white p-4 ring-1 sm:flex-nowrap ${
        sortable.isDragging ? "ring-gold-500 z-10 shadow-xl" : "shadow-sm ring-slate-200"
      }`}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3 sm:gap-4">
        {draggable ? (
          <button
            type="button"
            {...sortable.handle}
            aria-label={`Drag to reorder ${item.name}`}
            className="hover:text-navy-900 flex h-11 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 active:cursor-grabbing"
          >
            <GripIcon className="h-5 w-5" />
          </button>
        ) : (
          // The handle's room, kept until the scripts run: the name wraps as it will with it.
          <span aria-hidden="true" className="h-11 w-8 shrink-0" />
        )}
        <span
          className="bg-navy-900 text-gold-300 flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold tabular-nums"
          data-rank
        >
          <span className="sr-only">Rank </span>
          {rank}
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-navy-900 min-w-0 font-semibold" data-featured-name>
              {item.name}
            </span>
            {item.hidden && (
              <span
                className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold tracking-wider text-slate-700 uppercase ring-1 ring-slate-400/30"
                title="Hidden locations are not shown on the home page"
              >
                Hidden
              </span>
            )}
          </p>
          <p
            className={`truncate text-sm text-slate-600 ${item.city || item.state ? "" : "font-mono"}`}
          >
            {featuredPlace(item)}
          </p>
        </div>
      </div>
      <div className="flex w-full items-center justify-end gap-2 sm:w-auto">
        <MoveButton item={item} direction="up" disabled={first || busy} onMove={onMove} />
        <MoveButton item={item} direction="down" disabled={last || busy} onMove={onMove} />
        <Link
          to={`/admin?location=${encodeURIComponent(item.id)}`}
          className="text-navy-900 flex h-11 items-center rounded-lg border border-slate-300 px-3 text-sm font-semibold hover:bg-slate-50 sm:h-10"
        >
          Edit<span className="sr-only"> {item.name}</span>
        </Link>
      </div>
    </li>
  );
}

function MoveButton({
  item,
  direction,
  disabled,
  onMove,
}: {
  item: FeaturedItem;
  direction: "up" | "down";
  disabled: boolean;
  onMove?: MoveHandler;
}) {
  const label = direction === "up" ? "Move up" : "Move down";
  return (
    <Form
      method="post"
      onSubmit={onMove ? (event) => onMove(event, item.id, direction) : undefined}
    >
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        name="intent"
        value="move"
        disabled={disabled}
        data-move={`${item.id}:${direction}`}
        title={label}
        className="text-navy-900 flex h-11 min-w-11 items-center justify-center gap-1 rounded-lg border border-slate-300 px-2.5 text-sm font-medium hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40 sm:h-10"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          {direction === "up" ? (
            <path d="M10 16V4m0 0-5 5m5-5 5 5" />
          ) : (
            <path d="M10 4v12m0 0-5-5m5 5 5-5" />
          )}
        </svg>
        <span className="sr-only sm:not-sr-only">{label}</span>
        <span className="sr-only"> {item.name}</span>
      </button>
    </Form>
  );
}
