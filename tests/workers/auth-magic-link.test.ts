import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createAppContext } from "~/context";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { consumeMagicLink, requestMagicLink, sendInvitation } from "~/accounts/magic-link.server";
import { createDb } from "~/db/client.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { emailDeliveries } from "~/db/schema";
import { deliverDueEmails } from "~/email/deliveries.server";
import { openEmailBody } from "~/email/sealed-body.server";
import { createSession } from "~/accounts/session.server";
import { generateSigningKey } from "~/accounts/signing-keys.server";
import {
  createUser,
  issueToken,
  MESSAGES,
  sessionIdOf,
  sessionRow,
  sessionSetCookie,
  sessionTokenOf,
  sha256Hex,
  signIn,
  signInLink,
  tokenRows,
} from "./auth-helpers";
import {
  BOT_CHECK,
  cookiePair,
  emailsTo,
  get,
  HOUR,
  MINUTE,
  ORIGIN,
  post,
  request,
  testApp,
  uniqueEmail,
  visibleText,
  waitForEmails,
} from "./helpers";
import { testNow } from "./clock";

async function ask(email: string, now: Date) {
  const ctx = createExecutionContext();
  const outcome = await requestMagicLink(
    { ...createAppContext({ env, ctx }, new Request(ORIGIN)), now },
    { email, dest: "/members" },
  );
  await waitOnExecutionContext(ctx);
  return outcome;
}

function signInForm(email: string, extra: Record<string, string> = {}) {
  return { email, dest: "/members", variant: "login", ...BOT_CHECK, ...extra };
}

describe("a sign-in link", () => {
  it("works once: the second use of the same token signs no one in", async () => {
    const user = await createUser();
    const token = await issueToken(user.email);

    const first = await consumeMagicLink(testApp.db, token, testNow());
    expect(first?.id).toBe(user.id);
    expect(await consumeMagicLink(testApp.db, token, testNow())).toBeNull();
  });

  it("expires exactly 1 hour after it was issued", async () => {
    const user = await createUser();
    const issuedAt = new Date(testNow().getTime() - 10 * HOUR);

    const early = await issueToken(user.email, { now: issuedAt });
    const atLastSecond = new Date(issuedAt.getTime() + HOUR - 1000);
    expect((await consumeMagicLink(testApp.db, early, atLastSecond))?.id).toBe(user.id);

    const later = new Date(issuedAt.getTime() + 2 * HOUR);
    const onTheHour = await issueToken(user.email, { now: later });
    expect(
      await consumeMagicLink(testApp.db, onTheHour, new Date(later.getTime() + HOUR)),
    ).toBeNull();

    const latest = new Date(issuedAt.getTime() + 4 * HOUR);
    const afterTheHour = await issueToken(user.email, { now: latest });
    expect(
      await consumeMagicLink(testApp.db, afterTheHour, new Date(latest.getTime() + HOUR + 1000)),
    ).toBeNull();
  });

  it("is stored only as a hash: the raw token from the e-mail is nowhere in login_tokens", async () => {
    const user = await createUser();
    const token = await issueToken(user.email);
    expect(token.length).toBeGreaterThanOrEqual(43);

    const rows = await tokenRows(user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toBe(token);
    expect(rows[0]!.token_hash).toBe(await sha256Hex(token));
    const leaked = await env.DB.prepare(
      "SELECT count(*) AS n FROM login_tokens WHERE instr(token_hash, ?1) > 0 OR instr(email, ?1) > 0 OR instr(created_at, ?1) > 0 OR instr(expires_at, ?1) > 0",
    )
      .bind(token)
      .first<{ n: number }>();
    expect(leaked?.n).toBe(0);
  });
});

describe("60 seconds between sign-in links for one address", () => {
  it("refuses a second request within 60 s with the seconds left, counting down, then allows it", async () => {
    const email = uniqueEmail();
    const start = new Date(testNow().getTime() - HOUR);
    const at = (ms: number) => new Date(start.getTime() + ms);

    expect(await ask(email, start)).toEqual({ status: "sent" });
    expect(await ask(email, at(1000))).toEqual({ status: "rate-limited", retryAfterSeconds: 59 });
    expect(await ask(email, at(30_000))).toEqual({ status: "rate-limited", retryAfterSeconds: 30 });
    expect(await ask(email, at(45_500))).toEqual({ status: "rate-limited", retryAfterSeconds: 15 });
    expect(await ask(email, at(59_000))).toEqual({ status: "rate-limited", retryAfterSeconds: 1 });
    expect(await ask(email, at(59_999))).toEqual({ status: "rate-limited", retryAfterSeconds: 1 });
    expect(await tokenRows(email)).toHaveLength(1);

    expect(await ask(email, at(60_000))).toEqual({ status: "sent" });
    expect(await tokenRows(email)).toHaveLength(2);
  });

  it("holds when 10 requests for one address arrive at once: exactly one token is issued", async () => {
    const email = uniqueEmail();
    const now = testNow();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => ask(email, now)));

    expect(outcomes.filter((outcome) => outcome.status === "sent")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === "rate-limited")).toHaveLength(9);
    expect(await tokenRows(email)).toHaveLength(1);
  });

  it("screens like every public form: the honeypot, then 10 requests per IP address counted before the bot check", async () => {
    const ip = `198.51.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;
    const fromIp = (fields: Record<string, string>) =>
      post("/login", fields, undefined, { "CF-Connecting-IP": ip });
    // A filled honeypot is refused before anything is counted.
    for (let i = 0; i < 3; i++) {
      const trapped = await fromIp(signInForm(uniqueEmail(), { [HONEYPOT_FIELD]: "https://x" }));
      expect(trapped.status).toBe(400);
      await trapped.arrayBuffer();
    }
    // A missed bot check costs a try all the same.
    for (let i = 0; i < RATE_LIMITS.magicLinkPerIp.limit; i++) {
      const unchecked = await fromIp({ email: uniqueEmail(), dest: "/members", variant: "login" });
      expect(visibleText(await unchecked.text())).toContain(
        "Please complete the CAPTCHA verification.",
      );
    }
    const email = uniqueEmail();
    const limited = await fromIp(signInForm(email));
    expect(limited.status).toBe(429);
    expect(visibleText(await limited.text())).toMatch(/Rate limited\. Please wait \d+ seconds/);
    expect(await tokenRows(email)).toEqual([]);
  });

  it("answers a second request within a minute with 429, 'Rate limited. Please wait N seconds' and a counting button", async () => {
    const user = await createUser();
    const first = await post("/login", signInForm(user.email));
    expect(first.status).toBe(200);
    expect(visibleText(await first.text())).toContain(MESSAGES.checkEmail);

    const second = await post("/login", signInForm(user.email));
    expect(second.status).toBe(429);
    const html = await second.text();
    const seconds = Number(html.match(/Rate limited\. Please wait (\d+) seconds/)?.[1]);
    expect([59, 60]).toContain(seconds);
    expect(visibleText(html)).toContain(MESSAGES.rateLimited(seconds));
    // As served (without JavaScript nothing counts down): it says to wait, and is not disabled.
    expect(html).toMatch(/<button type="submit"[^>]*>Rate Limited - Please Wait<\/button>/);
    expect(html).not.toMatch(/<button type="submit"[^>]*\sdisabled=""/);
    expect(html).not.toContain(MESSAGES.checkEmail);
    expect(await tokenRows(user.email)).toHaveLength(1);
  });

  it("sends Retry-After with the sign-in page's 429, as the /login action sets it", async () => {
    const user = await createUser();
    await post("/login", signInForm(user.email));
    const second = await post("/login", signInForm(user.email));
    expect(second.status).toBe(429);
    expect(second.headers.get("Retry-After")).toMatch(/^(59|60)$/);
  });
});

describe("sign-in request through /login", () => {
  it("refuses a form whose hidden honeypot is filled (a bot), before anything is stored", async () => {
    const user = await createUser();
    const page = await (await request("/login")).text();
    // The form carries it, off screen and out of the tab order.
    expect(page.match(/<input[^>]*name="website"[^>]*>/)?.[0]).toMatch(/tabindex="-1"/i);
    const response = await post(
      "/login",
      signInForm(user.email, { website: "http://spam.example" }),
    );
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("Form not submitted properly");
    expect(await tokenRows(user.email)).toEqual([]);
  });

  it("answers an unknown address exactly as a known one, but e-mails only the known one", async () => {
    const known = await createUser();
    const unknown = uniqueEmail("stranger");

    const forUnknown = await post("/login", signInForm(unknown));
    const forKnown = await post("/login", signInForm(known.email));

    expect(forUnknown.status).toBe(200);
    expect(forKnown.status).toBe(200);
    const unknownHtml = await forUnknown.text();
    const knownHtml = await forKnown.text();
    for (const html of [unknownHtml, knownHtml]) {
      expect(visibleText(html)).toContain(MESSAGES.checkEmail);
      expect(visibleText(html)).toContain(MESSAGES.sentTo);
    }
    expect(unknownHtml).toContain(unknown);
    expect(knownHtml).toContain(known.email);
    // The same page, apart from the address itself (and each response's own script nonce).
    const page = (html: string, address: string) =>
      html.replaceAll(address, "ADDRESS").replace(/nonce="[^"]*"/g, 'nonce=""');
    expect(page(unknownHtml, unknown)).toBe(page(knownHtml, known.email));

    const mails = await waitForEmails(known.email);
    expect(mails).toHaveLength(1);
    expect(signInLink(mails[0]!.text).pathname).toBe("/auth/callback");
    expect(await emailsTo(unknown)).toEqual([]);
    // The same work was done for both: a token row each.
    expect(await tokenRows(unknown)).toHaveLength(1);
    expect(await tokenRows(known.email)).toHaveLength(1);
  });

  it.each([
    ["an empty e-mail", { email: "" }, "Please enter your email."],
    ["a missing e-mail field", { email: undefined }, "Please enter your email."],
    ["a malformed e-mail", { email: "not-an-address" }, "Please enter a valid email address."],
  ])(
    "refuses %s with 400 and the message naming what is wrong",
    async (_name, overrides, message) => {
      const fields: Record<string, string> = { dest: "/members", variant: "login", ...BOT_CHECK };
      for (const [key, value] of Object.entries(overrides)) {
        if (value !== undefined) fields[key] = value;
        else delete fields[key];
      }
      const response = await post("/login", fields);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(visibleText(html)).toContain(message);
      expect(html).not.toContain(MESSAGES.checkEmail);
    },
  );

  it("reads a form whose hidden variant is not ours as the sign-in page's: the link is sent", async () => {
    const user = await createUser();
    const response = await post("/login", signInForm(user.email, { variant: "zzz" }));
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).toContain(MESSAGES.checkEmail);
    expect(await tokenRows(user.email)).toHaveLength(1);
  });

  it("refuses a submission without the bot check and issues no token (400)", async () => {
    const user = await createUser();
    const { "cf-turnstile-response": _omitted, ...withoutBotCheck } = signInForm(user.email);
    const response = await post("/login", withoutBotCheck);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain("Please complete the CAPTCHA verification.");
    expect(html).not.toContain(MESSAGES.checkEmail);
    expect(await tokenRows(user.email)).toEqual([]);
  });

  it("refuses a wrong bot-check token and issues no token (400)", async () => {
    const user = await createUser();
    const response = await post(
      "/login",
      signInForm(user.email, { "cf-turnstile-response": "forged" }),
    );
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain(
      "CAPTCHA verification failed. Please try again.",
    );
    expect(await tokenRows(user.email)).toEqual([]);
  });

  it("returns the validation message over single fetch too (/login.data), never a 5xx", async () => {
    const response = await post("/login.data", { email: "", variant: "login", ...BOT_CHECK });
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("Please enter your email.");
  });
});

describe("the admin sign-in screen keeps its place", () => {
  /** Posts the admin screen's form from `page`, then follows the answer as a browser does. */
  async function askFromAdminPage(page: string, fields: Record<string, string>) {
    const answer = await post("/login", { variant: "admin", dest: page, ...fields });
    const flash = answer.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("__admin_sign_in="));
    const shown = await get(
      answer.headers.get("Location") ?? "/",
      flash ? cookiePair(flash) : undefined,
    );
    return { answer, shown, text: visibleText(await shown.text()) };
  }

  it.each([
    ["a missing e-mail", { email: "", ...BOT_CHECK }, "Please enter your email address."],
    [
      "a missed bot check",
      { email: "someone@example.com" },
      "Please complete the CAPTCHA verification.",
    ],
  ])("answers %s on the admin page it was sent from", async (_name, fields, message) => {
    const { answer, shown, text } = await askFromAdminPage("/admin/featured", fields);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/featured");
    expect(shown.status).toBe(401);
    expect(text).toContain("Admin sign in");
    expect(text).toContain(message);
    // The form there still sends the link back to the same admin page.
    expect(text).toContain('name="dest" value="/admin/featured"');
    // The answer is shown once: the page clears it.
    expect(
      shown.headers.getSetCookie().some((cookie) => cookie.startsWith("__admin_sign_in=;")),
    ).toBe(true);
  });

  it("sends a link that returns to the admin page, and says so there", async () => {
    const user = await createUser("admin");
    const page = "/admin?location=loc-kaanapali-beach-club";
    const { answer, text } = await askFromAdminPage(page, { email: user.email, ...BOT_CHECK });
    expect(answer.headers.get("Location")).toBe(page);
    expect(text).toContain(MESSAGES.checkEmail);
    expect(text).toContain(MESSAGES.sentTo);
    expect(text).toContain(user.email);
    const [email] = await waitForEmails(user.email, 1);
    expect(signInLink(email!.text).searchParams.get("dest")).toBe(page);
  });

  it("shows the rate limit with its seconds on the admin page", async () => {
    const user = await createUser("admin");
    await issueToken(user.email);
    const { answer, text } = await askFromAdminPage("/admin/users", {
      email: user.email,
      ...BOT_CHECK,
    });
    expect(answer.headers.get("Location")).toBe("/admin/users");
    expect(text).toMatch(
      /Rate limited\. Please wait \d+ seconds before requesting another magic link\./,
    );
    expect(text).toContain("Rate Limited - Please Wait");
  });

  it("returns only to admin pages", async () => {
    for (const dest of [
      "/members",
      "https://evil.example/admin",
      "//evil.example/admin",
      "/administrator",
    ]) {
      const answer = await post("/login", { variant: "admin", dest, email: "" });
      expect(answer.headers.get("Location")).toBe("/admin");
    }
  });

  it("ignores an outcome cookie the server did not sign", async () => {
    const forged = { email: "someone@example.com", formError: "Forged message" };
    for (const cookie of [
      `__admin_sign_in=${encodeURIComponent('{"email":1,"formError":{"x":1}}')}`,
      `__admin_sign_in=${encodeURIComponent(JSON.stringify(forged))}`,
      // Encoded as the server encodes it, without its signature.
      cookiePair(await createCookie("__admin_sign_in").serialize(forged)),
    ]) {
      const shown = await get("/admin", cookie);
      expect(shown.status).toBe(401);
      const text = visibleText(await shown.text());
      expect(text).toContain("Send Magic Link");
      expect(text).not.toContain("Forged message");
    }
  });
});

describe("the link in the e-mail (/auth/callback)", () => {
  it("only shows a confirmation on GET; the token still works for the POST that follows", async () => {
    const user = await createUser();
    const token = await issueToken(user.email);

    const page = await get(`/auth/callback?token=${encodeURIComponent(token)}&dest=%2Fmembers`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(visibleText(html)).toContain("Confirm to finish signing in on this device.");
    expect(html).not.toContain(MESSAGES.expired);
    expect(sessionSetCookie(page)).toBeNull();
    expect(await tokenRows(user.email)).toHaveLength(1);

    const confirmed = await post("/auth/callback", { token, dest: "/members" });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/members");
    expect(await tokenRows(user.email)).toEqual([]);
  });

  it("signs in: redirects to dest with an HttpOnly, SameSite=Lax session cookie (no Secure on localhost)", async () => {
    const user = await createUser();
    const token = await issueToken(user.email, { dest: "/locations?x=1" });

    const response = await post("/auth/callback", { token, dest: "/locations?x=1" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/locations?x=1");
    const setCookie = sessionSetCookie(response);
    expect(await sessionTokenOf(setCookie!)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(setCookie).toContain("; HttpOnly");
    expect(setCookie).toContain("; SameSite=Lax");
    expect(setCookie).toContain("; Path=/");
    expect(setCookie).toContain("; Max-Age=604800");
    expect(setCookie).not.toMatch(/;\s*Secure/i);

    const session = await sessionRow(await sessionIdOf(setCookie!));
    expect(session?.user_id).toBe(user.id);
    expect(session?.aal).toBe("aal1");

    const members = await get("/members", cookiePair(setCookie!));
    expect(members.status).toBe(200);
    expect(visibleText(await members.text())).toContain(`Signed in as ${user.email}`);
  });

  it("marks the session cookie Secure once deployed (APP_ENV is not development)", async () => {
    const user = await createUser();
    const appEnv = env.APP_ENV;
    env.APP_ENV = "production";
    try {
      expect((await createSession(testApp, user.id)).split("; ")).toContain("Secure");
    } finally {
      env.APP_ENV = appEnv;
    }
  });

  it.each([
    ["used", "used"],
    ["expired", "expired"],
    ["unknown", "unknown"],
    ["empty", "empty"],
  ])(
    "refuses a %s token with 400, 'The magic link has expired or is invalid', and no session",
    async (_name, kind) => {
      const user = await createUser();
      let token: string;
      if (kind === "used") {
        token = await issueToken(user.email);
        await consumeMagicLink(testApp.db, token, testNow());
      } else if (kind === "expired") {
        token = await issueToken(user.email, { now: new Date(testNow().getTime() - HOUR - 1000) });
      } else if (kind === "unknown") {
        token = "A".repeat(43);
      } else {
        token = "";
      }

      const response = await post("/auth/callback", { token, dest: "/members" });
      expect(response.status).toBe(400);
      expect(visibleText(await response.text())).toContain(MESSAGES.expired);
      expect(sessionSetCookie(response)).toBeNull();
    },
  );

  it("shows the expired message on GET when the link has no token", async () => {
    const response = await get("/auth/callback");
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).toContain(MESSAGES.expired);
  });
});

const HOSTILE_DESTS = [
  "//evil.example",
  "https://evil.example",
  "http://evil.example/members",
  "/\\evil.example",
  "/%5Cevil",
  "javascript:alert(1)",
  "\t//evil.example",
  "\\t//evil.example",
  "/\t/evil.example",
  "\\\\evil.example",
  "",
  // Paths that become `//evil.example` once their dots are resolved.
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "/.//evil.example/path",
  "/x/..//evil.example",
];

describe("no open redirect after sign-in", () => {
  it.each(HOSTILE_DESTS)("safeRedirectPath(%j) → /members", (dest) => {
    expect(safeRedirectPath(dest)).toBe("/members");
  });

  it.each([
    ["/members", "/members"],
    ["/locations/casa?x=1#rooms", "/locations/casa?x=1#rooms"],
    ["/admin/users", "/admin/users"],
  ])("keeps the same-site path %j", (dest, expected) => {
    expect(safeRedirectPath(dest)).toBe(expected);
  });

  it.each(HOSTILE_DESTS)("the callback POST with dest %j redirects to /members", async (dest) => {
    const user = await createUser();
    const token = await issueToken(user.email);
    const response = await post("/auth/callback", { token, dest });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/members");
    expect(sessionSetCookie(response)).not.toBeNull();
  });

  it.each(HOSTILE_DESTS)(
    "a signed-in member sent to /login with dest %j lands on /members",
    async (dest) => {
      const cookie = await signIn((await createUser()).id);
      const response = await get(`/login?dest=${encodeURIComponent(dest)}`, cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/members");
    },
  );

  it("a hostile dest given to /login never reaches the e-mailed link", async () => {
    const user = await createUser();
    const response = await post("/login", signInForm(user.email, { dest: "//evil.example" }));
    expect(response.status).toBe(200);
    const [mail] = await waitForEmails(user.email);
    expect(signInLink(mail!.text).searchParams.get("dest")).toBe("/members");
  });
});

describe("sign-in e-mails when the e-mail provider fails", () => {
  const db = createDb(env.DB);
  // Outside development without an e-mail provider key, sending fails.
  const brokenEnv = { ...env, APP_ENV: "production", SITE_URL: ORIGIN };

  const deliveriesTo = (address: string) =>
    db.select().from(emailDeliveries).where(eq(emailDeliveries.to, address));

  async function askWith(bindings: Env, email: string, now = testNow()) {
    const ctx = createExecutionContext();
    const outcome = await requestMagicLink(
      { ...createAppContext({ env: bindings, ctx }, new Request(ORIGIN)), now },
      { email, dest: "/members" },
    );
    await waitOnExecutionContext(ctx);
    return outcome;
  }

  it("on a deployed host left on development, keeps the link pending rather than in the dev outbox", async () => {
    const user = await createUser();
    const ctx = createExecutionContext();
    const deployed = "https://insiderstays.example";
    const outcome = await requestMagicLink(
      createAppContext({ env, ctx }, new Request(`${deployed}/login`)),
      { email: user.email, dest: "/members" },
    );
    await waitOnExecutionContext(ctx);
    expect(outcome).toEqual({ status: "sent" });

    const [pending] = await deliveriesTo(user.email);
    expect(pending).toMatchObject({ requestKind: "sign-in", status: "pending", attempts: 1 });
    expect(pending!.lastError).toContain("the dev outbox is for this machine only");
    expect(await emailsTo(user.email)).toEqual([]);
  });

  it("links to the site's configured address, whatever host the request came through", async () => {
    const user = await createUser();
    const ctx = createExecutionContext();
    const outcome = await requestMagicLink(
      createAppContext(
        { env: { ...env, SITE_URL: "https://insiderstays.example" }, ctx },
        new Request("https://insider-stays.someone.workers.dev/login"),
      ),
      { email: user.email, dest: "/members" },
    );
    await waitOnExecutionContext(ctx);
    expect(outcome).toEqual({ status: "sent" });
    const [pending] = await deliveriesTo(user.email);
    const { text } = await openEmailBody(env, pending!);
    expect(text).toContain("https://insiderstays.example/auth/callback?token=");
    expect(text).not.toContain("workers.dev");
  });

  it("stores the link's e-mail sealed, retries it, and erases it once it is sent", async () => {
    const user = await createUser();
    expect(await askWith(brokenEnv, user.email)).toEqual({ status: "sent" });

    const [pending] = await deliveriesTo(user.email);
    expect(pending).toMatchObject({ requestKind: "sign-in", status: "pending", attempts: 1 });
    expect(pending!.lastError).toMatch(/RESEND_API_KEY/);
    // Whoever reads the table until it goes finds no link in it.
    for (const body of [pending!.text, pending!.html]) {
      expect(body).not.toContain("/auth/callback");
      expect(body).not.toContain(user.email);
      expect(body.length).toBeGreaterThan(100);
    }
    expect((await openEmailBody(env, pending!)).text).toContain("/auth/callback?token=");

    await deliverDueEmails(testApp, new Date(testNow().getTime() + 2 * 60_000));
    const [sent] = await deliveriesTo(user.email);
    expect(sent).toMatchObject({ status: "sent", attempts: 2, text: "", html: "" });
    const [mail] = await emailsTo(user.email);
    const token = signInLink(mail!.text).searchParams.get("token")!;
    expect((await consumeMagicLink(testApp.db, token, testNow()))?.id).toBe(user.id);
  });

  it("does not send a waiting link sealed under a signing key since replaced, and erases it", async () => {
    const user = await createUser();
    expect(await askWith(brokenEnv, user.email)).toEqual({ status: "sent" });
    const rotated = {
      ...testApp,
      env: { ...env, SESSION_SIGNING_KEY: await generateSigningKey() },
    };
    await deliverDueEmails(rotated, new Date(testNow().getTime() + 2 * 60_000));
    const [given] = await deliveriesTo(user.email);
    expect(given).toMatchObject({ status: "failed", text: "", html: "" });
    expect(given!.lastError).toMatch(/another key/);
    expect(await emailsTo(user.email)).toEqual([]);
  });

  it("queues nothing for an address without an account (the answer is the same)", async () => {
    const email = uniqueEmail("stranger");
    expect(await askWith(brokenEnv, email)).toEqual({ status: "sent" });
    expect(await deliveriesTo(email)).toEqual([]);
    expect(await tokenRows(email)).toHaveLength(1);
  });

  it("gives up on a link that expired before it could be sent", async () => {
    const user = await createUser();
    const issuedAt = new Date(testNow().getTime() - 61 * MINUTE);
    await askWith(brokenEnv, user.email, issuedAt);
    await deliverDueEmails(testApp, testNow());
    const [delivery] = await deliveriesTo(user.email);
    expect(delivery).toMatchObject({ status: "failed", text: "", html: "" });
    expect(await emailsTo(user.email)).toEqual([]);
  });

  it("inviting the same address again within a minute is refused with Retry-After, on the page and the API", async () => {
    const email = uniqueEmail("invited-twice");
    const admin = await createUser("admin");
    const cookie = await signIn(admin.id);
    const first = await post("/admin/users", { intent: "invite", email }, cookie);
    expect(first.status).toBe(302);

    const page = await post("/admin/users", { intent: "invite", email }, cookie);
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(visibleText(await page.text())).toMatch(
      new RegExp(`Invite failed: wait \\d+ seconds before inviting ${email} again\\.`),
    );

    const api = await request("/api/manage-users", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ action: "invite", email }),
    });
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await api.json()) as { message: string }).toMatchObject({
      message: expect.stringMatching(/^Invite failed: wait \d+ seconds/),
    });
    expect(await deliveriesTo(email)).toHaveLength(1);
  });

  it("an invitation is one outcome: the account exists and its e-mail is queued", async () => {
    const email = uniqueEmail("invitee");
    const admin = await createUser("admin");
    const response = await request("/api/manage-users", {
      method: "POST",
      headers: { Cookie: await signIn(admin.id), "Content-Type": "application/json" },
      body: JSON.stringify({ action: "invite", email, redirectTo: "/members" }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      message: "Account created; the invitation e-mail is queued",
    });
    const [delivery] = await deliveriesTo(email);
    expect(delivery).toMatchObject({ requestKind: "invitation" });

    // With the provider down, the invitation still stands, queued for the retry job.
    const { email: other } = await createUser();
    const ctx = createExecutionContext();
    const sent = await sendInvitation(
      createAppContext({ env: brokenEnv, ctx }, new Request(ORIGIN)),
      { email: other, newAccount: true },
    );
    await waitOnExecutionContext(ctx);
    expect(sent).toEqual({ status: "sent" });
    expect(await deliveriesTo(other)).toMatchObject([
      { requestKind: "invitation", status: "pending" },
    ]);
  });
});
