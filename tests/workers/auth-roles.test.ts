import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import {
  countRows,
  createUser,
  MESSAGES,
  sessionIdOf,
  sessionRow,
  sessionSetCookie,
  sessionTokenOf,
  signIn,
  userExists,
} from "./auth-helpers";
import { get, post, request, toastOf, uniqueEmail, visibleText, waitForEmails } from "./helpers";
import { stopClockAt, testNow } from "./clock";

type Role = "visitor" | "member" | "admin";

interface Actor {
  role: Role;
  cookie?: string;
  email?: string;
}

/** A fresh session for each case: the seeded member (the page check signs them out), or a new admin. */
async function actor(role: Role): Promise<Actor> {
  if (role === "visitor") return { role };
  if (role === "member")
    return { role, cookie: await signIn("user-member"), email: "member@example.com" };
  const admin = await createUser("admin");
  return { role, cookie: await signIn(admin.id), email: admin.email };
}

function api(
  method: "GET" | "POST" | "DELETE",
  options: {
    cookie?: string;
    bearer?: string;
    body?: unknown;
    contentType?: string;
    path?: string;
  } = {},
) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["Content-Type"] = options.contentType ?? "application/json";
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  return request(options.path ?? "/api/manage-users", {
    method,
    headers,
    body,
    redirect: "manual",
  });
}

async function userByEmail(email: string) {
  return env.DB.prepare("SELECT id, email, role FROM users WHERE email = ?")
    .bind(email)
    .first<{ id: string; email: string; role: string }>();
}

async function expectAdminLoginScreen(response: Response, status: number, message: string | null) {
  expect(response.status).toBe(status);
  const html = visibleText(await response.text());
  expect(html).toContain("Admin sign in");
  expect(html).toContain("Send Magic Link");
  // The refusal's own message, or none at all.
  expect(html.includes(MESSAGES.accessDenied) ? MESSAGES.accessDenied : null).toBe(message);
  expect(html).not.toContain("Manage Users</h1>");
}

/** A member refused an admin page is signed out: the session row is gone and the cookie cleared. */
async function expectSignedOut(response: Response, actor: Actor) {
  expect(sessionSetCookie(response)).toMatch(/^__session=;.*Max-Age=0/);
  expect(await sessionRow(await sessionIdOf(actor.cookie!))).toBeNull();
  const members = await get("/members", actor.cookie);
  expect(members.status).toBe(302);
}

describe("who may open which page", () => {
  it.each([
    ["/members", "/login?dest=%2Fmembers"],
    ["/account/security", "/login?dest=%2Faccount%2Fsecurity"],
  ])("visitor GET %s → 302 to sign in", async (path, location) => {
    const response = await get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(location);
  });

  it.each([
    ["/members.data?_routes=routes%2Fmembers", "/login?dest=%2Fmembers"],
    [
      "/book.data?location=casa-marena-cabo&week=2027-01-09",
      "/login?dest=%2Fbook%3Flocation%3Dcasa-marena-cabo%26week%3D2027-01-09",
    ],
  ])(
    "a visitor's in-app navigation to %s is sent to sign in for the page, not its data",
    async (path, location) => {
      const answer = await (await get(path)).text();
      // An in-app navigation's redirect comes in its data.
      expect(answer).toContain(`"redirect","${location}"`);
    },
  );

  it.each<[Role, string]>([
    ["member", "/members"],
    ["member", "/account/security"],
    ["admin", "/members"],
    ["admin", "/account/security"],
  ])("%s GET %s → 200, their own page", async (role, path) => {
    const who = await actor(role);
    const response = await get(path, who.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Location")).toBeNull();
    expect(visibleText(await response.text())).toContain(who.email!);
  });

  it("visitor GET /admin/users → 401 with the admin login screen", async () => {
    const response = await get("/admin/users");
    await expectAdminLoginScreen(response, 401, null);
  });

  it("member GET /admin/users → 403 'Access denied', and the member is signed out", async () => {
    const member = await actor("member");
    const response = await get("/admin/users", member.cookie);
    await expectAdminLoginScreen(response, 403, MESSAGES.accessDenied);
    await expectSignedOut(response, member);
  });

  it("the page that says 'Access denied' shows a signed-out header, in its HTML and its data", async () => {
    const member = await actor("member");
    const html = visibleText(await (await get("/admin/users", member.cookie)).text());
    expect(visibleText(html)).toContain(MESSAGES.accessDenied);
    expect(html).not.toContain("Sign out");
    expect(html).not.toContain(member.email!);
    expect(html).toContain("Join us");

    const other = await actor("member");
    const data = await (
      await get(
        "/admin/users.data?_routes=root,routes/admin/layout,routes/admin/users",
        other.cookie,
      )
    ).text();
    expect(data).toContain(MESSAGES.accessDenied);
    expect(data).not.toContain(other.email!);
  });

  it("admin GET /admin/users → 200 with the user list", async () => {
    const admin = await actor("admin");
    const response = await get("/admin/users", admin.cookie);
    expect(response.status).toBe(200);
    const html = visibleText(await response.text());
    expect(html).toContain("Manage Users");
    expect(html).toContain("member@example.com");
    expect(html).toContain(admin.email!);
  });

  it("the member's own admin link is shown to admins only", async () => {
    const member = await actor("member");
    const admin = await actor("admin");
    expect(await (await get("/members", member.cookie)).text()).not.toContain(
      'href="/admin/requests"',
    );
    expect(await (await get("/members", admin.cookie)).text()).toContain('href="/admin/requests"');
  });
});

describe("who may change users through /admin/users", () => {
  it.each<Role>(["visitor", "member"])(
    "%s: invite is refused and creates no user",
    async (role) => {
      const who = await actor(role);
      const invitee = uniqueEmail("invitee");
      const before = await countRows("users");

      const response = await post("/admin/users", { intent: "invite", email: invitee }, who.cookie);
      if (role === "visitor") await expectAdminLoginScreen(response, 401, null);
      else {
        await expectAdminLoginScreen(response, 403, MESSAGES.accessDenied);
        await expectSignedOut(response, who);
      }
      expect(await countRows("users")).toBe(before);
      expect(await userByEmail(invitee)).toBeNull();
    },
  );

  it.each<Role>(["visitor", "member"])(
    "%s: remove is refused and removes no user",
    async (role) => {
      const who = await actor(role);
      const victim = await createUser();
      const before = await countRows("users");

      const response = await post(
        "/admin/users",
        { intent: "remove", userId: victim.id },
        who.cookie,
      );
      if (role === "visitor") await expectAdminLoginScreen(response, 401, null);
      else {
        await expectAdminLoginScreen(response, 403, MESSAGES.accessDenied);
        await expectSignedOut(response, who);
      }
      expect(await countRows("users")).toBe(before);
      expect(await userExists(victim.id)).toBe(true);
    },
  );

  it("admin: invite creates a member and e-mails an invitation", async () => {
    const admin = await actor("admin");
    const invitee = uniqueEmail("invitee");
    const before = await countRows("users");

    const response = await post("/admin/users", { intent: "invite", email: invitee }, admin.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/users");
    expect(await countRows("users")).toBe(before + 1);
    expect((await userByEmail(invitee))?.role).toBe("member");
    const [mail] = await waitForEmails(invitee);
    expect(mail!.subject).toBe("Your invitation to Insider Stays");
  });

  it("admin: inviting an existing admin says so, and sends a sign-in link, not a member's invitation", async () => {
    const admin = await actor("admin");
    const other = await createUser("admin");
    const response = await post(
      "/admin/users",
      { intent: "invite", email: other.email },
      admin.cookie,
    );
    expect(await toastOf(response)).toEqual({
      type: "success",
      message: `${other.email} is already an admin; a new sign-in link is on its way`,
    });
    expect((await userByEmail(other.email))?.role).toBe("admin");
    const [mail] = await waitForEmails(other.email);
    expect(mail!.subject).toBe("Your Insider Stays sign-in link");
    expect(mail!.text).not.toContain("invited to become a member");
  });

  it("admin: an invite without an e-mail is refused with 'E-mail required' (400)", async () => {
    const admin = await actor("admin");
    const before = await countRows("users");
    const response = await post("/admin/users", { intent: "invite", email: "" }, admin.cookie);
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("E-mail required");
    expect(await countRows("users")).toBe(before);
  });

  it("admin: remove asks first, then deletes the user", async () => {
    const admin = await actor("admin");
    const victim = await createUser();
    const before = await countRows("users");

    const asked = await post("/admin/users", { intent: "remove", userId: victim.id }, admin.cookie);
    expect(asked.status).toBe(200);
    const page = visibleText(await asked.text());
    expect(page).toContain(`Remove ${victim.email}? They will be signed out.`);
    expect(page).toContain(`Yes, remove ${victim.email}`);
    expect(await userExists(victim.id)).toBe(true);

    const response = await post(
      "/admin/users",
      { intent: "remove", userId: victim.id, confirmed: "yes" },
      admin.cookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/users");
    expect(await countRows("users")).toBe(before - 1);
    expect(await userExists(victim.id)).toBe(false);
  });
});

describe("removing a user who is not on the page shown", () => {
  it("asks above the list, and removes on the answer", async () => {
    const admin = await actor("admin");
    // More than a page of 50, sorted by address: the victim is last.
    for (let index = 0; index < 51; index++) await createUser();
    const victim = {
      id: `user-${crypto.randomUUID()}`,
      email: `zzzz-${crypto.randomUUID()}@example.com`,
    };
    await env.DB.prepare("INSERT INTO users (id, email) VALUES (?, ?)")
      .bind(victim.id, victim.email)
      .run();

    const asked = await post("/admin/users", { intent: "remove", userId: victim.id }, admin.cookie);
    const page = visibleText(await asked.text());
    expect(page).toContain(`Remove ${victim.email}? They will be signed out.`);
    expect(page).toContain(`Yes, remove ${victim.email}`);
    expect(await userExists(victim.id)).toBe(true);

    const removed = await post(
      "/admin/users",
      { intent: "remove", userId: victim.id, confirmed: "yes" },
      admin.cookie,
    );
    expect(removed.status).toBe(302);
    expect(await userExists(victim.id)).toBe(false);
  });
});

describe("who may use /api/manage-users", () => {
  const refusals: Record<
    Exclude<Role, "admin">,
    (who: Actor) => { status: number; message: string }
  > = {
    visitor: () => ({ status: 401, message: MESSAGES.noSession }),
    member: (who) => ({ status: 403, message: MESSAGES.notAuthorized(who.email!) }),
  };

  it.each<Exclude<Role, "admin">>(["visitor", "member"])(
    "%s: GET is refused with a JSON message",
    async (role) => {
      const who = await actor(role);
      const response = await api("GET", { cookie: who.cookie });
      const expected = refusals[role](who);
      expect(response.status).toBe(expected.status);
      expect(response.headers.get("Content-Type")).toContain("application/json");
      expect(await response.json()).toEqual({ message: expected.message });
    },
  );

  it("member: 403, 'Access denied. The email … is not authorized.' with the member's own address", async () => {
    const response = await api("GET", { cookie: await signIn("user-member") });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      message: "Access denied. The email member@example.com is not authorized.",
    });
  });

  it.each<Exclude<Role, "admin">>(["visitor", "member"])(
    "%s: POST (invite) is refused and creates no user",
    async (role) => {
      const who = await actor(role);
      const invitee = uniqueEmail("invitee");
      const before = await countRows("users");
      const response = await api("POST", {
        cookie: who.cookie,
        body: { action: "invite", email: invitee },
      });
      const expected = refusals[role](who);
      expect(response.status).toBe(expected.status);
      expect(await response.json()).toEqual({ message: expected.message });
      expect(await countRows("users")).toBe(before);
      expect(await userByEmail(invitee)).toBeNull();
    },
  );

  it.each<Exclude<Role, "admin">>(["visitor", "member"])(
    "%s: DELETE is refused and removes no user",
    async (role) => {
      const who = await actor(role);
      const victim = await createUser();
      const before = await countRows("users");
      const response = await api("DELETE", { cookie: who.cookie, body: { userId: victim.id } });
      const expected = refusals[role](who);
      expect(response.status).toBe(expected.status);
      expect(await response.json()).toEqual({ message: expected.message });
      expect(await countRows("users")).toBe(before);
      expect(await userExists(victim.id)).toBe(true);
    },
  );

  it("admin: GET lists users as { users: [{ id, email }], page, perPage: 50, total }", async () => {
    const admin = await actor("admin");
    const response = await api("GET", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const body = await response.json<{
      users: Array<Record<string, unknown>>;
      page: number;
      perPage: number;
      total: number;
    }>();
    expect(Object.keys(body).sort()).toEqual(["page", "perPage", "total", "users"]);
    expect(body.page).toBe(1);
    expect(body.perPage).toBe(50);
    expect(body.total).toBe(await countRows("users"));
    expect(body.users.length).toBe(Math.min(50, body.total));
    for (const user of body.users) expect(Object.keys(user).sort()).toEqual(["email", "id"]);
    const emails = body.users.map((user) => user.email as string);
    expect(emails).toEqual([...emails].sort());
  });

  it("admin: POST invites a member (201) and DELETE removes them (200)", async () => {
    const admin = await actor("admin");
    const invitee = uniqueEmail("invitee");
    const before = await countRows("users");

    const invited = await api("POST", {
      cookie: admin.cookie,
      body: { action: "invite", email: invitee },
    });
    expect(invited.status).toBe(201);
    const { message, user } = await invited.json<{
      message: string;
      user: { id: string; email: string };
    }>();
    expect(message).toBe("Account created; the invitation e-mail is queued");
    expect(user.email).toBe(invitee);
    expect(await countRows("users")).toBe(before + 1);
    expect(await waitForEmails(invitee)).toHaveLength(1);

    const removed = await api("DELETE", { cookie: admin.cookie, body: { userId: user.id } });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({
      message: "User removed",
      user: { id: user.id, email: invitee },
    });
    expect(await countRows("users")).toBe(before);
  });

  it("admin: inviting an existing member (200) keeps their account as it is and sends a new link", async () => {
    const admin = await actor("admin");
    const member = await createUser("member");
    const before = await countRows("users");

    const invited = await api("POST", {
      cookie: admin.cookie,
      body: { action: "invite", email: member.email.toUpperCase() },
    });
    expect(invited.status).toBe(200);
    expect(await invited.json()).toEqual({
      message: "Already a member; a new sign-in link is queued",
      user: { id: member.id, email: member.email },
    });
    expect(await countRows("users")).toBe(before);
    const stored = await userByEmail(member.email);
    expect(stored).toEqual({ id: member.id, email: member.email, role: "member" });
    expect(await waitForEmails(member.email)).toHaveLength(1);
  });

  it("admin: a Bearer token (the JWT of the session cookie) works without a cookie", async () => {
    const admin = await actor("admin");
    const bearer = await sessionTokenOf(admin.cookie!);
    const listed = await api("GET", { bearer });
    expect(listed.status).toBe(200);
    expect(sessionSetCookie(listed)).toBeNull();

    const invitee = uniqueEmail("invitee");
    const invited = await api("POST", { bearer, body: { action: "invite", email: invitee } });
    expect(invited.status).toBe(201);
    expect(await userByEmail(invitee)).not.toBeNull();
  });

  it("a Bearer token signs in to the JSON API only: a page or a form takes the cookie", async () => {
    const admin = await actor("admin");
    const headers = { Authorization: `Bearer ${await sessionTokenOf(admin.cookie!)}` };
    // Signed out as far as pages go: the admin sign-in screen, and a member page sends to sign in.
    await expectAdminLoginScreen(
      await request("/admin/users", { headers, redirect: "manual" }),
      401,
      null,
    );
    const members = await request("/members", { headers, redirect: "manual" });
    expect(members.status).toBe(302);
    expect(members.headers.get("Location")).toBe("/login?dest=%2Fmembers");
    const bySession = await request("/admin/users", {
      headers: { Cookie: admin.cookie! },
      redirect: "manual",
    });
    expect(bySession.status).toBe(200);
  });

  it("a member's Bearer token is refused (403)", async () => {
    const bearer = await sessionTokenOf(await signIn("user-member"));
    const response = await api("GET", { bearer });
    expect(response.status).toBe(403);
  });

  it("a forged Bearer token is refused (401)", async () => {
    const response = await api("GET", {
      bearer: "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1c2VyLWFkbWluIn0.",
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: MESSAGES.noSession });
  });

  it("admin: a body that is not JSON is refused with 415", async () => {
    const admin = await actor("admin");
    const before = await countRows("users");
    const response = await api("POST", {
      cookie: admin.cookie,
      body: new URLSearchParams({ action: "invite", email: uniqueEmail() }).toString(),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      message: "Send a JSON body (Content-Type: application/json).",
    });
    expect(await countRows("users")).toBe(before);
  });

  it("admin: malformed JSON is refused with 400", async () => {
    const admin = await actor("admin");
    const response = await api("POST", { cookie: admin.cookie, body: "{not json" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "The body is not valid JSON." });
  });

  it.each([
    { action: "invite" },
    { action: "invite", email: "" },
    { action: "invite", email: "   " },
  ])(
    "admin: an invite without an e-mail (%j) is refused with 'E-mail required' (400)",
    async (body) => {
      const admin = await actor("admin");
      const before = await countRows("users");
      const response = await api("POST", { cookie: admin.cookie, body });
      expect(response.status).toBe(400);
      expect((await response.json<{ message: string }>()).message).toBe("E-mail required");
      expect(await countRows("users")).toBe(before);
    },
  );

  it("admin: more than 50 admin checks in a minute are refused (429), per operation", async () => {
    const admin = await actor("admin");
    // The limit counts in fixed one-minute windows: the clock starts at the beginning of the
    // next one, so all 51 requests fall in the same window.
    stopClockAt(new Date(Math.ceil(testNow().getTime() / 60_000) * 60_000 + 1_000));
    try {
      for (let i = 0; i < 50; i++) {
        expect((await api("GET", { cookie: admin.cookie })).status, `request ${i + 1}`).toBe(200);
      }
      const refused = await api("GET", { cookie: admin.cookie });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        message: "Too many admin requests. Please wait a minute and try again.",
      });
      expect((await get("/admin/users", admin.cookie)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("admin: cannot remove themselves, and removing an unknown user is a 404", async () => {
    const adminUser = await createUser("admin");
    const cookie = await signIn(adminUser.id);
    const self = await api("DELETE", { cookie, body: { userId: adminUser.id } });
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ message: "You cannot remove yourself." });
    expect(await userExists(adminUser.id)).toBe(true);

    const unknown = await api("DELETE", { cookie, body: { userId: "no-such-user" } });
    expect(unknown.status).toBe(404);
  });
});
