import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { images, locations } from "~/db/schema";
import { variantFiles, variantKey } from "~/catalogue/image-variants";
import { photoPng } from "../fixtures/images";
import { createUser, signIn } from "./auth-helpers";
import { ORIGIN, request } from "./helpers";

const db = createDb(env.DB);

/** A 4000 × 3000 JPEG, as a camera would send it. */
async function cameraJpeg() {
  const result = await env.IMAGES.input(photoPng(4000, 3000).stream()).output({
    format: "image/jpeg",
    quality: 90,
  });
  return new File([await result.response().arrayBuffer()], "Camera Photo.jpg", {
    type: "image/jpeg",
  });
}

async function insertLocation() {
  const id = `loc-var-${crypto.randomUUID()}`;
  const slug = `variant-test-${id.slice(-12)}`;
  await db.insert(locations).values({
    id,
    name: `Variant Test ${id.slice(-8)}`,
    slug,
    description: "A resort for variant tests.",
    city: "Lahaina",
    state: "Hawaii",
  });
  return { id, slug };
}

let cookie: string;
beforeAll(async () => {
  const admin = await createUser("admin");
  cookie = await signIn(admin.id);
});

function post(fields: Record<string, string>, files: File[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const file of files) form.append("files", file);
  return request("/admin/images", {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, Cookie: cookie, Accept: "application/json" },
    redirect: "manual",
  });
}

async function objectKeys(prefix: string) {
  const listed = await env.IMAGE_BUCKET.list({ prefix });
  return listed.objects.map((object) => object.key).sort();
}

describe("sized variants", () => {
  it("a 4000 × 3000 JPEG is stored with AVIF, WebP and JPEG variants; a 390 px phone at DPR 2 gets at most 300 KB; delete removes them all", async () => {
    const location = await insertLocation();
    const photo = await cameraJpeg();
    expect(photo.size).toBeGreaterThan(1_000_000);

    const started = performance.now();
    const upload = await post(
      { intent: "upload", locationId: location.id, roomTypeId: "", redirectTo: "/admin" },
      [photo],
    );
    expect(upload.status).toBe(200);
    await upload.json();
    console.log(
      `upload of a 4000 × 3000 JPEG (${photo.size} bytes): ${Math.round(performance.now() - started)} ms`,
    );

    const [row] = await db.select().from(images).where(eq(images.locationId, location.id));
    expect(row).toMatchObject({ width: 4000, height: 3000, imageType: "image/jpeg" });
    expect(row!.variants).toEqual({ widths: [400, 800, 1200, 1600, 2400], avif: [400, 800] });
    const expected = variantFiles(row!.variants!).map((file) =>
      variantKey(row!.imageUrl, file.width, file.format),
    );
    expect(expected).toHaveLength(12);
    expect(await objectKeys(`${location.id}/`)).toEqual([row!.imageUrl, ...expected].sort());

    const sizes: Record<string, number> = {};
    for (const key of expected) {
      const served = await request(`/images/${key}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const format = key.split(".").at(-1)!;
      expect(served.headers.get("Content-Type")).toBe(
        { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" }[format],
      );
      const bytes = await served.arrayBuffer();
      sizes[key.slice(row!.imageUrl.length + 1)] = bytes.byteLength;
      const info = await env.IMAGES.info(new Blob([bytes]).stream());
      expect(info).toMatchObject({ width: Number(key.match(/\/w(\d+)\./)![1]) });
    }
    console.log("variant sizes (bytes):", JSON.stringify(sizes));
    // A 390 px wide phone at DPR 2 picks the 800 px variant for a full-width slot: in any format
    // (the JPEG fallback included), it is at most 300 KB.
    for (const format of ["avif", "webp", "jpg"]) {
      expect(sizes[`w800.${format}`]).toBeLessThanOrEqual(300 * 1024);
    }

    // The location page lists them in a <picture>.
    const html = await (await request(`/locations/${location.slug}`)).text();
    const picture = html.match(/<picture[^>]*>.*?<\/picture>/s)?.[0] ?? "";
    const url = `/images/${row!.imageUrl.split("/").map(encodeURIComponent).join("/")}`;
    expect(picture).toContain(
      `<source type="image/avif" srcSet="${url}/w400.avif 400w, ${url}/w800.avif 800w, ${url}/w1200.webp 1200w`,
    );
    expect(picture).toContain(`<source type="image/webp" srcSet="${url}/w400.webp 400w`);
    expect(picture).toMatch(/<img[^>]* srcSet="[^"]*w2400\.jpg 2400w"/);
    expect(picture).toMatch(/<img[^>]* sizes="\(min-width: 1152px\) 1104px, calc\(100vw - 2rem\)"/);
    expect(picture).toMatch(/<img[^>]* width="4000" height="3000"/);
    expect(picture).toContain(`src="${url}/w800.jpg"`);
    // The first slide is preloaded at high priority, and shared as a 1200 px JPEG.
    expect(html).toMatch(/<link rel="preload"[^>]* as="image"[^>]* fetchPriority="high"[^>]*>/i);
    expect(html).toMatch(new RegExp(`imageSrcSet="${url}/w400.avif 400w`, "i"));
    expect(html).toContain(`property="og:image" content="http://localhost${url}/w1200.jpg"`);

    const removed = await post({
      intent: "delete",
      imageId: row!.id,
      confirmed: "yes",
      redirectTo: "/admin",
    });
    expect(removed.status).toBe(200);
    await removed.json();
    expect(await objectKeys(`${location.id}/`)).toEqual([]);
  }, 120_000);
});
