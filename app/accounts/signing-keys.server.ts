import {
  decodeProtectedHeader,
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
} from "jose";

/** Session tokens are ES256 JWTs; no other algorithm is ever accepted. */
const SESSION_JWT_ALG = "ES256";
const ISSUER = "insider-stays";
const AUDIENCE = "insider-stays:session";

/** The token verification messages, word for word. */
const JWT_MESSAGES = {
  emptyJwks: "JWKS is empty",
  noMatchingKey: "No matching signing key found in JWKS",
  badSignature: "Invalid JWT signature",
} as const;

export class SessionTokenError extends Error {}

type KeyEnv = Pick<Env, "SESSION_SIGNING_KEY" | "SESSION_PREVIOUS_PUBLIC_KEYS">;

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

let cachedKey: { source: string; key: SigningKey } | null = null;

async function signingKey(env: KeyEnv): Promise<SigningKey> {
  const source = env.SESSION_SIGNING_KEY;
  if (!source) throw new Error("SESSION_SIGNING_KEY is not configured");
  if (cachedKey?.source === source) return cachedKey.key;
  const jwk = JSON.parse(source) as JWK;
  if (!jwk.kid || !jwk.d) throw new Error("SESSION_SIGNING_KEY must be a private JWK with a kid");
  const privateKey = (await importJWK(jwk, SESSION_JWT_ALG)) as CryptoKey;
  const { d: _private, ...publicJwk } = jwk;
  const key = {
    kid: jwk.kid,
    privateKey,
    publicJwk: { ...publicJwk, alg: SESSION_JWT_ALG, use: "sig" },
  };
  cachedKey = { source, key };
  return key;
}

/** The public keys that verify session tokens: the current one and any still-trusted older ones. */
export async function publicJwks(env: KeyEnv): Promise<{ keys: JWK[] }> {
  const keys: JWK[] = [];
  if (env.SESSION_SIGNING_KEY) keys.push((await signingKey(env)).publicJwk);
  if (env.SESSION_PREVIOUS_PUBLIC_KEYS) {
    for (const key of JSON.parse(env.SESSION_PREVIOUS_PUBLIC_KEYS) as JWK[]) {
      if (key.kid && !keys.some((known) => known.kid === key.kid)) keys.push(key);
    }
  }
  return { keys };
}

export interface SessionClaims {
  /** The session row's id. */
  sid: string;
  /** The user's id. */
  sub: string;
  iat: number;
  exp: number;
}

export async function signSessionToken(
  env: KeyEnv,
  claims: { sid: string; sub: string },
  expiresAt: Date,
  now: Date,
) {
  const key = await signingKey(env);
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: SESSION_JWT_ALG, kid: key.kid, typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key.privateKey);
}

/**
 * The verifying keys, imported once per isolate (by their JWK): importing one cost as long as
 * the verification itself, on every signed-in request. The keys are the configured few.
 */
const publicKeys = new Map<string, Promise<CryptoKey>>();
function publicKey(jwk: JWK) {
  const source = JSON.stringify(jwk);
  let key = publicKeys.get(source);
  if (!key) {
    key = importJWK(jwk, SESSION_JWT_ALG) as Promise<CryptoKey>;
    publicKeys.set(source, key);
  }
  return key;
}

/** Verifies a session token against the JWKS; throws SessionTokenError with those messages. */
export async function verifySessionToken(
  env: KeyEnv,
  token: string,
  now: Date,
): Promise<SessionClaims> {
  let kid: string | undefined;
  let alg: string | undefined;
  try {
    ({ kid, alg } = decodeProtectedHeader(token));
  } catch {
    throw new SessionTokenError("Malformed JWT");
  }
  if (alg !== SESSION_JWT_ALG) throw new SessionTokenError(`Unsupported JWT algorithm: ${alg}`);
  const { keys } = await publicJwks(env);
  if (keys.length === 0) throw new SessionTokenError(JWT_MESSAGES.emptyJwks);
  const jwk = keys.find((key) => key.kid === kid);
  if (!jwk) throw new SessionTokenError(JWT_MESSAGES.noMatchingKey);

  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, await publicKey(jwk), {
      algorithms: [SESSION_JWT_ALG],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
    }));
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      throw new SessionTokenError(JWT_MESSAGES.badSignature);
    }
    if (error instanceof errors.JWTExpired) throw new SessionTokenError("JWT expired");
    throw new SessionTokenError(error instanceof Error ? error.message : "Invalid JWT");
  }
  const { sid, sub, iat, exp } = payload;
  if (
    typeof sid !== "string" ||
    typeof sub !== "string" ||
    iat === undefined ||
    exp === undefined
  ) {
    throw new SessionTokenError("JWT is missing its session");
  }
  return { sid, sub, iat, exp } satisfies SessionClaims;
}

/** A new ES256 key pair as a private JWK with a kid (used for local development and tests). */
export async function generateSigningKey() {
  const { privateKey } = await generateKeyPair(SESSION_JWT_ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return JSON.stringify({ ...jwk, kid: crypto.randomUUID(), alg: SESSION_JWT_ALG });
}
