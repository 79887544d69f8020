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

// Imported when first needed, so Node scripts (the browser tests' sessions) can load this module.
const workerEnv = async (): Promise<Env> => (await import("cloudflare:workers")).env;

export interface SiteCookie<Value> {
  name: string;
  /** The request's value, or null when it has none or one that is unsigned or malformed. */
  read(request: Request): Promise<Value | null>;
  /** The Set-Cookie header for `value`, for `maxAgeSeconds` when given (else the cookie's own). */
  write(value: Value, maxAgeSeconds?: number): Promise<string>;
  /** The Set-Cookie header that removes the cookie. */
  clear(): Promise<string>;
  /** The request's value, and the header that clears the cookie (null when it sent none). */
  readWithClear(request: Request): Promise<{ value: Value | null; clear: string | null }>;
}

export function siteCookie<Value>(
  name: string,
  schema: z.ZodType<Value>,
  { maxAgeSeconds, signed = false }: { maxAgeSeconds?: number; signed?: boolean } = {},
): SiteCookie<Value> {
  const cookie = async () => {
    const options: CookieOptions = { ...SITE_WIDE, maxAge: maxAgeSeconds };
    if (!signed) return createCookie(name, options);
    const key = await derivedKey(await workerEnv(), `cookie:${name}`);
    return createCookie(name, { ...options, secrets: [btoa(String.fromCharCode(...key))] });
  };
  const serialize = async (value: Value | "", maxAge: number | undefined) =>
    (await cookie()).serialize(value, {
      ...(maxAge === undefined ? {} : { maxAge }),
      secure: (await workerEnv()).APP_ENV !== "development",
    });
  const named = new RegExp(`(?:^|;)\\s*${name}=`);
  const sent = (request: Request) => named.test(request.headers.get("Cookie") ?? "");
  const read = async (request: Request) => {
    if (!sent(request)) return null;
    const parsed = schema.safeParse(await (await cookie()).parse(request.headers.get("Cookie")));
    return parsed.success ? parsed.data : null;
  };
  return {
    name,
    read,
    write: (value, maxAge) => serialize(value, maxAge),
    clear: () => serialize("", 0),
    async readWithClear(request) {
      if (!sent(request)) return { value: null, clear: null };
      return { value: await read(request), clear: await serialize("", 0) };
    },
  };
}
