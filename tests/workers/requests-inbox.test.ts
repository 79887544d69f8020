import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import {
  agentApplications,
  bookingRequests,
  emailDeliveries,
  supportMessages,
  type RequestKind,
} from "~/db/schema";
import { statusesOf as filterStatuses, type InboxFilters } from "~/guest-requests/inbox";
import { inboxOrderQuery } from "~/guest-requests/inbox.server";
import { createUser, signIn } from "./auth-helpers";
import { get, post, toastOf, visibleText, waitForEmails } from "./helpers";
import { testNow } from "./clock";

const db = createDb(env.DB);
const INBOX = "/admin/requests";

type NewBooking = typeof bookingRequests.$inferInsert;
type NewApplication = typeof agentApplications.$inferInsert;
type NewMessage = typeof supportMessages.$inferInsert;

const newId = () => crypto.randomUUID();

async function insertBooking(overrides: Partial<NewBooking> = {}) {
  const id = overrides.id ?? newId();
  const row: NewBooking = {
    id,
    idempotencyKey: id,
    // Sent now by the site's clock, as the app stores a request (other files' requests share the list).
    createdAt: testNow().toISOString(),
    firstName: "Grace",
    lastName: "Hopper",
    email: `guest-${id}@example.com`,
    phone: "+1 (555) 010-0199",
    // A stay ahead of every moment the suite runs at.
    checkInDate: "2031-03-08",
    checkOutDate: "2031-03-15",
    adults: 2,
    children: 1,
    infants: 0,
    locationId: "loc-test",
    locationName: `Sea Breeze ${id.slice(0, 8)}`,
    locationCity: "Lahaina",
    locationState: "Hawaii",
    locationCountry: "United States",
    locationTimeZone: "Pacific/Honolulu",
    // A room of its own: confirming one request gives its nights away in that room only.
    roomTypeId: `room-test-${id}`,
    roomTypeName: "Ocean View Suite",
    roomTypeBedrooms: 2,
    roomTypeBathrooms: 2,
    roomTypePrice: 1899,
    specialRequests: "Late check-in, please",
    referralCode: "FRIEND10",
    ...overrides,
  };
  await db.insert(bookingRequests).values(row);
  return row as NewBooking & { id: string; email: string; locationName: string };
}

async function insertApplication(overrides: Partial<NewApplication> = {}) {
  const id = overrides.id ?? newId();
  const row: NewApplication = {
    id,
    idempotencyKey: id,
    // Sent now by the site's clock, as the app stores a request (other files' requests share the list).
    createdAt: testNow().toISOString(),
    firstName: "Ada",
    lastName: "Lovelace",
    phone: "+1 555 010 0142",
    email: `applicant-${id}@example.com`,
    isCurrentAgent: "yes",
    currentOccupation: `Analyst ${id.slice(0, 8)}`,
    whyThrive:
      "I have planned trips for friends and family for years and love finding hidden gems.",
    ...overrides,
  };
  await db.insert(agentApplications).values(row);
  return row as NewApplication & { id: string };
}

async function insertMessage(overrides: Partial<NewMessage> = {}) {
  const id = overrides.id ?? newId();
  const row: NewMessage = {
    id,
    idempotencyKey: id,
    // Sent now by the site's clock, as the app stores a request (other files' requests share the list).
    createdAt: testNow().toISOString(),
    firstName: "Alan",
    lastName: "Turing",
    email: `writer-${id}@example.com`,
    phone: "+1 555 010 0177",
    message: `Can I bring my bicycle? (${id.slice(0, 8)})`,
    ...overrides,
  };
  await db.insert(supportMessages).values(row);
  return row as NewMessage & { id: string; message: string };
}

async function deliveriesOf(kind: RequestKind, requestId: string) {
  return db
    .select()
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.requestKind, kind), eq(emailDeliveries.requestId, requestId)));
}

async function bookingRow(id: string) {
  const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
  return row;
}

async function statusesOf(ids: { booking: string; application: string; message: string }) {
  const [booking] = await db
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.id, ids.booking));
  const [application] = await db
    .select()
    .from(agentApplications)
    .where(eq(agentApplications.id, ids.application));
  const [message] = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.id, ids.message));
  return [booking!, application!, message!].map((row) => ({
    status: row.status,
    handledBy: row.handledBy,
    handledAt: row.handledAt,
  }));
}

async function countDeliveries() {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM email_deliveries").first<{
    n: number;
  }>();
  return row?.n ?? 0;
}

/** The seeded admin (admin@example.com), signed in. */
const seededAdmin = () => signIn("user-admin");

/** A new admin of its own (the admin check counts calls per address). */
async function freshAdmin() {
  const admin = await createUser("admin");
  return { ...admin, cookie: await signIn(admin.id) };
}

async function inboxHtml(cookie: string, query = "") {
  const response = await get(`${INBOX}${query}`, cookie);
  expect(response.status).toBe(200);
  return visibleText(await response.text());
}

/**
 * A request's card in the inbox list `query` shows, on whichever page it is: other files' requests
 * share the list, newest first, and a request stored at a later moment of theirs comes before.
 */
async function inboxCard(cookie: string, query: string, id: string) {
  for (let page = 1; page <= 20; page++) {
    const html = await inboxHtml(cookie, `${query}&page=${page}`);
    const start = html.indexOf(`id="request-${id}"`);
    if (start !== -1) return html.slice(start, html.indexOf("</article>", start));
    if (!html.includes("Next")) break;
  }
  throw new Error(`request ${id} is on no page of ${query}`);
}

/** Text without markup, for sentences that span elements. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");

const shows = (html: string, id: string) => html.includes(`id="request-${id}"`);

describe("the staff inbox list", () => {
  it("shows every kind newest first, with sender, details and e-mail delivery state", async () => {
    // Far-future times: these are the newest requests in the database.
    const message = await insertMessage({ createdAt: "2990-01-01T00:00:01.000Z" });
    const application = await insertApplication({ createdAt: "2990-01-01T00:00:02.000Z" });
    const booking = await insertBooking({
      createdAt: "2990-01-01T00:00:03.000Z",
      userId: "user-member",
    });
    const handledAt = "2990-01-02T09:30:00.000Z";
    const handled = await insertMessage({
      createdAt: "2990-01-01T00:00:00.500Z",
      status: "handled",
      handledBy: "ops@example.com",
      handledAt,
    });
    await db.insert(emailDeliveries).values([
      {
        id: newId(),
        requestKind: "booking",
        requestId: booking.id,
        to: "staff@insiderstays.example",
        subject: "Booking request: staff copy",
        text: "t",
        html: "h",
        status: "pending",
        attempts: 2,
        nextAttemptAt: "2990-01-01T00:10:00.000Z",
      },
      {
        id: newId(),
        requestKind: "support-message",
        requestId: message.id,
        to: message.email!,
        subject: "We received your message",
        text: "t",
        html: "h",
        status: "sent",
        attempts: 1,
        nextAttemptAt: "2990-01-01T00:00:01.000Z",
      },
      {
        id: newId(),
        requestKind: "agent-application",
        requestId: application.id,
        to: application.email!,
        subject: "Your application",
        text: "t",
        html: "h",
        status: "failed",
        attempts: 12,
        nextAttemptAt: "2990-01-01T00:00:01.000Z",
      },
    ]);

    const html = await inboxHtml(await seededAdmin());
    const positions = [booking.id, application.id, message.id, handled.id].map((id) =>
      html.indexOf(`id="request-${id}"`),
    );
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    // The booking: sender, the stay, and what the guest saw when asking.
    for (const text of [
      "Grace Hopper",
      booking.email,
      "+1 (555) 010-0199",
      "member@example.com",
      booking.locationName,
      "Lahaina, Hawaii, United States",
      "Ocean View Suite",
      "Sat, Mar 8, 2031 – Sat, Mar 15, 2031",
      "7 nights",
      "2 adults, 1 child",
      "$1,899",
      "Late check-in, please",
      "FRIEND10",
      "Pending · 2 attempts",
    ]) {
      expect(html).toContain(text);
    }
    // The application and the message.
    expect(html).toContain(application.currentOccupation);
    expect(html).toContain(application.whyThrive);
    expect(html).toContain("Failed after 12 attempts");
    expect(html).toContain(message.message);
    expect(html).toMatch(/>Sent<\/span>/);
    // When each came, named in its zone: a booking's resort's, a message's UTC.
    expect(textOf(html)).toContain(
      "Received Thu, Dec 31, 2989, 2 PM (Hawaii-Aleutian Standard Time, UTC−10)",
    );
    // Who handled it and when.
    expect(textOf(html)).toContain("Handled by ops@example.com on Sat, Jan 2, 2990, 9:30 AM (UTC)");
    expect(html).toContain(`dateTime="${handledAt}"`);

    // Actions only on new requests: two for the booking, one each for the others.
    const buttons = (value: string) =>
      html.match(new RegExp(`<button[^>]*value="${value}"`, "g"))?.length ?? 0;
    expect(buttons("confirm")).toBeGreaterThanOrEqual(1);
    expect(buttons("decline")).toBeGreaterThanOrEqual(1);
    expect(buttons("handle")).toBeGreaterThanOrEqual(2);
    const handledCard = html.slice(html.indexOf(`id="request-${handled.id}"`));
    expect(handledCard.slice(0, handledCard.indexOf("</article>"))).not.toContain("<button");
  });

  it("shows a booking's estimate as quoted, each nightly charge with what it came to", async () => {
    const quotedCharges = [
      { label: "Parking", perNight: 30 },
      { label: "Local taxes", perNight: 12.5 },
    ];
    const ownDates = await insertBooking({
      createdAt: "2990-01-01T00:00:05.000Z",
      estimatedTotal: 2297.5,
      quotedCharges,
    });
    const week = await insertBooking({
      createdAt: "2990-01-01T00:00:04.000Z",
      weekId: `week-${newId()}`,
      weekRate: 2000,
      estimatedTotal: 2297.5,
      quotedCharges,
    });
    const html = await inboxHtml(await seededAdmin());
    const card = (id: string) => {
      const from = html.slice(html.indexOf(`id="request-${id}"`));
      return textOf(from.slice(0, from.indexOf("</article>")));
    };
    const charges = [
      "Parking (US$30 × 7 nights): US$210",
      "Local taxes (US$12.50 × 7 nights): US$87.50",
    ];
    expect(card(ownDates.id)).toContain("Estimated total (at request)US$2,297.50");
    expect(card(ownDates.id)).not.toContain("Typical weekly price");
    expect(card(week.id)).toContain("US$2,000 · US$2,297.50 in all");
    for (const id of [ownDates.id, week.id]) {
      for (const charge of charges) expect(card(id)).toContain(charge);
    }
  });

  it("filters by kind and by status", async () => {
    // The newest in the inbox, so every one of them is on the first page of each view.
    const newest = { createdAt: "2996-01-01T00:00:00.000Z" };
    const newBooking = await insertBooking(newest);
    const confirmed = await insertBooking({
      ...newest,
      status: "confirmed",
      handledBy: "admin@example.com",
      handledAt: testNow().toISOString(),
    });
    const application = await insertApplication(newest);
    const handled = await insertMessage({
      ...newest,
      status: "handled",
      handledBy: "admin@example.com",
      handledAt: testNow().toISOString(),
    });
    const waiting = await insertBooking({
      ...newest,
      waitlist: true,
    });
    const lapsed = await insertBooking({
      ...newest,
      status: "lapsed",
      changedAt: testNow().toISOString(),
    });
    const withdrawn = await insertBooking({
      ...newest,
      status: "withdrawn",
      changedAt: testNow().toISOString(),
    });
    const bookings = [newBooking.id, confirmed.id, waiting.id, lapsed.id, withdrawn.id];
    const all = [...bookings, application.id, handled.id];
    const cookie = (await freshAdmin()).cookie;
    const expectOnly = async (query: string, expected: string[]) => {
      const html = await inboxHtml(cookie, query);
      for (const id of all) expect(shows(html, id), `${query}: ${id}`).toBe(expected.includes(id));
      return html;
    };

    await expectOnly("", all);
    await expectOnly("?kind=booking", bookings);
    await expectOnly("?kind=agent-application", [application.id]);
    await expectOnly("?kind=support-message", [handled.id]);
    // New: for staff to decide (a place on a waitlist waits for its week, not for staff).
    await expectOnly("?status=new", [newBooking.id, application.id]);
    await expectOnly("?status=handled", [handled.id]);
    await expectOnly("?kind=booking&status=waitlist", [waiting.id]);
    await expectOnly("?kind=booking&status=lapsed", [lapsed.id]);
    // A confirmed stay awaits its payment under a filter of its own.
    await expectOnly("?kind=booking&status=unpaid", [confirmed.id]);
    const decided = await expectOnly("?kind=booking&status=decided", [withdrawn.id]);
    expect(visibleText(decided)).toContain("Withdrawn by the member");
    const html = await expectOnly("?kind=support-message&status=handled", [handled.id]);
    expect(html).toMatch(/aria-current="page"[^>]*>Messages/);
  });

  it("ignores unknown or malformed filters instead of failing", async () => {
    // The newest in the inbox: on the first page of the default view.
    const booking = await insertBooking({ createdAt: "2997-01-01T00:00:00.000Z" });
    const cookie = (await freshAdmin()).cookie;
    for (const query of [
      "?kind=bogus&status=nope&page=-4",
      "?page=abc",
      "?page=1e9",
      "?kind=booking&status=handled",
      "?kind=&status=&page=",
      "?kind=booking&kind=x",
    ]) {
      const html = await inboxHtml(cookie, query);
      expect(shows(html, booking.id)).toBe(true);
    }
    // Past the last page: an empty page with a way back, not an error.
    const html = await inboxHtml(cookie, "?page=900");
    expect(html).toContain("There is nothing on this page.");
  });

  it("shows 10 requests a page", async () => {
    const base = Date.parse("2500-01-01T00:00:00.000Z");
    const ids: string[] = [];
    for (let i = 0; i < 15; i++) {
      const { id } = await insertMessage({ createdAt: new Date(base + i * 1000).toISOString() });
      ids.push(id);
    }
    const newestFirst = ids.toReversed();
    const cookie = (await freshAdmin()).cookie;
    const first = await inboxHtml(cookie, "?kind=support-message");
    const second = await inboxHtml(cookie, "?kind=support-message&page=2");
    expect(first.match(/<article id="request-/g)).toHaveLength(10);
    expect(first).toMatch(/Page 1 of \d+/);
    expect(first).toContain('href="/admin/requests?kind=support-message&page=2"');
    expect(shows(first, newestFirst[0]!)).toBe(true);
    for (const id of newestFirst.slice(-5)) {
      expect(shows(first, id)).toBe(false);
      expect(shows(second, id)).toBe(true);
    }
  });

  /** How SQLite reads the page of the inbox for these filters. */
  const pagePlan = async (filters: InboxFilters) => {
    const { sql, params } = inboxOrderQuery(db, filters).toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    return results.map((row) => row.detail);
  };

  it("reads a page of every kind by each table's order of arrival, not by sorting every request ever sent", async () => {
    const plan = await pagePlan({ kind: "all", status: "all", page: 1 });
    expect(plan).not.toContain("USE TEMP B-TREE FOR ORDER BY");
    for (const table of ["booking_requests", "agent_applications", "support_messages"]) {
      expect(plan).toContain(`SCAN ${table} USING COVERING INDEX ${table}_created_idx`);
    }
  });

  it("reads a page of each state in order of arrival too, never sorting all of that state's requests", async () => {
    const sorted = [];
    for (const status of filterStatuses("all")) {
      const plan = await pagePlan({ kind: "all", status, page: 1 });
      // A sort of the requests of one day at a time (the last term of the order) streams.
      if (plan.includes("USE TEMP B-TREE FOR ORDER BY")) sorted.push(status);
    }
    expect(sorted).toEqual([]);
  });
});

describe("confirming and declining a booking", () => {
  it("confirms once: records who and when, and e-mails the guest once", async () => {
    const booking = await insertBooking();
    const cookie = await seededAdmin();
    const before = testNow().getTime();

    const response = await post(
      INBOX,
      { intent: "confirm", id: booking.id, note: "Pool towels are free." },
      cookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${INBOX}#request-${booking.id}`);
    expect(await toastOf(response)).toEqual({
      type: "success",
      message: "Booking confirmed: the member is asked to pay",
    });

    const row = (await bookingRow(booking.id))!;
    expect(row.status).toBe("confirmed");
    expect(row.handledBy).toBe("admin@example.com");
    expect(Date.parse(row.handledAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(row.handledAt!)).toBeLessThanOrEqual(testNow().getTime() + 1000);

    const deliveries = await deliveriesOf("booking", booking.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.to).toBe(booking.email);
    expect(["pending", "sent"]).toContain(deliveries[0]!.status);

    // Sent in the background, to the guest: confirmed, the details, and flights may be booked now.
    const [email] = await waitForEmails(booking.email);
    expect(email!.subject).toBe(
      `Your stay at ${booking.locationName} is confirmed: please pay to secure it`,
    );
    expect(email!.text).toContain("Your booking is confirmed");
    expect(email!.text).toContain("Ocean View Suite");
    expect(email!.text).toContain("Sat, Mar 8, 2031");
    expect(email!.text).toContain("A note from our team: Pool towels are free.");
    // Confirmed is not yet booked: flights wait for the payment.
    expect(email!.text).toContain("Please book your flights once your stay is paid");
    expect(email!.html).toContain("Please book your flights once your stay is paid");
    expect(email!.text).not.toContain("You can now book your flights.");

    // A second click, or a decline after it, changes nothing and e-mails no one.
    for (const intent of ["confirm", "decline"]) {
      const again = await post(INBOX, { intent, id: booking.id }, cookie);
      expect(again.status).toBe(302);
      expect(await toastOf(again)).toEqual({
        type: "error",
        message: "This booking was already confirmed by admin@example.com",
      });
    }
    expect(await bookingRow(booking.id)).toEqual(row);
    expect(await deliveriesOf("booking", booking.id)).toHaveLength(1);

    // The inbox shows who confirmed it, and no more buttons.
    const card = await inboxCard(cookie, "?kind=booking&status=confirmed", booking.id);
    expect(textOf(card)).toContain("Confirmed by admin@example.com on");
    expect(card).not.toContain('value="confirm"');
  });

  it("declines: the guest is told it is not available and pointed at other resorts", async () => {
    const booking = await insertBooking();
    const admin = await freshAdmin();
    const response = await post(
      `${INBOX}?kind=booking&status=new`,
      { intent: "decline", id: booking.id },
      admin.cookie,
    );
    expect(response.status).toBe(302);
    // Back to the same filtered view.
    expect(response.headers.get("Location")).toBe(
      `${INBOX}?kind=booking&status=new#request-${booking.id}`,
    );
    expect(await toastOf(response)).toEqual({ type: "success", message: "Booking declined" });

    const row = (await bookingRow(booking.id))!;
    expect(row.status).toBe("declined");
    expect(row.handledBy).toBe(admin.email);
    expect(row.handledAt).not.toBeNull();

    const [email] = await waitForEmails(booking.email);
    expect(email!.subject).toBe(`About your booking request for ${booking.locationName}`);
    expect(email!.text).toContain("Sorry, Grace");
    expect(email!.text).toContain("not available");
    expect(email!.text).toContain("http://localhost/locations");
    expect(email!.text).not.toContain("A note from our team");
    expect(await deliveriesOf("booking", booking.id)).toHaveLength(1);

    const again = await post(INBOX, { intent: "confirm", id: booking.id }, admin.cookie);
    expect((await toastOf(again))?.type).toBe("error");
    expect((await bookingRow(booking.id))!.status).toBe("declined");
    expect(await deliveriesOf("booking", booking.id)).toHaveLength(1);
  });

  it("two admins at once: one transition and one e-mail", async () => {
    const booking = await insertBooking();
    const [first, second] = await Promise.all([freshAdmin(), freshAdmin()]);
    const responses = await Promise.all([
      post(INBOX, { intent: "confirm", id: booking.id }, first.cookie),
      post(INBOX, { intent: "decline", id: booking.id }, second.cookie),
      post(INBOX, { intent: "confirm", id: booking.id }, first.cookie),
    ]);
    const toasts = await Promise.all(responses.map(toastOf));
    expect(toasts.filter((toast) => toast?.type === "success")).toHaveLength(1);
    expect(toasts.filter((toast) => toast?.type === "error")).toHaveLength(2);

    const row = (await bookingRow(booking.id))!;
    expect(["confirmed", "declined"]).toContain(row.status);
    expect([first.email, second.email]).toContain(row.handledBy);
    expect(await deliveriesOf("booking", booking.id)).toHaveLength(1);
    await waitForEmails(booking.email);
  });

  it("refuses a malformed post, an unknown request and an over-long note without changing anything", async () => {
    const booking = await insertBooking();
    const cookie = (await freshAdmin()).cookie;
    const deliveries = await countDeliveries();
    const cases: [Record<string, string>, string][] = [
      [{ intent: "bogus", id: booking.id }, "That request could not be updated"],
      [{ intent: "confirm" }, "That request could not be updated"],
      [{ intent: "handle", kind: "booking", id: booking.id }, "That request could not be updated"],
      [{ intent: "confirm", id: newId() }, "Request not found"],
      [{ intent: "handle", kind: "support-message", id: newId() }, "Request not found"],
      [
        { intent: "confirm", id: booking.id, note: "x".repeat(1001) },
        "Please keep the note under 1000 characters",
      ],
    ];
    for (const [fields, message] of cases) {
      const response = await post(INBOX, fields, cookie);
      expect(response.status).toBe(302);
      expect(await toastOf(response)).toEqual({ type: "error", message });
    }
    expect((await bookingRow(booking.id))!.status).toBe("new");
    expect(await countDeliveries()).toBe(deliveries);
  });
});

describe("marking applications and messages handled", () => {
  it("marks each handled once, with who and when, and e-mails no one", async () => {
    const application = await insertApplication();
    const message = await insertMessage();
    const admin = await freshAdmin();
    const deliveries = await countDeliveries();

    for (const [kind, id] of [
      ["agent-application", application.id],
      ["support-message", message.id],
    ] as const) {
      const response = await post(INBOX, { intent: "handle", kind, id }, admin.cookie);
      expect(response.status).toBe(302);
      expect(await toastOf(response)).toEqual({ type: "success", message: "Marked as handled" });
      const again = await post(INBOX, { intent: "handle", kind, id }, admin.cookie);
      expect(await toastOf(again)).toEqual({
        type: "error",
        message: `This request was already handled by ${admin.email}`,
      });
    }
    const [appRow] = await db
      .select()
      .from(agentApplications)
      .where(eq(agentApplications.id, application.id));
    const [messageRow] = await db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.id, message.id));
    for (const row of [appRow!, messageRow!]) {
      expect(row.status).toBe("handled");
      expect(row.handledBy).toBe(admin.email);
      expect(Number.isNaN(Date.parse(row.handledAt!))).toBe(false);
    }
    expect(await countDeliveries()).toBe(deliveries);

    // The wrong kind for an id finds nothing.
    const wrongKind = await post(
      INBOX,
      { intent: "handle", kind: "support-message", id: application.id },
      admin.cookie,
    );
    expect(await toastOf(wrongKind)).toEqual({ type: "error", message: "Request not found" });
  });
});

describe("who may use the inbox", () => {
  it("refuses visitors and members on GET and POST, and nothing changes", async () => {
    const booking = await insertBooking();
    const application = await insertApplication();
    const message = await insertMessage();
    const ids = { booking: booking.id, application: application.id, message: message.id };
    const before = await statusesOf(ids);
    const deliveries = await countDeliveries();
    const posts: Record<string, string>[] = [
      { intent: "confirm", id: booking.id },
      { intent: "decline", id: booking.id },
      { intent: "handle", kind: "agent-application", id: application.id },
      { intent: "handle", kind: "support-message", id: message.id },
    ];

    const visitorPage = await get(INBOX);
    expect(visitorPage.status).toBe(401);
    expect(await visitorPage.text()).not.toContain(booking.locationName);
    for (const fields of posts) {
      expect((await post(INBOX, fields)).status).toBe(401);
    }

    // A member is refused and signed out each time: a new session per attempt.
    const memberPage = await get(INBOX, await signIn("user-member"));
    expect(memberPage.status).toBe(403);
    expect(await memberPage.text()).not.toContain(booking.locationName);
    for (const fields of posts) {
      expect((await post(INBOX, fields, await signIn("user-member"))).status).toBe(403);
    }

    expect(await statusesOf(ids)).toEqual(before);
    expect(before.every((row) => row.status === "new" && row.handledBy === null)).toBe(true);
    expect(await countDeliveries()).toBe(deliveries);
  });

  it("puts a Requests tab before Users in the admin tabs", async () => {
    const html = await inboxHtml((await freshAdmin()).cookie);
    const nav = html.slice(html.indexOf('aria-label="Admin"'));
    expect(nav.indexOf('href="/admin/requests"')).toBeGreaterThan(-1);
    expect(nav.indexOf('href="/admin/requests"')).toBeLessThan(nav.indexOf('href="/admin/users"'));
  });
});

describe("a member's booking requests on /members", () => {
  it("lists only the member's own requests, with their status", async () => {
    // A member of their own: the seeded member's many requests fill pages of their own.
    const member = await createUser("member");
    const other = await createUser("member");
    const waiting = await insertBooking({
      userId: member.id,
      createdAt: "2990-02-01T00:00:02.000Z",
    });
    const confirmed = await insertBooking({
      userId: member.id,
      status: "confirmed",
      createdAt: "2990-02-01T00:00:01.000Z",
    });
    const declined = await insertBooking({
      userId: member.id,
      status: "declined",
      createdAt: "2990-02-01T00:00:00.000Z",
    });
    const someoneElses = await insertBooking({ userId: other.id });
    const anonymous = await insertBooking({ userId: null });

    const response = await get("/members", await signIn(member.id));
    expect(response.status).toBe(200);
    const html = visibleText(await response.text());
    expect(html).toContain(`Signed in as ${member.email}`);
    expect(html).toContain("Your booking requests");
    const section = html.slice(html.indexOf("Your booking requests"));
    const cards = [waiting, confirmed, declined].map((booking) =>
      section.indexOf(booking.locationName),
    );
    expect(cards.every((position) => position >= 0)).toBe(true);
    expect(cards).toEqual([...cards].sort((a, b) => a - b));
    const between = (from: number, to: number) => section.slice(from, to === -1 ? undefined : to);
    expect(between(cards[0]!, cards[1]!)).toContain("Awaiting confirmation");
    expect(between(cards[1]!, cards[2]!)).toContain("Confirmed");
    expect(between(cards[2]!, section.indexOf("</ul>", cards[2]))).toContain("Declined");
    // A declined request is no upcoming stay: it is listed apart, after the live ones.
    expect(between(section.indexOf("Ended and past requests"), cards[2]!)).not.toContain("</ul>");
    expect(section).toContain("Sat, Mar 8, 2031 – Sat, Mar 15, 2031");
    expect(section).toContain("Ocean View Suite");
    expect(html).not.toContain(someoneElses.locationName);
    expect(html).not.toContain(anonymous.locationName);
  });

  it("shows an empty state that leads to the locations", async () => {
    const member = await createUser("member");
    await insertBooking({ userId: "user-member" });
    const html = visibleText(await (await get("/members", await signIn(member.id))).text());
    expect(html).toContain("Your booking requests");
    expect(html).toContain("You have not sent any booking requests yet.");
    expect(html).toMatch(/<a[^>]*href="\/locations"[^>]*>Browse locations<\/a>/);
  });
});
