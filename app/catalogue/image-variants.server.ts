import {
  VARIANT_CONTENT_TYPES,
  variantFiles,
  variantKey,
  variantPlan,
  type ImageVariants,
  type VariantFormat,
} from "~/catalogue/image-variants";

/**
 * Quality of each format: close to what the eye cannot tell apart on a photo. (Locally miniflare's
 * sharp takes its own defaults: JPEG and WebP 80, AVIF 50.)
 */
const QUALITY: Record<VariantFormat, number> = { avif: 60, webp: 80, jpg: 82 };

/**
 * Makes a picture's sized variants through Cloudflare Images and stores each one in R2 beside the
 * original as it is made (one at a time, so a large upload never holds them all). Returns the
 * plan to record with the row and every key written; on a failure the keys written so far are
 * removed before the error is passed on.
 */
export async function storeVariants(
  env: Pick<Env, "IMAGES" | "IMAGE_BUCKET">,
  key: string,
  source: Blob,
  width: number,
): Promise<{ variants: ImageVariants; keys: string[] }> {
  const variants = variantPlan(width);
  const keys: string[] = [];
  try {
    for (const file of variantFiles(variants)) {
      const contentType = VARIANT_CONTENT_TYPES[file.format];
      const result = await env.IMAGES.input(source.stream())
        .transform({ width: file.width })
        .output({ format: contentType, quality: QUALITY[file.format] });
      const target = variantKey(key, file.width, file.format);
      // R2 needs a known length: the variant is read whole (at most a few hundred KB).
      const bytes = await result.response().arrayBuffer();
      await env.IMAGE_BUCKET.put(target, bytes, { httpMetadata: { contentType } });
      keys.push(target);
    }
  } catch (error) {
    await env.IMAGE_BUCKET.delete(keys).catch(() => undefined);
    throw error;
  }
  return { variants, keys };
}
