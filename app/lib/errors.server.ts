import { data } from "react-router";

/**
 * What can go wrong with a request that the person can act on, and the HTTP status each answers
 * with: the one place a status is chosen for an error.
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
  /** Storage could not take it just now; nothing was kept half-done, so trying again is safe. */
  unavailable: 503,
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

  /** Headers its response carries. */
  get headers(): Record<string, string> {
    return {};
  }
}

/** Too many calls: the response says when to try again (Retry-After, in seconds). */
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("rate-limited", message);
    this.name = "RateLimitedError";
  }

  override get headers() {
    return { "Retry-After": String(this.retryAfterSeconds) };
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

/** For a route's `headers`: an action's Retry-After reaches the browser with the page. */
export function retryAfterOf(actionHeaders: Headers): Record<string, string> {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

/** A page's refusal: React Router renders the nearest error boundary with the status. */
export function pageRefusal(error: DomainError) {
  return data({ message: error.message }, { status: error.status, headers: error.headers });
}

/**
 * A page whose data storage could not give just now: the failure is logged, and the page answers
 * `unavailable` (503, never stored) with `message`, which its error boundary shows.
 */
export function unavailablePage(message: string, cause: unknown) {
  console.error(message, cause);
  return pageRefusal(new DomainError("unavailable", message));
}

/** An API's refusal: `{ message }` as JSON with the status. */
export function jsonRefusal(error: DomainError, extra: Record<string, unknown> = {}) {
  return Response.json(
    { ...extra, message: error.message },
    { status: error.status, headers: error.headers },
  );
}

/**
 * Runs a write whose rule a UNIQUE constraint keeps (a slug, a room's name), so that two writes at
 * once cannot both pass it: breaking it becomes `refusal`, any other failure stays what it is.
 * `constraint` is how SQLite names it: "table.column", or "index 'name'" for an expression index.
 */
export async function refuseDuplicate<T>(
  write: () => Promise<T>,
  constraint: string,
  refusal: () => DomainError,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const text =
      error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
    if (text.includes(`UNIQUE constraint failed: ${constraint}`)) throw refusal();
    throw error;
  }
}
