import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { type AppContext } from "~/context";
import { type Db } from "~/db/client.server";
import { images } from "~/db/schema";
import { DomainError } from "~/lib/errors.server";
import { deleteObjects, storeObjects } from "~/catalogue/image-store.server";
import { pictureObjectKeys } from "~/catalogue/image-variants";
import { commitAudited, type Actor } from "./audit.server";
import { displayOrderUpdates, reorderedIds, type ReorderRefusal } from "./display-order.server";
import { IMAGE_RULES } from "./image-manager";
import { callImages, decodeImage, type DecodedImage } from "./image-decode.server";
import { storeVariants } from "./image-variants.server";
import { isIdShaped, NOT_FOUND } from "./ids";
import { requireLocation } from "./location-manager.server";
import { REORDER_MESSAGES } from "./reorder";
import { requireRoomType } from "./room-types.server";

export const IMAGE_MESSAGES = {
  noFiles: IMAGE_RULES.noFiles,
  tooLarge: IMAGE_RULES.tooLarge,
  notFound: NOT_FOUND.image,
} as const;

/** 10 MB (10,485,760 bytes) per file, at most 20 files per upload. */
export const MAX_IMAGE_BYTES = IMAGE_RULES.maxBytes;
export const MAX_FILES_PER_UPLOAD = IMAGE_RULES.maxFiles;

/** A picture's group: a location's own (no room type), or one room type's. */
export interface ImageGroup {
  locationId: string;
  roomTypeId: string | null;
}

const inGroup = ({ locationId, roomTypeId }: ImageGroup) =>
  and(
    eq(images.locationId, locationId),
    roomTypeId ? eq(images.roomTypeId, roomTypeId) : isNull(images.roomTypeId),
  );

/** A file name safe for a key: letters, digits, dots, hyphens and underscores. */
export function sanitizeFileName(name: string, extension: string) {
  const base = name
    .replace(/\.[^.]*$/, "")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${base || "image"}.${extension}`;
}

/**
 * The chosen files, within the count and byte limits. A form without a choice sends one empty file
 * with no name; an empty file that has a name was chosen, and is refused by it.
 */
export function uploadedFiles(files: File[]) {
  const chosen = files.filter((file) => file.size > 0 || file.name !== "");
  if (chosen.length === 0) throw new DomainError("invalid", IMAGE_MESSAGES.noFiles);
  const empty = chosen.find((file) => file.size === 0);
  if (empty) throw new DomainError("invalid", IMAGE_RULES.empty(empty.name));
  if (chosen.length > MAX_FILES_PER_UPLOAD) throw new DomainError("invalid", IMAGE_RULES.tooMany);
  if (chosen.some((file) => file.size > MAX_IMAGE_BYTES)) {
    throw new DomainError("too-large", IMAGE_MESSAGES.tooLarge);
  }
  return chosen;
}

/**
 * Checks every file before anything is stored: all are whole pictures within the limits, or none
 * is taken. Cloudflare Images decodes each one (app/catalogue/image-decode.server.ts).
 */
async function readUploads(images: ImagesBinding, files: File[]) {
  const checked: Array<{ file: File; bytes: ArrayBuffer; image: DecodedImage }> = [];
  for (const file of uploadedFiles(files)) {
    checked.push({ file, image: await decodeImage(images, file), bytes: await file.arrayBuffer() });
  }
  return checked;
}

/**
 * Stores uploaded pictures at `{location_id}/{timestamp}_{filename}` (room pictures in the room
 * type's folder) with their size and their sized variants beside them (`{key}/w{width}.{format}`,
 * made by Cloudflare Images), all or nothing: the R2 objects first, then every row in one batch;
 * if anything fails, the objects written are removed again. New pictures come after the group's
 * others, in the order chosen (the first picture is the page's main one: an upload never takes
 * its place).
 */
export async function uploadImages(
  app: AppContext,
  actor: Actor,
  group: ImageGroup,
  files: File[],
) {
  const { db, env } = app;
  await requireLocation(db, group.locationId);
  if (group.roomTypeId) await requireRoomType(db, group.locationId, group.roomTypeId);
  const uploads = await readUploads(env.IMAGES, files);

  const folder = group.roomTypeId ? `${group.locationId}/${group.roomTypeId}` : group.locationId;
  const stamp = app.now.getTime();
  const written: string[] = [];
  const stored = [];
  try {
    for (const [index, { file, bytes, image }] of uploads.entries()) {
      const key = `${folder}/${stamp + index}_${sanitizeFileName(file.name, image.extension)}`;
      await storeObjects(env.IMAGE_BUCKET, [{ key, bytes, contentType: image.contentType }]);
      written.push(key);
      const { variants, keys } = await makeVariants(env, key, file, image);
      written.push(...keys);
      stored.push({
        id: crypto.randomUUID(),
        key,
        image,
        variants,
        alt: file.name.replace(/\.[^.]*$/, "").slice(0, 200),
      });
    }
  } catch (error) {
    await deleteObjects(env.IMAGE_BUCKET, written);
    throw error;
  }
  // One batch, its statements in turn: each new picture's order follows the one before it.
  const rows = stored.map((item) =>
    db.insert(images).values({
      id: item.id,
      locationId: group.locationId,
      roomTypeId: group.roomTypeId,
      imageUrl: item.key,
      imageType: item.image.contentType,
      width: item.image.width,
      height: item.image.height,
      variants: item.variants,
      alt: item.alt,
      displayOrder: sql<number>`(SELECT coalesce(max(${images.displayOrder}), -1) + 1 FROM ${images} WHERE ${inGroup(group)})`,
    }),
  );
  try {
    await commitAudited(
      app,
      actor,
      {
        action: "uploaded",
        entityType: "image",
        entityId: stored.map((item) => item.id).join(","),
        locationId: group.locationId,
        summary: `Uploaded ${stored.length} image${stored.length === 1 ? "" : "s"}`,
      },
      rows,
    );
  } catch (error) {
    await deleteObjects(env.IMAGE_BUCKET, written);
    throw error;
  }
  return stored.map((item) => item.id);
}

async function findImage(db: Db, id: string) {
  if (!isIdShaped(id)) return undefined;
  const [image] = await db.select().from(images).where(eq(images.id, id));
  return image;
}

/** A picture's variants; the binding's refusal (unlikely once decoded) is the upload's. */
function makeVariants(env: AppContext["env"], key: string, file: File, image: DecodedImage) {
  return callImages(file.name, () => storeVariants(env, key, file, image.width));
}

/** Deletes a picture: its row, then its objects, original and variants (a storage error is only logged). */
export async function deleteImage(app: AppContext, actor: Actor, imageId: string) {
  const image = await findImage(app.db, imageId);
  if (!image) throw new DomainError("not-found", IMAGE_MESSAGES.notFound);
  await commitAudited(
    app,
    actor,
    {
      action: "deleted",
      entityType: "image",
      entityId: imageId,
      locationId: image.locationId,
      summary: "Deleted an image",
    },
    [app.db.delete(images).where(eq(images.id, imageId))],
  );
  try {
    await deleteObjects(app.env.IMAGE_BUCKET, pictureObjectKeys(image.imageUrl, image.variants));
  } catch (error) {
    console.error(`image ${imageId}: storage delete failed`, error);
  }
  return image;
}

/** The input's fault: the page's list is out of date. */
const IMAGE_REFUSAL: ReorderRefusal = {
  code: "invalid",
  empty: REORDER_MESSAGES.noImages,
  indices: REORDER_MESSAGES.imageIndices,
};

async function hasImages(db: Db, group: ImageGroup) {
  if (!isIdShaped(group.locationId)) return false;
  const [row] = await db.select({ count: count() }).from(images).where(inGroup(group));
  return (row?.count ?? 0) > 0;
}

/**
 * Moves a picture to another's position within its group (found through the dragged picture);
 * display_order becomes 0..n-1. An unknown dragged picture finds no group: when the page's own
 * group (`pageGroup`) does have pictures, it is simply not among them.
 */
export async function reorderImages(
  app: AppContext,
  actor: Actor,
  move: { draggedId: string; targetId: string; pageGroup: ImageGroup },
) {
  const { db } = app;
  const dragged = await findImage(db, move.draggedId);
  if (!dragged) {
    const stale = await hasImages(db, move.pageGroup);
    throw new DomainError(IMAGE_REFUSAL.code, stale ? IMAGE_REFUSAL.indices : IMAGE_REFUSAL.empty);
  }
  const rows = await db
    .select({ id: images.id })
    .from(images)
    .where(inGroup(dragged))
    .orderBy(asc(images.displayOrder), asc(images.createdAt));
  const order = reorderedIds(
    rows.map((row) => row.id),
    move.draggedId,
    move.targetId,
    IMAGE_REFUSAL,
  );
  await commitAudited(
    app,
    actor,
    {
      action: "reordered",
      entityType: "image",
      entityId: move.draggedId,
      locationId: dragged.locationId,
      summary: "Reordered images",
    },
    displayOrderUpdates(db, images, order),
  );
  return order;
}
