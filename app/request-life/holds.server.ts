import { and, eq, exists, ne, notExists, or, sql, type SQL } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { bookingRequests, emailDeliveries, weeks, type BookingStatus } from "~/db/schema";
import { heldFor, holdUntil, weekOpen } from "./rules.server";
import { type OwnDates, weeksWithin, confirmedStaysWithin } from "~/weeks/week-sql.server";

/**
 * The hold a member's request puts on a week, or on the weeks its own dates take a night of, and
 * the booking staff's confirmation makes of it: statements for the request's own batch, each one
 * conditional, so that of requests at once exactly one wins.
 */

/** The room's weeks the stay shares a night with that are not open. */
const unavailableWeeksWithin = (db: Db, stay: OwnDates) =>
  db
    .select({ id: weeks.id })
    .from(weeks)
    .where(and(weeksWithin(stay), ne(weeks.state, "open")));

/** The room's weeks the stay shares a night with that its request does not hold. */
const weeksWithinNotHeldBy = (db: Db, stay: Required<OwnDates>) =>
  db
    .select({ id: weeks.id })
    .from(weeks)
    .where(
      and(
        weeksWithin(stay),
        or(
          ne(weeks.state, "requested"),
          sql`coalesce(${weeks.requestId}, '') <> ${stay.requestId}`,
        ),
      ),
    );

/**
 * A request for the member's own dates holds the weeks it takes a night of, as a request for a
 * week holds its week: `take` holds them all, only if all are open (one statement, so of members
 * asking at once for nights of one week exactly one gets them, and `unless` keeps it from holding
 * any); `refused` is true when it holds not all of them, for the request's `undo`.
 */
export function holdOwnDates(
  db: Db,
  { stay, now, unless }: { stay: Required<OwnDates>; now: Date; unless: SQL | undefined },
) {
  return {
    take: db
      .update(weeks)
      .set({
        state: "requested",
        requestId: stay.requestId,
        heldUntil: holdUntil(now),
        updatedAt: now.toISOString(),
      })
      .where(
        and(
          weeksWithin(stay),
          weekOpen,
          notExists(unavailableWeeksWithin(db, stay)),
          unless ? sql`not ${unless}` : undefined,
        ),
      ),
    refused: exists(weeksWithinNotHeldBy(db, stay)),
  };
}

/**
 * For the confirming update: every week the stay takes a night of is still its own (held by it,
 * or open). Another member's hold or a closed week keeps it from being confirmed.
 */
const ownDatesStillOpen = (db: Db, stay: Required<OwnDates>) =>
  notExists(
    db
      .select({ id: weeks.id })
      .from(weeks)
      .where(
        and(
          weeksWithin(stay),
          ne(weeks.state, "open"),
          or(
            ne(weeks.state, "requested"),
            sql`coalesce(${weeks.requestId}, '') <> ${stay.requestId}`,
          ),
        ),
      ),
  );

/**
 * For the confirming update of any request: no other confirmed request of the room shares one of
 * its nights. In the update itself, so of requests confirmed at once only the first applies.
 */
export const nightsStillFree = (db: Db, stay: Required<OwnDates>) =>
  notExists(confirmedStaysWithin(db, stay));

/** A stay staff decide on: its week, or (no week) the member's own dates, and its request. */
export interface GivenStay extends Required<OwnDates> {
  weekId: string | null;
}

/** The weeks the stay takes that are its own to take: held by it, or open. */
const weeksFreeFor = (stay: GivenStay) =>
  and(
    stay.weekId ? eq(weeks.id, stay.weekId) : weeksWithin(stay),
    or(weekOpen, heldFor(stay.requestId)),
  );

/** The request moved to `status` at `at`: by this very batch, not another admin's. */
const movedAt = (db: Db, requestId: string, status: BookingStatus, at: string) =>
  exists(
    db
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .where(
        and(
          eq(bookingRequests.id, requestId),
          eq(bookingRequests.status, status),
          eq(bookingRequests.changedAt, at),
        ),
      ),
  );

/**
 * Staff confirmed the stay (at `at`): the weeks it takes (held by it, or open) are held in its
 * member's name until `until`, the payment's deadline; nobody else can ask for them meanwhile, and
 * members may still wait for them.
 */
export const holdForPayment = (db: Db, stay: GivenStay, at: string, until: string) =>
  db
    .update(weeks)
    .set({ state: "requested", requestId: stay.requestId, heldUntil: until, updatedAt: at })
    .where(and(weeksFreeFor(stay), movedAt(db, stay.requestId, "confirmed", at)));

/** The stay was paid for (at `at`): the weeks held for it are booked. */
export const bookStay = (db: Db, stay: GivenStay, at: string) =>
  db
    .update(weeks)
    .set({ state: "booked", heldUntil: null, updatedAt: at })
    .where(
      and(
        stay.weekId ? eq(weeks.id, stay.weekId) : weeksWithin(stay),
        heldFor(stay.requestId),
        movedAt(db, stay.requestId, "paid", at),
      ),
    );

/**
 * For the confirming update: the stay is still its to confirm. Its week is held by it or open (its
 * hold lapsed with no one holding the week since, or the week freed for a place on its waitlist);
 * for its own dates, every week it takes a night of. Another member's hold or booking is never
 * taken over, nor a closed week.
 */
export const stayStillFreeFor = (db: Db, stay: GivenStay) =>
  stay.weekId
    ? exists(db.select({ id: weeks.id }).from(weeks).where(weeksFreeFor(stay)))
    : ownDatesStillOpen(db, stay);

/**
 * The statements that make a stored booking request hold its week, for the request's own batch:
 * `take` holds the week only if it is still open (one conditional statement, so of many members
 * asking at once exactly one gets it); `undo`, run after the request and its e-mails are inserted,
 * removes them again when `take` changed nothing. The batch is one transaction: nobody ever sees
 * a request that does not hold its week.
 */
export function holdWeekStatements(
  db: Db,
  { weekId, requestId, now }: { weekId: string; requestId: string; now: Date },
) {
  const heldByRequest = db
    .select({ id: weeks.id })
    .from(weeks)
    .where(and(eq(weeks.id, weekId), eq(weeks.requestId, requestId)));
  const notHeld = sql`not exists ${heldByRequest}`;
  return {
    take: db
      .update(weeks)
      .set({
        state: "requested",
        requestId,
        heldUntil: holdUntil(now),
        updatedAt: now.toISOString(),
      })
      .where(and(eq(weeks.id, weekId), weekOpen)),
    undo: withdrawRequestStatements(db, requestId, notHeld),
  };
}

/**
 * The statements that remove a booking request just inserted, and its e-mails, when `refused`
 * holds: the `undo` of a request's claim, run last in the request's own batch.
 */
export function withdrawRequestStatements(db: Db, requestId: string, refused: SQL) {
  return [
    db
      .delete(emailDeliveries)
      .where(
        and(
          eq(emailDeliveries.requestKind, "booking"),
          eq(emailDeliveries.requestId, requestId),
          refused,
        ),
      ),
    db.delete(bookingRequests).where(and(eq(bookingRequests.id, requestId), refused)),
  ];
}
