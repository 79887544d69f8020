import {
  createContext,
  data,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { getAppContext } from "~/context";
import { DomainError, jsonRefusal, RateLimitedError } from "~/lib/errors.server";
import { hitRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import {
  clearSessionCookie,
  destroySession,
  loadAuth,
  SESSION_COOKIE,
  type Auth,
  type LoadedAuth,
} from "./session.server";

type Context = Readonly<RouterContextProvider>;

/** Who is making the request: looked up at most once, and only when asked for. */
interface RequestAuth {
  loaded: Promise<LoadedAuth> | undefined;
  load(): Promise<LoadedAuth>;
}

const authContext = createContext<RequestAuth>();

/**
 * Makes the session available to every loader and action of a request, looked up at most once
 * and only when asked for; then adds the renewed (or clearing) session cookie to the response.
 */
export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const app = getAppContext(context);
  const state: RequestAuth = {
    loaded: undefined,
    load: () => (state.loaded ??= loadAuth(app, request)),
  };
  context.set(authContext, state);
  const response = await next();
  if (state.loaded) {
    const { setCookie } = await state.loaded;
    const setsSession = response.headers
      .getSetCookie()
      .some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    // A sign-in or sign-out in this request has already decided the cookie.
    if (setCookie && !setsSession) {
      try {
        response.headers.append("Set-Cookie", setCookie);
      } catch {
        // Immutable headers (a passed-through response): the next request renews instead.
      }
    }
  }
  return response;
};

/**
 * Whether the session has taken its second step: an account with an authenticator app enters a
 * code after the e-mail link (aal2) before it is signed in as a member.
 */
export function passedSecondStep(auth: Auth) {
  return !auth.hasVerifiedFactor || auth.session.aal === "aal2";
}

/**
 * Who is signed in. A session still waiting for its authenticator code counts only where it is
 * asked for (`withCodePending`): the code page, the header, signing out.
 */
export async function getAuth(
  context: Context,
  { withCodePending = false } = {},
): Promise<Auth | null> {
  const { auth } = await context.get(authContext).load();
  return auth && (withCodePending || passedSecondStep(auth)) ? auth : null;
}

/**
 * Ends the request's session: its row is deleted, the response clears the cookie, and the rest of
 * the request (the page's header included) sees a visitor.
 */
async function endSession(context: Context) {
  const state = context.get(authContext);
  const { auth } = await state.load();
  if (!auth) return;
  const app = getAppContext(context);
  state.loaded = Promise.resolve({ auth: null, setCookie: await clearSessionCookie(app.env) });
  await destroySession(app.db, auth.session.id);
}

/** The page a request is for, to come back to after signing in. */
function currentPath(request: Request) {
  const url = new URL(request.url);
  // An in-app navigation asks for the page's data (`/members.data?_routes=…`, `/_root.data` for
  // the home page): coming back means the page itself, not its data.
  if (url.pathname.endsWith(".data")) {
    url.pathname = url.pathname === "/_root.data" ? "/" : url.pathname.slice(0, -".data".length);
    url.searchParams.delete("_routes");
  }
  return `${url.pathname}${url.search}`;
}

const SIGNED_OUT_FORM =
  "You were signed out, so the form was not sent. Sign in, then send it again.";

/** Where a session waiting for its authenticator code enters it, then comes back to `path`. */
export const verifyPath = (path: string) => `/auth/verify?dest=${encodeURIComponent(path)}`;

/**
 * Signed-in users only; anyone else is sent to sign in and brought back here, and a session
 * waiting for its authenticator code to enter it first (unless `withCodePending`).
 */
export async function requireUser(
  request: Request,
  context: Context,
  { withCodePending = false } = {},
): Promise<Auth> {
  const auth = await getAuth(context, { withCodePending: true });
  if (!auth) {
    const signIn = `/login?dest=${encodeURIComponent(currentPath(request))}`;
    // A form sent after its sender signed out (in another tab, say): say why it was not sent.
    if (request.method !== "GET" && request.method !== "HEAD") {
      const toast = { type: "error", message: SIGNED_OUT_FORM } as const;
      throw await redirectWithToast(getAppContext(context), signIn, toast);
    }
    throw redirect(signIn);
  }
  if (!withCodePending && !passedSecondStep(auth)) throw redirect(verifyPath(currentPath(request)));
  return auth;
}

/** The admin screens' refusal and the admin API's messages, word for word. */
const ADMIN_MESSAGES = {
  accessDenied: "Access denied. You are not authorized to view this page.",
  notAuthorized: (email: string) => `Access denied. The email ${email} is not authorized.`,
  noSession: "No authenticated session found",
  rateLimited: "Too many admin requests. Please wait a minute and try again.",
  needsCode: "A verification code from your authenticator app is required.",
} as const;

type AdminCheck =
  | { ok: true; auth: Auth }
  | { ok: false; reason: "signed-out" }
  | { ok: false; reason: "denied"; email: string }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number }
  | { ok: false; reason: "needs-aal2"; auth: Auth };

/** An admin, at the assurance level admin work needs: aal2 once they have an authenticator app. */
export function hasAdminAccess(auth: Auth | null): auth is Auth {
  return auth?.user.role === "admin" && passedSecondStep(auth);
}

const adminChecks = new WeakMap<object, Promise<AdminCheck>>();

/**
 * The server's admin check, once per request: a signed-in account with the admin role, within
 * the admin-check rate limit (more than 50 per 60 s per key is refused; above 10 warns),
 * at aal2 when it has a verified authenticator app. The role is read with the session on every
 * request, so a change of role or a removal takes effect at once.
 */
function checkAdmin(request: Request, context: Context): Promise<AdminCheck> {
  let check = adminChecks.get(context);
  if (!check) {
    check = (async (): Promise<AdminCheck> => {
      const auth = await getAuth(context, { withCodePending: true });
      if (!auth) return { ok: false, reason: "signed-out" };
      if (auth.user.role !== "admin")
        return { ok: false, reason: "denied", email: auth.user.email };
      const { db, now } = getAppContext(context);
      // A page and its in-app data requests (/admin/x.data) are one operation.
      const path = new URL(request.url).pathname.replace(/\.data$/, "");
      const operation = path.split("/").slice(0, 3).join("/");
      const limit = await hitRateLimit(
        db,
        RATE_LIMITS.adminCheck,
        `${auth.user.email}:${operation}`,
        now.getTime(),
      );
      if (!limit.allowed) {
        return { ok: false, reason: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
      }
      if (!hasAdminAccess(auth)) return { ok: false, reason: "needs-aal2", auth };
      return { ok: true, auth };
    })();
    adminChecks.set(context, check);
  }
  return check;
}

export interface AdminRefusal {
  adminAccess: "signed-out" | "denied" | "rate-limited";
  message: string | null;
}

type RefusedAdminCheck = Exclude<AdminCheck, { ok: true }>;

/**
 * A refused admin check as a typed error: the one place its status is chosen. Its message is the
 * admin API's words, or with `words: "page"` the admin screens' (which name no address).
 */
function adminRefusalError(check: RefusedAdminCheck, words: "api" | "page" = "api"): DomainError {
  switch (check.reason) {
    case "signed-out":
      return new DomainError("unauthenticated", ADMIN_MESSAGES.noSession);
    case "denied":
      return new DomainError(
        "forbidden",
        words === "page" ? ADMIN_MESSAGES.accessDenied : ADMIN_MESSAGES.notAuthorized(check.email),
      );
    case "rate-limited":
      return new RateLimitedError(ADMIN_MESSAGES.rateLimited, check.retryAfterSeconds);
    case "needs-aal2":
      return new DomainError("forbidden", ADMIN_MESSAGES.needsCode);
  }
}

/**
 * How a refused admin check is answered, by who asked:
 * - `"page"`: an admin page or a fetcher's data request gets the admin layout's login screen
 *   (401 for a visitor; 403 for a non-admin), and an admin with an authenticator app is sent
 *   to enter a code first;
 * - `"json"`: the admin API and the image manager's uploads get `{ message }` with the status,
 *   in the API's words;
 * - `{ back }`: a form posted without JavaScript to a route with no page of its own is sent back
 *   to the page it came from, with the refusal as a toast (that page then shows the sign-in).
 */
export type AdminRefusalAnswer = "page" | "json" | { back: string };

/**
 * Admins only: the one guard of admin pages, their actions, the admin API and the image route.
 * A signed-in non-admin is signed out before the refusal, whatever the answer.
 */
export async function requireAdmin(
  request: Request,
  context: Context,
  answer: AdminRefusalAnswer = "page",
): Promise<Auth> {
  const check = await checkAdmin(request, context);
  if (check.ok) return check.auth;
  if (check.reason === "denied") await endSession(context);
  if (answer === "json") throw jsonRefusal(adminRefusalError(check));
  const back = answer === "page" ? currentPath(request) : answer.back;
  if (check.reason === "needs-aal2") throw redirect(verifyPath(back));
  const error = adminRefusalError(check, "page");
  if (answer !== "page") {
    const toast = { type: "error", message: error.message } as const;
    throw await redirectWithToast(getAppContext(context), back, toast);
  }
  // The admin layout shows its sign-in screen; a visitor needs no message to sign in.
  throw data<AdminRefusal>(
    { adminAccess: check.reason, message: check.reason === "signed-out" ? null : error.message },
    { status: error.status, headers: error.headers },
  );
}

/**
 * The admin pages' middleware: a signed-in non-admin is signed out before any loader runs, so the
 * whole page, its header included, shows them signed out beside 'Access denied'.
 */
export const adminAccessMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const check = await checkAdmin(request, context);
  if (!check.ok && check.reason === "denied") await endSession(context);
  return next();
};
