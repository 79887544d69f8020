import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { authMiddleware } from "~/accounts/guards.server";
import { createSession } from "~/accounts/session.server";
import { appContextMiddleware, cloudflareContext } from "~/context";
import { AGENT_FORM_MESSAGES } from "~/guest-requests/agent-application";
import { SENDER_MESSAGES } from "~/guest-requests/fields";
import { SUPPORT_FORM_MESSAGES } from "~/guest-requests/support-message";
import { action as agentsAction } from "~/routes/agents";
import { action as agentApiAction } from "~/routes/api.send-agent-application";
import { action as supportApiAction } from "~/routes/api.send-support-message";
import { action as contactAction } from "~/routes/contact";
import {
  BOT_CHECK,
  cookiePair,
  ORIGIN,
  post,
  request,
  testApp,
  uniqueEmail,
  visibleText,
} from "./helpers";

/*
 * /agents and /contact (form posts, as a browser without JavaScript sends them) and their JSON
 * endpoints: every validation message, screening, idempotency, hostile input,
 * and what a stored request leaves in D1 (the row and its two queued e-mails).
 */

const MESSAGES = { ...SENDER_MESSAGES, ...AGENT_FORM_MESSAGES, ...SUPPORT_FORM_MESSAGES };
const HONEYPOT = "Form not submitted properly";
const BOT_MISSING = "Please complete the CAPTCHA verification.";
const RATE_LIMITED = "Too many requests. Please wait a few minutes and try again.";
const WHY = "I have planned group trips for twenty years and my friends ask me first.";

type Fields = Record<string, string>;

function agentFields(overrides: Fields = {}): Fields {
  return {
    firstName: "Ada",
    lastName: "Agent",
    email: uniqueEmail("agent"),
    phone: "+1 555 0100",
    isCurrentAgent: "no",
    currentOccupation: "Teacher",
    whyThrive: WHY,
    idempotencyKey: crypto.randomUUID(),
    ...BOT_CHECK,
    ...overrides,
  };
}

function supportFields(overrides: Fields = {}): Fields {
  return {
    firstName: "Sam",
    lastName: "Sender",
    email: uniqueEmail("support"),
    phone: "555-0199",
    message: "Can I change the guest name on my reservation in Maui?",
    idempotencyKey: crypto.randomUUID(),
    ...BOT_CHECK,
    ...overrides,
  };
}

function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return request(path, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...headers },
  });
}

const without = (fields: Fields, name: string) => {
  const { [name]: _, ...rest } = fields;
  return rest;
};

interface StoredAgent {
  id: string;
  idempotency_key: string;
  user_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  is_current_agent: string;
  current_occupation: string;
  why_thrive: string;
  status: string;
}
interface StoredSupport {
  id: string;
  idempotency_key: string;
  user_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  message: string;
  status: string;
}
interface Delivery {
  request_kind: string;
  request_id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: string;
}

async function agentRows(email: string) {
  const { results } = await env.DB.prepare("SELECT * FROM agent_applications WHERE email = ?")
    .bind(email.toLowerCase())
    .all<StoredAgent>();
  return results;
}

async function supportRows(email: string) {
  const { results } = await env.DB.prepare("SELECT * FROM support_messages WHERE email = ?")
    .bind(email.toLowerCase())
    .all<StoredSupport>();
  return results;
}

async function deliveriesFor(requestId: string) {
  const { results } = await env.DB.prepare(
    'SELECT request_kind, request_id, "to", subject, text, html, status FROM email_deliveries WHERE request_id = ? ORDER BY "to"',
  )
    .bind(requestId)
    .all<Delivery>();
  return results;
}

const AGENT_CASES: Array<[string, Fields, string, string]> = [
  ["no first name", { firstName: "" }, "firstName", MESSAGES.names],
  ["a blank last name", { lastName: "   " }, "lastName", MESSAGES.names],
  ["no e-mail", { email: "" }, "email", MESSAGES.email],
  ["an invalid e-mail", { email: "not-an-email" }, "email", MESSAGES.emailInvalid],
  ["no phone", { phone: "" }, "phone", MESSAGES.phone],
  ["a phone number of two digits", { phone: "12" }, "phone", MESSAGES.phoneInvalid],
  ["a phone number of letters", { phone: "call me maybe" }, "phone", MESSAGES.phoneInvalid],
  [
    "no answer to 'currently a travel agent'",
    { isCurrentAgent: "" },
    "isCurrentAgent",
    MESSAGES.currentAgent,
  ],
  [
    "an unknown answer to 'currently a travel agent'",
    { isCurrentAgent: "maybe" },
    "isCurrentAgent",
    MESSAGES.currentAgent,
  ],
  ["no occupation", { currentOccupation: "" }, "currentOccupation", MESSAGES.occupation],
  ["no answer to why they would thrive", { whyThrive: "" }, "whyThrive", MESSAGES.whyThrive],
  [
    "a blank answer to why they would thrive",
    { whyThrive: "  \n  " },
    "whyThrive",
    MESSAGES.whyThrive,
  ],
  ["a short answer", { whyThrive: "I like travel." }, "whyThrive", MESSAGES.whyThriveShort],
  [
    "49 characters padded with spaces",
    { whyThrive: `   ${"a".repeat(49)}   ` },
    "whyThrive",
    MESSAGES.whyThriveShort,
  ],
];

const SUPPORT_CASES: Array<[string, Fields, string, string]> = [
  ["no first name", { firstName: "" }, "firstName", MESSAGES.names],
  ["a blank last name", { lastName: "  " }, "lastName", MESSAGES.names],
  ["no e-mail", { email: "" }, "email", MESSAGES.email],
  ["an invalid e-mail", { email: "sam@" }, "email", MESSAGES.emailInvalid],
  ["no phone", { phone: " " }, "phone", MESSAGES.phone],
  ["a phone number of two digits", { phone: "12" }, "phone", MESSAGES.phoneInvalid],
  ["no message", { message: "" }, "message", MESSAGES.message],
  ["a blank message", { message: " \n\t " }, "message", MESSAGES.message],
];

describe("GET /agents and /contact", () => {
  it("/agents: recruiting copy and an application form that works without JavaScript", async () => {
    const response = await request("/agents");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("<title>Become a travel agent | Insider Stays</title>");
    expect(text).toMatch(/free training/i);
    expect(text).toContain("80/20");
    expect(text).toContain("80%");
    expect(text).toContain("What the work is like");
    expect(text).toContain("Who thrives with us");
    expect(text).toContain("Are you currently a travel agent?");
    expect(text).toContain("Why would you thrive at our agency?");
    expect(text).toContain("at least 50 characters");
    expect(text).toContain("Submit application");
    // The form posts to the page (no JavaScript needed); labels are bound to their inputs.
    expect(html).toMatch(/<form[^>]*action="\/agents#apply"[^>]*method="post"/);
    for (const name of [
      "firstName",
      "lastName",
      "email",
      "phone",
      "currentOccupation",
      "whyThrive",
    ]) {
      expect(html).toContain(`for="agent-application-${name}"`);
      expect(html).toContain(`id="agent-application-${name}"`);
    }
    expect(html).toMatch(
      /<fieldset[^>]*><legend[^>]*>Are you currently a travel agent\?<\/legend>/,
    );
    expect(html).toMatch(/<input[^>]*type="radio"[^>]*name="isCurrentAgent"[^>]*value="yes"/);
    expect(html).toMatch(/<input[^>]*type="radio"[^>]*name="isCurrentAgent"[^>]*value="no"/);
    // Honeypot: off screen, out of the tab order, never autofilled.
    const honeypot = html.match(/<input[^>]*name="website"[^>]*>/)?.[0] ?? "";
    expect(honeypot).toContain('type="text"');
    expect(honeypot).toContain('tabindex="-1"');
    expect(honeypot.toLowerCase()).toContain('autocomplete="off"');
    expect(text).toContain("Leave this field empty");
    // The one-time key comes from the loader: a new one for every visit.
    const key = html.match(/name="idempotencyKey" value="([0-9a-f-]{36})"/)?.[1];
    expect(key).toBeTruthy();
    const again = await (await request("/agents")).text();
    expect(again).not.toContain(key!);
    // The local bot check.
    expect(html).toContain('name="cf-turnstile-response"');
  });

  it("/contact: four help categories, a phone number to call, tips and the message form", async () => {
    const response = await request("/contact");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("<title>Contact us | Insider Stays</title>");
    for (const category of [
      "Booking questions",
      "Existing reservations",
      "Membership & account",
      "Travel agents & partnerships",
    ]) {
      expect(text).toContain(`>${category}</h2>`);
    }
    expect(html).toContain(`href="tel:+18005550142"`);
    expect(text).toContain(env.CONTACT_PHONE);
    expect(text).toContain("Before you call");
    expect(html).toContain(`href="mailto:${env.CONTACT_EMAIL}"`);
    expect(html).toMatch(/<form[^>]*action="\/contact#message"[^>]*method="post"/);
    for (const name of ["firstName", "lastName", "email", "phone", "message"]) {
      expect(html).toContain(`for="support-message-${name}"`);
    }
    expect(text).toContain("Send message");
    expect(html).toMatch(/name="idempotencyKey" value="[0-9a-f-]{36}"/);
    expect(html.match(/<input[^>]*name="website"[^>]*>/)?.[0]).toContain('tabindex="-1"');
  });

  it("shows a signed-in user the account's address it answers at, with nothing to type", async () => {
    const user = { id: `user-${crypto.randomUUID()}`, email: uniqueEmail("member") };
    await env.DB.prepare("INSERT INTO users (id, email, role) VALUES (?, ?, 'member')")
      .bind(user.id, user.email)
      .run();
    const cookie = cookiePair(await createSession(testApp, user.id));
    for (const [path, id] of [
      ["/agents", "agent-application-email"],
      ["/contact", "support-message-email"],
    ] as const) {
      const html = await (await request(path, { headers: { Cookie: cookie } })).text();
      expect(visibleText(html)).toContain(user.email);
      expect(visibleText(html)).toContain("We write to your account's address.");
      expect(html).not.toContain(`id="${id}"`);
      expect(html).toContain(`<input type="hidden" name="email" value="${user.email}"/>`);
    }
  });
});

describe("POST /agents (the form, without JavaScript)", () => {
  it.each(AGENT_CASES)(
    "%s: 400 with the spec's message next to the field, values kept",
    async (_, overrides, field, message) => {
      const fields = agentFields(overrides);
      const response = await post("/agents", fields);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(visibleText(html)).toContain(message);
      // The message is linked to its field and the entered values come back.
      const describedBy =
        field === "firstName" || field === "lastName"
          ? "agent-application-firstName-names-error"
          : `agent-application-${field}-error`;
      expect(html).toContain(`id="${describedBy}"`);
      expect(html).toMatch(new RegExp(`aria-describedby="${describedBy}[^"]*"`));
      expect(html).toContain('aria-invalid="true"');
      expect(html).toContain(field === "currentOccupation" ? 'value="Agent"' : 'value="Teacher"');
      expect(await agentRows(fields.email!)).toHaveLength(0);
    },
  );

  it("shows every message for an empty form", async () => {
    const response = await post("/agents", {
      ...BOT_CHECK,
      idempotencyKey: crypto.randomUUID(),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    const text = visibleText(html);
    for (const message of [
      MESSAGES.names,
      MESSAGES.email,
      MESSAGES.phone,
      MESSAGES.currentAgent,
      MESSAGES.occupation,
      MESSAGES.whyThrive,
    ]) {
      expect(text).toContain(message);
    }
    // One message for the pair of names, linked from both inputs.
    expect(
      html.match(/<p id="[^"]*-error"[^>]*>Please enter both first and last name<\/p>/g),
    ).toHaveLength(1);
    expect(html.match(/aria-describedby="agent-application-firstName-names-error"/g)).toHaveLength(
      2,
    );
  });

  it("a first name too long is told under the first name, not under the last (where a phone shows the pair's message)", async () => {
    const fields = agentFields({ firstName: "A".repeat(101) });
    const response = await post("/agents", fields);
    expect(response.status).toBe(400);
    const html = await response.text();
    const message = `<p id="agent-application-firstName-error" class="[^"]*">${MESSAGES.tooLong(100)}</p>`;
    const firstInput = html.match(/<input[^>]*id="agent-application-firstName"[^>]*>/)![0];
    const lastInput = html.match(/<input[^>]*id="agent-application-lastName"[^>]*>/)![0];
    // In the page's order: the first name, its message, then the last name's label.
    expect(html).toMatch(
      new RegExp(
        `id="agent-application-firstName"[^>]*>${message}<\\/div><div><label for="agent-application-lastName"`,
      ),
    );
    expect(firstInput).toContain('aria-describedby="agent-application-firstName-error"');
    expect(lastInput).not.toContain("aria-invalid");
    expect(html).not.toContain("agent-application-firstName-names-error");
    expect(await agentRows(fields.email!)).toHaveLength(0);
  });

  it("text of invisible characters only is not an answer: names, occupation, or 50 characters padded with them", async () => {
    const blank = "\u200b\u2060\ufeff\u3000";
    const fields = agentFields({
      lastName: blank,
      currentOccupation: "\u200b",
      whyThrive: `I plan trips. ${"\u200b".repeat(60)}`,
    });
    const response = await post("/agents", fields);
    expect(response.status).toBe(400);
    const text = visibleText(await response.text());
    for (const message of [MESSAGES.names, MESSAGES.occupation, MESSAGES.whyThriveShort]) {
      expect(text).toContain(message);
    }
    expect(await agentRows(fields.email!)).toHaveLength(0);
  });

  it("accepts an answer of exactly 50 characters after trimming", async () => {
    const fields = agentFields({ whyThrive: `  ${"b".repeat(50)}  ` });
    const response = await post("/agents", fields);
    expect(response.status).toBe(200);
    const [row] = await agentRows(fields.email!);
    expect(row!.why_thrive).toBe("b".repeat(50));
  });

  it("stores every field, queues two e-mails and shows the success screen with the e-mail used", async () => {
    const email = `Ada.Agent-${crypto.randomUUID()}@Example.com`;
    const fields = agentFields({
      firstName: "  Ada ",
      lastName: "Agent",
      email: ` ${email} `,
      phone: " +1 (555) 010-0100 ",
      isCurrentAgent: "yes",
      currentOccupation: "Travel consultant",
      whyThrive: `  ${WHY}\nI also speak Spanish.  `,
    });
    const response = await post("/agents", fields);
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain("We'll be in touch");
    expect(text).toContain("Your application was received. Thank you!");
    expect(text).toContain(email.toLowerCase());
    expect(text).not.toContain("Submit application");

    const rows = await agentRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      idempotency_key: fields.idempotencyKey,
      user_id: null,
      first_name: "Ada",
      last_name: "Agent",
      email: email.toLowerCase(),
      phone: "+1 (555) 010-0100",
      is_current_agent: "yes",
      current_occupation: "Travel consultant",
      why_thrive: `${WHY}\nI also speak Spanish.`,
      status: "new",
    });
    // A visitor's application is mailed to staff only: the site never writes to an address its
    // sender has not shown to be theirs.
    const deliveries = await deliveriesFor(rows[0]!.id);
    expect(deliveries.map((delivery) => delivery.to)).toEqual([env.STAFF_EMAIL]);
    expect(deliveries.every((delivery) => delivery.request_kind === "agent-application")).toBe(
      true,
    );
    const staff = deliveries.find((delivery) => delivery.to === env.STAFF_EMAIL)!;
    expect(staff.text).toContain("Travel consultant");
    expect(staff.text).toContain("I also speak Spanish.");
  });

  it("stores the signed-in user's id with the application, and answers at their account's address only", async () => {
    const user = { id: `user-${crypto.randomUUID()}`, email: uniqueEmail("member") };
    await env.DB.prepare("INSERT INTO users (id, email, role) VALUES (?, ?, 'member')")
      .bind(user.id, user.email)
      .run();
    const cookie = cookiePair(await createSession(testApp, user.id));
    // A forged address: a signed-in sender is answered at their account's own, and no other.
    const fields = agentFields({ email: "someone-else@example.com" });
    const response = await post("/agents", fields, cookie);
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).toContain(user.email);
    const [row] = await agentRows(user.email);
    expect(row!.user_id).toBe(user.id);
    expect(await agentRows("someone-else@example.com")).toHaveLength(0);
    const recipients = await env.DB.prepare(
      'SELECT "to" FROM email_deliveries WHERE request_id = ? ORDER BY "to"',
    )
      .bind(row!.id)
      .all<{ to: string }>();
    expect(recipients.results.map((delivery) => delivery.to).sort()).toEqual(
      [user.email, env.STAFF_EMAIL].sort(),
    );
  });

  it("a double submit (the same one-time key) stores one application and queues its e-mail once", async () => {
    const fields = agentFields();
    const first = await post("/agents", fields);
    const second = await post("/agents", fields);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(visibleText(await second.text())).toContain("We'll be in touch");
    const rows = await agentRows(fields.email!);
    expect(rows).toHaveLength(1);
    expect(await deliveriesFor(rows[0]!.id)).toHaveLength(1);
  });

  it("keeps the submitted one-time key when the form comes back with errors", async () => {
    const fields = agentFields({ phone: "" });
    const html = await (await post("/agents", fields)).text();
    expect(html).toContain(`name="idempotencyKey" value="${fields.idempotencyKey}"`);
  });

  it("a filled-in honeypot: 400, nothing stored", async () => {
    const fields = agentFields({ website: "https://spam.example" });
    const response = await post("/agents", fields);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain(HONEYPOT);
    expect(html).not.toContain("https://spam.example");
    expect(await agentRows(fields.email!)).toHaveLength(0);
  });

  it("no bot check: 400 with the screening message as the form's error, values kept", async () => {
    const fields = without(agentFields(), "cf-turnstile-response");
    const response = await post("/agents", fields);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/role="alert"[^>]*>Please complete the CAPTCHA verification\.</);
    expect(html).toContain(`value="${fields.email}"`);
    expect(await agentRows(fields.email!)).toHaveLength(0);
  });

  it("a forged one-time key: 400 asking to reload, nothing stored", async () => {
    const fields = agentFields({ idempotencyKey: "not-a-uuid" });
    const response = await post("/agents", fields);
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain(
      "This form has expired. Please reload the page and try again.",
    );
    expect(await agentRows(fields.email!)).toHaveLength(0);
  });

  it("hostile input: 10,000-character fields get the length message, never a 5xx", async () => {
    const long = "x".repeat(10_000);
    const cases: Array<[Fields, string]> = [
      [{ firstName: long }, MESSAGES.tooLong(100)],
      [{ phone: long }, MESSAGES.tooLong(40)],
      [{ currentOccupation: long }, MESSAGES.tooLong(200)],
      [{ whyThrive: long }, MESSAGES.tooLong(5000)],
      [{ email: `${long}@example.com` }, MESSAGES.emailInvalid],
    ];
    for (const [overrides, message] of cases) {
      const fields = agentFields(overrides);
      const response = await post("/agents", fields);
      expect(response.status).toBe(400);
      expect(visibleText(await response.text())).toContain(message);
    }
  });

  it("a <script> in a field is shown as text in the re-rendered form", async () => {
    const fields = agentFields({ currentOccupation: "<script>alert(1)</script>", phone: "" });
    const html = await (await post("/agents", fields)).text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("a body that is not a form: 415 for another content type, 400 for an unreadable form, not a 5xx", async () => {
    for (const [contentType, body, status] of [
      ["application/json", JSON.stringify(agentFields()), 415],
      ["multipart/form-data; boundary=nothing-here", "garbage", 400],
    ] as const) {
      const response = await request("/agents", {
        method: "POST",
        body,
        headers: { Origin: ORIGIN, "Content-Type": contentType },
      });
      expect(response.status).toBe(status);
    }
  });
});

describe("POST /contact (the form, without JavaScript)", () => {
  it.each(SUPPORT_CASES)(
    "%s: 400 with the spec's message next to the field",
    async (_, overrides, field, message) => {
      const fields = supportFields(overrides);
      const response = await post("/contact", fields);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(visibleText(html)).toContain(message);
      const describedBy =
        field === "firstName" || field === "lastName"
          ? "support-message-firstName-names-error"
          : `support-message-${field}-error`;
      expect(html).toMatch(new RegExp(`aria-describedby="${describedBy}[^"]*"`));
      expect(await supportRows(fields.email!)).toHaveLength(0);
    },
  );

  it("shows every message for an empty form", async () => {
    const response = await post("/contact", { ...BOT_CHECK });
    expect(response.status).toBe(400);
    const text = visibleText(await response.text());
    for (const message of [MESSAGES.names, MESSAGES.email, MESSAGES.phone, MESSAGES.message]) {
      expect(text).toContain(message);
    }
  });

  it("a message of invisible characters only is not a message", async () => {
    const fields = supportFields({ lastName: "\u200b", message: "\u200b \u200b\u3000\u200e" });
    const response = await post("/contact", fields);
    expect(response.status).toBe(400);
    const text = visibleText(await response.text());
    expect(text).toContain(MESSAGES.names);
    expect(text).toContain(MESSAGES.message);
    expect(await supportRows(fields.email!)).toHaveLength(0);
  });

  it("trims and stores every field, queues two e-mails and shows 'Message Received'", async () => {
    const fields = supportFields({
      firstName: " Sam\u0000 ",
      lastName: "\tSender ",
      phone: " 555-0199\u0007",
      message: "  Line one\nLine two\u0000  ",
    });
    const response = await post("/contact", fields);
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("Message Received");
    expect(html).toMatch(/<a[^>]*href="\/locations"[^>]*>Browse Resorts<\/a>/);
    expect(text).toContain(fields.email);

    const rows = await supportRows(fields.email!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: null,
      first_name: "Sam",
      last_name: "Sender",
      email: fields.email,
      phone: "555-0199",
      message: "Line one\nLine two",
      idempotency_key: fields.idempotencyKey,
    });
    // Staff reply by hand; the site mails no receipt to an address a visitor typed.
    const deliveries = await deliveriesFor(rows[0]!.id);
    expect(deliveries.map((delivery) => delivery.to)).toEqual([env.STAFF_EMAIL]);
    expect(deliveries.every((delivery) => delivery.request_kind === "support-message")).toBe(true);
  });

  it("a message that fills the box is stored, though a post without JavaScript sends CRLF", async () => {
    // The box counts a line break as one character (its maxlength of 5,000); a browser posting
    // the form itself sends each as CR LF.
    const paragraphs = Array.from({ length: 10 }, () => "p".repeat(499)).join("\n");
    const filled = `${paragraphs}!`;
    expect(filled).toHaveLength(5000);
    const fields = supportFields({ message: filled.replaceAll("\n", "\r\n") });
    const response = await post("/contact", fields);
    expect(response.status).toBe(200);
    const rows = await supportRows(fields.email!);
    expect(rows.map((row) => row.message)).toEqual([filled]);
  });

  it("a double submit stores one message", async () => {
    const fields = supportFields();
    expect((await post("/contact", fields)).status).toBe(200);
    expect((await post("/contact", fields)).status).toBe(200);
    expect(await supportRows(fields.email!)).toHaveLength(1);
  });

  it("a filled-in honeypot: 400, nothing stored", async () => {
    const fields = supportFields({ website: "x" });
    const response = await post("/contact", fields);
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain(HONEYPOT);
    expect(await supportRows(fields.email!)).toHaveLength(0);
  });

  it("hostile input: 10,000-character fields get the length message", async () => {
    const long = "y".repeat(10_000);
    for (const [overrides, message] of [
      [{ lastName: long }, MESSAGES.tooLong(100)],
      [{ message: long }, MESSAGES.tooLong(5000)],
    ] as Array<[Fields, string]>) {
      const response = await post("/contact", supportFields(overrides));
      expect(response.status).toBe(400);
      expect(visibleText(await response.text())).toContain(message);
    }
  });
});

describe("POST /api/send-agent-application", () => {
  const API = "/api/send-agent-application";

  it.each(AGENT_CASES)(
    "%s: 400 with the message in errors",
    async (_, overrides, field, message) => {
      const fields = agentFields(overrides);
      const response = await postJson(API, fields);
      expect(response.status).toBe(400);
      const body = (await response.json()) as {
        success: boolean;
        message: string;
        errors: Record<string, string[]>;
      };
      expect(body.success).toBe(false);
      expect(body.message).toBe(message);
      expect(body.errors[field]).toEqual([message]);
      expect(await agentRows(fields.email!)).toHaveLength(0);
    },
  );

  it("an empty object: 400 with every field's message", async () => {
    const response = await postJson(API, { ...BOT_CHECK });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe(MESSAGES.names);
    expect(body.errors).toMatchObject({
      firstName: [MESSAGES.names],
      lastName: [MESSAGES.names],
      email: [MESSAGES.email],
      phone: [MESSAGES.phone],
      isCurrentAgent: [MESSAGES.currentAgent],
      currentOccupation: [MESSAGES.occupation],
    });
    expect(body.errors.whyThrive![0]).toBe(MESSAGES.whyThrive);
  });

  it("201 with the id; every field stored; two e-mails queued", async () => {
    const fields = agentFields({ whyThrive: `${"c".repeat(50)}   ` });
    const response = await postJson(API, fields);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { success: boolean; message: string; id: string };
    expect(body).toEqual({
      success: true,
      message: "Application received",
      id: expect.any(String),
    });
    const [row] = await agentRows(fields.email!);
    expect(row).toMatchObject({
      id: body.id,
      first_name: "Ada",
      last_name: "Agent",
      phone: "+1 555 0100",
      is_current_agent: "no",
      current_occupation: "Teacher",
      why_thrive: "c".repeat(50),
    });
    const deliveries = await deliveriesFor(body.id);
    expect(deliveries.map((delivery) => delivery.to)).toEqual([env.STAFF_EMAIL]);
  });

  it("a replayed idempotency key: 200 with the same id, one row, one e-mail to staff", async () => {
    const fields = agentFields();
    const first = await postJson(API, fields);
    const second = await postJson(API, { ...fields, firstName: "Changed" });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    const firstBody = (await first.json()) as { id: string };
    expect(await second.json()).toEqual({
      success: true,
      message: "Application received",
      id: firstBody.id,
    });
    const rows = await agentRows(fields.email!);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.first_name).toBe("Ada");
    expect(await deliveriesFor(firstBody.id)).toHaveLength(1);
  });

  it("without an idempotency key every request is stored", async () => {
    const fields = without(agentFields(), "idempotencyKey");
    expect((await postJson(API, fields)).status).toBe(201);
    expect((await postJson(API, fields)).status).toBe(201);
    expect(await agentRows(fields.email!)).toHaveLength(2);
  });

  it("415 for a body that is not JSON; 400 for invalid JSON; 405 for GET", async () => {
    const form = await request(API, { method: "POST", body: new URLSearchParams(agentFields()) });
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ message: expect.stringContaining("JSON") });
    const text = await request(API, {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "text/plain" },
    });
    expect(text.status).toBe(415);

    const broken = await postJson(API, '{"firstName": "Ada",');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ success: false });
    const empty = await postJson(API, "");
    expect(empty.status).toBe(400);

    const get = await request(API);
    expect(get.status).toBe(405);
    expect(get.headers.get("Content-Type")).toContain("application/json");
    expect(get.headers.get("Allow")).toBe("POST");
    const put = await request(API, {
      method: "PUT",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(put.status).toBe(405);
  });

  it("a filled-in honeypot: 400, nothing stored", async () => {
    const fields = agentFields({ website: "https://spam.example" });
    const response = await postJson(API, fields);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, message: HONEYPOT });
    expect(await agentRows(fields.email!)).toHaveLength(0);
  });

  it("no bot-check token: 400", async () => {
    const fields = without(agentFields(), "cf-turnstile-response");
    const response = await postJson(API, fields);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, message: BOT_MISSING });
  });

  it("wrong types (arrays, numbers, objects, booleans, null): 400 with field errors", async () => {
    const email = uniqueEmail("types");
    const response = await postJson(API, {
      ...BOT_CHECK,
      firstName: ["Ada"],
      lastName: { name: "Agent" },
      email,
      phone: 5550100,
      isCurrentAgent: true,
      currentOccupation: null,
      whyThrive: 12345,
      idempotencyKey: 42,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(body.errors).toMatchObject({
      firstName: [MESSAGES.names],
      lastName: [MESSAGES.names],
      phone: [MESSAGES.phone],
      isCurrentAgent: [MESSAGES.currentAgent],
      currentOccupation: [MESSAGES.occupation],
      whyThrive: [MESSAGES.whyThrive],
    });
    expect(body.errors.idempotencyKey).toBeDefined();
    expect(await agentRows(email)).toHaveLength(0);
  });

  it("bodies that are not objects: 400, never a 5xx", async () => {
    for (const body of [
      "[]",
      "null",
      '"text"',
      "42",
      "true",
      `[${JSON.stringify(agentFields())}]`,
    ]) {
      const response = await postJson(API, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false });
    }
  });

  it("10,000-character fields: 400 with the length message", async () => {
    const long = "z".repeat(10_000);
    const response = await postJson(API, agentFields({ firstName: long, whyThrive: long }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(body.errors.firstName).toEqual([MESSAGES.tooLong(100)]);
    expect(body.errors.whyThrive).toEqual([MESSAGES.tooLong(5000)]);
  });

  it("strips control characters and stores <script> as text, escaped in the e-mail HTML", async () => {
    const fields = agentFields({
      firstName: "Ada\u0000\u001b",
      currentOccupation: "<script>alert('occupation')</script>",
      whyThrive: `<script>alert("why")</script> ${WHY}\u0007\n\tIndented line`,
    });
    const response = await postJson(API, fields);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await agentRows(fields.email!);
    expect(row!.first_name).toBe("Ada");
    expect(row!.current_occupation).toBe("<script>alert('occupation')</script>");
    expect(row!.why_thrive).toBe(`<script>alert("why")</script> ${WHY}\n\tIndented line`);

    const staff = (await deliveriesFor(id)).find((delivery) => delivery.to === env.STAFF_EMAIL)!;
    expect(staff.html).not.toContain("<script>");
    expect(staff.html).toContain("&lt;script&gt;alert(&#39;occupation&#39;)&lt;/script&gt;");
    expect(staff.html).toContain("&lt;script&gt;alert(&quot;why&quot;)&lt;/script&gt;");
    expect(staff.text).toContain("<script>alert('occupation')</script>");
  });

  it("limits submissions per IP address (429 once over the limit)", async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const responses: Response[] = [];
    for (let index = 0; index < 21; index++) {
      responses.push(await postJson(API, { ...BOT_CHECK }, { "CF-Connecting-IP": ip }));
    }
    const statuses = responses.map((response) => response.status);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(await responses[20]?.json()).toEqual({ success: false, message: RATE_LIMITED });
  });
});

describe("POST /api/send-support-message", () => {
  const API = "/api/send-support-message";

  it.each(SUPPORT_CASES)(
    "%s: 400 with the message in errors",
    async (_, overrides, field, message) => {
      const fields = supportFields(overrides);
      const response = await postJson(API, fields);
      expect(response.status).toBe(400);
      const body = (await response.json()) as {
        success: boolean;
        message: string;
        errors: Record<string, string[]>;
      };
      expect(body.success).toBe(false);
      expect(body.message).toBe(message);
      expect(body.errors[field]).toEqual([message]);
    },
  );

  it("201 'Message received'; trimmed values stored; 200 and the same id on replay", async () => {
    const fields = supportFields({ firstName: "  Sam  ", message: `  <b>Hello</b>\u0000 there  ` });
    const first = await postJson(API, fields);
    expect(first.status).toBe(201);
    const body = (await first.json()) as { id: string };
    expect(body).toEqual({ success: true, message: "Message received", id: expect.any(String) });
    const replay = await postJson(API, fields);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({
      success: true,
      message: "Message received",
      id: body.id,
    });

    const rows = await supportRows(fields.email!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.id,
      first_name: "Sam",
      message: "<b>Hello</b> there",
    });
    const deliveries = await deliveriesFor(body.id);
    expect(deliveries.map((delivery) => delivery.to)).toEqual([env.STAFF_EMAIL]);
    // Staff read the message escaped.
    const staff = deliveries[0];
    expect(staff!.html).not.toContain("<b>Hello</b>");
    expect(staff!.html).toContain("&lt;b&gt;Hello&lt;/b&gt;");
  });

  it("415, 400 and 405 for the wrong kind of request", async () => {
    expect((await request(API, { method: "POST", body: "message=hi" })).status).toBe(415);
    expect((await postJson(API, "{nope")).status).toBe(400);
    expect((await request(API)).status).toBe(405);
  });

  it.each(["[]", "null", '"hello"', "42"])(
    "a JSON body that is not an object (%s): 400 saying so",
    async (body) => {
      const response = await postJson(API, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        success: false,
        message: "The body must be a JSON object.",
      });
    },
  );

  it("a filled-in honeypot: 400, nothing stored", async () => {
    const fields = supportFields({ website: "spam" });
    const response = await postJson(API, fields);
    expect(response.status).toBe(400);
    expect(await supportRows(fields.email!)).toHaveLength(0);
  });

  it("wrong types and 10,000-character messages: 400", async () => {
    const long = await postJson(API, supportFields({ message: "m".repeat(10_000) }));
    expect(long.status).toBe(400);
    expect(((await long.json()) as { errors: Record<string, string[]> }).errors.message).toEqual([
      MESSAGES.tooLong(5000),
    ]);

    const email = uniqueEmail("types");
    const typed = await postJson(API, {
      ...BOT_CHECK,
      firstName: 1,
      lastName: [],
      email,
      phone: {},
      message: false,
    });
    expect(typed.status).toBe(400);
    expect(((await typed.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      firstName: [MESSAGES.names],
      lastName: [MESSAGES.names],
      phone: [MESSAGES.phone],
      message: [MESSAGES.message],
    });
    expect(await supportRows(email)).toHaveLength(0);
  });
});

describe("when storing fails", () => {
  /** The worker's bindings with a D1 whose batches fail (storing a request is one batch). */
  function failingEnv() {
    const DB = new Proxy(env.DB, {
      get(target, property) {
        if (property === "batch") return () => Promise.reject(new Error("D1 is unavailable"));
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return { ...env, DB };
  }

  /** Runs a route action as the worker would (the root's middleware around it), with `bindings`. */
  async function runAction<T>(
    action: (args: never) => Promise<T> | T,
    request: Request,
    bindings: Env,
  ): Promise<T> {
    const context = new RouterContextProvider();
    const ctx = createExecutionContext();
    context.set(cloudflareContext, { env: bindings, ctx });
    const args = { request, context, params: {} };
    let result: T | undefined;
    await appContextMiddleware(args as never, async () => {
      await authMiddleware(args as never, async () => {
        result = await action(args as never);
        return new Response(null);
      });
      return new Response(null);
    });
    await waitOnExecutionContext(ctx);
    return result as T;
  }

  const formRequest = (path: string, fields: Fields) =>
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Origin: ORIGIN },
    });
  const jsonRequest = (path: string, body: unknown) =>
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json" },
    });

  type ActionResult = {
    init: ResponseInit | null;
    data: {
      result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
      toast: string | null;
      sentTo: string | null;
    };
  };

  it("/agents: 503 'Failed to submit application', the values kept, a toast for JavaScript", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fields = agentFields();
    const result = (await runAction(
      agentsAction,
      formRequest("/agents", fields),
      failingEnv(),
    )) as unknown as ActionResult;
    vi.restoreAllMocks();
    expect(result.init?.status).toBe(503);
    expect(result.data.result.error?.[""]).toEqual(["Failed to submit application"]);
    expect(result.data.toast).toBe("Failed to submit agent application");
    expect(result.data.sentTo).toBeNull();
    expect(result.data.result.initialValue).toMatchObject({
      firstName: "Ada",
      whyThrive: WHY,
      email: fields.email,
    });
    expect(await agentRows(fields.email!)).toHaveLength(0);
  });

  it("/contact: 503 'Failed to send message. Please try again.', the values kept", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fields = supportFields();
    const result = (await runAction(
      contactAction,
      formRequest("/contact", fields),
      failingEnv(),
    )) as unknown as ActionResult;
    vi.restoreAllMocks();
    expect(result.init?.status).toBe(503);
    expect(result.data.result.error?.[""]).toEqual(["Failed to send message. Please try again."]);
    expect(result.data.result.initialValue).toMatchObject({ message: fields.message });
    expect(await supportRows(fields.email!)).toHaveLength(0);
  });

  it("the JSON endpoints: 503, success false and 'Failed to submit …' naming the form", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const agent = agentFields();
    const agentResponse = await runAction(
      agentApiAction,
      jsonRequest("/api/send-agent-application", agent),
      failingEnv(),
    );
    const support = supportFields();
    const supportResponse = await runAction(
      supportApiAction,
      jsonRequest("/api/send-support-message", support),
      failingEnv(),
    );
    vi.restoreAllMocks();
    expect(agentResponse.status).toBe(503);
    expect(await agentResponse.json()).toEqual({
      success: false,
      message: "Failed to submit agent application",
    });
    expect(supportResponse.status).toBe(503);
    expect(await supportResponse.json()).toEqual({
      success: false,
      message: "Failed to submit support message",
    });
    expect(await agentRows(agent.email!)).toHaveLength(0);
    expect(await supportRows(support.email!)).toHaveLength(0);
  });
});
