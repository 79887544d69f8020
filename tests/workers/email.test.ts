import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { outboxEmails } from "~/db/schema";
import { listOutbox, sendEmail, type EmailMessage } from "~/email/email.server";
import { emailHtml, emailText } from "~/email/layout.server";
import { firstUrl, splitLinks } from "~/email/links";
import { testApp } from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

function message(overrides: Partial<EmailMessage> = {}): EmailMessage {
  return {
    to: "guest@example.com",
    subject: "Your sign-in link",
    text: "Sign in: http://localhost/login/verify?token=abc123\n\nIt expires in 15 minutes.",
    html: "<p>Sign in</p>",
    ...overrides,
  };
}

describe("sendEmail without RESEND_API_KEY (dev outbox)", () => {
  it("stores the message in outbox_emails and logs the recipient, subject and first link", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const sent = await sendEmail(
      { ...testApp, env: { ...env, RESEND_API_KEY: undefined } },
      message(),
    );

    expect(sent.via).toBe("outbox");
    expect(fetchSpy).not.toHaveBeenCalled();
    const [row] = await createDb(env.DB)
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.id, sent.id));
    expect(row).toMatchObject(message());
    expect(row!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    expect(log).toHaveBeenCalledTimes(1);
    const line = String(log.mock.calls[0]![0]);
    expect(line).not.toContain("\n");
    expect(line).toContain("guest@example.com");
    expect(line).toContain("Your sign-in link");
    expect(line).toContain("http://localhost/login/verify?token=abc123");
  });

  it("refuses outside development instead of storing (and logging) the message", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const before = await listOutbox(testApp.db, { limit: 1000 });
    await expect(
      sendEmail(
        {
          ...testApp,
          env: {
            ...env,
            APP_ENV: "production",
            SITE_URL: "https://stays.example",
            RESEND_API_KEY: undefined,
          },
        },
        message(),
      ),
    ).rejects.toThrow("RESEND_API_KEY is not set");
    expect(await listOutbox(testApp.db, { limit: 1000 })).toHaveLength(before.length);
    expect(log).not.toHaveBeenCalled();
  });

  it("keeps a message that quotes a visitor's link to elsewhere (a staff copy of a contact message)", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const quoted = message({
      subject: "New support message",
      text: "Message: is https://other.example/villa yours?\n\nInbox: http://localhost/admin/requests",
    });
    const sent = await sendEmail(
      { ...testApp, env: { ...env, RESEND_API_KEY: undefined } },
      quoted,
    );
    expect(sent.via).toBe("outbox");
    const [stored] = await listOutbox(testApp.db, { limit: 1 });
    expect(stored).toMatchObject({ id: sent.id, subject: "New support message" });
  });

  it("refuses, storing and logging nothing, a sign-in link that is not to this machine (a deployed worker left on development)", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const before = await listOutbox(testApp.db, { limit: 1000 });
    const deployed = message({
      text: "Sign in: https://insiderstays.example/auth/callback?token=secret\n\nOr http://localhost/",
      signsIn: true,
    });
    await expect(
      sendEmail({ ...testApp, env: { ...env, RESEND_API_KEY: undefined } }, deployed),
    ).rejects.toThrow("RESEND_API_KEY is not set");
    expect(await listOutbox(testApp.db, { limit: 1000 })).toHaveLength(before.length);
    expect(log).not.toHaveBeenCalled();
  });

  it("lists the outbox newest first, up to the limit", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const first = await sendEmail(testApp, message({ subject: "First" }));
    const second = await sendEmail(testApp, message({ subject: "Second" }));
    const third = await sendEmail(testApp, message({ subject: "Third" }));

    const ids = (await listOutbox(testApp.db)).map((email) => email.id);
    expect(ids.indexOf(third.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(third.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect((await listOutbox(testApp.db, { limit: 2 })).map((email) => email.id)).toEqual([
      third.id,
      second.id,
    ]);
  });
});

describe("sendEmail with RESEND_API_KEY", () => {
  const resendEnv = {
    ...env,
    RESEND_API_KEY: "re_test_key",
    EMAIL_FROM: "Stays <hello@stays.example>",
  };

  it("sends through Resend from EMAIL_FROM with the API key", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" }));
    const before = await listOutbox(testApp.db, { limit: 1000 });

    const sent = await sendEmail({ ...testApp, env: resendEnv }, message());

    expect(sent).toEqual({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794", via: "resend" });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const call = new Request(...(fetchSpy.mock.calls[0] as [RequestInfo, RequestInit]));
    expect(call.url).toBe("https://api.resend.com/emails");
    expect(call.method).toBe("POST");
    expect(call.headers.get("Authorization")).toBe("Bearer re_test_key");
    expect(await call.json()).toMatchObject({
      from: "Stays <hello@stays.example>",
      to: "guest@example.com",
      subject: "Your sign-in link",
      text: message().text,
      html: "<p>Sign in</p>",
    });
    // Nothing went to the outbox.
    expect(await listOutbox(testApp.db, { limit: 1000 })).toHaveLength(before.length);
  });

  it("sends an alert's one-click unsubscribe headers to Resend", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ id: "5b8c3f0e-8f3c-4a55-9f0e-4f1f7d3b2a11" }));
    const headers = {
      "List-Unsubscribe": "<https://insiderstays.example/alerts/stop?token=t>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    await sendEmail({ ...testApp, env: resendEnv }, message({ headers }));
    const call = new Request(...(fetchSpy.mock.calls[0] as [RequestInfo, RequestInit]));
    expect(((await call.json()) as { headers: unknown }).headers).toEqual(headers);
  });

  it("sends where replies go (a payment's questions, to staff) as Resend's reply_to", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ id: "5b8c3f0e-8f3c-4a55-9f0e-4f1f7d3b2a11" }));
    await sendEmail(
      { ...testApp, env: resendEnv },
      message({ headers: { "Reply-To": "staff@insiderstays.example" } }),
    );
    const call = new Request(...(fetchSpy.mock.calls[0] as [RequestInfo, RequestInit]));
    const body = (await call.json()) as { reply_to?: unknown; headers?: unknown };
    expect(body.reply_to).toBe("staff@insiderstays.example");
    expect(body.headers).toBeUndefined();
  });

  it("sends an attachment to Resend as base64 of its UTF-8 text", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ id: "5b8c3f0e-8f3c-4a55-9f0e-4f1f7d3b2a10" }));
    const calendar = "BEGIN:VCALENDAR\r\nSUMMARY:Café Résidence\r\nEND:VCALENDAR\r\n";
    await sendEmail(
      { ...testApp, env: resendEnv },
      message({
        attachments: [{ filename: "stay.ics", contentType: "text/calendar", content: calendar }],
      }),
    );
    const call = new Request(...(fetchSpy.mock.calls[0] as [RequestInfo, RequestInit]));
    const body = (await call.json()) as {
      attachments: Array<{ filename: string; content: string; content_type: string }>;
    };
    expect(body.attachments).toHaveLength(1);
    // Resend's API names the type content_type.
    expect(body.attachments[0]).toMatchObject({
      filename: "stay.ics",
      content_type: "text/calendar",
    });
    const bytes = Uint8Array.from(atob(body.attachments[0]!.content), (char) => char.charCodeAt(0));
    expect(new TextDecoder().decode(bytes)).toBe(calendar);
  });

  it("throws when Resend rejects the message", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      Response.json(
        { statusCode: 422, name: "validation_error", message: "Invalid `to` field." },
        { status: 422 },
      ),
    );
    await expect(sendEmail({ ...testApp, env: resendEnv }, message())).rejects.toThrow(
      /Resend did not send the e-mail \(HTTP 422\): validation_error: Invalid `to` field\./,
    );
  });

  it("throws when Resend cannot be reached", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
    await expect(sendEmail({ ...testApp, env: resendEnv }, message())).rejects.toThrow(
      /Resend did not send the e-mail/,
    );
  });

  it.each([
    ["", "SITE_URL is not set"],
    ["insiderstays.example", 'SITE_URL ("insiderstays.example") is not an http(s) address'],
  ])(
    "refuses outside development while SITE_URL is %j, without calling Resend",
    async (siteUrl, complaint) => {
      const fetchSpy = vi.spyOn(globalThis, "fetch");
      const deployed = { ...resendEnv, APP_ENV: "production", SITE_URL: siteUrl };
      await expect(sendEmail({ ...testApp, env: deployed }, message())).rejects.toThrow(complaint);
      expect(fetchSpy).not.toHaveBeenCalled();
    },
  );

  it("sends outside development once SITE_URL is the site's address", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ id: "0d7c1a52-64c5-4c8e-9d1c-3f3f9a1e2b77" }));
    const deployed = { ...resendEnv, APP_ENV: "production", SITE_URL: "https://stays.example" };
    expect(await sendEmail({ ...testApp, env: deployed }, message())).toMatchObject({
      via: "resend",
    });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("throws when EMAIL_FROM is missing, without calling Resend", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    await expect(
      sendEmail({ ...testApp, env: { ...resendEnv, EMAIL_FROM: "" } }, message()),
    ).rejects.toThrow("EMAIL_FROM is not set");
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe("e-mail layout", () => {
  const hostile = (name: string) => `<script>alert("${name}")</script> & '${name}'`;
  const content = {
    siteName: hostile("site"),
    heading: hostile("heading"),
    paragraphs: [hostile("p1"), hostile("p2")],
    links: [{ label: hostile("link"), url: `https://stays.example/y?a=1&b="><script>` }],
    action: { label: hostile("label"), url: `https://stays.example/x?a=1&b="><script>` },
    footer: hostile("footer"),
  };

  it("escapes every interpolated field in the HTML", () => {
    const html = emailHtml(content);
    expect(html).not.toContain("<script");
    // Every & is the start of an entity.
    expect(html).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
    for (const name of ["site", "heading", "p1", "p2", "link", "label", "footer"]) {
      expect(html).toContain(
        `&lt;script&gt;alert(&quot;${name}&quot;)&lt;/script&gt; &amp; &#39;${name}&#39;`,
      );
    }
    expect(html).toContain('href="https://stays.example/x?a=1&amp;b=&quot;&gt;&lt;script&gt;"');
    expect(html).toContain('href="https://stays.example/y?a=1&amp;b=&quot;&gt;&lt;script&gt;"');
  });

  it("keeps a paragraph's line breaks, and breaks a word longer than the card", () => {
    const html = emailHtml({
      siteName: "Stays",
      heading: "Message",
      paragraphs: ["Message: Para one.\n\nPara two.\nLine <three>.", "x".repeat(120)],
    });
    expect(html).toContain("Message: Para one.<br><br>Para two.<br>Line &lt;three&gt;.");
    const paragraph = html.match(/<p style="([^"]*)">x{120}<\/p>/);
    expect(paragraph?.[1]).toContain("overflow-wrap:anywhere");
  });

  it("is a complete HTML document", () => {
    const html = emailHtml({ siteName: "Stays", heading: "Hello", paragraphs: ["One"] });
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
    expect(html).not.toContain("undefined");
  });

  it("has a plain-text part with the same content, each link's label over its address and the action as 'label: url'", () => {
    const text = emailText({
      siteName: "Stays",
      heading: "Sign in",
      paragraphs: ["Click the link.", "It expires soon."],
      links: [{ label: "Your week", url: "https://stays.example/book?w=1" }],
      action: { label: "Sign in", url: "https://stays.example/verify?t=1" },
      footer: "You asked for this link.",
    });
    expect(text).toBe(
      "Sign in\n\nClick the link.\n\nIt expires soon.\n\nYour week\nhttps://stays.example/book?w=1\n\nSign in: https://stays.example/verify?t=1\n\n--\nYou asked for this link.\n\nStays\n",
    );
  });
});

describe("links in plain text", () => {
  it("splits out http(s) links, leaving trailing punctuation and other schemes as text", () => {
    const text =
      "Open https://a.example/x?y=1. Or (http://b.example/p), not javascript:alert(1) or ftp://c.example";
    expect(splitLinks(text)).toEqual([
      { type: "text", text: "Open " },
      { type: "link", url: "https://a.example/x?y=1" },
      { type: "text", text: ". Or (" },
      { type: "link", url: "http://b.example/p" },
      { type: "text", text: "), not javascript:alert(1) or ftp://c.example" },
    ]);
    expect(splitLinks("no links")).toEqual([{ type: "text", text: "no links" }]);
    expect(firstUrl(text)).toBe("https://a.example/x?y=1");
    expect(firstUrl("none here")).toBeNull();
  });
});
