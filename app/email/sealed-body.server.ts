import { CompactEncrypt, compactDecrypt } from "jose";

/**
 * The body of an e-mail whose link signs someone in is sealed while it waits in email_deliveries
 * (up to an hour, until it is sent): whoever reads the table finds no link that works, just as the
 * stored token is only a hash. A JWE (direct AES-256-GCM) under a key derived (HKDF) from the
 * session signing key, a secret that could mint sessions anyway; after a change of that key, a
 * link still waiting cannot be opened and is not sent (the person asks again).
 */

const SEALED = /^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/;
const KEY_INFO = new TextEncoder().encode("insider-stays:email-body");

type SealEnv = Pick<Env, "SESSION_SIGNING_KEY">;

let cachedKey: { source: string; key: Uint8Array } | null = null;

async function sealingKey(env: SealEnv) {
  const source = env.SESSION_SIGNING_KEY;
  if (!source) throw new Error("SESSION_SIGNING_KEY is not configured");
  if (cachedKey?.source === source) return cachedKey.key;
  const material = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(source),
    "HKDF",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: KEY_INFO },
    material,
    256,
  );
  const key = new Uint8Array(bits);
  cachedKey = { source, key };
  return key;
}

export interface EmailBody {
  text: string;
  html: string;
}

/** Whether a stored body is sealed (a compact JWE with no encrypted key). */
export const isSealed = (body: EmailBody) => SEALED.test(body.text) && SEALED.test(body.html);

export async function sealEmailBody(env: SealEnv, { text, html }: EmailBody): Promise<EmailBody> {
  const key = await sealingKey(env);
  const seal = (plain: string) =>
    new CompactEncrypt(new TextEncoder().encode(plain))
      .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
      .encrypt(key);
  return { text: await seal(text), html: await seal(html) };
}

/** The stored body as it is sent; throws when it was sealed under another key. */
export async function openEmailBody(env: SealEnv, body: EmailBody): Promise<EmailBody> {
  if (!isSealed(body)) return { text: body.text, html: body.html };
  const key = await sealingKey(env);
  const open = async (sealed: string) =>
    new TextDecoder().decode((await compactDecrypt(sealed, key)).plaintext);
  return { text: await open(body.text), html: await open(body.html) };
}
