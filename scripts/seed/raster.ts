/**
 * Renders a seed scene (SVG) to what an upload stores: a JPEG original and its sized variants
 * (app/catalogue/image-variants.ts), with sharp, in Node. `npm start`, `npm run seed` and the browser
 * tests' server use it, so the local site serves real raster photos in every width and format, as
 * production does. (The workerd tests seed the SVGs alone: they have no sharp.)
 *
 * Rendered files are kept in a content-addressed cache in the user's cache folder ($XDG_CACHE_HOME,
 * else ~/.cache), as npm keeps its packages: the same scene with the same plan and encoder settings
 * is read back instead of rendered again, so a second seed (the browser tests' fresh state after
 * `npm start`, a rerun of the tests, another clone) takes seconds.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import sharp, { type Sharp } from "sharp";
import {
  variantFiles,
  type ImageVariants,
  type VariantFormat,
} from "../../app/catalogue/image-variants.ts";
import { type Rasterize } from "./seed.ts";

/** The same qualities as uploads (app/catalogue/image-variants.server.ts). */
const QUALITY: Record<VariantFormat, number> = { avif: 60, webp: 80, jpg: 82 };
/**
 * Encoder effort, lower than sharp's defaults (AVIF 4 of 9, WebP 4 of 6) for a few percent larger
 * files: seeding 171 pictures takes about a minute instead of two and a half on 2 cores.
 */
const EFFORT = { avif: 1, webp: 2 };

const CACHE_DIR = join(
  process.env.XDG_CACHE_HOME || join(homedir(), ".cache"),
  "insider-stays",
  "pictures",
);

function encode(image: Sharp, format: VariantFormat) {
  if (format === "avif") return image.avif({ quality: QUALITY.avif, effort: EFFORT.avif });
  if (format === "webp") return image.webp({ quality: QUALITY.webp, effort: EFFORT.webp });
  return image.jpeg({ quality: QUALITY.jpg });
}

const render: Rasterize = async (svg, plan) => {
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

/** What decides the rendered bytes: the scene, the plan, the encoder and its settings. */
function cacheKey(svg: string, plan: ImageVariants) {
  return createHash("sha256")
    .update(JSON.stringify({ svg, plan, QUALITY, EFFORT, vips: sharp.versions.vips }))
    .digest("hex");
}

const fileName = (width: number, format: VariantFormat) => `w${width}.${format}`;

async function readCached(dir: string, plan: ImageVariants) {
  try {
    const original = new Uint8Array(await readFile(join(dir, "original.jpg")));
    const variants = await Promise.all(
      variantFiles(plan).map(async ({ width, format }) => ({
        width,
        format,
        bytes: new Uint8Array(await readFile(join(dir, fileName(width, format)))),
      })),
    );
    return { original, variants };
  } catch {
    return null;
  }
}

/** Written to a folder of its own, then renamed into place: a reader never sees half of it. */
async function writeCached(dir: string, rendered: Awaited<ReturnType<Rasterize>>) {
  const staging = `${dir}.${process.pid}.tmp`;
  await mkdir(staging, { recursive: true });
  await writeFile(join(staging, "original.jpg"), rendered.original);
  await Promise.all(
    rendered.variants.map(({ width, format, bytes }) =>
      writeFile(join(staging, fileName(width, format)), bytes),
    ),
  );
  await rename(staging, dir).catch(() => rm(staging, { recursive: true, force: true }));
}

export const rasterize: Rasterize = async (svg, plan) => {
  const dir = join(CACHE_DIR, cacheKey(svg, plan));
  const cached = await readCached(dir, plan);
  if (cached) return cached;
  const rendered = await render(svg, plan);
  await writeCached(dir, rendered).catch((error: unknown) =>
    console.warn(`Seed: could not cache a rendered picture (${String(error)})`),
  );
  return rendered;
};
