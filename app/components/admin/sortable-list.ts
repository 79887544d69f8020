import {
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useRef } from "react";

/**
 * What every sortable admin list shares: pointer and keyboard sensors, and screen-reader
 * announcements that name the item and its position. `afterDrop` says what happens next.
 */
export function useSortableList(ids: string[], nameOf: (id: string) => string, afterDrop: string) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: UniqueIdentifier) => nameOf(String(id));
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  // The row the dragged one was last announced over: picking up is "over" itself, which must not
  // replace the "Picked up" announcement.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${name(active.id)}. It is in position ${positionOf(active.id)} of ${ids.length}.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over
        ? `${name(active.id)} was moved into position ${positionOf(over.id)} of ${ids.length}.`
        : `${name(active.id)} is no longer over the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? `${name(active.id)} was dropped at position ${positionOf(over.id)} of ${ids.length}. ${afterDrop}`
        : `${name(active.id)} was dropped back in position ${positionOf(active.id)}.`,
    onDragCancel: ({ active }) =>
      `Moving was cancelled. ${name(active.id)} stays in position ${positionOf(active.id)} of ${ids.length}.`,
  };
  return { sensors, announcements };
}
