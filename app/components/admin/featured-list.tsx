import { closestCenter, DndContext, type DragEndEvent } from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS as DndCSS } from "@dnd-kit/utilities";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useBlocker, useNavigation } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { useSortableList } from "./sortable-list";

export interface FeaturedItem {
  id: string;
  name: string;
  slug: string;
  city: string | null;
  state: string | null;
  hidden: boolean;
}

/** Spec section 2: 'city, state' (or what there is of it), else the slug. */
export function featuredPlace({
  city,
  state,
  slug,
}: Pick<FeaturedItem, "city" | "state" | "slug">) {
  return [city, state].filter(Boolean).join(", ") || slug;
}

const UNSAVED_PROMPT =
  "You have unsaved changes. Are you sure you want to leave this page? Your changes will be lost.";

const INSTRUCTIONS =
  "To pick up a location, press Space or Enter. While dragging, use the up and down arrow keys to move it. " +
  "Press Space or Enter again to drop it in its new place, or Escape to cancel. Then save the order.";

/**
 * The featured order editor. Without JavaScript each row's Move up / Move down buttons post and
 * save at once, and 'Save Order' posts the order shown. With JavaScript the rows can be dragged
 * (pointer or keyboard) and the buttons move rows in place; the order is saved with 'Save Order'.
 */
export function FeaturedList({ items }: { items: FeaturedItem[] }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  // The order being edited, tied to the server's order it started from: when the loader brings a
  // new order (after saving, or after a refused save), the draft is dropped.
  const serverKey = items.map((item) => item.id).join(",");
  const [draft, setDraft] = useState<{ base: string; ids: string[] } | null>(null);
  const ids = draft && draft.base === serverKey ? draft.ids : items.map((item) => item.id);
  const dirty = ids.join(",") !== serverKey;
  const byId = new Map(items.map((item) => [item.id, item]));
  const ordered = ids
    .map((id) => byId.get(id))
    .filter((item): item is FeaturedItem => Boolean(item));

  const [status, setStatus] = useState("");
  const focusAfterMove = useRef<{ id: string; direction: "up" | "down" } | null>(null);

  const setOrder = (next: string[]) => setDraft({ base: serverKey, ids: next });

  const nameOf = (id: string) => byId.get(id)?.name ?? "Location";
  const { sensors, announcements } = useSortableList(
    ids,
    nameOf,
    "Unsaved changes: use Save Order to keep them.",
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from === -1 || to === -1) return;
    setOrder(arrayMove(ids, from, to));
  }

  // With JavaScript the move buttons change the order in place (saved with 'Save Order').
  function moveInPlace(event: FormEvent<HTMLFormElement>, id: string, direction: "up" | "down") {
    event.preventDefault();
    const from = ids.indexOf(id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (from === -1 || to < 0 || to >= ids.length) return;
    setOrder(arrayMove(ids, from, to));
    focusAfterMove.current = { id, direction };
    setStatus(
      `${nameOf(id)} moved to position ${to + 1} of ${ids.length}. Unsaved changes: use Save Order to keep them.`,
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

  // Leaving with unsaved changes asks first (spec section 2's unsaved-changes prompt).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saving && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_PROMPT)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = UNSAVED_PROMPT;
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return (
    <div>
      <DndContext
        id="featured-order"
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol aria-label="Featured locations in order" className="space-y-3">
            {ordered.map((item, index) => (
              <FeaturedRow
                key={item.id}
                item={item}
                rank={index + 1}
                first={index === 0}
                last={index === ordered.length - 1}
                draggable={hydrated}
                busy={saving}
                onMove={hydrated ? moveInPlace : undefined}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>

      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>

      {hydrated ? (
        dirty && (
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
                setDraft(null);
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
        <div className="mt-6 flex flex-wrap items-center justify-end gap-4">
          <p className="text-sm text-slate-600">Move up and Move down save at once.</p>
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
      <button
        type="submit"
        name="intent"
        value="save"
        disabled={busy}
        className="bg-gold-500 text-navy-950 hover:bg-gold-400 rounded-lg px-5 py-2.5 text-sm font-semibold disabled:opacity-60"
      >
        {busy ? "Saving..." : "Save Order"}
      </button>
    </Form>
  );
}

function FeaturedRow({
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
  onMove?: (event: FormEvent<HTMLFormElement>, id: string, direction: "up" | "down") => void;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: item.id,
  });
  const style = { transform: DndCSS.Transform.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      id={`featured-${item.id}`}
      data-featured-id={item.id}
      style={style}
      className={`relative flex scroll-mt-24 flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl bg-white p-4 ring-1 sm:flex-nowrap ${
        isDragging ? "ring-gold-500 z-10 shadow-xl" : "shadow-sm ring-slate-200"
      }`}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3 sm:gap-4">
        {draggable && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Drag to reorder ${item.name}`}
            className="hover:text-navy-900 flex h-11 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 active:cursor-grabbing"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
              <circle cx="7" cy="4" r="1.5" />
              <circle cx="13" cy="4" r="1.5" />
              <circle cx="7" cy="10" r="1.5" />
              <circle cx="13" cy="10" r="1.5" />
              <circle cx="7" cy="16" r="1.5" />
              <circle cx="13" cy="16" r="1.5" />
            </svg>
          </button>
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
  onMove?: (event: FormEvent<HTMLFormElement>, id: string, direction: "up" | "down") => void;
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
