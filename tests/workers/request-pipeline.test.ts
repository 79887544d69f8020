import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAppContext } from "~/context";
import { createDb } from "~/db/client.server";
import { bookingRequests, emailDeliveries, supportMessages } from "~/db/schema";
import { queuedEmail, queueEmails } from "~/email/deliveries.server";
import { DomainError } from "~/lib/errors.server";
import { agentApplicationSchema } from "~/guest-requests/agent-application";
import { agentApplicationKind } from "~/guest-requests/agent-application.server";
import { bookingSchema } from "~/guest-requests/booking";
import { bookingKind } from "~/guest-requests/booking.server";
import { transitionToast } from "~/guest-requests/inbox-decisions.server";
import { listInbox } from "~/guest-requests/inbox.server";
import {
  storeRequest,
  type RequestKindDefinition,
  type RequestTable,
  type SenderInput,
} from "~/guest-requests/store.server";
import { supportMessageSchema } from "~/guest-requests/support-message";
import { supportMessageKind } from "~/guest-requests/support-message.server";
import { visibleSeed } from "./helpers";
import { SEEDED_MEMBER } from "./auth-helpers";
import { daysFromResortToday, resortToday, testNow } from "./clock";
import { placeTimeZone } from "~/catalogue/time-zones";

/*
 * The request pipeline's modules on their own: the one store for every kind, the e-mails queued
 * only when their condition holds, and the staff inbox's typed rows.
 */

const db = createDb(env.DB);

/** The request context of a request to the site, and a way to wait for its background work. */
function appContext() {
  const ctx = createExecutionContext();
  return {
    app: createAppContext({ env, ctx }, new Request("http://localhost/contact")),
    settled: () => waitOnExecutionContext(ctx),
  };
}

const deliveriesOf = (requestId: string) =>
  db.select().from(emailDeliveries).where(eq(emailDeliveries.requestId, requestId));

const sender = () => ({
  firstName: "Rosa",
  lastName: "Parks",
  email: `Rosa-${crypto.randomUUID()}@Example.com`,
  phone: "+1 555 0123",
  idempotencyKey: crypto.randomUUID(),
});

/** Stores the request twice with the same one-time key. */
async function storeTwice<Table extends RequestTable, Input extends SenderInput>(
  kind: RequestKindDefinition<Table, Input>,
  input: Input,
) {
  const { app, settled } = appContext();
  const first = await storeRequest(app, kind, input, null);
  const replay = await storeRequest(app, kind, input, null);
  await settled();
  const emails = await deliveriesOf(first.id);
  return { first, replay, recipients: emails.map((email) => email.to).sort(), emails };
}

describe("storing a request", () => {
  it("stores a visitor's agent application with its e-mail to staff (no receipt to a typed address); a replayed key stores nothing", async () => {
    const input = agentApplicationSchema.parse({
      ...sender(),
      isCurrentAgent: "yes",
      currentOccupation: "Travel consultant",
      whyThrive: "I have sent friends to the same resort for ten years and they all came back.",
    });
    const { first, replay, recipients, emails } = await storeTwice(agentApplicationKind, input);
    expect(first.created).toBe(true);
    expect(replay).toEqual({ id: first.id, created: false, email: input.email.toLowerCase() });
    expect(recipients).toEqual([env.STAFF_EMAIL]);
    expect(emails.every((email) => email.requestKind === "agent-application")).toBe(true);
  });

  it("stores a visitor's support message with its e-mail to staff; a replayed key stores nothing", async () => {
    const input = supportMessageSchema.parse({ ...sender(), message: "Is the pool heated?" });
    const { first, replay, recipients, emails } = await storeTwice(supportMessageKind, input);
    expect(first.created).toBe(true);
    expect(replay).toEqual({ id: first.id, created: false, email: input.email.toLowerCase() });
    expect(recipients).toEqual([env.STAFF_EMAIL]);
    expect(emails.every((email) => email.requestKind === "support-message")).toBe(true);
  });

  it("refuses a booking of a room the resort does not offer, on the room type field", async () => {
    const location = visibleSeed[0]!;
    const zone = placeTimeZone(location);
    const input = bookingSchema({ today: resortToday(zone) }).parse({
      ...sender(),
      location: location.slug,
      roomType: "no-such-room",
      checkInDate: daysFromResortToday(zone, 30),
      checkOutDate: daysFromResortToday(zone, 37),
      adults: "2",
    });
    const { app } = appContext();
    const refused = await storeRequest(app, bookingKind, input, SEEDED_MEMBER).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: "invalid", field: "roomType", status: 400 });
    expect(refused).toHaveProperty("message", "Please select a room type");
    const stored = await db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.idempotencyKey, input.idempotencyKey!));
    expect(stored).toHaveLength(0);
  });
});

describe("queueing e-mails", () => {
  it("stores an e-mail only when its condition finds the request's row", async () => {
    const requestId = crypto.randomUUID();
    const email = queuedEmail({
      to: "nobody@example.com",
      subject: "Never queued",
      content: { siteName: "Insider Stays", heading: "Hello", paragraphs: ["Nothing to see."] },
    });
    await Promise.all(
      queueEmails(
        db,
        { table: supportMessages, where: eq(supportMessages.id, requestId) },
        { kind: "support-message", requestId, emails: [email], now: testNow() },
      ),
    );
    expect(await deliveriesOf(requestId)).toHaveLength(0);
  });
});

describe("the staff inbox's rows", () => {
  it("keeps the sender's e-mail and the member account's e-mail apart", async () => {
    const id = crypto.randomUUID();
    await db.insert(bookingRequests).values({
      id,
      idempotencyKey: id,
      userId: "user-member",
      firstName: "Grace",
      lastName: "Hopper",
      email: `guest-${id}@example.com`,
      phone: "+1 555 0199",
      checkInDate: "2999-03-06",
      checkOutDate: "2999-03-13",
      adults: 2,
      locationId: "loc-test",
      locationName: "Sea Breeze",
      locationCity: "Lahaina",
      locationState: "Hawaii",
      locationCountry: "United States",
      roomTypeId: "room-test",
      roomTypeName: "Ocean View Suite",
      createdAt: "2999-01-01T00:00:00.000Z",
    });
    const inbox = await listInbox(db, { kind: "booking", status: "new", page: 1 });
    const item = inbox.items.find((candidate) => candidate.id === id);
    expect(item).toMatchObject({
      kind: "booking",
      email: `guest-${id}@example.com`,
      accountEmail: "member@example.com",
      place: "Lahaina, Hawaii, United States",
      nights: 7,
      emails: [],
    });
    expect(inbox.newCounts.booking).toBeGreaterThanOrEqual(1);
  });

  it("tells staff what happened to their action", () => {
    const confirm = { intent: "confirm", id: "x" } as const;
    const handle = { intent: "handle", kind: "support-message", id: "x" } as const;
    expect(transitionToast(confirm, { ok: true })).toEqual({
      type: "success",
      message: "Booking confirmed: the member is asked to pay",
    });
    expect(transitionToast(handle, { ok: false, reason: "not-found" })).toEqual({
      type: "error",
      message: "Request not found",
    });
    expect(
      transitionToast(handle, {
        ok: false,
        reason: "already-handled",
        status: "handled",
        waitlist: false,
        handledBy: "ops@example.com",
      }),
    ).toEqual({ type: "error", message: "This request was already handled by ops@example.com" });
  });
});
