import {
  and,
  asc,
  eq,
  exists,
  gt,
  inArray,
  lt,
  lte,
  ne,
  notExists,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { type BatchItem } from "drizzle-orm/batch";
import { type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type AppContext } from "~/context";
import { type Db } from "~/db/client.server";
import {
  bookingRequestEvents,
  bookingRequests,
  emailDeliveries,
  weeks,
  type BookingEvent,
  type BookingRequest,
  type BookingStatus,
} from "~/db/schema";
import { deliverLater, queuedEmail, queueEmails, type EmailDraft } from "~/email/deliveries.server";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { addDays, localDate, todayUtc } from "~/weeks/calendar";
import { HOLD_HOURS } from "~/weeks/week";
import {
  bookOwnDatesOf,
  bookWeekOf,
  nightsStillFree,
  ownDatesStillOpen,
  weekStillFreeFor,
} from "~/weeks/holds.server";
import {
  bookingEmails,
  closedEmail,
  decisionEmail,
  lapsedEmails,
  offerEmail,
  passedEmail,
  withdrawnEmails,
  type BookingDecision,
} from "./booking-emails.server";
import { OFFER_HOURS } from "./request-state";

/**
 * The life of a booking request after it is sent, in one place. A request for a week holds it
 * (`new`) until staff confirm or decline it, it lapses (HOLD_HOURS without a decision) or the
 * member withdraws it. A member waiting for a held week (`new`, `waitlist`) is `offered` it when it
 * frees: a priority hold of OFFER_HOURS in which only they can request it (`new` again, holding
 * it), after which the offer `passed` to the next. Once the week is booked the rest are `closed`.
 *
 * Every change is one D1 batch: the conditional update (so of two changes racing, one applies),
 * its history row and its e-mails, both stored only by the batch that made the change and under
 * ids the change names (so a change run twice stores them once). A week freed in that batch goes
 * to the first member waiting for it, or opens again.
 */

/** Who made a change: staff or the member (by e-mail), or null for the site itself. */
type Actor = string | null;

interface Change {
  booking: BookingRequest;
  from: readonly BookingStatus[];
  to: BookingStatus;
  event: BookingEvent;
  actor: Actor;
  now: Date;
  emails: EmailDraft[];
  /** What else must hold for the change to apply. */
  when?: SQL | undefined;
  set?: Partial<typeof bookingRequests.$inferInsert>;
}

/** The request changed to `to` at `at`: by the batch these statements run in (or one just like it). */
const changedAt = (id: string, to: BookingStatus, at: string) =>
  and(
    eq(bookingRequests.id, id),
    eq(bookingRequests.status, to),
    eq(bookingRequests.changedAt, at),
  );

/** A history row for each request `where` finds (the requests a statement just changed). */
const historyStatement = (
  db: Db,
  event: BookingEvent,
  actor: Actor,
  at: string,
  where: SQL | undefined,
) =>
  db
    .insert(bookingRequestEvents)
    .select(
      db
        .select({
          id: sql`${bookingRequests.id} || ':' || ${event}`.as("id"),
          requestId: bookingRequests.id,
          event: sql`${event}`.as("event"),
          actor: sql`${actor}`.as("actor"),
          createdAt: sql`${at}`.as("created_at"),
        })
        .from(bookingRequests)
        .where(where ?? sql`1`),
    )
    .onConflictDoNothing({ target: bookingRequestEvents.id });

/** The statements of one change, and its e-mails (each named by the change). */
function changeStatements(db: Db, change: Change) {
  const { booking, to, event, now } = change;
  const at = now.toISOString();
  const emails = change.emails.map((draft, index) =>
    queuedEmail(draft, `${booking.id}:${event}:${index}`),
  );
  const happened = changedAt(booking.id, to, at);
  return {
    emails,
    update: db
      .update(bookingRequests)
      .set({ ...change.set, status: to, changedAt: at })
      .where(
        and(
          eq(bookingRequests.id, booking.id),
          inArray(bookingRequests.status, [...change.from]),
          change.when,
        ),
      ),
    after: [
      historyStatement(db, event, change.actor, at, happened),
      ...queueEmails(
        db,
        { table: bookingRequests, where: happened },
        { kind: "booking", requestId: booking.id, emails, now },
      ),
    ],
  };
}

/** The first member waiting for a week (first come, first offered): a value, or a column. */
const firstWaiting = (db: Db, weekId: SQLiteColumn | string) =>
  db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.weekId, weekId),
        eq(bookingRequests.status, "new"),
        eq(bookingRequests.waitlist, true),
      ),
    )
    .orderBy(asc(bookingRequests.createdAt), sql`${bookingRequests}.rowid`)
    .limit(1);

/**
 * The statements that free the weeks `booking` held (its week, or the weeks its own dates take
 * nights of), once its change (to `to`, at `now`) happened: each is offered to the first member
 * waiting for it (a hold of OFFER_HOURS in their name) while it is still ahead at the resort,
 * else open again. The first statement's changes count the weeks offered, the last's those opened.
 */
function freeWeekStatements(
  db: Db,
  { booking, to, now }: { booking: BookingRequest; to: BookingStatus; now: Date },
) {
  const at = now.toISOString();
  const heldByIt = and(
    eq(weeks.state, "requested"),
    eq(weeks.requestId, booking.id),
    exists(
      db
        .select({ id: bookingRequests.id })
        .from(bookingRequests)
        .where(changedAt(booking.id, to, at)),
    ),
  );
  const first = firstWaiting(db, weeks.id);
  return [
    db
      .update(weeks)
      .set({
        requestId: sql`(${first})`,
        heldUntil: new Date(now.getTime() + OFFER_HOURS * 3_600_000).toISOString(),
        updatedAt: at,
      })
      .where(
        and(heldByIt, gt(weeks.checkIn, localDate(now, booking.locationTimeZone)), exists(first)),
      ),
    db
      .update(bookingRequests)
      .set({ status: "offered", changedAt: at })
      .where(
        and(
          eq(bookingRequests.status, "new"),
          eq(bookingRequests.waitlist, true),
          exists(
            db
              .select({ id: weeks.id })
              .from(weeks)
              .where(
                and(
                  eq(weeks.id, bookingRequests.weekId),
                  eq(weeks.state, "requested"),
                  eq(weeks.requestId, bookingRequests.id),
                  eq(weeks.updatedAt, at),
                ),
              ),
          ),
        ),
      ),
    historyStatement(
      db,
      "offered",
      null,
      at,
      and(eq(bookingRequests.status, "offered"), eq(bookingRequests.changedAt, at)),
    ),
    db
      .update(weeks)
      .set({ state: "open", requestId: null, heldUntil: null, updatedAt: at })
      .where(heldByIt),
  ];
}

/** Which week a change freed, and how: offered to the next member, or open again. */
interface Freed {
  offered: boolean;
  opened: boolean;
}

/**
 * Runs one change (and the week it frees, `frees`), then sends its e-mails and the offer's; the
 * catalogue's cached pages start a new version when a week opened. False when the change did not
 * apply (another change came first).
 */
async function applyChange(
  app: AppContext,
  change: Change,
  { frees = false, extra = [] }: { frees?: boolean; extra?: BatchItem<"sqlite">[] } = {},
): Promise<{ changed: boolean; freed: Freed }> {
  const { db } = app;
  const { update, after, emails } = changeStatements(db, change);
  const freeing = frees ? freeWeekStatements(db, change) : [];
  const [updated, ...rest] = await db.batch([update, ...after, ...extra, ...freeing]);
  const results = rest.slice(after.length + extra.length) as D1Result[];
  const freed = {
    offered: (results[0]?.meta.changes ?? 0) > 0,
    opened: (results[3]?.meta.changes ?? 0) > 0,
  };
  const changed = updated.meta.changes > 0;
  if (changed) deliverLater(app, emails, `booking ${change.booking.id} ${change.event}`);
  if (freed.opened) app.ctx.waitUntil(invalidateLocationCaches(app.env.CACHE));
  if (freed.offered) await tellOffersMadeAt(app, change.now);
  return { changed, freed };
}

/** The request as it is now, or null. */
async function bookingById(db: Db, id: string) {
  const [booking] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
  return booking ?? null;
}

/** E-mails each member offered a week at `now` (by the change just made). */
async function tellOffersMadeAt(app: AppContext, now: Date) {
  const offered = await app.db
    .select({ weekId: bookingRequests.weekId })
    .from(bookingRequests)
    .where(
      and(eq(bookingRequests.status, "offered"), eq(bookingRequests.changedAt, now.toISOString())),
    );
  for (const { weekId } of offered) if (weekId) await tellOffered(app, weekId);
}

/**
 * E-mails the member a week is offered to (the offer's e-mail is named by it, so a second call
 * stores nothing). Called after the offer, and by the sweep for any offer not yet told.
 */
async function tellOffered(app: AppContext, weekId: string) {
  const { db, site, now } = app;
  const [offered] = await db
    .select({ booking: bookingRequests, heldUntil: weeks.heldUntil })
    .from(weeks)
    .innerJoin(bookingRequests, eq(bookingRequests.id, weeks.requestId))
    .where(and(eq(weeks.id, weekId), eq(bookingRequests.status, "offered")));
  if (!offered?.heldUntil) return;
  const { booking } = offered;
  const email = queuedEmail(
    offerEmail(booking, offered.heldUntil, site),
    `${booking.id}:offered:0`,
  );
  const [queue] = queueEmails(
    db,
    {
      table: bookingRequests,
      where: and(eq(bookingRequests.id, booking.id), eq(bookingRequests.status, "offered")),
    },
    { kind: "booking", requestId: booking.id, emails: [email], now },
  );
  if (!queue) return;
  const queued = await queue;
  if (queued.meta.changes > 0) deliverLater(app, [email], `booking ${booking.id} offer`);
}

export type RequestChangeResult =
  | { ok: true; freed?: Freed }
  | { ok: false; reason: "not-found" }
  | {
      ok: false;
      reason: "already-handled";
      status: BookingStatus;
      waitlist: boolean;
      handledBy: string | null;
    }
  /** A request for the member's own dates, over a week held, booked or closed since it was sent. */
  | { ok: false; reason: "dates-taken" }
  /** A request for a week another request holds or has booked, or that was closed. */
  | { ok: false; reason: "week-taken" }
  /** The stay has begun at the resort: nothing left to withdraw. */
  | { ok: false; reason: "begun" }
  /** The offer ended before the member took it up. */
  | { ok: false; reason: "offer-ended" };

/** Why a change did not apply, from the request as it is now. */
function refusal(booking: BookingRequest | null): RequestChangeResult {
  if (!booking) return { ok: false, reason: "not-found" };
  return {
    ok: false,
    reason: "already-handled",
    status: booking.status,
    waitlist: booking.waitlist,
    handledBy: booking.handledBy,
  };
}

/**
 * Staff confirm or decline a request (with an optional note to the member). A request for a week
 * is confirmed only while the week is its own or open, and then books it and closes its waitlist;
 * one for the member's own dates only while the weeks it takes are open, and books them. Declining
 * a request that holds its week (or is offered it) frees the week.
 */
export async function decideBooking(
  app: AppContext,
  {
    id,
    decision,
    adminEmail,
    note,
  }: { id: string; decision: BookingDecision; adminEmail: string; note?: string },
): Promise<RequestChangeResult> {
  const { db, site, now } = app;
  const booking = await bookingById(db, id);
  const from = decision === "confirmed" ? (["new"] as const) : (["new", "offered"] as const);
  if (!booking || !(from as readonly string[]).includes(booking.status)) return refusal(booking);
  const handledAt = now.toISOString();
  const stay = {
    roomTypeId: booking.roomTypeId,
    checkIn: booking.checkInDate,
    checkOut: booking.checkOutDate,
    requestId: id,
  };
  const week = booking.weekId ? { weekId: booking.weekId, requestId: id } : null;
  const confirming = decision === "confirmed";
  const waiting = confirming && week ? await waitingFor(db, week.weekId, id) : [];
  const closing = waiting.map((other) =>
    changeStatements(db, {
      booking: other,
      from: ["new", "offered"],
      to: "closed",
      event: "closed",
      actor: null,
      now,
      emails: [closedEmail(other, "booked", site)],
      // Only once the week is booked for the confirmed request.
      when: exists(
        db
          .select({ id: weeks.id })
          .from(weeks)
          .where(
            and(eq(weeks.id, week!.weekId), eq(weeks.state, "booked"), eq(weeks.requestId, id)),
          ),
      ),
    }),
  );
  const { changed, freed } = await applyChange(
    app,
    {
      booking,
      from,
      to: decision,
      event: decision,
      actor: adminEmail,
      now,
      emails: [decisionEmail(booking, decision, { note, site })],
      set: { handledBy: adminEmail, handledAt, staffNote: note ?? null },
      when: confirming
        ? and(
            // Never a place on a waitlist while another request holds the week.
            week ? weekStillFreeFor(db, week) : ownDatesStillOpen(db, stay),
            nightsStillFree(db, stay),
          )
        : undefined,
    },
    {
      frees: !confirming,
      extra: confirming
        ? [
            week ? bookWeekOf(db, week, handledAt) : bookOwnDatesOf(db, stay, handledAt),
            ...closing.flatMap((close) => [close.update, ...close.after]),
          ]
        : [],
    },
  );
  if (!changed) {
    const current = await bookingById(db, id);
    if (current?.status !== "new") return refusal(current);
    return { ok: false, reason: week ? "week-taken" : "dates-taken" };
  }
  if (confirming) {
    app.ctx.waitUntil(invalidateLocationCaches(app.env.CACHE));
    deliverLater(
      app,
      closing.flatMap((close) => close.emails),
      `week ${booking.weekId} closed`,
    );
  }
  return { ok: true, freed };
}

/** The other members waiting for a week (for the e-mails that close their places). */
const waitingFor = (db: Db, weekId: string, exceptId: string) =>
  db
    .select()
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.weekId, weekId),
        inArray(bookingRequests.status, ["new", "offered"]),
        eq(bookingRequests.waitlist, true),
        ne(bookingRequests.id, exceptId),
      ),
    );

/**
 * A member withdraws their request (or leaves a waitlist) before the stay begins at the resort:
 * the week it held or was offered goes to the next member waiting, and member and staff are told.
 * Another member's request is not found.
 */
export async function withdrawBooking(
  app: AppContext,
  { id, userId, memberEmail }: { id: string; userId: string; memberEmail: string },
): Promise<RequestChangeResult> {
  const { db, site, now } = app;
  const booking = await bookingById(db, id);
  if (!booking || booking.userId !== userId) return { ok: false, reason: "not-found" };
  if (booking.status !== "new" && booking.status !== "offered") return refusal(booking);
  const today = localDate(now, booking.locationTimeZone);
  if (booking.checkInDate <= today) return { ok: false, reason: "begun" };
  const { changed, freed } = await applyChange(
    app,
    {
      booking,
      from: ["new", "offered"],
      to: "withdrawn",
      event: "withdrawn",
      actor: memberEmail,
      now,
      emails: withdrawnEmails(booking, site),
      when: and(eq(bookingRequests.userId, userId), gt(bookingRequests.checkInDate, today)),
    },
    { frees: true },
  );
  return changed ? { ok: true, freed } : refusal(await bookingById(db, id));
}

/**
 * The member a week is offered to requests it: their place on the waitlist becomes a request that
 * holds the week (HOLD_HOURS for staff to decide), and staff are told as of any new request.
 */
export async function takeOffer(
  app: AppContext,
  { id, userId }: { id: string; userId: string },
): Promise<RequestChangeResult> {
  const { db, site, now } = app;
  const booking = await bookingById(db, id);
  if (!booking || booking.userId !== userId) return { ok: false, reason: "not-found" };
  if (booking.status !== "offered" || !booking.weekId) return refusal(booking);
  const at = now.toISOString();
  const offerStands = and(
    eq(weeks.id, booking.weekId),
    eq(weeks.state, "requested"),
    eq(weeks.requestId, id),
    gt(weeks.heldUntil, at),
  );
  const { changed } = await applyChange(
    app,
    {
      booking,
      from: ["offered"],
      to: "new",
      event: "requested",
      actor: booking.email,
      now,
      emails: bookingEmails({ ...booking, waitlist: false }, site),
      set: { waitlist: false },
      when: exists(db.select({ id: weeks.id }).from(weeks).where(offerStands)),
    },
    {
      extra: [
        db
          .update(weeks)
          .set({
            heldUntil: new Date(now.getTime() + HOLD_HOURS * 3_600_000).toISOString(),
            updatedAt: at,
          })
          .where(
            and(
              eq(weeks.id, booking.weekId),
              eq(weeks.requestId, id),
              exists(
                db
                  .select({ id: bookingRequests.id })
                  .from(bookingRequests)
                  .where(changedAt(id, "new", at)),
              ),
            ),
          ),
      ],
    },
  );
  if (changed) return { ok: true };
  const current = await bookingById(db, id);
  return current?.status === "offered" ? { ok: false, reason: "offer-ended" } : refusal(current);
}

/**
 * The site's own part, run by the cron (each change as a member or staff would make it, so it
 * races them safely, and run twice changes nothing twice): holds past HOLD_HOURS lapse and offers
 * past OFFER_HOURS pass, each freeing its week for the next; places on the waitlist of a week
 * booked, closed or begun close; an offer not yet told is told. Returns how many changed.
 */
export async function sweepRequests(app: AppContext) {
  const { db, site, now } = app;
  const at = now.toISOString();
  const [expired, stale, untold] = await Promise.all([
    db
      .select({ booking: bookingRequests })
      .from(weeks)
      .innerJoin(bookingRequests, eq(bookingRequests.id, weeks.requestId))
      .where(and(eq(weeks.state, "requested"), lt(weeks.heldUntil, at))),
    db
      .select({ booking: bookingRequests, state: weeks.state, checkIn: weeks.checkIn })
      .from(bookingRequests)
      .innerJoin(weeks, eq(weeks.id, bookingRequests.weekId))
      .where(
        and(
          inArray(bookingRequests.status, ["new", "offered"]),
          eq(bookingRequests.waitlist, true),
          or(
            inArray(weeks.state, ["booked", "closed"]),
            // A week checking in on the latest today on Earth may have begun at its resort.
            lte(weeks.checkIn, addDays(todayUtc(now), 1)),
          ),
        ),
      ),
    db
      .select({ weekId: bookingRequests.weekId })
      .from(bookingRequests)
      .where(
        and(
          eq(bookingRequests.status, "offered"),
          notExists(
            db
              .select({ id: emailDeliveries.id })
              .from(emailDeliveries)
              .where(eq(emailDeliveries.id, sql`${bookingRequests.id} || ':offered:0'`)),
          ),
        ),
      ),
  ]);
  let changes = 0;
  // A stay of the member's own dates holds several weeks: one change for the request.
  const expiredRequests = new Map(expired.map(({ booking }) => [booking.id, booking]));
  for (const booking of expiredRequests.values()) {
    const lapse = booking.status === "new";
    if (!lapse && booking.status !== "offered") continue;
    const { changed } = await applyChange(
      app,
      {
        booking,
        from: [booking.status],
        to: lapse ? "lapsed" : "passed",
        event: lapse ? "lapsed" : "passed",
        actor: null,
        now,
        emails: lapse ? lapsedEmails(booking, site) : [passedEmail(booking, site)],
        // Still its week, still past its time: a decision or a withdrawal may have come first.
        when: exists(
          db
            .select({ id: weeks.id })
            .from(weeks)
            .where(
              and(
                eq(weeks.requestId, booking.id),
                eq(weeks.state, "requested"),
                lt(weeks.heldUntil, at),
              ),
            ),
        ),
      },
      { frees: true },
    );
    if (changed) changes += 1;
  }
  for (const { booking, state, checkIn } of stale) {
    const begun = checkIn <= localDate(now, booking.locationTimeZone);
    if (state !== "booked" && state !== "closed" && !begun) continue;
    const { changed } = await applyChange(app, {
      booking,
      from: ["new", "offered"],
      to: "closed",
      event: "closed",
      actor: null,
      now,
      emails: [closedEmail(booking, state === "booked" ? "booked" : "gone", site)],
      when: eq(bookingRequests.waitlist, true),
    });
    if (changed) changes += 1;
  }
  for (const { weekId } of untold) if (weekId) await tellOffered(app, weekId);
  return changes;
}

/** A request's history, oldest first, for its member's page: what happened and when (not who). */
export const bookingHistory = (db: Db, id: string) =>
  db
    .select({ event: bookingRequestEvents.event, at: bookingRequestEvents.createdAt })
    .from(bookingRequestEvents)
    .where(eq(bookingRequestEvents.requestId, id))
    .orderBy(asc(bookingRequestEvents.createdAt));
