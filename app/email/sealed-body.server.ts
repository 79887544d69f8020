import { CompactEncrypt, compactDecrypt } from "jose";
import { derivedKey } from "~/lib/derived-key.server";

/**
 * The body of an e-mail whose link signs someone in is sealed while it waits in email_deliveries
 * (up to an hour, until it is sent): whoever reads the table finds no link that works, just as the
 * stored token is only a hash. A JWE (direct AES-256-GCM) under a key derived (HKDF) from the
 * session signing key (app/lib/derived-key.server.ts); after a change of that key, a
 * link still waiting cannot be opened and is not sent (the person asks again).
 */

const SEALED = /^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/;
type SealEnv = Pick<Env, "SESSION_SIGNING_KEY">;

const sealingKey = (env: SealEnv) => derivedKey(env, "email-body");

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
