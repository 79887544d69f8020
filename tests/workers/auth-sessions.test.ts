import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSession, loadAuth } from "~/accounts/session.server";
import {
  createUser,
  issueToken,
  sessionIdOf,
  sessionRow,
  sessionRows,
  sessionSetCookie,
  sessionTokenOf,
  signIn,
  userExists,
} from "./auth-helpers";
import { appAt, cookiePair, DAY, get, MINUTE, ORIGIN, post } from "./helpers";
import { testNow } from "./clock";

const withCookie = (cookie: string) =>
  new Request(`${ORIGIN}/members`, { headers: { Cookie: cookie } });

describe("signing out", () => {
  it("POST /logout deletes the session row, clears the cookie, and the old cookie no longer works", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    expect((await get("/members", cookie)).status).toBe(200);

    const response = await post("/logout", {}, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(sessionSetCookie(response)).toMatch(/^__session=;.*Max-Age=0/);
    expect(await sessionRows(user.id)).toEqual([]);

    const after = await get("/members", cookie);
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe("/login?dest=%2Fmembers");
  });

  it("ends only that session: the user's other devices stay signed in", async () => {
    const user = await createUser();
    const laptop = await signIn(user.id);
    const phone = await signIn(user.id);
    await post("/logout", {}, laptop);
    expect((await get("/members", laptop)).status).toBe(302);
    expect((await get("/members", phone)).status).toBe(200);
  });

  it("GET /logout does not sign out", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const response = await get("/logout", cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await sessionRows(user.id)).toHaveLength(1);
  });
});

describe("removing a user", () => {
  it("ends that user's sessions at once", async () => {
    const admin = await createUser("admin");
    const member = await createUser();
    const memberCookie = await signIn(member.id);
    const otherDevice = await signIn(member.id);
    expect((await get("/members", memberCookie)).status).toBe(200);

    const response = await post(
      "/admin/users",
      { intent: "remove", userId: member.id, confirmed: "yes" },
      await signIn(admin.id),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/users");
    expect(await userExists(member.id)).toBe(false);
    expect(await sessionRows(member.id)).toEqual([]);

    for (const cookie of [memberCookie, otherDevice]) {
      const after = await get("/members", cookie);
      expect(after.status).toBe(302);
      expect(after.headers.get("Location")).toBe("/login?dest=%2Fmembers");
    }
  });
});

describe("signing in", () => {
  it("starts a fresh session every time, and ends the one the browser had (no session fixation)", async () => {
    const user = await createUser();
    const first = await issueToken(user.email, { now: new Date(testNow().getTime() - 5 * MINUTE) });
    const second = await issueToken(user.email, {
      now: new Date(testNow().getTime() - 2 * MINUTE),
    });

    const firstSignIn = await post("/auth/callback", { token: first, dest: "/members" });
    const firstCookie = cookiePair(sessionSetCookie(firstSignIn)!);
    const secondSignIn = await post(
      "/auth/callback",
      { token: second, dest: "/members" },
      firstCookie,
    );
    const secondCookie = cookiePair(sessionSetCookie(secondSignIn)!);

    expect(await sessionIdOf(secondCookie)).not.toBe(await sessionIdOf(firstCookie));
    expect(await sessionRow(await sessionIdOf(firstCookie))).toBeNull();
    expect(await sessionRow(await sessionIdOf(secondCookie))).not.toBeNull();
    expect((await get("/members", firstCookie)).status).toBe(302);
    expect((await get("/members", secondCookie)).status).toBe(200);
  });

  it("records the sign-in time on the user", async () => {
    const user = await createUser();
    const before = testNow().getTime();
    await signIn(user.id);
    const row = await env.DB.prepare("SELECT last_sign_in_at FROM users WHERE id = ?")
      .bind(user.id)
      .first<{ last_sign_in_at: string }>();
    expect(Date.parse(row!.last_sign_in_at)).toBeGreaterThanOrEqual(before);
  });
});

describe("session lifetime", () => {
  it("renews the token 46 minutes after issue (new cookie, last_seen_at updated), not at 44", async () => {
    const user = await createUser();
    const issuedAt = new Date(testNow().getTime() - DAY);
    const setCookie = await createSession(appAt(issuedAt), user.id);
    const cookie = cookiePair(setCookie);
    const sessionId = await sessionIdOf(cookie);

    const quiet = await loadAuth(
      appAt(new Date(issuedAt.getTime() + 44 * MINUTE)),
      withCookie(cookie),
    );
    expect(quiet.auth?.user.id).toBe(user.id);
    expect(quiet.setCookie).toBeNull();
    expect((await sessionRow(sessionId))?.last_seen_at).toBe(issuedAt.toISOString());

    const later = new Date(issuedAt.getTime() + 46 * MINUTE);
    const renewed = await loadAuth(appAt(later), withCookie(cookie));
    expect(renewed.auth?.user.id).toBe(user.id);
    expect(renewed.setCookie).toMatch(
      /^__session=[^;]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(await sessionTokenOf(renewed.setCookie!)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(cookiePair(renewed.setCookie!)).not.toBe(cookie);
    expect(await sessionIdOf(renewed.setCookie!)).toBe(sessionId);
    expect((await sessionRow(sessionId))?.last_seen_at).toBe(later.toISOString());
  });

  it("an API client with a Bearer token is never sent a cookie", async () => {
    const user = await createUser();
    const issuedAt = new Date(testNow().getTime() - DAY);
    const cookie = cookiePair(await createSession(appAt(issuedAt), user.id));
    const bearer = new Request(`${ORIGIN}/api/manage-users`, {
      headers: { Authorization: `Bearer ${await sessionTokenOf(cookie)}` },
    });
    const loaded = await loadAuth(appAt(new Date(issuedAt.getTime() + 2 * 60 * MINUTE)), bearer);
    expect(loaded.auth?.user.id).toBe(user.id);
    expect(loaded.setCookie).toBeNull();
  });

  it("the worker sends the renewed cookie on an ordinary page view", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id, { now: new Date(testNow().getTime() - 50 * MINUTE) });
    const response = await get("/members", cookie);
    expect(response.status).toBe(200);
    const renewed = sessionSetCookie(response);
    expect(renewed).not.toBeNull();
    expect(await sessionIdOf(renewed!)).toBe(await sessionIdOf(cookie));
  });

  it("ends after 7 days without a visit", async () => {
    const user = await createUser();
    const issuedAt = new Date(testNow().getTime() - 60 * DAY);
    const cookie = cookiePair(await createSession(appAt(issuedAt), user.id));

    const justBefore = await loadAuth(
      appAt(new Date(issuedAt.getTime() + 7 * DAY - 1000)),
      withCookie(cookie),
    );
    expect(justBefore.auth?.user.id).toBe(user.id);

    const idle = await loadAuth(appAt(new Date(issuedAt.getTime() + 7 * DAY)), withCookie(cookie));
    expect(idle.auth).toBeNull();
    expect(idle.setCookie).toContain("Max-Age=0");
  });

  it("ends when the server's record of the last visit is 7 days old, whatever the token says", async () => {
    const user = await createUser();
    const now = testNow();
    const cookie = await signIn(user.id, { now });
    const sessionId = await sessionIdOf(cookie);
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE id = ?")
      .bind(new Date(now.getTime() - 7 * DAY).toISOString(), sessionId)
      .run();

    const loaded = await loadAuth(appAt(now), withCookie(cookie));
    expect(loaded.auth).toBeNull();
    expect(loaded.setCookie).toContain("Max-Age=0");
    expect(await sessionRow(sessionId)).toBeNull();
  });

  it("ends 30 days after sign-in even when used every few days", async () => {
    const user = await createUser();
    const signedInAt = new Date(testNow().getTime() - 90 * DAY);
    let cookie = cookiePair(await createSession(appAt(signedInAt), user.id));
    const sessionId = await sessionIdOf(cookie);

    for (const day of [6, 12, 18, 24, 29]) {
      const loaded = await loadAuth(
        appAt(new Date(signedInAt.getTime() + day * DAY)),
        withCookie(cookie),
      );
      expect(loaded.auth?.user.id, `day ${day}`).toBe(user.id);
      expect(loaded.setCookie, `day ${day}`).not.toBeNull();
      cookie = cookiePair(loaded.setCookie!);
    }
    const lastMinute = await loadAuth(
      appAt(new Date(signedInAt.getTime() + 30 * DAY - MINUTE)),
      withCookie(cookie),
    );
    expect(lastMinute.auth?.user.id).toBe(user.id);

    const over = await loadAuth(
      appAt(new Date(signedInAt.getTime() + 30 * DAY)),
      withCookie(cookie),
    );
    expect(over.auth).toBeNull();
    expect(over.setCookie).toContain("Max-Age=0");
    expect((await sessionRow(sessionId))?.expires_at).toBe(
      new Date(signedInAt.getTime() + 30 * DAY).toISOString(),
    );
  });

  it("ends when the server's absolute expiry has passed, whatever the token says", async () => {
    const user = await createUser();
    const now = testNow();
    const cookie = await signIn(user.id, { now });
    const sessionId = await sessionIdOf(cookie);
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?")
      .bind(new Date(now.getTime() - 1000).toISOString(), sessionId)
      .run();

    const response = await get("/members", cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?dest=%2Fmembers");
    expect(sessionSetCookie(response)).toContain("Max-Age=0");
    expect(await sessionRow(sessionId)).toBeNull();
  });
});
