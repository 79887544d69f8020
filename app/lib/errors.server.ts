import { data } from "react-router";

/**
 * What can go wrong with a request that is not the server's fault, and the HTTP status each
 * answers with: the one place a status is chosen for an error.
 */
export const ERROR_STATUS = {
  /** The input breaks a rule (a field, a form, a body that cannot be read). */
  invalid: 400,
  /** Nobody is signed in where someone must be. */
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  /** It clashes with what is stored (a slug in use). */
  conflict: 409,
  /** What the page showed changed meanwhile (reload and try again). */
  stale: 409,
  "too-large": 413,
  /** A body or file of a kind this endpoint does not take. */
  unsupported: 415,
  "rate-limited": 429,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An error the person can act on: a message for them, a code for its status. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The form field it is about, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = "DomainError";
  }

  get status() {
    return ERROR_STATUS[this.code];
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

/** A page's refusal: React Router renders the nearest error boundary with the status. */
export function pageRefusal(error: DomainError) {
  return data({ message: error.message }, { status: error.status });
}

/** An API's refusal: `{ message }` as JSON with the status. */
export function jsonRefusal(error: DomainError, extra: Record<string, unknown> = {}) {
  return Response.json({ ...extra, message: error.message }, { status: error.status });
}
