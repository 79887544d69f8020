import { isRouteErrorResponse } from "react-router";

/** The generic words for a failure that says nothing more. */
export const UNKNOWN_ERROR = "An unknown error occurred";

/**
 * The message of what a loader or action threw, for an error boundary: a refusal's `{ message }`
 * (app/lib/errors.server.ts), a plain text body, or its status text.
 */
export function errorMessage(error: unknown) {
  if (!isRouteErrorResponse(error)) return UNKNOWN_ERROR;
  const body: unknown = error.data;
  if (typeof body === "string") return body;
  if (typeof body === "object" && body && "message" in body && typeof body.message === "string")
    return body.message;
  return error.statusText || UNKNOWN_ERROR;
}
