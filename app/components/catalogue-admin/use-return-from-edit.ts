import { useCallback, useLayoutEffect, type MouseEvent } from "react";
import { useLocation } from "react-router";
import {
  SCROLL_RESTORE_DELAY_MS,
  SCROLL_RESTORE_VALID_MS,
  useScrollMemory,
} from "~/lib/scroll-memory";

/** Where the page was when an Edit link was followed (written by useScrollMemory on every click). */
const SCROLL_KEY = "scroll:admin-overview";
/** Set when an Edit link is followed: the next showing of this page goes back to that place. */
const RETURN_KEY = "scroll:admin-overview:return";

function readNumber(key: string, field: "y" | "at") {
  try {
    const value =
      field === "at"
        ? Number(sessionStorage.getItem(key))
        : JSON.parse(sessionStorage.getItem(key) ?? "null")?.y;
    return typeof value === "number" && Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Coming back from an Edit click restores the scroll position. useScrollMemory remembers the
 * position at every click; following an Edit link also marks a return, and the next time this
 * page is shown (by the back button or the Checklist tab) within 30 s it scrolls back there after
 * about 100 ms. Returns the Edit links' click handler.
 */
export function useReturnFromEdit() {
  useScrollMemory(SCROLL_KEY);
  const location = useLocation();

  // Read as the page is shown, before a click can reach it: after Back, React may run a passive
  // effect after a quick Edit click, which would take that click's mark for a return.
  useLayoutEffect(() => {
    const markedAt = readNumber(RETURN_KEY, "at");
    if (!markedAt) return;
    if (Date.now() - markedAt > SCROLL_RESTORE_VALID_MS) {
      sessionStorage.removeItem(RETURN_KEY);
      return;
    }
    const y = readNumber(SCROLL_KEY, "y");
    if (y === null) return;
    const timer = window.setTimeout(() => {
      // A newer Edit click (the user is already leaving again) keeps its own mark.
      if (readNumber(RETURN_KEY, "at") !== markedAt) return;
      sessionStorage.removeItem(RETURN_KEY);
      window.scrollTo(0, y);
    }, SCROLL_RESTORE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [location.key]);

  return useCallback((event: MouseEvent<HTMLAnchorElement>) => {
    // Only when this tab leaves the page (not a link opened in a new tab or window).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    try {
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ y: window.scrollY, at: Date.now() }));
      sessionStorage.setItem(RETURN_KEY, String(Date.now()));
    } catch {
      // Storage may be unavailable (private mode): the page simply opens at the top.
    }
  }, []);
}
