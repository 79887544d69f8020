import { useEffect } from "react";

/**
 * The admin's remembered selection (spec section 2: "Selection is kept in the address and in
 * browser storage; logout clears the remembered location and room type").
 */
export const SELECTION_KEYS = {
  location: "admin:selectedLocationId",
  roomType: "admin:selectedRoomTypeId",
} as const;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings): the address still carries the selection.
    return null;
  }
}

export function rememberSelection(locationId: string, roomTypeId: string | null) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(SELECTION_KEYS.location, locationId);
    if (roomTypeId) store.setItem(SELECTION_KEYS.roomType, roomTypeId);
    else store.removeItem(SELECTION_KEYS.roomType);
  } catch {
    // A full or refused store only loses the convenience.
  }
}

export function readRememberedSelection(): {
  locationId: string | null;
  roomTypeId: string | null;
} {
  const store = storage();
  return {
    locationId: store?.getItem(SELECTION_KEYS.location) ?? null,
    roomTypeId: store?.getItem(SELECTION_KEYS.roomType) ?? null,
  };
}

export function clearRememberedSelection() {
  const store = storage();
  store?.removeItem(SELECTION_KEYS.location);
  store?.removeItem(SELECTION_KEYS.roomType);
}

/**
 * Clears the remembered selection when any logout form on the page is submitted (the admin
 * layout's and the site header's both post to /logout). Listens in the capture phase, before
 * React Router takes the submission over.
 */
export function useClearSelectionOnLogout() {
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      const action = new URL(form.getAttribute("action") ?? "", window.location.href);
      if (action.origin === window.location.origin && action.pathname === "/logout")
        clearRememberedSelection();
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);
}
