/** Image bytes in R2: served to the pages, stored and removed by the admin. */

/**
 * Keys are `{location_id}/{timestamp}_{filename}` (room images in a room-type subfolder), and a
 * picture's sized variants `{key}/w{width}.{format}` beside it: at most four segments.
 */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*){0,3}$/;
const IMMUTABLE = "public, max-age=31536000, immutable";

function isSafeImageKey(key: string) {
  return key.length <= 512 && SAFE_KEY.test(key) && !key.includes("..");
}

function notFound() {
  return new Response("Image not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** One entity tag, strong or weak, or a list of them, or `*` (RFC 9110). */
const ENTITY_TAGS = /^\s*(\*|(W\/)?"[\x21\x23-\x7e]*"(\s*,\s*(W\/)?"[\x21\x23-\x7e]*")*)\s*$/;

/**
 * The condition R2 checks for a repeat visit: If-None-Match when it is well formed. R2 throws on a
 * malformed one; and the objects never change, so the other conditions can only be ignored.
 */
function notModifiedCondition(request: Request) {
  const ifNoneMatch = request.headers.get("If-None-Match");
  const condition = new Headers();
  if (ifNoneMatch && ENTITY_TAGS.test(ifNoneMatch)) condition.set("If-None-Match", ifNoneMatch);
  return condition;
}

/** Serves an R2 object with its content type, an ETag, and a year-long immutable cache. */
export async function readImage(bucket: R2Bucket, key: string, request: Request) {
  if (!isSafeImageKey(key)) return notFound();
  const object = await bucket.get(key, { onlyIf: notModifiedCondition(request) });
  if (!object) return notFound();

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", IMMUTABLE);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/octet-stream");

  if (!("body" in object)) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}

/** The keys to remove with a folder: the rows' keys, and any stray object under its prefix. */
export async function folderObjectKeys(bucket: R2Bucket, rowKeys: string[], prefix: string) {
  const keys = new Set(rowKeys);
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix, cursor });
    for (const object of listed.objects) keys.add(object.key);
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  return [...keys];
}

/** R2 deletes at most 1,000 keys per call. */
const DELETE_BATCH = 1000;

export async function deleteObjects(bucket: R2Bucket, keys: string[]) {
  for (let start = 0; start < keys.length; start += DELETE_BATCH) {
    await bucket.delete(keys.slice(start, start + DELETE_BATCH));
  }
}

export async function storeObjects(
  bucket: R2Bucket,
  objects: Array<{ key: string; bytes: ArrayBuffer; contentType: string }>,
) {
  await Promise.all(
    objects.map(({ key, bytes, contentType }) =>
      bucket.put(key, bytes, { httpMetadata: { contentType } }),
    ),
  );
}
