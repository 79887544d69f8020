import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { type AppContext } from "~/context";
import { bookingRequests, paymentEvents, type BookingRequest } from "~/db/schema";
import { deliverLater, queuedEmail, queueEmails } from "~/email/deliveries.server";
import { refundedEmails } from "~/guest-requests/booking-emails.server";
import { readText } from "~/lib/body.server";
import { isDomainError } from "~/lib/errors.server";
import { minorUnits, money } from "~/lib/money";
import { payByCard, paymentUnderway, type RequestChangeResult } from "~/request-life/life.server";
import { isSignatureError, refundPayment, verifiedEvent, webhookSecret } from "./stripe.server";

/**
 * Stripe's webhook: each event's signature is checked on the raw body, then a Checkout Session's
 * event is checked against the stored request (its id, amount and currency) before anything
 * changes, and applied once (its id stored in the batch of the change). A forged event is answered
 * 400; one that changes nothing (a copy, a mismatch, one after the stay was let go) 200, with why
 * in the log, so Stripe stops sending it; a failure of ours 500, so Stripe sends it again.
 */

/** Stripe's events are a few kilobytes. */
const EVENT_BYTES = 262_144;

interface Outcome {
  applied: boolean;
  why: string;
}

const answer = (text: string, status: number) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** Receives one webhook call (the route, and the local checkout's events, come through here). */
export async function receiveStripeEvent(app: AppContext, request: Request): Promise<Response> {
  if (!app.site.cardPayments) return answer("Card payments are off.", 404);
  const secret = await webhookSecret(app);
  if (!secret) {
    console.error("stripe webhook: STRIPE_WEBHOOK_SECRET is not set; Stripe will send again");
    return answer("The webhook is not configured yet.", 503);
  }
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return answer("No Stripe-Signature header.", 400);
  let payload: string;
  try {
    payload = await readText(request, { maxBytes: EVENT_BYTES });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return answer(error.message, error.code === "too-large" ? 413 : 400);
  }
  let event: Stripe.Event;
  try {
    event = await verifiedEvent(payload, signature, { secret, now: app.now });
  } catch (error) {
    if (!isSignatureError(error)) throw error;
    console.warn(`stripe webhook: refused, ${(error as Error).message}`);
    return answer(`Webhook signature verification failed: ${(error as Error).message}`, 400);
  }
  const outcome = await applyEvent(app, event);
  console.log(
    `stripe webhook: ${event.id} ${event.type} ${outcome.applied ? "applied" : "changed nothing"}: ${outcome.why}`,
  );
  return Response.json({ received: true, ...outcome });
}

/** A Checkout Session's event, checked against its request, then applied (or not, and why). */
async function applyEvent(app: AppContext, event: Stripe.Event): Promise<Outcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired":
      break;
    default:
      return { applied: false, why: "not an event the site acts on" };
  }
  const session = event.data.object;
  const id = session.metadata?.requestId ?? session.client_reference_id;
  if (!id) return { applied: false, why: "the session names no request" };
  const [booking] = await app.db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
  if (!booking) return { applied: false, why: `no request ${id}` };
  const mismatch = amountMismatch(session, booking);
  if (mismatch) return { applied: false, why: mismatch };
  const ref = { id: event.id, type: event.type };
  const reference = paymentReference(session);
  if (event.type === "checkout.session.expired") {
    return {
      applied: false,
      why: "the checkout expired unpaid: the stay awaits payment until its deadline",
    };
  }
  if (event.type === "checkout.session.async_payment_failed") {
    return told(
      await paymentUnderway(app, { id, event: ref, outcome: "failed" }),
      "the payment failed: the member may pay again until the deadline",
    );
  }
  if (event.type === "checkout.session.completed" && session.payment_status === "unpaid") {
    return told(
      await paymentUnderway(app, { id, event: ref, outcome: "processing" }),
      "the payment is on its way: the deadline waits for it",
    );
  }
  if (session.payment_status !== "paid") {
    return { applied: false, why: `the session's payment is ${session.payment_status}` };
  }
  const result = await payByCard(app, { id, event: ref, reference });
  if (result.ok) return { applied: true, why: "paid: the stay is booked" };
  return refundUnapplied(app, { booking, event: ref, reference, result });
}

/** The session's amount and currency are the stored request's, to the cent. */
function amountMismatch(session: Stripe.Checkout.Session, booking: BookingRequest) {
  const due = booking.amountDue;
  if (due === null) return `request ${booking.id} has no amount due`;
  const currency = booking.currency.toLowerCase();
  if (session.currency !== currency || session.amount_total !== minorUnits(due)) {
    return `the session is for ${session.amount_total} ${session.currency}, the request asks ${minorUnits(due)} ${currency}`;
  }
  return null;
}

/** The payment's reference at Stripe: its payment intent (the session's, if it has none). */
const paymentReference = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === "string"
    ? session.payment_intent
    : (session.payment_intent?.id ?? session.id);

const told = (result: RequestChangeResult, why: string): Outcome =>
  result.ok ? { applied: true, why } : { applied: false, why: refusedWhy(result) };

const refusedWhy = (result: RequestChangeResult) =>
  result.ok
    ? ""
    : result.reason === "already-handled"
      ? `the request is ${result.status}`
      : result.reason;

/**
 * A card payment that did not pay for the stay: a copy of an event already applied changes
 * nothing; a payment after the stay was let go (or for a stay already paid otherwise) is refunded
 * in full, and the member and staff are told, once.
 */
async function refundUnapplied(
  app: AppContext,
  {
    booking,
    event,
    reference,
    result,
  }: {
    booking: BookingRequest;
    event: { id: string };
    reference: string;
    result: RequestChangeResult;
  },
): Promise<Outcome> {
  const { db, site, now } = app;
  const [current] = await db
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.id, booking.id));
  const [applied] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, event.id));
  if (applied || current?.paymentReference === reference) {
    return { applied: false, why: "a copy of an event already applied" };
  }
  if (!current || current.status === "confirmed") {
    // Another event for the stay is moving it right now: Stripe sends this one again.
    throw new Error(`stripe webhook: ${event.id} raced another change of ${booking.id}`);
  }
  await refundPayment(app, reference);
  const why = current.status === "paid" ? "already-paid" : "late";
  const amount = money(current.amountDue ?? 0, current.currency);
  const emails = refundedEmails(current, { amount, why }, site).map((draft, index) =>
    queuedEmail(draft, `${current.id}:refund:${reference}:${index}`),
  );
  const queued = await db.batch(
    queueEmails(
      db,
      { table: bookingRequests, where: eq(bookingRequests.id, current.id) },
      { kind: "booking", requestId: current.id, emails, now },
    ) as [ReturnType<typeof queueEmails>[number]],
  );
  if (queued.some((result) => result.meta.changes > 0)) {
    deliverLater(app, emails, `booking ${current.id} refund`);
  }
  return {
    applied: false,
    why: `${refusedWhy(result)}: the payment (${reference}) was refunded`,
  };
}
