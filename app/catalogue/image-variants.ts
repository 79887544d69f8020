/**
 * Sized variants of a stored picture, shared by the server (which makes them) and the pages (which
 * list them in `srcset`). Each picture keeps its original at its key and, beside it, one object per
 * width and format at `{key}/w{width}.{avif|webp|jpg}`: a new upload gets a new key, so every
 * variant URL can be cached forever.
 */

/** The widths and AVIF widths stored for a picture (`images.variants`); null: the original only. */
export interface ImageVariants {
  widths: number[];
  avif: number[];
}

/** The widths made, at most: phone cards to a retina desktop lightbox. */
const VARIANT_WIDTHS = [400, 800, 1200, 1600, 2400] as const;

/**
 * AVIF is made only up to this width: encoding it costs seconds a picture at larger sizes (locally
 * sharp at its default effort: 1 s at 800 px, 5 s at 1600 px, 10 s at 2400 px on 2 cores), while
 * the phone sizes are where its bytes matter. Larger widths are listed in WebP in the AVIF source,
 * which every AVIF-capable browser decodes.
 */
const AVIF_MAX_WIDTH = 800;

export type VariantFormat = "avif" | "webp" | "jpg";

export const VARIANT_CONTENT_TYPES = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
} as const satisfies Record<VariantFormat, string>;

/**
 * The ladder for a picture `width` pixels wide: each standard width smaller than it, then its own
 * width (capped at the largest), so the sharpest variant is never upscaled nor missing.
 */
export function variantPlan(width: number): ImageVariants {
  const largest = VARIANT_WIDTHS.at(-1)!;
  const widths = [
    ...VARIANT_WIDTHS.filter((step) => step < Math.min(width, largest)),
    Math.min(width, largest),
  ];
  return { widths, avif: widths.filter((step) => step <= AVIF_MAX_WIDTH) };
}

/** Every (width, format) pair of a plan, smallest first. */
export function variantFiles(plan: ImageVariants) {
  return plan.widths.flatMap((width) => [
    ...(plan.avif.includes(width) ? [{ width, format: "avif" as const }] : []),
    { width, format: "webp" as const },
    { width, format: "jpg" as const },
  ]);
}

export function variantKey(key: string, width: number, format: VariantFormat) {
  return `${key}/w${width}.${format}`;
}

/** A picture's objects: its original and the variants its row records (none when null). */
export function pictureObjectKeys(key: string, variants: ImageVariants | null) {
  const files = variants ? variantFiles(variants) : [];
  return [key, ...files.map((file) => variantKey(key, file.width, file.format))];
}

/** The `sizes` of each place a picture is shown, from the page layouts (max-w-6xl, grids). */
export const IMAGE_SIZES = {
  /** A card in the home and list grids: 1, 2 or 3 columns. */
  card: "(min-width: 1280px) 384px, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, calc(100vw - 3rem)",
  /** A list row's thumbnail. */
  row: "(min-width: 640px) 128px, 96px",
  /** The location page's carousel, the page's width. */
  hero: "(min-width: 1152px) 1104px, calc(100vw - 2rem)",
  /** The carousel's thumbnails. */
  thumb: "(min-width: 768px) 100px, 80px",
  /** A room type's photos: two fifths of the page beside its facts, the whole width on a phone. */
  room: "(min-width: 1152px) 440px, (min-width: 768px) 40vw, calc(100vw - 2rem)",
  /** The admin's image cards and delete prompts (at most a small dialog's width). */
  admin: "400px",
} as const;

export type ImageSlot = keyof typeof IMAGE_SIZES;

/**
 * The widest file each slot can use: its widest size above on the densest screens that show it
 * (3× phones, 2× desktops). A srcset lists the widths up to the first that reaches it, so a
 * thumbnail's markup does not name every photo size.
 */
const SLOT_WIDEST = {
  card: 1150,
  row: 384,
  hero: 2208,
  thumb: 300,
  room: 1150,
  admin: 800,
} as const satisfies Record<ImageSlot, number>;

interface StoredPicture {
  /** `/images/{key}`: the original's URL; variants are beside it. */
  url: string;
  variants?: ImageVariants | null;
}

/** The variant widths a slot can use: up to the first that reaches its widest (all, if none). */
function slotWidths({ widths }: ImageVariants, slot: ImageSlot) {
  const reaching = widths.findIndex((width) => width >= SLOT_WIDEST[slot]);
  return reaching === -1 ? widths : widths.slice(0, reaching + 1);
}

/**
 * The `srcset` of each `<source>` and of the `<img>` for a slot: AVIF where made (WebP above),
 * WebP, and the JPEG fallback. Null for a picture without variants (shown as its original).
 */
export function pictureSources(picture: StoredPicture, slot: ImageSlot) {
  if (!picture.variants?.widths.length) return null;
  const { avif } = picture.variants;
  const widths = slotWidths(picture.variants, slot);
  const srcSet = (pick: (width: number) => VariantFormat) =>
    widths.map((width) => `${variantKey(picture.url, width, pick(width))} ${width}w`).join(", ");
  return {
    avif: avif.length ? srcSet((width) => (avif.includes(width) ? "avif" : "webp")) : null,
    webp: srcSet(() => "webp"),
    jpg: srcSet(() => "jpg"),
    /** The `src`: the JPEG closest to 800 px, for browsers that read no `srcset`. */
    src: variantKey(picture.url, fallbackWidth(picture.variants), "jpg"),
  };
}

function fallbackWidth({ widths }: ImageVariants, target = 800) {
  return widths.find((width) => width >= target) ?? widths.at(-1)!;
}

/** The JPEG for Open Graph and link previews: about 1200 px wide, or the original. */
export function shareImageUrl(picture: StoredPicture) {
  if (!picture.variants?.widths.length) return picture.url;
  return variantKey(picture.url, fallbackWidth(picture.variants, 1200), "jpg");
}

/** The WebP ladder for the lightbox, which picks a width from the screen itself. */
export function lightboxSources(picture: StoredPicture & { width: number; height: number }) {
  if (!picture.variants?.widths.length) return undefined;
  return picture.variants.widths.map((width) => ({
    src: variantKey(picture.url, width, "webp"),
    width,
    height: Math.round((picture.height * width) / picture.width),
  }));
}
