import {
  and,
  asc,
  eq,
  exists,
  gt,
  inArray,
  isNull,
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
import { namedBatch } from "~/db/named-batch.server";
import {
  bookingRequestEvents,
  bookingRequests,
  emailDeliveries,
  paymentEvents,
  weeks,
  type BookingRequest,
  type BookingStatus,
} from "~/db/schema";
import { deliverLater, queuedEmail, queueEmails, type EmailDraft } from "~/email/deliveries.server";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { localDate } from "~/weeks/calendar";
import { weeksWithin } from "~/weeks/week-sql.server";
import {
  bookingEmails,
  closedEmail,
  decisionEmail,
  lapsedEmails,
  extendedEmail,
  offerEmail,
  paidEmails,
  paymentFailedEmails,
  paymentProcessingEmail,
  passedEmail,
  paymentLapsedEmails,
  paymentReminderEmail,
  withdrawnEmails,
  type BookingDecision,
} from "~/guest-requests/booking-emails.server";
import {
  bookStay,
  holdForPayment,
  nightsStillFree,
  stayStillFreeFor,
  type GivenStay,
} from "./holds.server";
import { MOVES, PAYMENT_REMINDER_HOURS, type Move, type MoveName } from "./moves";
import {
  hasBegun,
  heldFor,
  holdUntil,
  offerUntil,
  payBy,
  waiting,
  weekMayHaveBegun,
} from "./rules.server";

/**
 * The life of a booking request after it is sent, in one place: each move of the table in
 * moves.ts (from which states, by whom, to which, what becomes of the week) is applied here and
 * nowhere else. A request for a week holds it (`new`) until staff confirm or decline it, it lapses
 * (HOLD_HOURS without a decision) or the member withdraws it. A member waiting for a held week
 * (`new`, `waitlist`) is `offered` it when it frees: a priority hold of OFFER_HOURS in which only
 * they can request it (`new` again, holding it), after which the offer `passed` to the next. Once
 * the week is booked or closed, the rest are `closed`.
 *
 * Every move is one D1 batch: the conditional update (so of two moves racing, one applies), its
 * history row and its e-mails, both stored only by the batch that made the move and under ids the
 * move names (so a move run twice stores them once). A week freed in that batch goes to the first
 * member waiting for it, or opens again; or, declined and closed, closes with its waitlist.
 */

/** Who made a move: staff or the member (by e-mail), or null for the site itself. */
type Actor = string | null;

/** What became of the week a move freed; the e-mails about the move may say which. */
export interface Freed {
  /** The first member waiting was offered it. */
  offered: boolean;
  /** It is open again (nobody was waiting, or the stay has begun). */
  opened: boolean;
  /** It closed (declined and closed), and so did its waitlist. */
  closed: boolean;
}

/** A move's e-mails: the same whatever became of its week, or worded by it. */
type MoveEmails = EmailDraft[] | ((nextOffered: boolean) => EmailDraft[]);

interface Change {
  move: MoveName;
  booking: BookingRequest;
  actor: Actor;
  now: Date;
  emails: MoveEmails;
  /** What else must hold for the move to apply. */
  when?: SQL | undefined;
  set?: Partial<typeof bookingRequests.$inferInsert>;
}

/** The request made the move to `to` at `at`: by the batch these statements run in (or one just like it). */
const changedAt = (id: string, to: BookingStatus, at: string) =>
  and(
    eq(bookingRequests.id, id),
    eq(bookingRequests.status, to),
    eq(bookingRequests.changedAt, at),
  );

/** A history row for each request `where` finds (the requests a statement just moved). */
const historyStatement = (
  db: Db,
  move: MoveName,
  actor: Actor,
  at: string,
  where: SQL | undefined,
) => {
  const { event, repeats }: Move = MOVES[move];
  // A move made once is named by its event; one that repeats, by its moment too.
  const name = repeats ? sql`${event} || ':' || ${at}` : sql`${event}`;
  return db
    .insert(bookingRequestEvents)
    .select(
      db
        .select({
          id: sql`${bookingRequests.id} || ':' || ${name}`.as("id"),
          requestId: bookingRequests.id,
          event: sql`${event}`.as("event"),
          actor: sql`${actor}`.as("actor"),
          createdAt: sql`${at}`.as("created_at"),
        })
        .from(bookingRequests)
        .where(where ?? sql`1`),
    )
    .onConflictDoNothing({ target: bookingRequestEvents.id });
};

/** The weeks a request holds or is offered (its week, or those its own dates take nights of). */
const weeksOf = (booking: BookingRequest) =>
  booking.weekId
    ? eq(weeks.id, booking.weekId)
    : weeksWithin({
        roomTypeId: booking.roomTypeId,
        checkIn: booking.checkInDate,
        checkOut: booking.checkOutDate,
      });

/**
 * The first member waiting for a week was offered it at `at`, for one of `booking`'s weeks: the
 * condition on the e-mails worded by what became of the week.
 */
const nextOfferedAt = (db: Db, booking: BookingRequest, at: string) =>
  exists(
    db
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .innerJoin(weeks, eq(weeks.requestId, bookingRequests.id))
      .where(
        and(
          eq(bookingRequests.status, "offered"),
          eq(bookingRequests.changedAt, at),
          eq(weeks.updatedAt, at),
          weeksOf(booking),
        ),
      ),
  );

/**
 * A move's e-mails, each stored only if the move happened (and, worded by what became of the
 * week, only the wording that came true), under ids the move names.
 */
function emailStatements(db: Db, change: Change, at: string) {
  const { booking, move } = change;
  const { to, event, repeats }: Move = MOVES[move];
  const happened = changedAt(booking.id, to, at);
  const named = repeats ? `${booking.id}:${event}:${at}` : `${booking.id}:${event}`;
  const name = (drafts: EmailDraft[]) =>
    drafts.map((draft, index) => queuedEmail(draft, `${named}:${index}`));
  const variants =
    typeof change.emails === "function"
      ? [
          { emails: name(change.emails(true)), when: nextOfferedAt(db, booking, at) },
          { emails: name(change.emails(false)), when: not(nextOfferedAt(db, booking, at)) },
        ]
      : [{ emails: name(change.emails), when: undefined }];
  return {
    // Only one wording is stored: both are sent for, and only the stored one goes.
    emails: variants.flatMap((variant) => variant.emails),
    statements: variants.flatMap((variant) =>
      queueEmails(
        db,
        { table: bookingRequests, where: and(happened, variant.when) },
        { kind: "booking", requestId: booking.id, emails: variant.emails, now: change.now },
      ),
    ),
  };
}

const not = (condition: SQL) => sql`not ${condition}`;

/** The update that makes the move, only from the move's states and only while `when` holds. */
function moveStatement(db: Db, change: Change, at: string) {
  const { from, to } = MOVES[change.move];
  return db
    .update(bookingRequests)
    .set({ ...change.set, status: to, changedAt: at })
    .where(
      and(
        eq(bookingRequests.id, change.booking.id),
        inArray(bookingRequests.status, [...from]),
        change.when,
      ),
    );
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

/** The weeks `booking` held, once its move (to `to`, at `at`) happened in this batch. */
const heldByMoved = (db: Db, booking: BookingRequest, to: BookingStatus, at: string) =>
  and(
    heldFor(booking.id),
    exists(
      db
        .select({ id: bookingRequests.id })
        .from(bookingRequests)
        .where(changedAt(booking.id, to, at)),
    ),
  );

/**
 * The statements that free the weeks `booking` held (its week, or the weeks its own dates take
 * nights of), once its move happened: each is offered to the first member waiting for it (a hold
 * of OFFER_HOURS in their name) while it is still ahead at the resort, else open again.
 */
function toTheNextStatements(db: Db, { booking, move, now }: Change) {
  const at = now.toISOString();
  const heldByIt = heldByMoved(db, booking, MOVES[move].to, at);
  const first = firstWaiting(db, weeks.id);
  return {
    offered: db
      .update(weeks)
      .set({ requestId: sql`(${first})`, heldUntil: offerUntil(now), updatedAt: at })
      .where(
        and(heldByIt, gt(weeks.checkIn, localDate(now, booking.locationTimeZone)), exists(first)),
      ),
    offerMade: db
      .update(bookingRequests)
      .set({ status: MOVES.offer.to, changedAt: at })
      .where(
        and(
          inArray(bookingRequests.status, [...MOVES.offer.from]),
          eq(bookingRequests.waitlist, true),
          exists(
            db
              .select({ id: weeks.id })
              .from(weeks)
              .where(
                and(
                  eq(weeks.id, bookingRequests.weekId),
                  heldFor(bookingRequests.id),
                  eq(weeks.updatedAt, at),
                ),
              ),
          ),
        ),
      ),
    offerHistory: historyStatement(
      db,
      "offer",
      null,
      at,
      and(eq(bookingRequests.status, MOVES.offer.to), eq(bookingRequests.changedAt, at)),
    ),
    opened: db
      .update(weeks)
      .set({ state: "open", requestId: null, heldUntil: null, updatedAt: at })
      .where(heldByIt),
  };
}

/**
 * The statements that close the weeks `booking` held once it was declined and closed, and the
 * places on their waitlists (`behind`, read before the batch; a place taken since closes by the
 * sweep), each told the week is no longer offered.
 */
function andClosesStatements(db: Db, change: Change, behind: BookingRequest[], site: AppContext) {
  const at = change.now.toISOString();
  const closed = db
    .update(weeks)
    .set({ state: "closed", requestId: null, heldUntil: null, updatedAt: at })
    .where(heldByMoved(db, change.booking, MOVES[change.move].to, at));
  const places = behind.map((other) =>
    closePlace(db, other, change.now, "gone", site.site, {
      weekClosed: exists(
        db
          .select({ id: weeks.id })
          .from(weeks)
          .where(
            and(eq(weeks.id, other.weekId!), eq(weeks.state, "closed"), eq(weeks.updatedAt, at)),
          ),
      ),
    }),
  );
  return { closed, places };
}

/** A place on a waitlist closes (told why), once `weekClosed` holds in the same batch. */
function closePlace(
  db: Db,
  booking: BookingRequest,
  now: Date,
  why: "booked" | "gone",
  site: AppContext["site"],
  { weekClosed }: { weekClosed: SQL },
) {
  const change: Change = {
    move: "close",
    booking,
    actor: null,
    now,
    emails: [closedEmail(booking, why, site)],
    when: and(eq(bookingRequests.waitlist, true), weekClosed),
  };
  const at = now.toISOString();
  const { emails, statements } = emailStatements(db, change, at);
  return {
    emails,
    move: moveStatement(db, change, at),
    statements: [
      historyStatement(db, "close", null, at, changedAt(booking.id, MOVES.close.to, at)),
      ...statements,
    ],
  };
}

/**
 * Applies one move as one batch: the move, its history, what it brings with it (`extra`, and the
 * places on the waitlist it closes), the week it frees (to the next member waiting, or closed, as
 * the move says), and its e-mails, worded by what became of the week. Then sends the e-mails and
 * the offer's, and starts the catalogue's cached pages on a new version when a week shown there
 * changed. `changed` is false when another move came first.
 */
async function applyMove(
  app: AppContext,
  change: Change,
  {
    extra = [],
    closes = [],
    shownInCatalogue = false,
  }: {
    extra?: BatchItem<"sqlite">[];
    closes?: ReturnType<typeof closePlace>[];
    /** The move changes a week the catalogue shows, whatever it frees. */
    shownInCatalogue?: boolean;
  } = {},
): Promise<{ changed: boolean; freed: Freed }> {
  const { db } = app;
  const { frees, to }: Move = MOVES[change.move];
  const at = change.now.toISOString();
  const behind = frees === "and-closes" ? await waitingBehind(db, change.booking) : [];
  const closing = frees === "and-closes" ? andClosesStatements(db, change, behind, app) : null;
  const allCloses = [...closes, ...(closing?.places ?? [])];
  const freeing = frees === "to-the-next" ? toTheNextStatements(db, change) : null;
  const email = emailStatements(db, change, at);
  const results = await namedBatch(db, {
    moved: moveStatement(db, change, at),
    history: historyStatement(
      db,
      change.move,
      change.actor,
      at,
      changedAt(change.booking.id, to, at),
    ),
    extra,
    weekClosed: closing?.closed,
    closes: allCloses.flatMap((close) => [close.move, ...close.statements]),
    offered: freeing?.offered,
    offerMade: freeing?.offerMade,
    offerHistory: freeing?.offerHistory,
    opened: freeing?.opened,
    emails: email.statements,
  });
  const changed = results.moved.meta.changes > 0;
  const freed = {
    offered: (results.offered?.meta.changes ?? 0) > 0,
    opened: (results.opened?.meta.changes ?? 0) > 0,
    closed: (results.weekClosed?.meta.changes ?? 0) > 0,
  };
  if (!changed) return { changed, freed };
  deliverLater(
    app,
    [...email.emails, ...allCloses.flatMap((close) => close.emails)],
    `booking ${change.booking.id} ${change.move}`,
  );
  if (shownInCatalogue || freed.opened || freed.closed) {
    app.ctx.waitUntil(invalidateLocationCaches(app.env.CACHE));
  }
  if (freed.offered) await tellOffersMadeAt(app, change.now);
  return { changed, freed };
}

/** The request as it is now, or null. */
async function bookingById(db: Db, id: string) {
  const [booking] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
  return booking ?? null;
}

/** E-mails each member offered a week at `now` (by the move just made). */
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
    `${booking.id}:${MOVES.offer.event}:0`,
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
  /** `left`: the member left a waitlist (a place withdrawn, not a request). */
  | { ok: true; freed?: Freed; left?: boolean }
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

/** Why a move did not apply, from the request as it is now. */
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

/** The move may start from the request's state now. */
const startsFrom = (move: MoveName, booking: BookingRequest) =>
  (MOVES[move].from as readonly BookingStatus[]).includes(booking.status);

/** How staff decide a request: confirm it, decline it, or decline it and close its week. */
export type StaffDecision = BookingDecision | "declined-and-closed";

const DECISION_MOVES = {
  confirmed: "confirm",
  declined: "decline",
  "declined-and-closed": "declineAndClose",
} as const satisfies Record<StaffDecision, MoveName>;

/**
 * Staff confirm or decline a request (with an optional note to the member). A request for a week
 * is confirmed only while the week is its own or open, and then books it and closes its waitlist;
 * one for the member's own dates only while the weeks it takes are open, and books them.
 * Declining a request that holds its week (or is offered it) frees the week for the next member
 * waiting; declining and closing closes it, and its waitlist.
 */
export async function decideBooking(
  app: AppContext,
  {
    id,
    decision,
    adminEmail,
    note,
    amount,
  }: {
    id: string;
    decision: StaffDecision;
    adminEmail: string;
    note?: string;
    /** What the member is asked to pay, when staff change it from the estimate. */
    amount?: number;
  },
): Promise<RequestChangeResult> {
  const { db, site, now } = app;
  const move = DECISION_MOVES[decision];
  const booking = await bookingById(db, id);
  if (!booking || !startsFrom(move, booking)) return refusal(booking);
  const handledAt = now.toISOString();
  const staffChange = {
    booking,
    actor: adminEmail,
    now,
    set: { handledBy: adminEmail, handledAt, staffNote: note ?? null },
  };
  if (move !== "confirm") {
    const { changed, freed } = await applyMove(app, {
      ...staffChange,
      move,
      emails: [decisionEmail(booking, "declined", { note, site })],
    });
    return changed ? { ok: true, freed } : refusal(await bookingById(db, id));
  }
  const stay = givenStayOf(booking);
  const until = payBy(now, site.paymentHours);
  const amountDue = amount ?? booking.estimatedTotal;
  const { changed } = await applyMove(
    app,
    {
      ...staffChange,
      move,
      set: { ...staffChange.set, amountDue, payBy: until },
      emails: [decisionEmail({ ...booking, amountDue, payBy: until }, "confirmed", { note, site })],
      // Never a place on a waitlist while another request holds the week.
      when: and(stayStillFreeFor(db, stay), nightsStillFree(db, stay)),
    },
    { extra: [holdForPayment(db, stay, handledAt, until)], shownInCatalogue: true },
  );
  if (changed) return { ok: true };
  const current = await bookingById(db, id);
  if (current?.status !== "new") return refusal(current);
  return { ok: false, reason: booking.weekId ? "week-taken" : "dates-taken" };
}

/** The stay a request asks for, as the holds read it. */
const givenStayOf = (booking: BookingRequest): GivenStay => ({
  roomTypeId: booking.roomTypeId,
  checkIn: booking.checkInDate,
  checkOut: booking.checkOutDate,
  requestId: booking.id,
  weekId: booking.weekId,
});

/** A Stripe event that moves a request: applied once, however often it comes. */
export interface PaymentEvent {
  id: string;
  type: string;
}

/** How a payment came: marked by staff by hand, or reported by Stripe for a card payment. */
type Payment =
  | { by: "staff"; adminEmail: string; note?: string }
  | { by: "stripe"; event: PaymentEvent; reference: string };

/**
 * The move applies only if Stripe's event has not moved the request yet, and stores the event's
 * id in the same batch: of copies of an event (Stripe retries, or sends two at once), one applies.
 */
function onceForEvent(
  db: Db,
  booking: BookingRequest,
  event: PaymentEvent,
  move: MoveName,
  at: string,
) {
  return {
    when: notExists(
      db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, event.id)),
    ),
    record: db
      .insert(paymentEvents)
      .select(
        db
          .select({
            id: sql`${event.id}`.as("id"),
            type: sql`${event.type}`.as("type"),
            requestId: bookingRequests.id,
            appliedAt: sql`${at}`.as("applied_at"),
          })
          .from(bookingRequests)
          .where(changedAt(booking.id, MOVES[move].to, at)),
      )
      .onConflictDoNothing({ target: paymentEvents.id }),
  };
}

/** Staff mark a confirmed stay paid by hand (a bank transfer, with their note of how). */
export const markPaid = (
  app: AppContext,
  { id, adminEmail, note }: { id: string; adminEmail: string; note?: string },
) => recordPayment(app, id, { by: "staff", adminEmail, note });

/** Stripe reports a confirmed stay paid by card (its payment's reference, the event that said so). */
export const payByCard = (
  app: AppContext,
  { id, event, reference }: { id: string; event: PaymentEvent; reference: string },
) => recordPayment(app, id, { by: "stripe", event, reference });

/**
 * A confirmed stay is paid: its weeks are booked, the members waiting for them are told their
 * places closed, the member gets a receipt with the stay's calendar file, and staff are told. A
 * payment that arrives after the deadline's sweep let the stay go changes nothing.
 */
async function recordPayment(
  app: AppContext,
  id: string,
  payment: Payment,
): Promise<RequestChangeResult> {
  const { db, site, now } = app;
  const booking = await bookingById(db, id);
  if (!booking || !startsFrom("pay", booking)) return refusal(booking);
  const at = now.toISOString();
  const stay = givenStayOf(booking);
  const behind = await waitingBehind(db, booking);
  const set =
    payment.by === "staff"
      ? { paidAt: at, paymentNote: payment.note ?? null }
      : { paidAt: at, paymentReference: payment.reference };
  const once = payment.by === "stripe" ? onceForEvent(db, booking, payment.event, "pay", at) : null;
  const { changed } = await applyMove(
    app,
    {
      move: "pay",
      booking,
      actor: payment.by === "staff" ? payment.adminEmail : null,
      now,
      set,
      emails: paidEmails(
        { ...booking, ...set },
        site,
        payment.by === "staff" ? payment.adminEmail : null,
      ),
      when: once?.when,
    },
    {
      extra: [bookStay(db, stay, at), ...(once ? [once.record] : [])],
      // Only once the week is booked for the stay paid for.
      closes: behind.map((other) =>
        closePlace(db, other, now, "booked", site, {
          weekClosed: exists(
            db
              .select({ id: weeks.id })
              .from(weeks)
              .where(
                and(
                  eq(weeks.id, other.weekId ?? ""),
                  eq(weeks.state, "booked"),
                  eq(weeks.requestId, id),
                ),
              ),
          ),
        }),
      ),
      shownInCatalogue: true,
    },
  );
  return changed ? { ok: true } : refusal(await bookingById(db, id));
}

/**
 * Stripe reports a payment by a slower method (a bank debit) on its way, or that it failed. On
 * its way, the deadline waits for its outcome (the sweep lets no stay go while it is); failed, the
 * stay awaits payment again until its deadline (or, past it, the next sweep), and the member and
 * staff are told.
 */
export async function paymentUnderway(
  app: AppContext,
  { id, event, outcome }: { id: string; event: PaymentEvent; outcome: "processing" | "failed" },
): Promise<RequestChangeResult> {
  const { db, site, now } = app;
  const move = outcome === "processing" ? "paymentProcessing" : "paymentFailed";
  const booking = await bookingById(db, id);
  if (!booking || !startsFrom(move, booking)) return refusal(booking);
  const at = now.toISOString();
  const once = onceForEvent(db, booking, event, move, at);
  const { changed } = await applyMove(
    app,
    {
      move,
      booking,
      actor: null,
      now,
      set: { paymentProcessingSince: outcome === "processing" ? at : null },
      emails:
        outcome === "processing"
          ? [paymentProcessingEmail(booking, site)]
          : paymentFailedEmails(booking, site, now),
      when: once.when,
    },
    { extra: [once.record] },
  );
  return changed ? { ok: true } : refusal(await bookingById(db, id));
}

/**
 * Staff give the member `days` more to pay (from the deadline, or from now if it has passed and
 * the sweep has not yet let the stay go): the stay's weeks stay held until the new deadline, the
 * member is told it, and a reminder goes again a day before.
 */
export async function extendPayBy(
  app: AppContext,
  { id, adminEmail, days }: { id: string; adminEmail: string; days: number },
): Promise<RequestChangeResult> {
  const { db, site, now } = app;
  const booking = await bookingById(db, id);
  if (!booking || !startsFrom("extend", booking)) return refusal(booking);
  const at = now.toISOString();
  const from = Math.max(Date.parse(booking.payBy ?? at), now.getTime());
  const until = new Date(from + days * 86_400_000).toISOString();
  const { changed } = await applyMove(
    app,
    {
      move: "extend",
      booking,
      actor: adminEmail,
      now,
      set: { payBy: until },
      emails: [extendedEmail({ ...booking, payBy: until }, site)],
      // The deadline it extends is still the one staff saw: of two extensions at once, one applies.
      when: booking.payBy ? eq(bookingRequests.payBy, booking.payBy) : undefined,
    },
    {
      extra: [
        db
          .update(weeks)
          .set({ heldUntil: until, updatedAt: at })
          .where(
            and(
              weeksOf(booking),
              heldFor(id),
              exists(
                db
                  .select({ id: bookingRequests.id })
                  .from(bookingRequests)
                  .where(changedAt(id, MOVES.extend.to, at)),
              ),
            ),
          ),
      ],
    },
  );
  return changed ? { ok: true } : refusal(await bookingById(db, id));
}

/** The members waiting for the weeks a request holds (for the e-mails that close their places). */
const waitingBehind = (db: Db, booking: BookingRequest) =>
  db
    .select()
    .from(bookingRequests)
    .where(
      and(
        waiting,
        ne(bookingRequests.id, booking.id),
        inArray(
          bookingRequests.weekId,
          db
            .select({ id: weeks.id })
            .from(weeks)
            .where(and(weeksOf(booking), heldFor(booking.id))),
        ),
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
  if (!startsFrom("withdraw", booking)) return refusal(booking);
  if (hasBegun(booking.checkInDate, booking.locationTimeZone, now)) {
    return { ok: false, reason: "begun" };
  }
  const today = localDate(now, booking.locationTimeZone);
  const { changed, freed } = await applyMove(app, {
    move: "withdraw",
    booking,
    actor: memberEmail,
    now,
    emails: (nextOffered) => withdrawnEmails(booking, { nextOffered }, site),
    when: and(eq(bookingRequests.userId, userId), gt(bookingRequests.checkInDate, today)),
  });
  const left = booking.waitlist && booking.status === "new";
  return changed ? { ok: true, freed, left } : refusal(await bookingById(db, id));
}

/**
 * The member a week is offered to requests it: their place on the waitlist becomes a request that
 * holds the week (HOLD_HOURS for staff to decide), and staff are told.
 */
export async function takeOffer(
  app: AppContext,
  { id, userId }: { id: string; userId: string },
): Promise<RequestChangeResult> {
  const { db, site, now } = app;
  const booking = await bookingById(db, id);
  if (!booking || booking.userId !== userId) return { ok: false, reason: "not-found" };
  if (!startsFrom("takeOffer", booking) || !booking.weekId) return refusal(booking);
  const at = now.toISOString();
  const offerStands = and(eq(weeks.id, booking.weekId), heldFor(id), gt(weeks.heldUntil, at));
  const { changed } = await applyMove(
    app,
    {
      move: "takeOffer",
      booking,
      actor: booking.email,
      now,
      emails: bookingEmails({ ...booking, waitlist: false }, site, { tookOffer: true }),
      set: { waitlist: false },
      when: exists(db.select({ id: weeks.id }).from(weeks).where(offerStands)),
    },
    {
      extra: [
        db
          .update(weeks)
          .set({ heldUntil: holdUntil(now), updatedAt: at })
          .where(
            and(
              eq(weeks.id, booking.weekId),
              eq(weeks.requestId, id),
              exists(
                db
                  .select({ id: bookingRequests.id })
                  .from(bookingRequests)
                  .where(changedAt(id, MOVES.takeOffer.to, at)),
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
 * The site's own part, run by the cron (each move as a member or staff would make it, so it races
 * them safely, and run twice changes nothing twice): holds past HOLD_HOURS lapse and offers past
 * OFFER_HOURS pass, each freeing its week for the next; places on the waitlist of a week booked,
 * closed or begun close; an offer not yet told is told. Returns how many moved.
 */
export async function sweepRequests(app: AppContext) {
  const { db, site, now } = app;
  const at = now.toISOString();
  const remindFrom = new Date(now.getTime() + PAYMENT_REMINDER_HOURS * 3_600_000).toISOString();
  const [expired, stale, untold, unreminded] = await Promise.all([
    db
      .select({ booking: bookingRequests })
      .from(weeks)
      .innerJoin(bookingRequests, eq(bookingRequests.id, weeks.requestId))
      .where(and(eq(weeks.state, "requested"), lt(weeks.heldUntil, at))),
    db
      .select({ booking: bookingRequests, state: weeks.state, checkIn: weeks.checkIn })
      .from(bookingRequests)
      .innerJoin(weeks, eq(weeks.id, bookingRequests.weekId))
      .where(and(waiting, or(inArray(weeks.state, ["booked", "closed"]), weekMayHaveBegun(now)))),
    db
      .select({ weekId: bookingRequests.weekId })
      .from(bookingRequests)
      .where(
        and(
          eq(bookingRequests.status, "offered"),
          notYetQueued(db, sql`${bookingRequests.id} || ':' || ${MOVES.offer.event} || ':0'`),
        ),
      ),
    db
      .select()
      .from(bookingRequests)
      .where(
        and(
          eq(bookingRequests.status, "confirmed"),
          isNull(bookingRequests.paymentProcessingSince),
          lte(bookingRequests.payBy, remindFrom),
          gt(bookingRequests.payBy, at),
          notYetQueued(
            db,
            sql`${bookingRequests.id} || ':payment-reminder:' || ${bookingRequests.payBy}`,
          ),
        ),
      ),
  ]);
  let moves = 0;
  // A stay of the member's own dates holds several weeks: one move for the request.
  const expiredRequests = new Map(expired.map(({ booking }) => [booking.id, booking]));
  for (const booking of expiredRequests.values()) {
    const move = EXPIRES[booking.status];
    if (!move) continue;
    const { changed } = await applyMove(app, {
      move,
      booking,
      actor: null,
      now,
      emails: (nextOffered) =>
        move === "lapse"
          ? lapsedEmails(booking, { nextOffered }, site)
          : move === "pass"
            ? [passedEmail(booking, { nextOffered }, site)]
            : paymentLapsedEmails(booking, { nextOffered }, site),
      // Still its week, still past its time: a decision or a withdrawal may have come first. A
      // payment on its way keeps the stay until its outcome.
      when: and(
        isNull(bookingRequests.paymentProcessingSince),
        exists(
          db
            .select({ id: weeks.id })
            .from(weeks)
            .where(and(heldFor(booking.id), lt(weeks.heldUntil, at))),
        ),
      ),
    });
    if (changed) moves += 1;
  }
  for (const { booking, state, checkIn } of stale) {
    const begun = hasBegun(checkIn, booking.locationTimeZone, now);
    if (state !== "booked" && state !== "closed" && !begun) continue;
    const close = closePlace(db, booking, now, state === "booked" ? "booked" : "gone", site, {
      weekClosed: sql`1`,
    });
    const { moved } = await namedBatch(db, { moved: close.move, rest: close.statements });
    if (moved.meta.changes > 0) {
      deliverLater(app, close.emails, `booking ${booking.id} close`);
      moves += 1;
    }
  }
  for (const { weekId } of untold) if (weekId) await tellOffered(app, weekId);
  for (const booking of unreminded) await remindToPay(app, booking);
  return moves;
}

/** No e-mail is stored under `id` yet (an e-mail named by what it tells, sent once). */
const notYetQueued = (db: Db, id: SQL) =>
  notExists(
    db.select({ id: emailDeliveries.id }).from(emailDeliveries).where(eq(emailDeliveries.id, id)),
  );

/** What a hold past its time comes to, by the request's state. */
const EXPIRES: Partial<Record<BookingStatus, "lapse" | "pass" | "paymentLapse">> = {
  new: "lapse",
  offered: "pass",
  confirmed: "paymentLapse",
};

/** The reminder's e-mail id: one per deadline, so the sweep run again sends it once. */
const reminderId = (booking: BookingRequest) => `${booking.id}:payment-reminder:${booking.payBy}`;

/** Reminds a member whose payment is due within PAYMENT_REMINDER_HOURS, while still unpaid. */
async function remindToPay(app: AppContext, booking: BookingRequest) {
  const email = queuedEmail(paymentReminderEmail(booking, app.site), reminderId(booking));
  const [queue] = queueEmails(
    app.db,
    {
      table: bookingRequests,
      // Still unpaid, and still due then (not since given more time).
      where: and(
        eq(bookingRequests.id, booking.id),
        eq(bookingRequests.status, "confirmed"),
        eq(bookingRequests.payBy, booking.payBy ?? ""),
      ),
    },
    { kind: "booking", requestId: booking.id, emails: [email], now: app.now },
  );
  if (!queue) return;
  const queued = await queue;
  if (queued.meta.changes > 0) deliverLater(app, [email], `booking ${booking.id} reminder`);
}

/** A request's history, oldest first, for its member's page: what happened and when (not who). */
export const bookingHistory = (db: Db, id: string) =>
  db
    .select({ event: bookingRequestEvents.event, at: bookingRequestEvents.createdAt })
    .from(bookingRequestEvents)
    .where(eq(bookingRequestEvents.requestId, id))
    .orderBy(asc(bookingRequestEvents.createdAt));
