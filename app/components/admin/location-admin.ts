import { slugFromName } from "~/admin/schemas";

/** Shared by the /admin locations route's action (server) and its forms (browser). */

export const INTENTS = {
  createLocation: "create-location",
  updateLocation: "update-location",
  deleteLocation: "delete-location",
  createRoomType: "create-room-type",
  updateRoomType: "update-room-type",
  deleteRoomType: "delete-room-type",
  moveRoomType: "move-room-type",
} as const;

/** Spec sections 2 and 8: the prompts and the admin toasts, word for word. */
export const LOCATION_ADMIN_MESSAGES = {
  unsavedChanges:
    "You have unsaved changes. Are you sure you want to leave this page? Your changes will be lost.",
  confirmDeleteLocation:
    "Are you sure you want to delete this location? This will remove its room types and images.",
  confirmDeleteRoomType:
    "Are you sure you want to delete this room type? This will remove its images.",
  locationCreated: "Location created successfully",
  locationUpdated: "Location updated successfully",
  locationDeleted: "Location deleted successfully",
  roomTypeCreated: "Room type created successfully",
  roomTypeUpdated: "Room type updated successfully",
  roomTypeDeleted: "Room type deleted successfully",
  saveLocationError: (message: string) => `Error saving location: ${message}`,
  saveLocationFailed: "An error occurred while saving the location",
  saveRoomTypeError: (message: string) => `Error saving room type: ${message}`,
  saveRoomTypeFailed: "An error occurred while saving the room type",
  deleteLocationError: (message: string) => `Error deleting location: ${message}`,
  deleteLocationFailed: "An error occurred while deleting the location",
  deleteRoomTypeError: (message: string) => `Error deleting room type: ${message}`,
  deleteRoomTypeFailed: "An error occurred while deleting the room type",
  roomTypesReordered: "Room types reordered successfully",
  reorderError: (message: string) => `Reorder failed: ${message}`,
  reorderFailed: "Failed to reorder room types",
  unknown: "An unknown error occurred",
} as const;

export interface AdminSelection {
  location?: string | null;
  roomType?: string | null;
  addRoomType?: boolean;
  isNew?: boolean;
  q?: string | null;
}

/** The /admin address of a selection; the search text is kept so the picker stays filtered. */
export function adminHref({ location, roomType, addRoomType, isNew, q }: AdminSelection = {}) {
  const params = new URLSearchParams();
  if (isNew) params.set("new", "1");
  if (location) params.set("location", location);
  if (location && roomType) params.set("roomType", roomType);
  if (location && !roomType && addRoomType) params.set("addRoomType", "1");
  if (q) params.set("q", q);
  const search = params.toString();
  return search ? `/admin?${search}` : "/admin";
}

/**
 * While creating, an empty slug is made from the name (spec section 5): in the browser as the
 * name is typed, and by the server when the form was posted without JavaScript.
 */
export function withSlugFromName(formData: FormData) {
  const slug = String(formData.get("slug") ?? "").trim();
  if (slug) return formData;
  const copy = new FormData();
  for (const [key, value] of formData) copy.append(key, value);
  copy.set("slug", slugFromName(String(formData.get("name") ?? "")));
  return copy;
}

/** Name search in the picker: case- and accent-insensitive, every word must appear. */
export function matchesSearch(name: string, query: string) {
  const normalize = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
  const haystack = normalize(name);
  return normalize(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
