import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { appContextMiddleware, cloudflareContext } from "~/context";
import { sendEmail } from "~/email/email.server";
import { loader } from "~/routes/dev.outbox";
import { request, testApp } from "./helpers";

describe("/dev/outbox", () => {
  it("lists stored e-mails with their links clickable (development)", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    await sendEmail(testApp, {
      to: "outbox-reader@example.com",
      subject: "Your <b>sign-in</b> link",
      text: "Sign in: http://localhost/login/verify?token=dev-outbox-123.\nNot a link: javascript:alert(1)",
      html: '<p>Sign in <a href="http://localhost/login/verify?token=dev-outbox-123">here</a></p>',
    });
    vi.restoreAllMocks();

    const response = await request("/dev/outbox");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Dev outbox</title>");
    expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/);
    expect(html).toContain("outbox-reader@example.com");
    expect(html).toContain("Your &lt;b&gt;sign-in&lt;/b&gt; link");
    expect(html).toContain('<a href="http://localhost/login/verify?token=dev-outbox-123"');
    expect(html).not.toContain('href="javascript:');
    // The HTML version is shown only inside a sandboxed frame.
    expect(html).toMatch(/<iframe sandbox="" srcDoc="&lt;p&gt;Sign in/i);
    expect(html).toContain("HTML version");
  });

  it("shows the newest 20, or only those to one address", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const reader = `reader-${crypto.randomUUID()}@example.com`;
    for (let index = 1; index <= 22; index++) {
      await sendEmail(testApp, {
        to: index % 2 ? reader : "someone-else@example.com",
        subject: `Outbox page ${index}`,
        text: "x",
        html: "x",
      });
    }
    vi.restoreAllMocks();

    const all = await (await request("/dev/outbox")).text();
    expect(all.match(/<article/g)).toHaveLength(20);
    expect(all).toContain("Outbox page 22");

    const mine = await (
      await request(`/dev/outbox?to=${encodeURIComponent(reader.toUpperCase())}`)
    ).text();
    expect(mine.match(/<article/g)).toHaveLength(11);
    expect(mine).not.toContain("someone-else@example.com");
    expect(mine).toContain("Outbox page 1<");
  });

  it("is not found outside development", async () => {
    const context = new RouterContextProvider();
    context.set(cloudflareContext, {
      env: { ...env, APP_ENV: "production" },
      ctx: createExecutionContext(),
    });
    const args = {
      request: new Request("http://localhost/dev/outbox"),
      params: {},
      context,
    } as unknown as Parameters<typeof loader>[0];

    let thrown: unknown = null;
    await appContextMiddleware(args as never, async () => {
      thrown = await loader(args).then(
        () => null,
        (error: unknown) => error,
      );
      return new Response(null);
    });
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });

  it("is not found on a deployed host, even with APP_ENV development", async () => {
    const response = await exports.default.fetch(
      new Request("https://insiderstays.example/dev/outbox"),
    );
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("token=");
    const local = await exports.default.fetch(new Request("http://localhost/dev/outbox"));
    expect(local.status).toBe(200);
  });
});
