/**
 * Keys for the server's own secrets, derived (HKDF-SHA-256) from the session signing key, one per
 * purpose: a secret that could mint sessions anyway, so nothing new to configure or rotate, and no
 * key is used for two things. A change of the signing key changes every derived key.
 */

type DerivedKeyEnv = Pick<Env, "SESSION_SIGNING_KEY">;

const derived = new Map<string, { source: string; key: Promise<Uint8Array> }>();

async function derive(source: string, purpose: string) {
  const material = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(source),
    "HKDF",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new Uint8Array(32),
      info: new TextEncoder().encode(`insider-stays:${purpose}`),
    },
    material,
    256,
  );
  return new Uint8Array(bits);
}

/** The 256-bit key for `purpose` (a fixed name, such as "email-body"). */
export function derivedKey(env: DerivedKeyEnv, purpose: string): Promise<Uint8Array> {
  const source = env.SESSION_SIGNING_KEY;
  if (!source) throw new Error("SESSION_SIGNING_KEY is not configured");
  const cached = derived.get(purpose);
  if (cached?.source === source) return cached.key;
  const key = derive(source, purpose);
  derived.set(purpose, { source, key });
  return key;
}
