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

function declaredTooLarge(request: Request, maxBytes: number) {
  return Number(request.headers.get("Content-Length") ?? 0) > maxBytes;
}

/**
 * Parses a body with the limit counted as it arrives, not trusted from Content-Length (a chunked
 * body has none): past the limit the stream stops, and `tooLarge` is called instead of reading on.
 */
async function parseLimited<T>(
  request: Request,
  maxBytes: number,
  parse: (body: Response) => Promise<T>,
  { tooLarge, unreadable }: { tooLarge: () => never; unreadable: () => never },
): Promise<T> {
  if (declaredTooLarge(request, maxBytes)) tooLarge();
  let received = 0;
  const counted = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBytes) controller.error(new Error("over the limit"));
        else controller.enqueue(chunk);
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
): Promise<unknown> {
  const refuse = (code: "invalid" | "unsupported" | "too-large", message: string): never => {
    throw jsonRefusal(new DomainError(code, message), refusalFields);
  };
  if (mediaTypeOf(request) !== "application/json") {
    refuse("unsupported", "Send a JSON body (Content-Type: application/json).");
  }
  return parseLimited(request, maxBytes, (body) => body.json(), {
    tooLarge: () => refuse("too-large", "The body is too large."),
    unreadable: () => refuse("invalid", "The body is not valid JSON."),
  });
}
