import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  bookingRequests,
  devCheckoutSessions,
  paymentEvents,
  type BookingRequest,
} from "~/db/schema";
import { siteConfig } from "~/lib/site.server";
import {
  checkoutParams,
  openCheckout,
  refundPayment,
  signEvent,
  webhookSecret,
} from "~/payments/stripe.server";
import { receiveStripeEvent } from "~/payments/webhook.server";
import { createLocalSession } from "~/payments/local-checkout.server";
import { decideBooking } from "~/request-life/life.server";
import { createUser, signIn } from "./auth-helpers";
import { testNow } from "./clock";
import {
  get,
  HOUR,
  MINUTE,
  ORIGIN,
  post,
  request,
  requestContextAt,
  testApp,
  visibleText,
} from "./helpers";
import {
  at,
  decide,
  emailsAbout,
  historyOf,
  lifeFixture,
  staff,
  statusOf,
  sweep,
  weekOf,
} from "./life-fixture";

const { db, env } = testApp;
const { LOCATION, heldWithWaitlist } = lifeFixture("Cove Pay Resort");

afterEach(() => {
  vi.restoreAllMocks();
});

/** A held week with two members waiting, its holder's request confirmed by staff. */
async function confirmed() {
  const held = await heldWithWaitlist();
  expect(await decide(held.holder.request.id, "confirmed")).toMatchObject({ ok: true });
  const booking = await statusOf(held.holder.request.id);
  return { ...held, booking, payBy: new Date(booking.payBy!) };
}

/** A Checkout Session's event, as Stripe shapes it (only what the webhook reads, and a bit more). */
function sessionEvent(
  booking: BookingRequest,
  type: string,
  {
    amount = Math.round(booking.amountDue! * 100),
    currency = booking.currency.toLowerCase(),
    paymentStatus = "paid",
    requestId = booking.id,
    paymentIntent = `pi_test_${booking.id.slice(0, 8)}`,
    id = `evt_test_${crypto.randomUUID().replaceAll("-", "")}`,
  } = {},
) {
  return {
    id,
    object: "event",
    type,
    created: 1,
    livemode: false,
    data: {
      object: {
        id: `cs_test_${booking.id.slice(0, 8)}`,
        object: "checkout.session",
        amount_total: amount,
        currency,
        metadata: { requestId },
        client_reference_id: requestId,
        payment_intent: paymentIntent,
        payment_status: paymentStatus,
      },
    },
  };
}

/** The webhook's request for `event`, signed with `secret` (the local one) at `signedAt`. */
async function webhookCall(
  event: object,
  { secret, signedAt = testNow() }: { secret?: string; signedAt?: Date } = {},
) {
  const payload = JSON.stringify(event);
  const { app } = requestContextAt();
  const signature = await signEvent(payload, {
    secret: secret ?? (await webhookSecret(app))!,
    now: signedAt,
  });
  return new Request(`${ORIGIN}/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}

/** Stripe calls the webhook (through the whole worker: no cookie, no Origin, no form token). */
const deliver = async (event: object, options?: Parameters<typeof webhookCall>[1]) =>
  request("/webhooks/stripe", await webhookCall(event, options));

/** The webhook as it runs at `now` (the site's one clock moved). */
const deliverAt = async (now: Date, event: object) =>
  at(now, async (app) => receiveStripeEvent(app, await webhookCall(event, { signedAt: now })));

const paidEmails = async (id: string) =>
  (await emailsAbout(id)).filter((email) => email.subject.startsWith("Paid: "));

describe("paying by card through Stripe Checkout", () => {
  it("opens a session through Stripe's library: the server's amount in cents, the estimate's lines, the request's id, one idempotency key per press", async () => {
    const { booking } = await confirmed();
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      Response.json({
        id: "cs_test_1",
        object: "checkout.session",
        url: "https://checkout.stripe.com/c/pay/cs_test_1",
      }),
    );
    const { app } = requestContextAt();
    const withStripe = {
      ...app,
      env: { ...app.env, STRIPE_SECRET_KEY: "sk_test_123" },
      site: { ...app.site, cardPayments: "stripe" as const },
    };
    expect(await openCheckout(withStripe, booking)).toBe(
      "https://checkout.stripe.com/c/pay/cs_test_1",
    );
    await openCheckout(withStripe, booking);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    const [first, second] = fetchSpy.mock.calls.map(
      (call) => new Request(...(call as [RequestInfo, RequestInit])),
    );
    expect(first!.url).toBe("https://api.stripe.com/v1/checkout/sessions");
    expect(first!.method).toBe("POST");
    expect(first!.headers.get("Authorization")).toBe("Bearer sk_test_123");
    const key = first!.headers.get("Idempotency-Key");
    expect(key).toMatch(new RegExp(`^checkout-${booking.id}-`));
    expect(second!.headers.get("Idempotency-Key")).not.toBe(key);
    const form = new URLSearchParams(await first!.text());
    expect(form.get("mode")).toBe("payment");
    expect(form.get("metadata[requestId]")).toBe(booking.id);
    expect(form.get("client_reference_id")).toBe(booking.id);
    expect(form.get("line_items[0][price_data][currency]")).toBe("usd");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("210000");
    expect(form.get("line_items[0][price_data][product_data][name]")).toContain(
      `${LOCATION.name}, Two-Bedroom Suite: `,
    );
    expect(form.get("line_items[1][price_data][unit_amount]")).toBeNull();
    expect(form.get("customer_email")).toBe(booking.email);
    expect(form.get("success_url")).toBe(`${ORIGIN}/members/requests/${booking.id}?paid`);
    // The session ends by the deadline, and within Stripe's bounds (30 minutes to a day).
    const expiresAt = Number(form.get("expires_at")) * 1000;
    expect(expiresAt).toBeLessThanOrEqual(testNow().getTime() + 24 * HOUR);
    expect(expiresAt).toBeGreaterThan(testNow().getTime() + 30 * MINUTE);
    expect(expiresAt).toBeLessThanOrEqual(Date.parse(booking.payBy!));
  });

  it("its lines add up to the amount due to the cent: the week, then each nightly charge as the estimate words it", () => {
    const base = {
      id: "r1",
      email: "a@example.com",
      payBy: null,
      weekId: "w1",
      checkInDate: "2027-01-02",
      checkOutDate: "2027-01-09",
      locationName: "Cove",
      roomTypeName: "Suite",
      currency: "EUR",
      quotedCharges: [
        { label: "Resort fee", perNight: 12.5 },
        { label: "Tourist tax", perNight: 3.33 },
      ],
    } as unknown as BookingRequest;
    const params = checkoutParams(
      { ...base, estimatedTotal: 2211.81, amountDue: 2211.81 },
      { origin: ORIGIN, now: new Date(0) },
    );
    const lines = params.line_items!.map((line) => [
      line.price_data!.product_data!.name,
      line.price_data!.unit_amount,
    ]);
    expect(lines).toEqual([
      ["Cove, Suite: Sat, Jan 2, 2027 to Sat, Jan 9, 2027 (weekly rate)", 210_100],
      ["Resort fee (€12.50 × 7 nights)", 8750],
      ["Tourist tax (€3.33 × 7 nights)", 2331],
    ]);
    expect(params.line_items![0]!.price_data!.currency).toBe("eur");
    // An amount staff set apart from the estimate is one line for the stay.
    const changed = checkoutParams(
      { ...base, estimatedTotal: 2211.81, amountDue: 2000 },
      { origin: ORIGIN, now: new Date(0) },
    );
    expect(changed.line_items!.map((line) => line.price_data!.unit_amount)).toEqual([200_000]);
  });

  it("refunds through Stripe's library, once per payment however often asked", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => Response.json({ id: "re_1", object: "refund" }));
    const { app } = requestContextAt();
    await refundPayment(
      {
        ...app,
        env: { ...app.env, STRIPE_SECRET_KEY: "sk_test_123" },
        site: { ...app.site, cardPayments: "stripe" },
      },
      "pi_test_late",
    );
    const call = new Request(...(fetchSpy.mock.calls[0] as [RequestInfo, RequestInit]));
    expect(call.url).toBe("https://api.stripe.com/v1/refunds");
    expect(call.headers.get("Idempotency-Key")).toBe("refund-pi_test_late");
    expect(new URLSearchParams(await call.text()).get("payment_intent")).toBe("pi_test_late");
  });

  it("the member's page and e-mail lead to the pay page, whose Pay now opens the local checkout; Pay there books the stay", async () => {
    const { holder, first, week } = await confirmed();
    const id = holder.request.id;
    const confirmation = (await emailsAbout(id)).find((email) =>
      email.subject.includes("is confirmed: please pay to secure it"),
    );
    expect(confirmation?.text).toContain(`Pay now: ${ORIGIN}/members/requests/${id}/pay`);
    const page = visibleText(await (await get(`/members/requests/${id}`, holder.cookie)).text());
    expect(page).toContain("Pay now");
    const payPage = visibleText(
      await (await get(`/members/requests/${id}/pay`, holder.cookie)).text(),
    );
    expect(payPage).toContain("Pay US$2,100 now");
    expect(payPage).toContain("Weekly rate");
    // Another member's request is not theirs to pay.
    expect((await get(`/members/requests/${id}/pay`, first.cookie)).status).toBe(404);

    const opened = await post(`/members/requests/${id}/pay`, {}, holder.cookie);
    expect(opened.status).toBe(303);
    const checkout = new URL(opened.headers.get("Location")!);
    expect(checkout.pathname).toMatch(/^\/dev\/checkout\/cs_local_/);
    const shown = visibleText(await (await get(checkout.pathname)).text());
    expect(shown).toContain("US$2,100");
    expect(shown).toContain("Pay later (bank debit)");

    const paid = await post(checkout.pathname, { choice: "pay" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(`${ORIGIN}/members/requests/${id}?paid`);
    expect(await statusOf(id)).toMatchObject({ status: "paid" });
    expect((await statusOf(id)).paymentReference).toMatch(/^pi_local_/);
    expect(await weekOf(week.id)).toMatchObject({ state: "booked", requestId: id });
    expect(await statusOf(first.request.id)).toMatchObject({ status: "closed" });
    // Pressed again (a second tab), the checkout has moved on: nothing more happens.
    expect((await post(checkout.pathname, { choice: "pay" })).status).toBe(409);
    const after = visibleText(
      await (await get(`/members/requests/${id}?paid`, holder.cookie)).text(),
    );
    expect(after).toContain("Your stay is paid and booked");
    expect(after).toContain("Add the stay to your calendar");
    // Nothing left to pay: the pay page leads back to the request.
    expect((await get(`/members/requests/${id}/pay`, holder.cookie)).headers.get("Location")).toBe(
      `/members/requests/${id}`,
    );
  });
  it("a stay confirmed with no amount offers no card payment: the member is told the amount comes by e-mail", async () => {
    const held = await heldWithWaitlist();
    const id = held.holder.request.id;
    await db
      .update(bookingRequests)
      .set({ estimatedTotal: null })
      .where(eq(bookingRequests.id, id));
    expect(await decide(id, "confirmed")).toMatchObject({ ok: true });
    const page = visibleText(
      await (await get(`/members/requests/${id}`, held.holder.cookie)).text(),
    );
    expect(page).not.toContain("Pay now");
    const payPage = visibleText(
      await (await get(`/members/requests/${id}/pay`, held.holder.cookie)).text(),
    );
    expect(payPage).toContain("Our team writes to you with the amount to pay.");
    expect(payPage).not.toMatch(/Pay US\$/);
    expect((await post(`/members/requests/${id}/pay`, {}, held.holder.cookie)).status).toBe(409);
  });
});

describe("Stripe's webhook", () => {
  it("a paid session books the stay once: fifty copies of the event at once make one change and one e-mail each", async () => {
    const { booking, first } = await confirmed();
    const event = sessionEvent(booking, "checkout.session.completed");
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(event)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const bodies = await Promise.all(answers.map((answer) => answer.json<{ applied: boolean }>()));
    expect(bodies.filter((body) => body.applied)).toHaveLength(1);
    expect(await statusOf(booking.id)).toMatchObject({
      status: "paid",
      paymentReference: event.data.object.payment_intent,
    });
    const told = await paidEmails(booking.id);
    expect(told.map((email) => email.to).sort()).toEqual(
      [booking.email, "staff@insiderstays.example"].sort(),
    );
    expect(told.find((email) => email.to !== booking.email)?.text).toContain(
      `Paid by card through Stripe (payment ${event.data.object.payment_intent}).`,
    );
    expect(await statusOf(first.request.id)).toMatchObject({ status: "closed" });
    expect(
      await db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id)),
    ).toHaveLength(1);
    expect((await historyOf(booking.id)).filter((entry) => entry === "paid")).toHaveLength(1);
    // Replayed a day later (Stripe retries): nothing changes, nothing is refunded.
    const replay = await (await deliverAt(new Date(testNow().getTime() + 24 * HOUR), event)).json();
    expect(replay).toMatchObject({ applied: false, why: "a copy of an event already applied" });
    expect(await paidEmails(booking.id)).toHaveLength(2);
  });

  it("a forged signature, a stale one, a wrong amount or currency, an unknown request: nothing changes", async () => {
    const { booking } = await confirmed();
    const paid = sessionEvent(booking, "checkout.session.completed");
    const forged = await deliver(paid, { secret: "whsec_someone_else" });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("Webhook signature verification failed");
    const stale = await deliver(paid, { signedAt: new Date(testNow().getTime() - 10 * MINUTE) });
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain("Timestamp outside the tolerance zone");
    const unsigned = await request("/webhooks/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(paid),
    });
    expect(unsigned.status).toBe(400);
    for (const [wrong, why] of [
      [
        sessionEvent(booking, "checkout.session.completed", { amount: 100 }),
        "the session is for 100 usd",
      ],
      [
        sessionEvent(booking, "checkout.session.completed", { currency: "eur" }),
        "the session is for 210000 eur",
      ],
      [
        sessionEvent(booking, "checkout.session.completed", { requestId: "no-such-request" }),
        "no request no-such-request",
      ],
    ] as const) {
      const answer = await deliver(wrong);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({
        applied: false,
        why: expect.stringContaining(why),
      });
    }
    const expired = await deliver(sessionEvent(booking, "checkout.session.expired"));
    expect(await expired.json()).toMatchObject({ applied: false });
    expect(await statusOf(booking.id)).toMatchObject({ status: "confirmed", paidAt: null });
    expect(await paidEmails(booking.id)).toHaveLength(0);
  });

  it("a payment racing the deadline's sweep: exactly one wins; a payment that loses is refunded, and the member told once", async () => {
    const { booking, payBy } = await confirmed();
    const { app } = requestContextAt();
    const session = await createLocalSession(
      db,
      booking.id,
      checkoutParams(booking, { origin: ORIGIN, now: app.now }),
    );
    const event = sessionEvent(booking, "checkout.session.completed", {
      paymentIntent: session.paymentIntent,
    });
    const late = new Date(payBy.getTime() + MINUTE);
    const [answer] = await Promise.all([deliverAt(late, event), sweep(late)]);
    expect(answer.status).toBe(200);
    const { status } = await statusOf(booking.id);
    expect(["paid", "payment-lapsed"]).toContain(status);
    // Sent again (Stripe retries), it changes nothing more: a late payment is refunded once.
    await deliverAt(new Date(late.getTime() + MINUTE), event);
    const subjects = (await emailsAbout(booking.id)).map((email) => email.subject);
    const [kept] = await db
      .select()
      .from(devCheckoutSessions)
      .where(eq(devCheckoutSessions.id, session.id));
    const outcome = {
      status,
      receipts: subjects.filter((subject) => subject.startsWith("Paid: ")).length,
      lapsed: subjects.filter((subject) => subject.includes("was not paid in time")).length,
      refunded: subjects.filter((subject) => subject.startsWith("We refunded your payment")).length,
      session: kept?.status,
    };
    expect(outcome).toEqual(
      status === "paid"
        ? { status, receipts: 2, lapsed: 0, refunded: 0, session: "open" }
        : { status, receipts: 0, lapsed: 1, refunded: 1, session: "refunded" },
    );
  });

  it("a payment that comes after the stay was let go is refunded in full, and member and staff are told", async () => {
    const { booking, payBy } = await confirmed();
    await sweep(new Date(payBy.getTime() + MINUTE));
    expect(await statusOf(booking.id)).toMatchObject({ status: "payment-lapsed" });
    const answer = await deliverAt(
      new Date(payBy.getTime() + 2 * MINUTE),
      sessionEvent(booking, "checkout.session.completed"),
    );
    expect(await answer.json()).toMatchObject({
      applied: false,
      why: expect.stringContaining("was refunded"),
    });
    const refunds = (await emailsAbout(booking.id)).filter((email) =>
      email.subject.includes("refunded"),
    );
    expect(refunds.map((email) => email.to).sort()).toEqual(
      [booking.email, "staff@insiderstays.example"].sort(),
    );
    expect(refunds.find((email) => email.to === booking.email)?.text).toContain(
      "it arrived after the deadline, when the stay had already been let go. We refunded it in full",
    );
    expect(await statusOf(booking.id)).toMatchObject({ status: "payment-lapsed", paidAt: null });
  });

  it("a bank debit on its way keeps the stay past the deadline; failed, the member may pay again, and past the deadline the sweep lets it go", async () => {
    const { booking, payBy } = await confirmed();
    const processing = await deliver(
      sessionEvent(booking, "checkout.session.completed", { paymentStatus: "unpaid" }),
    );
    expect(await processing.json()).toMatchObject({ applied: true });
    expect(await historyOf(booking.id)).toContain("payment-processing");
    expect((await emailsAbout(booking.id)).map((email) => email.subject)).toContain(
      `Your payment for ${LOCATION.name} is on its way`,
    );
    await sweep(new Date(payBy.getTime() + MINUTE));
    expect(await statusOf(booking.id)).toMatchObject({ status: "confirmed" });

    const failedAt = new Date(payBy.getTime() + 2 * MINUTE);
    const failed = await deliverAt(
      failedAt,
      sessionEvent(booking, "checkout.session.async_payment_failed", { paymentStatus: "unpaid" }),
    );
    expect(await failed.json()).toMatchObject({ applied: true });
    const told = (await emailsAbout(booking.id)).filter(
      (email) =>
        email.subject.includes("did not go through") || email.subject.startsWith("Payment failed"),
    );
    expect(told.map((email) => email.to).sort()).toEqual(
      [booking.email, "staff@insiderstays.example"].sort(),
    );
    await sweep(new Date(failedAt.getTime() + MINUTE));
    expect(await statusOf(booking.id)).toMatchObject({ status: "payment-lapsed" });
  });

  it("a bank debit that succeeds books the stay; staff's cards say the payment's state", async () => {
    const { booking } = await confirmed();
    const admin = await createUser("admin");
    const cookie = await signIn(admin.id, { aal: "aal2" });
    const cardOf = async (status: string) => {
      const html = await (
        await get(`/admin/requests?kind=booking&status=${status}`, cookie)
      ).text();
      const start = html.indexOf(`id="request-${booking.id}"`);
      expect(start).toBeGreaterThan(-1);
      return visibleText(html.slice(start, html.indexOf("</article>", start)));
    };
    await deliver(sessionEvent(booking, "checkout.session.completed", { paymentStatus: "unpaid" }));
    expect(await cardOf("unpaid")).toContain("A payment by bank debit is on its way (since ");
    const succeeded = await deliver(
      sessionEvent(booking, "checkout.session.async_payment_succeeded"),
    );
    expect(await succeeded.json()).toMatchObject({ applied: true });
    expect(await statusOf(booking.id)).toMatchObject({ status: "paid" });
    expect(await cardOf("paid")).toContain(
      `Paid by card through Stripe: pi_test_${booking.id.slice(0, 8)}`,
    );
  });

  it("refuses a body that is too large, and takes no other method", async () => {
    const big = await request("/webhooks/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=x" },
      body: "x".repeat(300_000),
    });
    expect(big.status).toBe(413);
    const got = await request("/webhooks/stripe");
    expect(got.status).toBe(405);
    expect(got.headers.get("Allow")).toBe("POST");
  });
});

describe("the payment deadline", () => {
  it("is a setting: PAYMENT_HOURS hours from staff's confirmation, 72 when unset or out of bounds", async () => {
    const req = new Request(`${ORIGIN}/`);
    expect(siteConfig({ ...env, PAYMENT_HOURS: "48" }, req).paymentHours).toBe(48);
    expect(siteConfig({ ...env, PAYMENT_HOURS: "" }, req).paymentHours).toBe(72);
    expect(siteConfig({ ...env, PAYMENT_HOURS: "9999" }, req).paymentHours).toBe(72);
    const { holder } = await heldWithWaitlist();
    const confirmedAt = testNow();
    const { app, settle } = requestContextAt(confirmedAt);
    await decideBooking(
      { ...app, site: siteConfig({ ...env, PAYMENT_HOURS: "48" }, req) },
      { id: holder.request.id, decision: "confirmed", adminEmail: staff },
    );
    await settle();
    expect((await statusOf(holder.request.id)).payBy).toBe(
      new Date(confirmedAt.getTime() + 48 * HOUR).toISOString(),
    );
  });
});
