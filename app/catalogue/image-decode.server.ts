import { DomainError } from "~/lib/errors.server";

/**
 * What an uploaded file really is, told by Cloudflare Images (the `IMAGES` binding; locally
 * miniflare runs it through sharp), never by its name, its declared type or its first bytes: a
 * header alone, a file cut short or a declared size of 2^31 × 2^31 says nothing of the pixels.
 */

/** The formats we store, by the content type Cloudflare Images reports, and their key extension. */
const EXTENSIONS = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
} as const;

type ContentType = keyof typeof EXTENSIONS;

const isStoredFormat = (format: string): format is ContentType => Object.hasOwn(EXTENSIONS, format);

/**
 * Cloudflare Images transforms pictures up to 12,000 pixels a side and 100 megapixels
 * (developers.cloudflare.com/images/get-started/limits/): anything larger could never be resized.
 */
const MAX_IMAGE_SIDE = 12_000;
const MAX_IMAGE_MEGAPIXELS = 100;

export const DECODE_MESSAGES = {
  unreadable: (name: string) =>
    `“${name}” could not be read. Upload a JPEG, PNG, WebP, GIF or AVIF photo.`,
  tooManyPixels: (name: string) =>
    `“${name}” has too many pixels: images can be at most ${MAX_IMAGE_SIDE.toLocaleString("en-US")} pixels on a side and ${MAX_IMAGE_MEGAPIXELS} megapixels in all.`,
} as const;

export interface DecodedImage {
  contentType: ContentType;
  extension: (typeof EXTENSIONS)[ContentType];
  width: number;
  height: number;
}

/** The binding's refusal of its input (an `ImagesError`, with a numeric code). */
function isImagesError(error: unknown): error is Error & { code: number } {
  return error instanceof Error && typeof (error as { code?: unknown }).code === "number";
}

/** One call to the binding: its refusal of the file becomes the upload's, logged with its code. */
export async function callImages<T>(name: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isImagesError(error)) throw error;
    console.warn(`upload "${name}" refused by Cloudflare Images (${error.code}): ${error.message}`);
    throw new DomainError("unsupported", DECODE_MESSAGES.unreadable(name));
  }
}

/**
 * Accepts a file only when it is a whole picture in a format we store, within the size limits.
 * `info()` reads no more than the header, so the picture is then decoded for real (made into a
 * 1-pixel-wide image, read to its end): a file whose pixels are missing or cut short fails there.
 */
export async function decodeImage(images: ImagesBinding, file: File): Promise<DecodedImage> {
  const info = await callImages(file.name, () => images.info(file.stream()));
  if (!isStoredFormat(info.format) || !("width" in info)) {
    throw new DomainError("unsupported", DECODE_MESSAGES.unreadable(file.name));
  }
  const { width, height } = info;
  if (
    width > MAX_IMAGE_SIDE ||
    height > MAX_IMAGE_SIDE ||
    width * height > MAX_IMAGE_MEGAPIXELS * 1_000_000
  ) {
    throw new DomainError("invalid", DECODE_MESSAGES.tooManyPixels(file.name));
  }
  await callImages(file.name, async () => {
    const thumbnail = await images
      .input(file.stream())
      .transform({ width: 1 })
      .output({ format: "image/webp" });
    await thumbnail.response().arrayBuffer();
  });
  return { contentType: info.format, extension: EXTENSIONS[info.format], width, height };
}
