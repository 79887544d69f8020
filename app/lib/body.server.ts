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

function tooLarge(request: Request, maxBytes: number) {
  return Number(request.headers.get("Content-Length") ?? 0) > maxBytes;
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
  if (tooLarge(request, maxBytes)) throw new DomainError("too-large", "The form is too large.");
  try {
    return await request.formData();
  } catch {
    throw new DomainError("invalid", "The form data could not be read. Please try again.");
  }
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
  if (tooLarge(request, maxBytes)) refuse("too-large", "The body is too large.");
  try {
    return await request.json();
  } catch {
    return refuse("invalid", "The body is not valid JSON.");
  }
}
