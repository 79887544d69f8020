import { and, eq, inArray } from "drizzle-orm";
import type Stripe from "stripe";
import { type Db } from "~/db/client.server";
import { devCheckoutSessions, type DevCheckoutSession } from "~/db/schema";

/**
 * The local checkout's sessions (local development without a Stripe key): what the site asked
 * Stripe for, kept to show on /dev/checkout, with the payment's state there.
 */

/** Stores a session as Stripe would open it, with ids shaped like Stripe's. */
export async function createLocalSession(
  db: Db,
  requestId: string,
  params: Stripe.Checkout.SessionCreateParams,
) {
  const [session] = await db
    .insert(devCheckoutSessions)
    .values({
      id: `cs_local_${crypto.randomUUID().replaceAll("-", "")}`,
      requestId,
      params,
      paymentIntent: `pi_local_${crypto.randomUUID().replaceAll("-", "")}`,
      expiresAt: new Date((params.expires_at ?? 0) * 1000).toISOString(),
    })
    .returning();
  return session!;
}

export async function localSession(db: Db, id: string) {
  const [session] = await db
    .select()
    .from(devCheckoutSessions)
    .where(eq(devCheckoutSessions.id, id))
    .limit(1);
  return session ?? null;
}

/** Moves a session on from the states it may leave (one of two presses wins). */
export async function moveLocalSession(
  db: Db,
  id: string,
  from: DevCheckoutSession["status"][],
  to: DevCheckoutSession["status"],
) {
  const moved = await db
    .update(devCheckoutSessions)
    .set({ status: to })
    .where(and(eq(devCheckoutSessions.id, id), inArray(devCheckoutSessions.status, from)))
    .returning({ id: devCheckoutSessions.id });
  return moved.length > 0;
}

/** A refund, as the local checkout keeps it: the paid session says it was refunded. */
export async function refundLocalPayment(db: Db, paymentIntent: string) {
  await db
    .update(devCheckoutSessions)
    .set({ status: "refunded" })
    .where(eq(devCheckoutSessions.paymentIntent, paymentIntent));
}
