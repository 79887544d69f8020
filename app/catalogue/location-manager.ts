import { z } from "~/lib/zod";
import { MAX_ID_LENGTH } from "./ids";
import { slugFromName } from "./schemas";

/**
 * What the locations manager's forms (browser) and its action (server) agree on: the intents and
 * their fields, the messages, and the page's addresses.
 */

export const INTENTS = {
  createLocation: "create-location",
  updateLocation: "update-location",
  deleteLocation: "delete-location",
  createRoomType: "create-room-type",
  updateRoomType: "update-room-type",
  deleteRoomType: "delete-room-type",
  moveRoomType: "move-room-type",
  setWeeks: "set-weeks",
  openWeeks: "open-weeks",
  publishRoomType: "publish-room-type",
  publishLocation: "publish-location",
} as const;

/** What a room type lacks to be published, as a refusal names it. */
export const PUBLISH_NEEDS = {
  rate: "a weekly price",
  guestLimit: "a guest limit",
  picture: "a picture",
} as const;

/** The prompts and the admin toasts, word for word. */
export const LOCATION_ADMIN_MESSAGES = {
  confirmDeleteLocation:
    "Are you sure you want to delete this location? This will remove its room types and images.",
  confirmDeleteRoomType:
    "Are you sure you want to delete this room type? This will remove its images.",
  /** Added to a delete's question when members have stays ahead there. */
  staysAhead: (count: number) =>
    count === 1
      ? "1 stay ahead is confirmed or awaiting confirmation in it; its guest is not told."
      : `${count} stays ahead are confirmed or awaiting confirmation in it; their guests are not told.`,
  locationCreated: "Location created successfully",
  locationUpdated: "Location updated successfully",
  locationDeleted: "Location deleted successfully",
  roomTypeCreated: "Room type created successfully",
  roomTypeUpdated: "Room type updated successfully",
  roomTypeDeleted: "Room type deleted successfully",
  saveLocationError: (message: string) => `Error saving location: ${message}`,
  saveLocationFailed: "An error occurred while saving the location",
  locationChangedSince:
    "Another admin or another tab saved this location after you opened it. Reload the page to see their changes, then make yours again.",
  saveRoomTypeError: (message: string) => `Error saving room type: ${message}`,
  saveRoomTypeFailed: "An error occurred while saving the room type",
  saveWeeksError: (message: string) => `Error saving weeks: ${message}`,
  roomTypeChangedSince:
    "Another admin or another tab saved this room type after you opened it. Reload the page to see their changes, then make yours again.",
  deleteLocationError: (message: string) => `Error deleting location: ${message}`,
  deleteLocationFailed: "An error occurred while deleting the location",
  deleteRoomTypeError: (message: string) => `Error deleting room type: ${message}`,
  deleteRoomTypeFailed: "An error occurred while deleting the room type",
  roomTypesReordered: "Room types reordered successfully",
  reorderError: (message: string) => `Reorder failed: ${message}`,
  reorderFailed: "Failed to reorder room types",
  weeksSet: (count: number, held: number) =>
    `${count} ${count === 1 ? "week" : "weeks"} updated${held > 0 ? `; ${held} held by a request or booked kept ${held === 1 ? "its" : "their"} state` : ""}`,
  weeksOpened: (count: number, closed: number) =>
    `${count} ${count === 1 ? "week" : "weeks"} opened${closed > 0 ? `; ${closed} over nights already booked ${closed === 1 ? "was" : "were"} added closed` : ""}`,
  roomTypePublished: "Room type published: it is on the site",
  roomTypeUnpublished: "Room type moved back to draft: it is off the site",
  cannotPublishRoomType: (missing: string[]) =>
    `Before publishing, give this room type ${missing.join(", ").replace(/, ([^,]*)$/, " and $1")}.`,
  locationPublished: "Location published: it is on the site",
  publishError: (message: string) => `Error publishing: ${message}`,
  unknown: "An unknown error occurred",
} as const;

/** An id field: null when it is missing or not an id. */
const ref = z.string().trim().min(1).max(MAX_ID_LENGTH).nullable().catch(null);
/** An id field that may be absent (undefined), or is null when it is there but not an id. */
const optionalRef = ref.optional().catch(null);
/** A field that is either this value or anything else. */
const flag = (value: string) =>
  z
    .unknown()
    .optional()
    .transform((posted) => posted === value);
/** Without JavaScript a delete posts twice: to ask, then with this answer. */
const confirmed = flag("yes");

/**
 * Every form of the page posts an `intent` with its own fields. The fields of an id are read
 * leniently (null when missing) so each intent answers a bad one in its own words.
 */
export const locationIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(INTENTS.createLocation) }),
  // `version`: the location's updated_at when the form was opened (absent: saved regardless).
  z.object({
    intent: z.literal(INTENTS.updateLocation),
    locationId: ref,
    version: optionalRef,
  }),
  z.object({ intent: z.literal(INTENTS.deleteLocation), locationId: ref, confirmed }),
  z.object({ intent: z.literal(INTENTS.createRoomType), locationId: ref }),
  z.object({
    intent: z.literal(INTENTS.updateRoomType),
    locationId: ref,
    roomTypeId: ref,
    version: optionalRef,
  }),
  z.object({ intent: z.literal(INTENTS.setWeeks), locationId: ref, roomTypeId: ref }),
  z.object({ intent: z.literal(INTENTS.openWeeks), locationId: ref, roomTypeId: ref }),
  // `publish`: "yes" puts it on sale, anything else back to a draft.
  z.object({
    intent: z.literal(INTENTS.publishRoomType),
    locationId: ref,
    roomTypeId: ref,
    publish: flag("yes"),
  }),
  z.object({ intent: z.literal(INTENTS.publishLocation), locationId: ref }),
  z.object({
    intent: z.literal(INTENTS.deleteRoomType),
    locationId: ref,
    roomTypeId: ref,
    confirmed,
  }),
  // Two shapes: the Move up / Move down buttons (roomTypeId + direction, answered with a
  // redirect) and a drop (draggedId + targetId, from a fetcher asking for JSON with _format).
  z.object({
    intent: z.literal(INTENTS.moveRoomType),
    locationId: ref,
    roomTypeId: ref,
    direction: z.enum(["up", "down"]).nullable().catch(null),
    draggedId: optionalRef,
    targetId: optionalRef,
    _format: flag("json"),
  }),
]);

export type LocationIntent = z.output<typeof locationIntentSchema>;

export interface AdminSelection {
  location?: string | null;
  roomType?: string | null;
  addRoomType?: boolean;
  isNew?: boolean;
  q?: string | null;
  /** A page of the picker's list other than the one with the selected location. */
  listPage?: number;
  /** Without JavaScript, the page that asks before deleting the location or the room type. */
  confirmDelete?: DeleteQuestion;
}

/** What a delete asks about first, in the address (a page of its own: Back after it is plain). */
export const CONFIRM_DELETE_SELECTION_PARAM = "confirmDelete";
export type DeleteQuestion = "location" | "room-type";

export function deleteQuestionOf(params: URLSearchParams): DeleteQuestion | null {
  const asked = params.get(CONFIRM_DELETE_SELECTION_PARAM);
  return asked === "location" || asked === "room-type" ? asked : null;
}

/** Rows of the locations manager's picker at a time. */
export const PICKER_PER_PAGE = 50;

/** The /admin address of a selection; the search text is kept so the picker stays filtered. */
export function adminHref({
  location,
  roomType,
  addRoomType,
  isNew,
  q,
  listPage,
  confirmDelete,
}: AdminSelection = {}) {
  const params = new URLSearchParams();
  if (isNew) params.set("new", "1");
  if (location) params.set("location", location);
  if (location && roomType) params.set("roomType", roomType);
  if (location && !roomType && addRoomType) params.set("addRoomType", "1");
  if (q) params.set("q", q);
  if (listPage) params.set("page", String(listPage));
  if (location && confirmDelete) params.set(CONFIRM_DELETE_SELECTION_PARAM, confirmDelete);
  const search = params.toString();
  const fragment = location && confirmDelete ? `#delete-${confirmDelete}` : "";
  return search ? `/admin?${search}${fragment}` : "/admin";
}

/**
 * While creating, an empty slug is made from the name: in the browser as the name is typed, and
 * by the server when the form was posted without JavaScript.
 */
export function withSlugFromName(formData: FormData) {
  const slug = String(formData.get("slug") ?? "").trim();
  if (slug) return formData;
  const copy = new FormData();
  for (const [key, value] of formData) copy.append(key, value);
  copy.set("slug", slugFromName(String(formData.get("name") ?? "")));
  return copy;
}

/** A delete's question, with the stays ahead it would leave without their resort, if any. */
export function deleteQuestion(question: string, staysAhead: number) {
  return staysAhead > 0
    ? `${question} ${LOCATION_ADMIN_MESSAGES.staysAhead(staysAhead)}`
    : question;
}
