import { createCookie, type CookieOptions } from "react-router";
import { type z } from "~/lib/zod";
import { derivedKey } from "./derived-key.server";

/**
 * The one way the site sets a cookie, on React Router's createCookie: HttpOnly (no script reads
 * one), SameSite=Lax, for the whole site, and Secure wherever the site is deployed (APP_ENV is
 * not "development"); `npm start` serves plain HTTP on localhost, where Safari would drop a
 * Secure cookie. A signed cookie (the one-time messages) carries an HMAC under a key derived
 * from the session signing key, so a page never shows what the server did not write. A value is
 * read back through its schema: a cookie that fails it reads as none.
 */

const SITE_WIDE = { path: "/", httpOnly: true, sameSite: "lax" } as const;

/** What a cookie reads of the worker's settings (from the request context): where it runs, and
 * the key a signed cookie's is derived from. */
export type CookieEnv = Pick<Env, "APP_ENV" | "SESSION_SIGNING_KEY">;

export interface SiteCookie<Value> {
  name: string;
  /** The request's value, or null when it has none or one that is unsigned or malformed. */
  read(env: CookieEnv, request: Request): Promise<Value | null>;
  /** The Set-Cookie header for `value`, for `maxAgeSeconds` when given (else the cookie's own). */
  write(env: CookieEnv, value: Value, maxAgeSeconds?: number): Promise<string>;
  /** The Set-Cookie header that removes the cookie. */
  clear(env: CookieEnv): Promise<string>;
  /** The request's value, and the header that clears the cookie (null when it sent none). */
  readWithClear(
    env: CookieEnv,
    request: Request,
  ): Promise<{ value: Value | null; clear: string | null }>;
}

export function siteCookie<Value>(
  name: string,
  schema: z.ZodType<Value>,
  { maxAgeSeconds, signed = false }: { maxAgeSeconds?: number; signed?: boolean } = {},
): SiteCookie<Value> {
  const cookie = async (env: CookieEnv) => {
    const options: CookieOptions = { ...SITE_WIDE, maxAge: maxAgeSeconds };
    if (!signed) return createCookie(name, options);
    const key = await derivedKey(env, `cookie:${name}`);
    return createCookie(name, { ...options, secrets: [btoa(String.fromCharCode(...key))] });
  };
  const serialize = async (env: CookieEnv, value: Value | "", maxAge: number | undefined) =>
    (await cookie(env)).serialize(value, {
      ...(maxAge === undefined ? {} : { maxAge }),
      secure: env.APP_ENV !== "development",
    });
  const named = new RegExp(`(?:^|;)\\s*${name}=`);
  const sent = (request: Request) => named.test(request.headers.get("Cookie") ?? "");
  const read = async (env: CookieEnv, request: Request) => {
    if (!sent(request)) return null;
    const cookies = request.headers.get("Cookie");
    const parsed = schema.safeParse(await (await cookie(env)).parse(cookies));
    return parsed.success ? parsed.data : null;
  };
  return {
    name,
    read,
    write: (env, value, maxAge) => serialize(env, value, maxAge),
    clear: (env) => serialize(env, "", 0),
    async readWithClear(env, request) {
      if (!sent(request)) return { value: null, clear: null };
      return { value: await read(env, request), clear: await serialize(env, "", 0) };
    },
  };
}
