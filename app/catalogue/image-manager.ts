/**
 * What the image manager (app/components/catalogue-admin/image-manager/) and its action
 * (app/routes/admin/images.ts) agree on: the path, the field names, the rules and the toasts.
 */

export const IMAGE_ACTION_PATH = "/admin/images";

/**
 * A form field asking for a JSON answer instead of a redirect with a flash toast. The upload sends
 * `Accept: application/json` instead; a fetcher cannot set headers, so its forms carry this.
 */
export const JSON_FIELD = "_format";

/**
 * The upload rules: the page checks them early, before sending megabytes; the server
 * (app/catalogue/images.server.ts) checks them all again.
 */
export const IMAGE_RULES = {
  maxBytes: 10_485_760,
  maxFiles: 20,
  onlyImages: "Only image files are allowed",
  noFiles: "Please select at least one image to upload",
  empty: (name: string) => `“${name}” is empty. Choose the photo again, or another one.`,
  tooLarge: "Each image must be 10 MB or smaller",
  tooMany: "Upload at most 20 images at a time",
} as const;

/** The Workers request body limit is about 100 MB; anything above this is refused unread. */
export const MAX_UPLOAD_BODY_BYTES = 20 * 10_485_760 + 1_048_576;

/** The delete confirmations: the page's, and a long press's on a touch screen. */
export const DELETE_CONFIRM = "Are you sure you want to delete this image?";
export const LONG_PRESS_CONFIRM = "Delete this image?";

/** The field that says the admin answered the confirmation; without it a delete only asks. */
export const CONFIRMED_FIELD = "confirmed";

/** The page's query parameter naming the image a post without JavaScript asks about. */
export const CONFIRM_DELETE_PARAM = "deleteImage";

export const IMAGE_TOASTS = {
  uploaded: (count: number) => `${count} image${count === 1 ? "" : "s"} uploaded successfully`,
  deleted: "Image deleted successfully",
  reordered: "Images reordered successfully",
  uploadFailed: (message: string) => `Upload failed: ${message}`,
  deleteFailed: (message: string) => `Delete failed: ${message}`,
  reorderFailed: (message: string) => `Reorder failed: ${message}`,
  tooManyBytes: "The upload is too large: send at most 20 images of 10 MB or smaller each",
  unreadable: "The upload could not be read. Please try again.",
  unknownIntent: "Unknown image action",
} as const;

export type ImageActionResult =
  | { ok: true; message: string; ids?: string[]; order?: string[] }
  | { ok: false; message: string };
