/**
 * Renders a seed scene (SVG) to what an upload stores: a JPEG original and its sized variants
 * (app/lib/image-variants.ts), with sharp, in Node. `npm start`, `npm run seed` and the browser
 * tests' server use it, so the local site serves real raster photos in every width and format, as
 * production does. (The workerd tests seed the SVGs alone: they have no sharp.)
 */
import sharp, { type Sharp } from "sharp";
import { variantFiles, type VariantFormat } from "../../app/lib/image-variants.ts";
import { type Rasterize } from "./seed.ts";

/** The same qualities as uploads (app/admin/image-variants.server.ts). */
const QUALITY: Record<VariantFormat, number> = { avif: 60, webp: 80, jpg: 82 };
/**
 * Encoder effort, lower than sharp's defaults (AVIF 4 of 9, WebP 4 of 6) for a few percent larger
 * files: seeding 171 pictures takes about a minute instead of two and a half on 2 cores.
 */
const EFFORT = { avif: 1, webp: 2 };

function encode(image: Sharp, format: VariantFormat) {
  if (format === "avif") return image.avif({ quality: QUALITY.avif, effort: EFFORT.avif });
  if (format === "webp") return image.webp({ quality: QUALITY.webp, effort: EFFORT.webp });
  return image.jpeg({ quality: QUALITY.jpg });
}

export const rasterize: Rasterize = async (svg, plan) => {
  // Drawn once into pixels; every file is encoded from them.
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  const pixels = () => sharp(data, { raw: info });
  const original = await encode(pixels(), "jpg").toBuffer();
  const variants = await Promise.all(
    variantFiles(plan).map(async ({ width, format }) => ({
      width,
      format,
      bytes: new Uint8Array(await encode(pixels().resize({ width }), format).toBuffer()),
    })),
  );
  return { original: new Uint8Array(original), variants };
};
