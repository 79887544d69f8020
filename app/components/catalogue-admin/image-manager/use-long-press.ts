import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from "react";

const LONG_PRESS_MS = 800;
/** A finger that moves further than this is scrolling, not pressing. */
const LONG_PRESS_SLOP_PX = 10;

/** A press of LONG_PRESS_MS without moving runs `onLongPress` (a touch screen's delete). */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return {
    begin(event: ReactPointerEvent) {
      cancel();
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        start.current = null;
        navigator.vibrate?.(30);
        onLongPress();
      }, LONG_PRESS_MS);
    },
    move(event: ReactPointerEvent) {
      const from = start.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > LONG_PRESS_SLOP_PX)
        cancel();
    },
    cancel,
  };
}
