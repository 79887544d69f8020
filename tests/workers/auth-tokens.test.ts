import { env } from "cloudflare:workers";
import { createLocalJWKSet, jwtVerify, SignJWT, type JWK } from "jose";
import { describe, expect, it } from "vitest";
import {
  generateSigningKey,
  SessionTokenError,
  signSessionToken,
  verifySessionToken,
} from "~/accounts/signing-keys.server";
import {
  createUser,
  sessionCookieOf,
  sessionIdOf,
  sessionRow,
  sessionSetCookie,
  sessionTokenOf,
  signIn,
} from "./auth-helpers";
import { get, HOUR, MINUTE } from "./helpers";
import { testNow } from "./clock";

const b64url = {
  encode: (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""),
  decode: (part: string) => JSON.parse(atob(part.replace(/-/g, "+").replace(/_/g, "/"))),
};

const claims = { sid: "session-1", sub: "user-member" };
const inAnHour = () => new Date(testNow().getTime() + HOUR);

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

describe("session token verification (ES256 JWT against the JWKS)", () => {
  it("accepts a token it signed and returns its claims", async () => {
    const token = await signSessionToken(env, claims, inAnHour(), testNow());
    const verified = await verifySessionToken(env, token, testNow());
    expect(verified).toMatchObject({ sid: "session-1", sub: "user-member" });
    expect(verified.exp - verified.iat).toBe(3600);
  });

  it("refuses a token whose payload was changed: 'Invalid JWT signature'", async () => {
    const token = await signSessionToken(env, claims, inAnHour(), testNow());
    const [header, payload, signature] = token.split(".");
    const forged = b64url.encode({ ...b64url.decode(payload!), sub: "user-admin" });
    const error = await refusal(
      verifySessionToken(env, `${header}.${forged}.${signature}`, testNow()),
    );
    expect(error).toBeInstanceOf(SessionTokenError);
    expect((error as Error).message).toBe("Invalid JWT signature");
  });

  it("refuses a token signed by a key it does not know: 'No matching signing key found in JWKS'", async () => {
    const stranger = { SESSION_SIGNING_KEY: await generateSigningKey() };
    const token = await signSessionToken(stranger, claims, inAnHour(), testNow());
    const error = await refusal(verifySessionToken(env, token, testNow()));
    expect(error).toBeInstanceOf(SessionTokenError);
    expect((error as Error).message).toBe("No matching signing key found in JWKS");
  });

  it("refuses a foreign token that claims our kid: 'Invalid JWT signature'", async () => {
    const ourKid = (JSON.parse(env.SESSION_SIGNING_KEY!) as JWK).kid!;
    const foreign = JSON.parse(await generateSigningKey()) as JWK;
    const token = await signSessionToken(
      { SESSION_SIGNING_KEY: JSON.stringify({ ...foreign, kid: ourKid }) },
      claims,
      inAnHour(),
      testNow(),
    );
    const error = await refusal(verifySessionToken(env, token, testNow()));
    expect((error as Error).message).toBe("Invalid JWT signature");
  });

  it("refuses everything when no key is configured: 'JWKS is empty'", async () => {
    const token = await signSessionToken(env, claims, inAnHour(), testNow());
    const error = await refusal(verifySessionToken({}, token, testNow()));
    expect(error).toBeInstanceOf(SessionTokenError);
    expect((error as Error).message).toBe("JWKS is empty");
  });

  it("refuses an unsigned token (alg: none)", async () => {
    const kid = (JSON.parse(env.SESSION_SIGNING_KEY!) as JWK).kid;
    const now = Math.floor(testNow().getTime() / 1000);
    const unsigned = [
      b64url.encode({ alg: "none", typ: "JWT", kid }),
      b64url.encode({
        ...claims,
        iss: "insider-stays",
        aud: "insider-stays:session",
        iat: now,
        exp: now + 3600,
      }),
      "",
    ].join(".");
    const error = await refusal(verifySessionToken(env, unsigned, testNow()));
    expect(error).toBeInstanceOf(SessionTokenError);
  });

  it("refuses a token signed with HS256 using the public key as the secret (algorithm confusion)", async () => {
    const publicJwk = (await (await get("/auth/v1/.well-known/jwks.json")).json<{ keys: JWK[] }>())
      .keys[0]!;
    const token = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: "HS256", kid: publicJwk.kid })
      .setSubject(claims.sub)
      .setIssuer("insider-stays")
      .setAudience("insider-stays:session")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
    expect(await refusal(verifySessionToken(env, token, testNow()))).toBeInstanceOf(
      SessionTokenError,
    );
  });

  it("refuses an expired token, and accepts it up to its expiry", async () => {
    const issuedAt = new Date(testNow().getTime() - 2 * HOUR);
    const token = await signSessionToken(
      env,
      claims,
      new Date(issuedAt.getTime() + HOUR),
      issuedAt,
    );
    expect(
      (await verifySessionToken(env, token, new Date(issuedAt.getTime() + 59 * MINUTE))).sid,
    ).toBe("session-1");
    const error = await refusal(verifySessionToken(env, token, testNow()));
    expect(error).toBeInstanceOf(SessionTokenError);
  });

  it("refuses garbage", async () => {
    for (const token of ["", "abc", "a.b.c", "eyJhbGciOiJFUzI1NiJ9.e30."]) {
      expect(await refusal(verifySessionToken(env, token, testNow()))).toBeInstanceOf(
        SessionTokenError,
      );
    }
  });

  it("still accepts tokens of a previous key listed in SESSION_PREVIOUS_PUBLIC_KEYS (rotation)", async () => {
    const previous = JSON.parse(await generateSigningKey()) as JWK;
    const token = await signSessionToken(
      { SESSION_SIGNING_KEY: JSON.stringify(previous) },
      claims,
      inAnHour(),
      testNow(),
    );
    const { d: _private, ...previousPublic } = previous;
    const rotated = {
      SESSION_SIGNING_KEY: env.SESSION_SIGNING_KEY,
      SESSION_PREVIOUS_PUBLIC_KEYS: JSON.stringify([previousPublic]),
    };
    expect((await verifySessionToken(rotated, token, testNow())).sid).toBe("session-1");
    expect((await refusal(verifySessionToken(env, token, testNow()))) as Error).toBeInstanceOf(
      SessionTokenError,
    );
  });
});

describe("/auth/v1/.well-known/jwks.json", () => {
  it("serves the public signing key only (EC P-256, with kid, no private part)", async () => {
    const response = await get("/auth/v1/.well-known/jwks.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    const { keys } = await response.json<{ keys: JWK[] }>();
    expect(keys).toHaveLength(1);
    const [key] = keys;
    expect(key!.kty).toBe("EC");
    expect(key!.crv).toBe("P-256");
    expect(key!.kid).toBe((JSON.parse(env.SESSION_SIGNING_KEY!) as JWK).kid);
    expect(key!.x).toBeTruthy();
    expect(key!.y).toBeTruthy();
    expect(key).not.toHaveProperty("d");
  });

  it("verifies a real session cookie with a standard JWT library", async () => {
    const { keys } = await (await get("/auth/v1/.well-known/jwks.json")).json<{ keys: JWK[] }>();
    const cookie = await signIn("user-member");
    const { payload, protectedHeader } = await jwtVerify(
      await sessionTokenOf(cookie),
      createLocalJWKSet({ keys }),
      { issuer: "insider-stays", audience: "insider-stays:session" },
    );
    expect(protectedHeader.alg).toBe("ES256");
    expect(payload.sub).toBe("user-member");
    expect(payload.sid).toBe(await sessionIdOf(cookie));
  });
});

describe("a bad session cookie through the worker", () => {
  it("a tampered cookie is treated as signed out, and the response clears it", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const [header, payload, signature] = (await sessionTokenOf(cookie)).split(".");
    const forged = b64url.encode({ ...b64url.decode(payload!), sub: "user-admin" });
    const tampered = await sessionCookieOf(`${header}.${forged}.${signature}`);

    const response = await get("/members", tampered);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?dest=%2Fmembers");
    const cleared = sessionSetCookie(response);
    expect(cleared).toMatch(/^__session=;/);
    expect(cleared).toContain("Max-Age=0");

    // The real cookie still works: tampering did not touch the session.
    expect((await get("/members", cookie)).status).toBe(200);
  });

  it("a cookie signed by another key is treated as signed out", async () => {
    const user = await createUser();
    const stranger = { SESSION_SIGNING_KEY: await generateSigningKey() };
    const cookie = await signIn(user.id);
    const token = await signSessionToken(
      stranger,
      { sid: await sessionIdOf(cookie), sub: user.id },
      inAnHour(),
      testNow(),
    );
    const response = await get("/members", await sessionCookieOf(token));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?dest=%2Fmembers");
    expect(sessionSetCookie(response)).toContain("Max-Age=0");
  });

  it("a validly signed token for a session that does not exist is refused", async () => {
    const user = await createUser();
    const token = await signSessionToken(
      env,
      { sid: "no-such-session", sub: user.id },
      inAnHour(),
      testNow(),
    );
    const response = await get("/account/security", await sessionCookieOf(token));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?dest=%2Faccount%2Fsecurity");
    expect(sessionSetCookie(response)).toContain("Max-Age=0");
  });

  it("a token naming another user than its session's is refused", async () => {
    const user = await createUser();
    const other = await createUser("admin");
    const cookie = await signIn(user.id);
    const token = await signSessionToken(
      env,
      { sid: await sessionIdOf(cookie), sub: other.id },
      inAnHour(),
      testNow(),
    );
    const response = await get("/api/manage-users", undefined, {
      Authorization: `Bearer ${token}`,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "No authenticated session found" });
    expect(await sessionRow(await sessionIdOf(cookie))).not.toBeNull();
  });

  it("public pages still render for a tampered cookie (200) and clear it", async () => {
    const response = await get("/locations", "__session=not.a.jwt");
    expect(response.status).toBe(200);
    expect(sessionSetCookie(response)).toContain("Max-Age=0");
  });
});
