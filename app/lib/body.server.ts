import { DomainError, jsonRefusal, pageRefusal } from "./errors.server";

/**
 * Reading a request's body, for every action: a missing body, another content type, one over the
 * size limit or one that cannot be parsed is refused with a 4xx and a message, never a 500.
 */

/** Forms are small; uploads pass their own limit. */
const FORM_BYTES = 1_048_576;
const JSON_BYTES = 262_144;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

const mediaTypeOf = (request: Request) =>
  request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";

/**
 * How much of a body over its limit is still read (and dropped) before the refusal is sent: a
 * browser still sending the body sees the page's answer, not a dropped connection (a form
 * posted without JavaScript). Past this, the connection is dropped.
 */
const DRAINED_BEYOND_LIMIT = 4;

function declaredLength(request: Request) {
  return Number(request.headers.get("Content-Length") ?? 0);
}

/** Reads what is left of a body and drops it, up to `maxBytes`. */
async function drain(body: ReadableStream<Uint8Array> | null, maxBytes: number) {
  if (!body) return;
  const reader = body.getReader();
  let read = 0;
  try {
    while (read <= maxBytes) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The sender went away: nothing to answer.
  }
}

/**
 * Parses a body with the limit counted as it arrives, not trusted from Content-Length (a chunked
 * body has none): past the limit nothing more is parsed, the rest is read and dropped (within
 * bounds, see DRAINED_BEYOND_LIMIT), and `tooLarge` is called.
 */
async function parseLimited<T>(
  request: Request,
  maxBytes: number,
  parse: (body: Response) => Promise<T>,
  { tooLarge, unreadable }: { tooLarge: () => never; unreadable: () => never },
): Promise<T> {
  const drainedUpTo = maxBytes * DRAINED_BEYOND_LIMIT;
  if (declaredLength(request) > maxBytes) {
    if (declaredLength(request) <= drainedUpTo) await drain(request.body, drainedUpTo);
    tooLarge();
  }
  let received = 0;
  const counted = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > drainedUpTo) controller.error(new Error("far over the limit"));
        else if (received <= maxBytes) controller.enqueue(chunk);
      },
      flush(controller) {
        if (received > maxBytes) controller.error(new Error("over the limit"));
      },
    }),
  );
  const type = request.headers.get("Content-Type") ?? "";
  try {
    return await parse(new Response(counted ?? null, { headers: { "Content-Type": type } }));
  } catch {
    return received > maxBytes ? tooLarge() : unreadable();
  }
}

/**
 * The form a request carries; its refusals are DomainErrors, for a route that answers in its own
 * terms (the image route's JSON or redirect). Page actions use readFormData.
 */
export async function readForm(
  request: Request,
  { maxBytes = FORM_BYTES } = {},
): Promise<FormData> {
  const type = mediaTypeOf(request);
  if (type === "") throw new DomainError("invalid", "The request has no form data.");
  if (!FORM_TYPES.includes(type)) {
    throw new DomainError(
      "unsupported",
      "Send the form as form data (application/x-www-form-urlencoded or multipart/form-data).",
    );
  }
  return parseLimited(request, maxBytes, (body) => body.formData(), {
    tooLarge: () => {
      throw new DomainError("too-large", "The form is too large.");
    },
    unreadable: () => {
      throw new DomainError("invalid", "The form data could not be read. Please try again.");
    },
  });
}

/** A page action's form: a refusal renders the error page with its status. */
export async function readFormData(request: Request, { maxBytes = FORM_BYTES } = {}) {
  try {
    return await readForm(request, { maxBytes });
  } catch (error) {
    if (error instanceof DomainError) throw pageRefusal(error);
    throw error;
  }
}

/**
 * A JSON endpoint's body: a refusal is `{ message }` with its status, plus the endpoint's own
 * refusal fields (`{ success: false }` for the request forms' endpoints).
 */
export async function readJson(
  request: Request,
  {
    maxBytes = JSON_BYTES,
    refusalFields = {},
  }: { maxBytes?: number; refusalFields?: Record<string, unknown> } = {},
): Promise<Record<string, unknown>> {
  const refuse = (code: "invalid" | "unsupported" | "too-large", message: string): never => {
    throw jsonRefusal(new DomainError(code, message), refusalFields);
  };
  if (mediaTypeOf(request) !== "application/json") {
    refuse("unsupported", "Send a JSON body (Content-Type: application/json).");
  }
  const body = await parseLimited(request, maxBytes, (body) => body.json(), {
    tooLarge: () => refuse("too-large", "The body is too large."),
    unreadable: () => refuse("invalid", "The body is not valid JSON."),
  });
  // Every endpoint reads named fields: an array, null or a bare value has none.
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    refuse("invalid", "The body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

/**
 * A body's exact text, for a route that checks a signature over the bytes as sent (a webhook):
 * a refusal is a DomainError, for the route to answer in its own terms.
 */
export function readText(request: Request, { maxBytes = JSON_BYTES } = {}): Promise<string> {
  return parseLimited(request, maxBytes, (body) => body.text(), {
    tooLarge: () => {
      throw new DomainError("too-large", "The body is too large.");
    },
    unreadable: () => {
      throw new DomainError("invalid", "The body could not be read.");
    },
  });
}
