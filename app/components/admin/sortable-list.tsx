import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  type SortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useRef, type ReactNode } from "react";

/**
 * What every sortable admin list shares (the images, the room types, the featured order): pointer
 * and keyboard sensors, screen-reader instructions and announcements in the list's own words, and
 * a drop reported as "this item takes that one's position".
 */

/** An item as announced: its name and its position (from 1) in a list of `count`. */
interface SortablePlace {
  name: string;
  position: number;
  count: number;
}

/** What a list says to a screen reader while an item is dragged. */
export interface SortableWords {
  instructions: string;
  pickedUp: (item: SortablePlace) => string;
  /** `repeated`: the item is over the same place as last announced (picking up is over itself). */
  over: (item: SortablePlace, over: SortablePlace | null, repeated: boolean) => string | undefined;
  dropped: (item: SortablePlace, over: SortablePlace | null) => string;
  cancelled: (item: SortablePlace) => string;
}

/**
 * The words of a list of named rows (room types, featured locations): `thing` as in "To pick up a
 * room type", `afterDrop` says what happens next, `saving` how the order is kept.
 */
export function namedRowWords(thing: string, afterDrop: string, saving: string): SortableWords {
  return {
    instructions:
      `To pick up ${thing}, press Space or Enter. While dragging, use the up and down arrow keys to move it. ` +
      `Press Space or Enter again to drop it in its new place, or Escape to cancel. ${saving}`,
    pickedUp: ({ name, position, count }) =>
      `Picked up ${name}. It is in position ${position} of ${count}.`,
    over: (item, over, repeated) => {
      if (repeated) return undefined;
      return over
        ? `${item.name} was moved into position ${over.position} of ${item.count}.`
        : `${item.name} is no longer over the list.`;
    },
    dropped: (item, over) =>
      over && over.position !== item.position
        ? `${item.name} was dropped at position ${over.position} of ${item.count}. ${afterDrop}`
        : `${item.name} was dropped back in position ${item.position}.`,
    cancelled: ({ name, position, count }) =>
      `Moving was cancelled. ${name} stays in position ${position} of ${count}.`,
  };
}

/** A short move starts a drag, so a click on a button inside an item stays a click. */
const DRAG_DISTANCE_PX = 5;

function useSortableList(
  ids: readonly string[],
  nameOf: (id: string) => string,
  words: SortableWords,
) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_DISTANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const place = (id: UniqueIdentifier): SortablePlace => ({
    name: nameOf(String(id)),
    position: ids.indexOf(String(id)) + 1,
    count: ids.length,
  });
  // The place the dragged item was last announced over.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return words.pickedUp(place(active.id));
    },
    onDragOver: ({ active, over }) => {
      const repeated = (over?.id ?? null) === lastOver.current;
      lastOver.current = over?.id ?? null;
      return words.over(place(active.id), over ? place(over.id) : null, repeated);
    },
    onDragEnd: ({ active, over }) => words.dropped(place(active.id), over ? place(over.id) : null),
    onDragCancel: ({ active }) => words.cancelled(place(active.id)),
  };
  return {
    sensors,
    accessibility: { announcements, screenReaderInstructions: { draggable: words.instructions } },
  };
}

/** A sortable list: `onMove(draggedId, targetId)` when an item is dropped on another's place. */
export function SortableList({
  id,
  ids,
  nameOf,
  words,
  strategy,
  disabled = false,
  onMove,
  children,
}: {
  /**
   * Stable across server and browser rendering: the instructions' element is named from it, apart
   * from any element of the page with this id (the section around the list, say).
   */
  id: string;
  ids: string[];
  nameOf: (id: string) => string;
  words: SortableWords;
  strategy: SortingStrategy;
  disabled?: boolean;
  onMove: (draggedId: string, targetId: string) => void;
  children: ReactNode;
}) {
  const { sensors, accessibility } = useSortableList(ids, nameOf, words);
  return (
    <DndContext
      // dnd-kit gives its instructions' element this very id, which its items are described by.
      id={`${id}-drag-instructions`}
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={accessibility}
      onDragEnd={({ active, over }) => {
        if (!disabled && over && active.id !== over.id) onMove(String(active.id), String(over.id));
      }}
    >
      <SortableContext items={ids} strategy={strategy} disabled={disabled}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One item of a SortableList: props for the element that moves, and for its drag handle. */
export function useSortableItem(id: string, disabled = false) {
  const sortable = useSortable({ id, disabled });
  return {
    isDragging: sortable.isDragging,
    /** The pointer listeners, for an item dragged by more than its handle. */
    listeners: sortable.listeners,
    item: {
      ref: sortable.setNodeRef,
      style: {
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
      },
    },
    handle: { ref: sortable.setActivatorNodeRef, ...sortable.attributes, ...sortable.listeners },
  };
}
