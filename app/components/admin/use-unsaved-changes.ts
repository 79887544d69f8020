import { useEffect } from "react";
import { useBlocker, type BlockerFunction } from "react-router";

const UNSAVED_CHANGES =
  "You have unsaved changes. Are you sure you want to leave this page? Your changes will be lost.";

const toAnotherPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname;

/**
 * While `dirty`, leaving asks first: the browser's own prompt before the page unloads, and
 * UNSAVED_CHANGES before a navigation in the app that `leaves` (by default: to another page).
 */
export function useUnsavedChanges(dirty: boolean, leaves: BlockerFunction = toAnotherPage) {
  const blocker = useBlocker((navigation) => dirty && leaves(navigation));
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_CHANGES)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = UNSAVED_CHANGES;
      return UNSAVED_CHANGES;
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
}
