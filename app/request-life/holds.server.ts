import { and, eq, exists, ne, notExists, or, sql, type SQL } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { bookingRequests, emailDeliveries, weeks } from "~/db/schema";
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
export const ownDatesStillOpen = (db: Db, stay: Required<OwnDates>) =>
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

/**
 * Staff confirmed a request for the member's own dates (at `handledAt`): the weeks it takes a
 * night of (held by it, or open) are booked for it, so no other member can ask for them.
 */
export const bookOwnDatesOf = (db: Db, stay: Required<OwnDates>, handledAt: string) =>
  db
    .update(weeks)
    .set({ state: "booked", requestId: stay.requestId, heldUntil: null, updatedAt: handledAt })
    .where(
      and(
        weeksWithin(stay),
        or(weekOpen, heldFor(stay.requestId)),
        confirmedAt(db, stay.requestId, handledAt),
      ),
    );

/** The request was confirmed at `handledAt`: by this very decision, not another admin's. */
const confirmedAt = (db: Db, requestId: string, handledAt: string) =>
  exists(
    db
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .where(
        and(
          eq(bookingRequests.id, requestId),
          eq(bookingRequests.status, "confirmed"),
          eq(bookingRequests.handledAt, handledAt),
        ),
      ),
  );

/** A request for one week (held by it, or a place on its waitlist). */
interface WeekStay {
  weekId: string;
  requestId: string;
}

/**
 * The week is the request's to book: held by it, or open (its hold lapsed with no one holding the
 * week since, or the week freed for a place on its waitlist). Another member's hold or booking is
 * never taken over, nor a closed week.
 */
const weekFreeFor = ({ weekId, requestId }: WeekStay) =>
  and(eq(weeks.id, weekId), or(weekOpen, heldFor(requestId)));

/** For the confirming update of a request for a week: the week is still its to book. */
export const weekStillFreeFor = (db: Db, stay: WeekStay) =>
  exists(db.select({ id: weeks.id }).from(weeks).where(weekFreeFor(stay)));

/** Staff confirmed a request for a week (at `handledAt`): the week is booked for it. */
export const bookWeekOf = (db: Db, stay: WeekStay, handledAt: string) =>
  db
    .update(weeks)
    .set({ state: "booked", requestId: stay.requestId, heldUntil: null, updatedAt: handledAt })
    .where(and(weekFreeFor(stay), confirmedAt(db, stay.requestId, handledAt)));

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
