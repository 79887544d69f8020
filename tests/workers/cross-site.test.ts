import { describe, expect, it } from "vitest";
import { createUser, sessionIdOf, sessionRow, signIn } from "./auth-helpers";
import { get, ORIGIN, request } from "./helpers";

/*
 * Every request that changes something must come from the site's own pages: a form on another
 * origin (even a sibling subdomain, which is "same-site" to a browser) is refused before anything
 * runs, on resource routes as on pages.
 */

const OTHER_ORIGIN = "https://promo.insiderstays.example";

function crossSitePost(path: string, cookie: string, body: BodyInit, type: string) {
  return request(path, {
    method: "POST",
    body,
    headers: { Cookie: cookie, Origin: OTHER_ORIGIN, "Content-Type": type },
    redirect: "manual",
  });
}

describe("posts from another origin", () => {
  it("/logout: refused, and the admin stays signed in", async () => {
    const admin = await createUser("admin");
    const cookie = await signIn(admin.id);
    const response = await crossSitePost(
      "/logout",
      cookie,
      "",
      "application/x-www-form-urlencoded",
    );
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Cross-site request refused");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await sessionRow(await sessionIdOf(cookie))).not.toBeNull();
    expect((await get("/admin/users", cookie)).status).toBe(200);
  });

  it("a browser's Sec-Fetch-Site: cross-site without an Origin is refused too", async () => {
    const member = await createUser();
    const cookie = await signIn(member.id);
    const response = await request("/logout", {
      method: "POST",
      headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site" },
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    expect(await sessionRow(await sessionIdOf(cookie))).not.toBeNull();
  });

  it.each([
    ["/admin/images", "multipart/form-data; boundary=x", "--x--"],
    ["/api/manage-users", "application/json", "{}"],
    ["/api/send-support-message", "application/json", "{}"],
    ["/api/send-agent-application", "application/json", "{}"],
  ])("%s: refused with 403 before it reads anything", async (path, type, body) => {
    const admin = await createUser("admin");
    const response = await crossSitePost(path, await signIn(admin.id), body, type);
    expect(response.status).toBe(403);
  });
});

describe("signing out", () => {
  it("works from the site's own form (POST, same origin)", async () => {
    const member = await createUser();
    const cookie = await signIn(member.id);
    const response = await request("/logout", {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN },
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(await sessionRow(await sessionIdOf(cookie))).toBeNull();
  });

  it("takes no other method: PUT and DELETE get 405 and the session stays", async () => {
    const member = await createUser();
    const cookie = await signIn(member.id);
    const statuses = [];
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const response = await request("/logout", {
        method,
        headers: { Cookie: cookie, Origin: ORIGIN },
        redirect: "manual",
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([405, 405, 405]);
    expect(await sessionRow(await sessionIdOf(cookie))).not.toBeNull();
  });
});
