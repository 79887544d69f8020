import { env } from "cloudflare:workers";
import { and, asc, eq, isNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { IMAGE_TOASTS, MAX_UPLOAD_BODY_BYTES } from "~/catalogue/image-manager";
import { REORDER_MESSAGES } from "~/catalogue/reorder";
import { createDb } from "~/db/client.server";
import { auditEvents, images, locations, roomTypes } from "~/db/schema";
import { DECODE_MESSAGES } from "~/catalogue/image-decode.server";
import { IMAGE_MESSAGES } from "~/catalogue/images.server";
import { variantFiles, variantKey } from "~/catalogue/image-variants";
import { clearsSession, createUser, signIn } from "./auth-helpers";
import { ORIGIN, request, toastOf, visibleText } from "./helpers";
import { fixture, png, pngDeclaring, type FixtureName } from "../fixtures/images";

const db = createDb(env.DB);
const PATH = "/admin/images";

function pngFile(name: string, width = 300, height = 200) {
  return new File([png(width, height)], name, { type: "image/png" });
}

/** A location of its own, so no test depends on another's pictures. */
async function insertLocation(overrides: Partial<typeof locations.$inferInsert> = {}) {
  const id = `loc-img-${crypto.randomUUID()}`;
  await db.insert(locations).values({
    id,
    name: `Image Test ${id.slice(-8)}`,
    slug: `image-test-${id.slice(-12)}`,
    description: "A resort for image tests.",
    city: "Lahaina",
    state: "Hawaii",
    country: "United States",
    ...overrides,
  });
  return { id, slug: `image-test-${id.slice(-12)}` };
}

async function insertRoomType(locationId: string) {
  const id = `room-img-${crypto.randomUUID()}`;
  await db
    .insert(roomTypes)
    .values({ id, locationId, name: "Ocean Suite", imageFolder: `${locationId}/${id}` });
  return id;
}

/** Pictures in the database directly (no R2 object), for the reorder and delete tests. */
async function insertImages(locationId: string, count: number, roomTypeId: string | null = null) {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const id = `img-${index}-${crypto.randomUUID()}`;
    await db.insert(images).values({
      id,
      locationId,
      roomTypeId,
      imageUrl: `${locationId}/${index}_seeded.png`,
      imageType: "image/png",
      width: 10,
      height: 10,
      displayOrder: index,
    });
    ids.push(id);
  }
  return ids;
}

async function groupRows(locationId: string, roomTypeId: string | null = null) {
  return db
    .select()
    .from(images)
    .where(
      and(
        eq(images.locationId, locationId),
        roomTypeId ? eq(images.roomTypeId, roomTypeId) : isNull(images.roomTypeId),
      ),
    )
    .orderBy(asc(images.displayOrder), asc(images.createdAt));
}

async function objectKeys(prefix: string) {
  const listed = await env.IMAGE_BUCKET.list({ prefix });
  return listed.objects.map((object) => object.key);
}

/** A stored picture's objects: its original and its sized variants beside it. */
function pictureKeys(row: typeof images.$inferSelect) {
  return [
    row.imageUrl,
    ...variantFiles(row.variants!).map((file) => variantKey(row.imageUrl, file.width, file.format)),
  ];
}

let adminCookie: string;
let adminEmail: string;

beforeEach(async () => {
  // An admin of each test's own: the admin check's rate limit (50 a minute) counts per account.
  const admin = await createUser("admin");
  adminEmail = admin.email;
  adminCookie = await signIn(admin.id);
});

function post(
  body: FormData | URLSearchParams,
  { json = true, cookie = adminCookie, headers = {} as Record<string, string> } = {},
) {
  return request(PATH, {
    method: "POST",
    body,
    headers: {
      Origin: ORIGIN,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(json ? { Accept: "application/json" } : {}),
      ...headers,
    },
    redirect: "manual",
  });
}

function uploadForm(locationId: string, files: File[], extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("locationId", locationId);
  form.set("roomTypeId", "");
  form.set("redirectTo", `/admin?location=${locationId}`);
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  for (const file of files) form.append("files", file);
  return form;
}

function fields(values: Record<string, string>) {
  return new URLSearchParams(values);
}

describe("upload", () => {
  it("stores two PNGs in R2 and D1, audits them, and the public page shows them at once", async () => {
    const location = await insertLocation();
    // Warm the public page's cache first: the upload must clear it.
    expect((await request(`/locations/${location.slug}`)).status).toBe(200);

    const response = await post(
      uploadForm(location.id, [
        pngFile("Sunset Beach.png", 640, 480),
        pngFile("pool.png", 800, 600),
      ]),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; ids: string[]; message: string };
    expect(body).toMatchObject({ ok: true, message: "2 images uploaded successfully" });
    expect(body.ids).toHaveLength(2);

    const rows = await groupRows(location.id);
    expect(rows).toHaveLength(2);
    // Each key starts with the upload's moment plus the picture's place in it: never the same twice.
    const stamps = rows.map((row) => Number(row.imageUrl.split("/").at(-1)!.split("_")[0]));
    expect(stamps[1]).toBe(stamps[0]! + 1);
    for (const row of rows) {
      expect(body.ids).toContain(row.id);
      expect(row.imageType).toBe("image/png");
      expect(row.roomTypeId).toBeNull();
      const match = row.imageUrl.match(new RegExp(`^${location.id}/(\\d+)_([A-Za-z0-9_.-]+)$`));
      expect(match).not.toBeNull();
      expect(match![2]).toMatch(/\.png$/);
      const object = await env.IMAGE_BUCKET.get(row.imageUrl);
      expect(object?.httpMetadata?.contentType).toBe("image/png");
      await object?.arrayBuffer();
    }
    // In the order chosen, after any already there (none here).
    expect(rows.map((row) => [row.alt, row.displayOrder])).toEqual([
      ["Sunset Beach", 0],
      ["pool", 1],
    ]);
    const sizes = rows.map((row) => `${row.width}x${row.height}`).sort();
    expect(sizes).toEqual(["640x480", "800x600"]);
    expect(rows.map((row) => row.imageUrl.split("_").slice(1).join("_")).sort()).toEqual([
      "Sunset-Beach.png",
      "pool.png",
    ]);
    // Sized variants up to each picture's own width, in AVIF too at these sizes.
    expect(rows.map((row) => JSON.stringify(row.variants)).sort()).toEqual([
      JSON.stringify({ widths: [400, 640], avif: [400, 640] }),
      JSON.stringify({ widths: [400, 800], avif: [400, 800] }),
    ]);
    expect((await objectKeys(`${location.id}/`)).sort()).toEqual(rows.flatMap(pictureKeys).sort());

    const audit = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.locationId, location.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "uploaded",
      entityType: "image",
      actorEmail: adminEmail,
    });

    const page = visibleText(await (await request(`/locations/${location.slug}`)).text());
    for (const row of rows)
      expect(page).toContain(
        `/images/${row.imageUrl.split("/").map(encodeURIComponent).join("/")}`,
      );
    // And the bytes are served from the stable URL.
    const served = await request(`/images/${rows[0]!.imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    await served.arrayBuffer();
  });

  it("without JavaScript, redirects back to the page with a flash toast", async () => {
    const location = await insertLocation();
    const response = await post(
      uploadForm(location.id, [pngFile("one.png")], {
        redirectTo: `/admin?location=${location.id}#images-x`,
      }),
      {
        json: false,
      },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin?location=${location.id}#images-x`);
    expect(await toastOf(response)).toEqual({
      type: "success",
      message: "1 image uploaded successfully",
    });
    expect(await groupRows(location.id)).toHaveLength(1);
  });

  it("sends a redirect elsewhere back to /admin", async () => {
    const location = await insertLocation();
    for (const redirectTo of [
      "https://evil.example/admin",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
    ]) {
      const response = await post(uploadForm(location.id, [], { redirectTo }), { json: false });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin");
      expect(await toastOf(response)).toEqual({
        type: "error",
        message: `Upload failed: ${IMAGE_MESSAGES.noFiles}`,
      });
    }
  });

  it("refuses a text file named .png with 415, storing nothing, even beside a valid picture", async () => {
    const location = await insertLocation();
    const fake = new File(["just some text, not a picture at all".repeat(3)], "photo.png", {
      type: "image/png",
    });
    const message = "“photo.png” could not be read. Upload a JPEG, PNG, WebP, GIF or AVIF photo.";
    for (const files of [[fake], [pngFile("real.png"), fake], [fake, pngFile("real.png")]]) {
      const response = await post(uploadForm(location.id, files));
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ ok: false, message });
    }
    expect(await groupRows(location.id)).toHaveLength(0);
    expect(await objectKeys(`${location.id}/`)).toEqual([]);

    const noJs = await post(uploadForm(location.id, [pngFile("real.png"), fake]), { json: false });
    expect(noJs.status).toBe(302);
    expect(await toastOf(noJs)).toEqual({ type: "error", message: `Upload failed: ${message}` });
    expect(await groupRows(location.id)).toHaveLength(0);
    expect(await objectKeys(`${location.id}/`)).toEqual([]);
  });

  it("refuses an empty file by its name, not as if none was chosen", async () => {
    const location = await insertLocation();
    const empty = new File([], "empty.jpg", { type: "image/jpeg" });
    const message = "“empty.jpg” is empty. Choose the photo again, or another one.";
    const response = await post(uploadForm(location.id, [empty]));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, message });
    const noJs = await post(uploadForm(location.id, [pngFile("real.png"), empty]), { json: false });
    expect(await toastOf(noJs)).toEqual({ type: "error", message: `Upload failed: ${message}` });
    expect(await groupRows(location.id)).toHaveLength(0);
  });

  it("puts new pictures after the ones there, in the order chosen", async () => {
    const location = await insertLocation();
    const names = async () => (await groupRows(location.id)).map((row) => row.alt);
    expect(
      (await post(uploadForm(location.id, [pngFile("one.png"), pngFile("two.png")]))).status,
    ).toBe(200);
    // Ordered as a drag in the image manager leaves them: 0, 1.
    for (const [order, row] of (await groupRows(location.id)).entries()) {
      await db.update(images).set({ displayOrder: order }).where(eq(images.id, row.id));
    }
    expect(
      (await post(uploadForm(location.id, [pngFile("three.png"), pngFile("four.png")]))).status,
    ).toBe(200);
    expect(await names()).toEqual(["one", "two", "three", "four"]);
  });

  /** Nothing of a refused upload is kept: no object, no row, no audit event. */
  async function expectNothingStored(locationId: string) {
    expect(await objectKeys(`${locationId}/`)).toEqual([]);
    expect(await groupRows(locationId)).toHaveLength(0);
    expect(
      await db.select().from(auditEvents).where(eq(auditEvents.locationId, locationId)),
    ).toHaveLength(0);
  }

  it.each([
    // Headers with no picture (or a far too small one) behind them.
    ["a PNG header with only IHDR", "header.png", () => png(300, 200, "none")],
    ["a bare WebP header", "bare.webp", () => fixture("tiny-10x6-lossy.webp").slice(0, 32)],
    ["a PNG declaring 2^31 × 2^31", "vast.png", () => pngDeclaring(2 ** 31, 2 ** 31)],
    // Whole headers (Cloudflare Images' info() reads them) in front of pixels cut short.
    ["a PNG whose pixels stop halfway", "cut.png", () => png(300, 200, "half")],
    ["a JPEG cut short", "cut.jpg", () => fixture("gold-320x180.jpg").slice(0, 400)],
    // A picture, but not one a photo is stored as.
    [
      "an SVG drawing",
      "drawing.svg",
      () =>
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
    ],
  ])(
    "refuses %s with 415, storing nothing, even beside a valid picture",
    async (_, name, bytes) => {
      const location = await insertLocation();
      const broken = new File([bytes()], name, { type: "image/png" });
      for (const files of [[broken], [pngFile("real.png"), broken]]) {
        const response = await post(uploadForm(location.id, files));
        expect(response.status).toBe(415);
        expect(await response.json()).toEqual({
          ok: false,
          message: DECODE_MESSAGES.unreadable(name),
        });
      }
      await expectNothingStored(location.id);
    },
  );

  it("refuses a small file of more than 12,000 pixels a side or 100 megapixels with 400", async () => {
    const location = await insertLocation();
    for (const [width, height] of [
      [12_001, 1],
      [1, 12_001],
      [10_000, 10_001],
    ] as const) {
      const name = `${width}x${height}.png`;
      const file = pngFile(name, width, height);
      expect(file.size).toBeLessThan(20_000);
      const response = await post(uploadForm(location.id, [pngFile("real.png"), file]));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        ok: false,
        message: `“${name}” has too many pixels: images can be at most 12,000 pixels on a side and 100 megapixels in all.`,
      });
    }
    await expectNothingStored(location.id);

    const widest = await post(uploadForm(location.id, [pngFile("widest.png", 12_000, 1)]));
    expect(widest.status).toBe(200);
    await widest.json();
    expect(await groupRows(location.id)).toMatchObject([{ width: 12_000, height: 1 }]);
  });

  it("refuses an 11 MB picture with 413, storing nothing", async () => {
    const location = await insertLocation();
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(png(4000, 3000));
    const response = await post(
      uploadForm(location.id, [
        pngFile("small.png"),
        new File([big], "huge.png", { type: "image/png" }),
      ]),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      ok: false,
      message: "Each image must be 10 MB or smaller",
    });
    expect(await groupRows(location.id)).toHaveLength(0);
    expect(await objectKeys(`${location.id}/`)).toEqual([]);
  });

  it("refuses a body declared larger than 20 images of 10 MB before reading it", async () => {
    const location = await insertLocation();
    const tooLarge = { "Content-Length": String(MAX_UPLOAD_BODY_BYTES + 1) };
    const response = await post(uploadForm(location.id, [pngFile("a.png")]), { headers: tooLarge });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ ok: false, message: IMAGE_TOASTS.tooManyBytes });
    // Without JavaScript: back to the page it came from (the body, with redirectTo, is not read).
    const noJs = await post(uploadForm(location.id, [pngFile("a.png")]), {
      json: false,
      headers: { ...tooLarge, Referer: `${ORIGIN}/admin?location=${location.id}` },
    });
    expect(noJs.status).toBe(302);
    expect(noJs.headers.get("Location")).toBe(`/admin?location=${location.id}`);
    expect(await toastOf(noJs)).toEqual({
      type: "error",
      message: IMAGE_TOASTS.uploadFailed(IMAGE_TOASTS.tooManyBytes),
    });
    expect(await groupRows(location.id)).toHaveLength(0);
    expect(await objectKeys(`${location.id}/`)).toEqual([]);
  });

  it("asks for at least one picture", async () => {
    const location = await insertLocation();
    // A form posted without a choice sends one empty, nameless file.
    for (const files of [[], [new File([], "", { type: "application/octet-stream" })]]) {
      const response = await post(uploadForm(location.id, files));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        ok: false,
        message: "Please select at least one image to upload",
      });
    }
    expect(await groupRows(location.id)).toHaveLength(0);
  });

  it("stores a room type's picture in its folder", async () => {
    const location = await insertLocation();
    const roomTypeId = await insertRoomType(location.id);
    const response = await post(uploadForm(location.id, [pngFile("suite.png")], { roomTypeId }));
    expect(response.status).toBe(200);
    await response.json();
    const rows = await groupRows(location.id, roomTypeId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.imageUrl).toMatch(
      new RegExp(`^${location.id}/${roomTypeId}/\\d+_suite\\.png$`),
    );
    expect((await objectKeys(`${location.id}/${roomTypeId}/`)).sort()).toEqual(
      pictureKeys(rows[0]!).sort(),
    );
    expect(await groupRows(location.id)).toHaveLength(0);
  });

  it("stores each real format with its own type, whatever the name says", async () => {
    const location = await insertLocation();
    const file = (name: FixtureName, as: string) =>
      new File([fixture(name)], as, { type: "image/png" });
    const response = await post(
      uploadForm(location.id, [
        file("gold-320x180.jpg", "a.png"),
        file("tiny-16x10.avif", "b.png"),
        file("tiny-12x8-alpha.webp", "c"),
        file("tiny-7x3.gif", "d.jpg"),
      ]),
    );
    expect(response.status).toBe(200);
    await response.json();
    const rows = await groupRows(location.id);
    const byType = Object.fromEntries(rows.map((row) => [row.imageType, row]));
    expect(byType["image/jpeg"]).toMatchObject({ width: 320, height: 180 });
    expect(byType["image/jpeg"]!.imageUrl).toMatch(/_a\.jpg$/);
    expect(byType["image/avif"]).toMatchObject({ width: 16, height: 10 });
    expect(byType["image/webp"]).toMatchObject({ width: 12, height: 8 });
    expect(byType["image/gif"]).toMatchObject({ width: 7, height: 3 });
    expect(byType["image/gif"]!.imageUrl).toMatch(/_d\.gif$/);
    for (const row of rows) {
      const object = await env.IMAGE_BUCKET.get(row.imageUrl);
      expect(object?.httpMetadata?.contentType).toBe(row.imageType);
      await object?.arrayBuffer();
    }
  });

  it("refuses an unknown location or a room type of another location with 404", async () => {
    const location = await insertLocation();
    const other = await insertLocation();
    const otherRoom = await insertRoomType(other.id);
    const forged = await post(uploadForm("loc-does-not-exist", [pngFile("x.png")]));
    expect(forged.status).toBe(404);
    expect(await forged.json()).toEqual({ ok: false, message: "Location not found" });
    const wrongRoom = await post(
      uploadForm(location.id, [pngFile("x.png")], { roomTypeId: otherRoom }),
    );
    expect(wrongRoom.status).toBe(404);
    expect(await wrongRoom.json()).toEqual({ ok: false, message: "Room type not found" });
    expect(await objectKeys("loc-does-not-exist/")).toEqual([]);
    expect(await objectKeys(`${location.id}/`)).toEqual([]);
    expect(
      await db.select().from(images).where(eq(images.locationId, "loc-does-not-exist")),
    ).toHaveLength(0);
  });

  it("answers an unreadable body or an unknown intent with 400", async () => {
    const garbled = await request(PATH, {
      method: "POST",
      body: "--x\r\nnot really multipart",
      headers: {
        Origin: ORIGIN,
        Cookie: adminCookie,
        Accept: "application/json",
        "Content-Type": "multipart/form-data; boundary=zzz",
      },
    });
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toMatchObject({ ok: false });
    const unknown = await post(fields({ intent: "rename", redirectTo: "/admin" }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ ok: false, message: IMAGE_TOASTS.unknownIntent });
  });

  it("answers a body that is not a form with 415, and one with no body with 400", async () => {
    const headers = { Origin: ORIGIN, Cookie: adminCookie, Accept: "application/json" };
    const json = await request(PATH, {
      method: "POST",
      body: JSON.stringify({ intent: "upload" }),
      headers: { ...headers, "Content-Type": "application/json" },
    });
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({ ok: false });
    const empty = await request(PATH, { method: "POST", headers });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ ok: false, message: IMAGE_TOASTS.unreadable });
  });
});

describe("delete", () => {
  it("removes the row and the object, and audits it", async () => {
    const location = await insertLocation();
    const upload = await post(uploadForm(location.id, [pngFile("keep.png"), pngFile("gone.png")]));
    await upload.json();
    const rows = await groupRows(location.id);
    const gone = rows.find((row) => row.imageUrl.endsWith("_gone.png"))!;

    const response = await post(
      fields({ intent: "delete", imageId: gone.id, confirmed: "yes", redirectTo: "/admin" }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      ok: true,
      message: "Image deleted successfully",
    });
    expect((await groupRows(location.id)).map((row) => row.id)).toEqual(
      rows.filter((row) => row !== gone).map((row) => row.id),
    );
    expect(await env.IMAGE_BUCKET.head(gone.imageUrl)).toBeNull();
    const kept = rows.find((row) => row !== gone)!;
    expect((await objectKeys(`${location.id}/`)).sort()).toEqual(pictureKeys(kept).sort());
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.locationId, location.id), eq(auditEvents.action, "deleted")));
    expect(audit).toHaveLength(1);
  });

  it("without JavaScript, redirects back with 'Image deleted successfully' or 'Delete failed: …'", async () => {
    const location = await insertLocation();
    const [id] = await insertImages(location.id, 1);
    const back = `/admin?location=${location.id}`;
    const deleted = await post(
      fields({ intent: "delete", imageId: id!, confirmed: "yes", redirectTo: back }),
      { json: false },
    );
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe(back);
    expect(await toastOf(deleted)).toEqual({
      type: "success",
      message: "Image deleted successfully",
    });

    const again = await post(
      fields({ intent: "delete", imageId: id!, confirmed: "yes", redirectTo: back }),
      { json: false },
    );
    expect(again.status).toBe(302);
    expect(await toastOf(again)).toEqual({
      type: "error",
      message: "Delete failed: Image not found",
    });
  });

  it("asks first: a post without the confirmation deletes nothing and comes back with the question", async () => {
    const location = await insertLocation();
    const [id] = await insertImages(location.id, 1);
    const back = `/admin?location=${location.id}#images-${location.id}`;
    const asked = await post(fields({ intent: "delete", imageId: id!, redirectTo: back }), {
      json: false,
    });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe(
      `/admin?location=${location.id}&deleteImage=${id}#images-${location.id}`,
    );
    expect(await groupRows(location.id)).toHaveLength(1);

    const page = await request(asked.headers.get("Location")!.split("#")[0]!, {
      headers: { Cookie: adminCookie },
    });
    const html = visibleText(await page.text());
    expect(html).toContain("Are you sure you want to delete this image?");
    expect(html).toContain("Yes, delete image 1");

    const json = await post(fields({ intent: "delete", imageId: id!, redirectTo: back }));
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({
      ok: false,
      message: "Are you sure you want to delete this image?",
    });
    expect(await groupRows(location.id)).toHaveLength(1);
  });

  it("answers a fetcher's post (field _format=json, no Accept header) with JSON", async () => {
    const location = await insertLocation();
    const [id] = await insertImages(location.id, 1);
    const response = await post(
      fields({
        intent: "delete",
        imageId: id!,
        confirmed: "yes",
        _format: "json",
        redirectTo: "/admin",
      }),
      { json: false },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      ok: true,
      message: "Image deleted successfully",
    });
    expect(await groupRows(location.id)).toHaveLength(0);
  });

  it("answers an unknown picture with 404", async () => {
    const response = await post(
      fields({ intent: "delete", imageId: "img-unknown", confirmed: "yes" }),
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ ok: false, message: "Image not found" });
  });
});

describe("reorder", () => {
  async function reorder(
    locationId: string,
    draggedId: string,
    targetId: string,
    roomTypeId: string | null = null,
  ) {
    return post(
      fields({
        intent: "reorder",
        draggedId,
        targetId,
        locationId,
        roomTypeId: roomTypeId ?? "",
        redirectTo: "/admin",
      }),
    );
  }

  async function orderOf(locationId: string, roomTypeId: string | null = null) {
    const rows = await groupRows(locationId, roomTypeId);
    return { ids: rows.map((row) => row.id), orders: rows.map((row) => row.displayOrder) };
  }

  it("moves the first to the last position and rewrites display_order as 0..n-1", async () => {
    const location = await insertLocation();
    const [a, b, c, d] = await insertImages(location.id, 4);
    const response = await reorder(location.id, a!, d!);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      message: "Images reordered successfully",
      order: [b, c, d, a],
    });
    expect(await orderOf(location.id)).toEqual({ ids: [b, c, d, a], orders: [0, 1, 2, 3] });
  });

  it("moves the last to the first position", async () => {
    const location = await insertLocation();
    const [a, b, c, d] = await insertImages(location.id, 4);
    expect((await reorder(location.id, d!, a!)).status).toBe(200);
    expect(await orderOf(location.id)).toEqual({ ids: [d, a, b, c], orders: [0, 1, 2, 3] });
  });

  it("keeps the order when a picture is dropped on itself, and normalises display_order", async () => {
    const location = await insertLocation();
    const [a, b, c] = await insertImages(location.id, 3);
    await db.update(images).set({ displayOrder: 7 }).where(eq(images.id, c!));
    expect((await reorder(location.id, b!, b!)).status).toBe(200);
    expect(await orderOf(location.id)).toEqual({ ids: [a, b, c], orders: [0, 1, 2] });
  });

  it("moves within a room type's group only", async () => {
    const location = await insertLocation();
    const roomTypeId = await insertRoomType(location.id);
    const resort = await insertImages(location.id, 2);
    const [r1, r2, r3] = await insertImages(location.id, 3, roomTypeId);
    expect((await reorder(location.id, r3!, r2!, roomTypeId)).status).toBe(200);
    expect(await orderOf(location.id, roomTypeId)).toEqual({
      ids: [r1, r3, r2],
      orders: [0, 1, 2],
    });
    expect((await orderOf(location.id)).ids).toEqual(resort);
    // A picture of another group is not in this one's list.
    const across = await reorder(location.id, r1!, resort[0]!, roomTypeId);
    expect(across.status).toBe(400);
    expect(await across.json()).toEqual({ ok: false, message: REORDER_MESSAGES.imageIndices });
  });

  it("refuses an unknown picture with 'Unable to find proper indices for reordering operation'", async () => {
    const location = await insertLocation();
    const [a, b] = await insertImages(location.id, 2);
    for (const [dragged, target] of [
      [a, "img-unknown"],
      ["img-unknown", b],
      ["", b],
    ]) {
      const response = await reorder(location.id, dragged!, target!);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        ok: false,
        message: "Unable to find proper indices for reordering operation",
      });
    }
    expect(await orderOf(location.id)).toEqual({ ids: [a, b], orders: [0, 1] });
  });

  it("reports an empty group as 'No images found in the group for reordering'", async () => {
    const location = await insertLocation();
    const response = await reorder(location.id, "img-unknown", "img-other");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, message: REORDER_MESSAGES.noImages });
  });

  it("without JavaScript, redirects back with a flash toast", async () => {
    const location = await insertLocation();
    const [a, b] = await insertImages(location.id, 2);
    const back = `/admin?location=${location.id}#images-${location.id}`;
    const moved = await post(
      fields({ intent: "reorder", draggedId: b!, targetId: a!, redirectTo: back }),
      { json: false },
    );
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(back);
    expect(await toastOf(moved)).toEqual({
      type: "success",
      message: "Images reordered successfully",
    });
    expect((await orderOf(location.id)).ids).toEqual([b, a]);

    const failed = await post(
      fields({ intent: "reorder", draggedId: b!, targetId: "img-gone", redirectTo: back }),
      { json: false },
    );
    expect(await toastOf(failed)).toEqual({
      type: "error",
      message: "Reorder failed: Unable to find proper indices for reordering operation",
    });
  });
});

describe("who may post", () => {
  it("refuses a visitor (401) and a member (403) in the admin API's words, storing and changing nothing", async () => {
    const location = await insertLocation();
    const [a, b] = await insertImages(location.id, 2);
    const member = await createUser("member");

    /** A visitor's upload, delete and reorder with JSON are refused; the upload's answer is returned. */
    async function visitorRefused() {
      const visitor = await post(uploadForm(location.id, [pngFile("x.png")]), { cookie: "" });
      expect(visitor.status).toBe(401);
      const otherIntents: Array<Record<string, string>> = [
        { intent: "delete", imageId: a! },
        { intent: "reorder", draggedId: a!, targetId: b! },
      ];
      for (const values of otherIntents) {
        const refused = await post(fields(values), { cookie: "" });
        expect(refused.status).toBe(401);
        await refused.arrayBuffer();
      }
      return visitor;
    }
    expect(await (await visitorRefused()).json()).toEqual({
      message: "No authenticated session found",
    });

    const refused = await post(uploadForm(location.id, [pngFile("x.png")]), {
      cookie: await signIn(member.id),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message: `Access denied. The email ${member.email} is not authorized.`,
    });
    // The member was signed out: the session cookie is cleared.
    expect(refused.headers.getSetCookie().some(clearsSession)).toBe(true);

    expect(await objectKeys(`${location.id}/`)).toEqual([]);
    expect((await groupRows(location.id)).map((row) => row.id)).toEqual([a, b]);
    expect(
      await db.select().from(auditEvents).where(eq(auditEvents.locationId, location.id)),
    ).toHaveLength(0);
  });

  it("sends a refused post without JavaScript back to its page, which shows the sign-in, with the refusal as a toast", async () => {
    const location = await insertLocation();
    const [a] = await insertImages(location.id, 1);
    const page = `/admin?location=${location.id}`;
    const fromPage = { Referer: `${ORIGIN}${page}` };

    const visitor = await post(fields({ intent: "delete", imageId: a! }), {
      cookie: "",
      json: false,
      headers: fromPage,
    });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(page);
    expect(await toastOf(visitor)).toEqual({
      type: "error",
      message: "No authenticated session found",
    });

    const member = await createUser("member");
    const memberPost = await post(fields({ intent: "delete", imageId: a! }), {
      cookie: await signIn(member.id),
      json: false,
      headers: fromPage,
    });
    expect(memberPost.headers.get("Location")).toBe(page);
    expect(await toastOf(memberPost)).toEqual({
      type: "error",
      message: "Access denied. You are not authorized to view this page.",
    });
    expect(memberPost.headers.getSetCookie().some(clearsSession)).toBe(true);

    // The page it lands on is the admin sign-in for a visitor.
    const landing = await request(page, { redirect: "manual" });
    expect(landing.status).toBe(401);
    expect(await landing.text()).toContain("Admin sign in");
    expect(await groupRows(location.id)).toHaveLength(1);
  });

  it("answers the page's fetchers (React Router single fetch) the same way", async () => {
    const location = await insertLocation();
    const [a, b] = await insertImages(location.id, 2);
    const viaFetcher = (values: Record<string, string>, cookie: string) =>
      request(`${PATH}.data`, {
        method: "POST",
        body: fields({ ...values, _format: "json", redirectTo: "/admin" }),
        headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
        redirect: "manual",
      });
    // Signed out: the refusal goes to the admin layout's boundary (the admin login screen).
    const visitor = await viaFetcher({ intent: "delete", imageId: a! }, "");
    expect(visitor.status).toBe(401);
    await visitor.arrayBuffer();
    expect(await groupRows(location.id)).toHaveLength(2);

    const moved = await viaFetcher(
      { intent: "reorder", draggedId: b!, targetId: a!, locationId: location.id },
      adminCookie,
    );
    expect(moved.status).toBe(200);
    expect(await moved.text()).toContain("Images reordered successfully");
    expect((await groupRows(location.id)).map((row) => row.id)).toEqual([b, a]);

    const failed = await viaFetcher(
      { intent: "reorder", draggedId: b!, targetId: "img-gone", locationId: location.id },
      adminCookie,
    );
    expect(failed.status).toBe(400);
    expect(visibleText(await failed.text())).toContain(REORDER_MESSAGES.imageIndices);
  });

  it("refuses a post from another site", async () => {
    const location = await insertLocation();
    const [a] = await insertImages(location.id, 1);
    const response = await post(fields({ intent: "delete", imageId: a! }), {
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    await response.arrayBuffer();
    expect(await groupRows(location.id)).toHaveLength(1);
  });

  it("sends a GET to the locations page, and a visitor's GET there too, to sign in", async () => {
    const admin = await request(PATH, { headers: { Cookie: adminCookie }, redirect: "manual" });
    expect(admin.status).toBe(302);
    expect(admin.headers.get("Location")).toBe("/admin");
    const visitor = await request(PATH, { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/admin");
    expect(await toastOf(visitor)).toEqual({
      type: "error",
      message: "No authenticated session found",
    });
  });
});
