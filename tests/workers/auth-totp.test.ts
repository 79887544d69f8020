import { generateTOTP, verifyTOTP } from "@epic-web/totp";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  createUser,
  issueToken,
  MESSAGES,
  sessionIdOf,
  sessionRow,
  sessionSetCookie,
  signIn,
} from "./auth-helpers";
import { cookiePair, get, post, visibleText } from "./helpers";

const TOTP = { algorithm: "SHA-1", digits: 6, period: 30 } as const;

interface Factor {
  id: string;
  secret: string;
  status: string;
  verified_at: string | null;
}

async function factorsOf(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, secret, status, verified_at FROM totp_factors WHERE user_id = ?",
  )
    .bind(userId)
    .all<Factor>();
  return results;
}

async function currentCode(secret: string) {
  return (await generateTOTP({ secret, ...TOTP })).otp;
}

/** A 6-digit code that the factor does not accept now (nor in the neighbouring periods). */
async function wrongCode(secret: string) {
  let code = Number(await currentCode(secret));
  for (;;) {
    code = (code + 123457) % 1_000_000;
    const candidate = String(code).padStart(6, "0");
    if ((await verifyTOTP({ otp: candidate, secret, ...TOTP, window: 2 })) === null)
      return candidate;
  }
}

/**
 * A code works once (its 30 s period is recorded). To use the factor again within one test, as a
 * person would half a minute later, forget the last period used.
 */
async function laterPeriod(userId: string) {
  await env.DB.prepare("UPDATE totp_factors SET last_used_step = NULL WHERE user_id = ?")
    .bind(userId)
    .run();
}

/** Enrols an authenticator app through /account/security and returns the factor's secret. */
async function enrol(cookie: string) {
  const response = await post("/account/security", { intent: "enroll" }, cookie);
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/account/security");
  return response;
}

describe("setting up an authenticator app (/account/security)", () => {
  it("enrols, then a valid code verifies the factor and raises the session to aal2", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);

    await enrol(cookie);
    const [pending] = await factorsOf(user.id);
    expect(pending!.status).toBe("unverified");
    expect(pending!.secret).toMatch(/^[A-Z2-7]{16,}$/);

    const page = await get("/account/security", cookie);
    expect(page.status).toBe(200);
    const html = visibleText(await page.text());
    expect(html).toContain("Scan this code");
    expect(html).toContain(pending!.secret);

    const response = await post(
      "/account/security",
      { intent: "verify", code: await currentCode(pending!.secret) },
      cookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account/security");
    const renewed = sessionSetCookie(response);
    expect(renewed).not.toBeNull();
    expect(await sessionIdOf(renewed!)).toBe(await sessionIdOf(cookie));

    const [factor] = await factorsOf(user.id);
    expect(factor!.status).toBe("verified");
    expect(factor!.verified_at).not.toBeNull();
    expect((await sessionRow(await sessionIdOf(cookie)))?.aal).toBe("aal2");

    const after = visibleText(await (await get("/account/security", cookiePair(renewed!))).text());
    expect(after).toContain(
      "This session: <strong>signed in with the e-mail link and a code</strong>",
    );
    expect(after).not.toContain(pending!.secret);
  });

  it("refuses a wrong code with 400 and 'That code is not valid'; the factor stays unverified", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    await enrol(cookie);
    const [pending] = await factorsOf(user.id);

    const response = await post(
      "/account/security",
      { intent: "verify", code: await wrongCode(pending!.secret) },
      cookie,
    );
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain(MESSAGES.invalidCode);
    expect(sessionSetCookie(response)).toBeNull();
    expect((await factorsOf(user.id)).map((factor) => factor.status)).toEqual(["unverified"]);
    expect((await sessionRow(await sessionIdOf(cookie)))?.aal).toBe("aal1");
  });

  it("refuses a code that is not 6 digits (400) without verifying", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    await enrol(cookie);
    const response = await post("/account/security", { intent: "verify", code: "12ab56" }, cookie);
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain(
      "Enter the 6-digit code from your authenticator app.",
    );
    expect((await factorsOf(user.id)).map((factor) => factor.status)).toEqual(["unverified"]);
  });

  it("is only for signed-in users", async () => {
    const response = await post("/account/security", { intent: "enroll" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?dest=%2Faccount%2Fsecurity");
  });

  it("removing the factor needs a current code from it", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    await enrol(cookie);
    const [pending] = await factorsOf(user.id);
    await post(
      "/account/security",
      { intent: "verify", code: await currentCode(pending!.secret) },
      cookie,
    );

    const refused = await post(
      "/account/security",
      { intent: "remove", factorId: pending!.id, code: await wrongCode(pending!.secret) },
      cookie,
    );
    expect(refused.status).toBe(400);
    expect(visibleText(await refused.text())).toContain(MESSAGES.invalidCode);
    expect(await factorsOf(user.id)).toHaveLength(1);

    await laterPeriod(user.id);
    const removed = await post(
      "/account/security",
      { intent: "remove", factorId: pending!.id, code: await currentCode(pending!.secret) },
      cookie,
    );
    expect(removed.status).toBe(302);
    expect(await factorsOf(user.id)).toEqual([]);
  });
});

describe("a code is accepted once", () => {
  it("refuses the same code a second time within its period", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    await enrol(cookie);
    const [pending] = await factorsOf(user.id);
    const code = await currentCode(pending!.secret);
    expect((await post("/account/security", { intent: "verify", code }, cookie)).status).toBe(302);

    const replayed = await post(
      "/account/security",
      { intent: "remove", factorId: pending!.id, code },
      cookie,
    );
    expect(replayed.status).toBe(400);
    expect(visibleText(await replayed.text())).toContain(MESSAGES.invalidCode);
    expect(await factorsOf(user.id)).toHaveLength(1);
  });
});

/** An account whose authenticator app is set up and verified, and its secret. */
async function withFactor(role: "member" | "admin") {
  const user = await createUser(role);
  const enrolling = await signIn(user.id);
  await enrol(enrolling);
  const [pending] = await factorsOf(user.id);
  const verified = await post(
    "/account/security",
    { intent: "verify", code: await currentCode(pending!.secret) },
    enrolling,
  );
  expect(verified.status).toBe(302);
  expect((await factorsOf(user.id))[0]!.status).toBe("verified");
  await laterPeriod(user.id);
  return { user, secret: pending!.secret };
}

describe("a member with an authenticator app", () => {
  it("enters a code after the e-mail link: until then member pages ask for it and prices stay hidden", async () => {
    const { user, secret } = await withFactor("member");
    const token = await issueToken(user.email);
    const signedIn = await post("/auth/callback", { token, dest: "/locations" });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/auth/verify?dest=%2Flocations");
    const cookie = cookiePair(sessionSetCookie(signedIn)!);
    expect((await sessionRow(await sessionIdOf(cookie)))?.aal).toBe("aal1");

    // Skipping the code: the member's pages ask for it, and the list shows no prices.
    for (const path of ["/members", "/book?location=kaanapali-shores-beach-club"]) {
      const refused = await get(path, cookie);
      expect(refused.status).toBe(302);
      expect(refused.headers.get("Location")).toBe(`/auth/verify?dest=${encodeURIComponent(path)}`);
    }
    const list = await get("/locations?maxPrice=3000", cookie);
    expect(visibleText(await list.text())).not.toContain("Weekly price up to");

    const verified = await post(
      "/auth/verify",
      { code: await currentCode(secret), dest: "/members" },
      cookie,
    );
    expect(verified.status).toBe(302);
    const elevated = cookiePair(sessionSetCookie(verified)!);
    expect((await get("/members", elevated)).status).toBe(200);
    expect(visibleText(await (await get("/locations", elevated)).text())).toContain(
      "Weekly price up to",
    );
  });

  it("without an authenticator app, the e-mail link is enough", async () => {
    const user = await createUser();
    const signedIn = await post("/auth/callback", {
      token: await issueToken(user.email),
      dest: "/members",
    });
    expect(signedIn.headers.get("Location")).toBe("/members");
    const cookie = cookiePair(sessionSetCookie(signedIn)!);
    expect((await get("/members", cookie)).status).toBe(200);
  });
});

describe("an admin with an authenticator app", () => {
  const adminWithFactor = async () => {
    const { user: admin, secret } = await withFactor("admin");
    return { admin, secret };
  };

  it("enters a code before the admin pages: aal1 → /auth/verify, then a valid code reaches /admin/users", async () => {
    const { admin, secret } = await adminWithFactor();
    const cookie = await signIn(admin.id);
    expect((await sessionRow(await sessionIdOf(cookie)))?.aal).toBe("aal1");

    const refused = await get("/admin/users", cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/auth/verify?dest=%2Fadmin%2Fusers");

    const verifyPage = await get("/auth/verify?dest=%2Fadmin%2Fusers", cookie);
    expect(verifyPage.status).toBe(200);
    expect(visibleText(await verifyPage.text())).toContain("Verify it's you");

    const response = await post(
      "/auth/verify",
      { code: await currentCode(secret), dest: "/admin/users" },
      cookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/users");
    const elevated = cookiePair(sessionSetCookie(response)!);
    expect(await sessionIdOf(elevated)).toBe(await sessionIdOf(cookie));
    expect((await sessionRow(await sessionIdOf(cookie)))?.aal).toBe("aal2");

    const admitted = await get("/admin/users", elevated);
    expect(admitted.status).toBe(200);
    expect(visibleText(await admitted.text())).toContain("Manage Users");
  });

  it("is refused by the admin API at aal1 too", async () => {
    const { admin } = await adminWithFactor();
    const cookie = await signIn(admin.id);
    const response = await get("/api/manage-users", cookie);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      message: "A verification code from your authenticator app is required.",
    });
  });

  it("a wrong code on /auth/verify is refused with 'That code is not valid' and keeps the session at aal1", async () => {
    const { admin, secret } = await adminWithFactor();
    const cookie = await signIn(admin.id);

    const response = await post(
      "/auth/verify",
      { code: await wrongCode(secret), dest: "/admin/users" },
      cookie,
    );
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain(MESSAGES.invalidCode);
    expect((await sessionRow(await sessionIdOf(cookie)))?.aal).toBe("aal1");
    expect((await get("/admin/users", cookie)).headers.get("Location")).toBe(
      "/auth/verify?dest=%2Fadmin%2Fusers",
    );
  });

  it("a hostile dest on /auth/verify still lands on /members", async () => {
    const { admin, secret } = await adminWithFactor();
    const cookie = await signIn(admin.id);
    const response = await post(
      "/auth/verify",
      { code: await currentCode(secret), dest: "//evil.example" },
      cookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/members");
  });
});

describe("guessing codes", () => {
  const lockedMessage = "Too many wrong codes. For your security, this authenticator app is locked";

  async function verifiedFactor() {
    const user = await createUser();
    const cookie = await signIn(user.id);
    await enrol(cookie);
    const [pending] = await factorsOf(user.id);
    const verified = await post(
      "/account/security",
      { intent: "verify", code: await currentCode(pending!.secret) },
      cookie,
    );
    expect(verified.status).toBe(302);
    await laterPeriod(user.id);
    return { user, factor: pending!, cookie: await signIn(user.id) };
  }

  it("locks /auth/verify after 5 wrong codes: 30 simultaneous guesses get 5 answers, then even the right code waits", async () => {
    const { factor, cookie } = await verifiedFactor();
    const wrong = await wrongCode(factor.secret);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, () =>
        post("/auth/verify", { code: wrong, dest: "/members" }, cookie),
      ),
    );
    expect(guesses.filter((response) => response.status === 400)).toHaveLength(5);
    const locked = guesses.filter((response) => response.status === 429);
    expect(locked).toHaveLength(25);
    expect(Number(locked[0]!.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(visibleText(await locked[0]!.text())).toContain(`${lockedMessage} for 15 minutes.`);

    const right = await post(
      "/auth/verify",
      { code: await currentCode(factor.secret), dest: "/members" },
      cookie,
    );
    expect(right.status).toBe(429);
    expect((await sessionRow(await sessionIdOf(cookie)))?.aal).toBe("aal1");
  }, 60_000);

  it("locks removing the factor on /account/security after 5 wrong codes", async () => {
    const { user, factor, cookie } = await verifiedFactor();
    const wrong = await wrongCode(factor.secret);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await post(
        "/account/security",
        { intent: "remove", factorId: factor.id, code: wrong },
        cookie,
      );
      expect(response.status, `attempt ${attempt}`).toBe(400);
    }
    const sixth = await post(
      "/account/security",
      { intent: "remove", factorId: factor.id, code: await currentCode(factor.secret) },
      cookie,
    );
    expect(sixth.status).toBe(429);
    expect(visibleText(await sixth.text())).toContain(lockedMessage);
    expect(await factorsOf(user.id)).toHaveLength(1);
  });

  it("counts only wrong codes: a right code starts the count again", async () => {
    const { user, factor, cookie } = await verifiedFactor();
    const wrong = await wrongCode(factor.secret);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await post("/auth/verify", { code: wrong, dest: "/members" }, cookie)).status).toBe(
        400,
      );
    }
    const right = await post(
      "/auth/verify",
      { code: await currentCode(factor.secret), dest: "/members" },
      cookie,
    );
    expect(right.status).toBe(302);
    await laterPeriod(user.id);
    const next = await signIn(user.id);
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await post("/auth/verify", { code: wrong, dest: "/members" }, next);
      expect(response.status).toBe(400);
    }
  });
});
