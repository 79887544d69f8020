import { useEffect } from "react";
import { useLocation } from "react-router";

/** A position is restored after about 100 ms, and is valid for 30 s. */
export const SCROLL_RESTORE_DELAY_MS = 100;
export const SCROLL_RESTORE_VALID_MS = 30_000;

interface ScrollFlags {
  /** Go back to where the user last clicked on the page. */
  restoreScroll?: boolean;
  /** Start at the top of the page. */
  scrollToTop?: boolean;
}

/**
 * Remembers the page's scroll position whenever the user clicks on it, and applies the
 * navigation's scroll flags when the page is shown.
 */
export function useScrollMemory(storageKey: string) {
  const location = useLocation();
  const flags = (location.state ?? {}) as ScrollFlags;

  const { pathname } = location;
  useEffect(() => {
    const remember = () => {
      // Only a click on this page: React removes this listener a little after the page has gone,
      // and a click on the next page would put its position here.
      if (window.location.pathname !== pathname) return;
      sessionStorage.setItem(storageKey, JSON.stringify({ y: window.scrollY, at: Date.now() }));
    };
    document.addEventListener("click", remember, { capture: true });
    return () => document.removeEventListener("click", remember, { capture: true });
  }, [storageKey, pathname]);

  useEffect(() => {
    if (flags.scrollToTop) {
      window.scrollTo(0, 0);
      return;
    }
    if (!flags.restoreScroll) return;
    const saved = readSaved(storageKey);
    if (!saved || Date.now() - saved.at > SCROLL_RESTORE_VALID_MS) return;
    const timer = window.setTimeout(() => window.scrollTo(0, saved.y), SCROLL_RESTORE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [location.key, flags.scrollToTop, flags.restoreScroll, storageKey]);
}

function readSaved(storageKey: string): { y: number; at: number } | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey) ?? "null");
    return typeof saved?.y === "number" && typeof saved?.at === "number" ? saved : null;
  } catch {
    return null;
  }
}
