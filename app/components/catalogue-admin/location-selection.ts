import { useEffect, useRef, useEffectEvent } from "react";
import { useLocation, useNavigate, type BlockerFunction } from "react-router";
import { CONFIRM_DELETE_PARAM, IMAGE_ACTION_PATH } from "~/catalogue/image-manager";
import { adminHref, CONFIRM_DELETE_SELECTION_PARAM } from "~/catalogue/location-manager";

/**
 * The admin's remembered selection: the selection is kept in the address and in browser storage,
 * and logging out clears the remembered location and room type.
 */
const SELECTION_KEYS = {
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

function rememberSelection(locationId: string, roomTypeId: string | null) {
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

function readRememberedSelection(): {
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

/**
 * With JavaScript the selection is also remembered, and /admin with none reopens it; a location
 * that is gone by then is forgotten, and the admin is back on /admin.
 */
export function useRememberedSelection({
  selectedId,
  roomTypeId,
  missing,
}: {
  selectedId: string | null;
  roomTypeId: string | null;
  missing: boolean;
}) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const reopening = useRef(false);
  useEffect(() => {
    if (selectedId) rememberSelection(selectedId, roomTypeId);
    else if (missing) clearRememberedSelection();
    if (missing && reopening.current) navigate("/admin", { replace: true });
    reopening.current = false;
  }, [selectedId, roomTypeId, missing, navigate]);

  const reopen = useEffectEvent(() => {
    const remembered = readRememberedSelection();
    if (!remembered.locationId) return;
    reopening.current = true;
    navigate(adminHref({ location: remembered.locationId, roomType: remembered.roomTypeId }), {
      replace: true,
    });
  });
  // Only when the address changes to one without a selection.
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (params.has("location") || params.has("new") || params.has("q")) return;
    reopen();
  }, [search]);
}

/**
 * The navigations that leave a dirty form of the locations manager: another page, another
 * location (or a new one), and for the room type form another room type. The image manager's
 * forms post to /admin/images and come straight back.
 */
export function leavesSelection(roomTypeDirty: boolean): BlockerFunction {
  return ({ currentLocation, nextLocation }) => {
    if (nextLocation.pathname === IMAGE_ACTION_PATH) return false;
    if (nextLocation.pathname !== currentLocation.pathname) return true;
    const current = new URLSearchParams(currentLocation.search);
    const next = new URLSearchParams(nextLocation.search);
    const changed = (name: string) => (current.get(name) ?? "") !== (next.get(name) ?? "");
    if (changed("location") || changed("new")) return true;
    return roomTypeDirty && changed("roomType");
  };
}

/** The page's address without a delete's question, to come back to once it is answered. */
export function addressWithoutQuestion({ pathname, search }: { pathname: string; search: string }) {
  const params = new URLSearchParams(search);
  params.delete(CONFIRM_DELETE_PARAM);
  params.delete(CONFIRM_DELETE_SELECTION_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
