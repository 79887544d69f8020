import {
  and,
  count,
  desc,
  eq,
  exists,
  gt,
  isNull,
  lt,
  ne,
  notExists,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { givenStay, heldFor, undecided } from "~/request-life/rules.server";
import { bookingRequests, locations, roomTypes, weeks } from "~/db/schema";
import { DomainError } from "~/lib/errors.server";
import {
  BOOKING_FORM_MESSAGES,
  BOOKING_NOT_SENT,
  bookingSchema,
  partyTooLarge,
  type BookingInput,
} from "./booking";
import { earliestLocalDate, localDate, todayUtc } from "~/weeks/calendar";
import { pageCount } from "~/lib/pages";
import { stayTimes, WEEK_MESSAGES } from "~/weeks/week";
import {
  holdOwnDates,
  holdWeekStatements,
  withdrawRequestStatements,
} from "~/request-life/holds.server";
import { quoteOwnDates, quoteWeek } from "~/weeks/quotes.server";
import { type RequestKindDefinition } from "./store.server";
import { bookingEmails } from "./booking-emails.server";
import { bookingHistory, type RequestChangeResult } from "~/request-life/life.server";
import { bookingState } from "~/request-life/moves";
import { type Toast } from "~/lib/toast.server";
import { zonedTime } from "~/lib/zoned-time";

/**
 * Booking requests: members ask for a room at a resort, for a week of its calendar or their own
 * dates. What becomes of a request after it is sent is app/request-life/.
 */

/**
 * The bookable location and room (visible, and the room one of the location's), or which of the
 * two the form must choose again: a room gone from the resort is not a resort gone.
 */
async function findBookableRoom(db: Db, locationKey: string, roomTypeId: string) {
  const [row] = await db
    .select({
      locationId: locations.id,
      locationName: locations.name,
      locationCity: locations.city,
      locationState: locations.state,
      locationCountry: locations.country,
      locationTimeZone: locations.timeZone,
      checkInTime: locations.checkInTime,
      checkOutTime: locations.checkOutTime,
      currency: locations.currency,
      roomTypeId: roomTypes.id,
      roomTypeName: roomTypes.name,
      roomTypeBedrooms: roomTypes.bedrooms,
      roomTypeBathrooms: roomTypes.bathrooms,
      roomTypePrice: roomTypes.price,
      maxGuests: roomTypes.maxGuests,
    })
    .from(locations)
    .leftJoin(
      roomTypes,
      and(
        eq(roomTypes.id, roomTypeId),
        eq(roomTypes.locationId, locations.id),
        eq(roomTypes.published, true),
      ),
    )
    .where(
      and(
        eq(locations.hidden, false),
        or(eq(locations.slug, locationKey), eq(locations.id, locationKey)),
      ),
    )
    .limit(1);
  if (!row) return { ok: false, missing: "location" } as const;
  const { roomTypeId: foundRoom, roomTypeName, ...rest } = row;
  if (foundRoom === null || roomTypeName === null) {
    return { ok: false, missing: "roomType" } as const;
  }
  return { ok: true, room: { ...rest, roomTypeId: foundRoom, roomTypeName } } as const;
}

/**
 * A member's other undecided request (held, waiting or offered) that asks the same (`sameAsk`):
 * a member asks once for a week, and once for any night of a room.
 */
const earlierAsk = (
  db: Db,
  { requestId, userId, sameAsk }: { requestId: string; userId: string; sameAsk: SQL | undefined },
) =>
  db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(
      and(
        sameAsk,
        eq(bookingRequests.userId, userId),
        undecided,
        ne(bookingRequests.id, requestId),
      ),
    );

/** A request for nights of the room that share one with these (of the member's own dates). */
const sameNights = (row: { roomTypeId: string; checkInDate: string; checkOutDate: string }) =>
  and(
    eq(bookingRequests.roomTypeId, row.roomTypeId),
    isNull(bookingRequests.weekId),
    lt(bookingRequests.checkInDate, row.checkOutDate),
    gt(bookingRequests.checkOutDate, row.checkInDate),
  );

/**
 * The statements that keep a member's new request only if they have no other undecided request
 * that asks the same, for the request's own batch: `undo` removes it and its e-mails otherwise.
 * The batch is one transaction, so of several sent at once exactly one stays.
 */
function onlyRequestStatements(
  db: Db,
  ask: { requestId: string; userId: string; sameAsk: SQL | undefined },
) {
  const earlier = earlierAsk(db, ask);
  return {
    // Nothing to take but the request's place: the undo below decides.
    take: db
      .update(bookingRequests)
      .set({ waitlist: true })
      .where(and(eq(bookingRequests.id, ask.requestId), notExists(earlier))),
    undo: withdrawRequestStatements(db, ask.requestId, exists(earlier)),
  };
}

export const bookingKind = {
  kind: "booking",
  label: "booking request",
  table: bookingRequests,
  schema: (now) => bookingSchema({ today: earliestLocalDate(now) }),
  // The resort and room come from the catalogue, never from the form, so names and prices
  // cannot be forged; a room that is not bookable there is refused.
  async toRow({ db, now }, input, keys) {
    const stay = {
      roomTypeId: input.roomType,
      checkIn: input.checkInDate,
      checkOut: input.checkOutDate,
    };
    const [found, week, ownDates, [asked]] = await Promise.all([
      findBookableRoom(db, input.location, input.roomType),
      input.week ? quoteWeek(db, { roomTypeId: input.roomType, checkIn: input.week, now }) : null,
      input.week ? null : quoteOwnDates(db, stay),
      input.week || !keys.userId
        ? []
        : earlierAsk(db, {
            requestId: keys.id,
            userId: keys.userId,
            sameAsk: sameNights({
              roomTypeId: input.roomType,
              checkInDate: input.checkInDate,
              checkOutDate: input.checkOutDate,
            }),
          }).limit(1),
    ]);
    if (!found.ok) {
      throw new DomainError("invalid", BOOKING_FORM_MESSAGES[found.missing], found.missing);
    }
    const { maxGuests, ...room } = found.room;
    const tooLarge = partyTooLarge(maxGuests, input);
    if (tooLarge) throw new DomainError("invalid", tooLarge, "adults");
    // The form allows for today anywhere on Earth; a stay starts no earlier than the resort's.
    if (!input.week && input.checkInDate < localDate(now, room.locationTimeZone)) {
      throw new DomainError("invalid", BOOKING_FORM_MESSAGES.checkInPast, "checkInDate");
    }
    // Dates of the member's own choosing obey the calendar: its holds, bookings and closed weeks,
    // and the resort's minimum stay; a member asks once for any night.
    if (asked) {
      throw new DomainError("conflict", WEEK_MESSAGES.datesAlreadyAsked, "checkInDate");
    }
    if (ownDates?.problem) {
      throw new DomainError("conflict", ownDates.problem, "checkOutDate");
    }
    if (input.week) {
      // Only a week of this room that has not begun; a held one only for its waitlist.
      if (!week || week.begun || week.state === "closed") {
        throw new DomainError("invalid", WEEK_MESSAGES.notFound, "week");
      }
      // A booked week does not free again: it has no waitlist.
      if (week.state === "booked") {
        throw new DomainError("conflict", WEEK_MESSAGES.taken, "week");
      }
      if (week.state !== "open" && !input.waitlist) {
        throw new DomainError("conflict", WEEK_MESSAGES.takenSent, "week");
      }
    }
    const quote = week ?? ownDates;
    return {
      ...keys,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      // A week's own dates, whatever dates the form sent.
      checkInDate: week?.checkIn ?? input.checkInDate,
      checkOutDate: week?.checkOut ?? input.checkOutDate,
      weekId: week?.id ?? null,
      weekRate: week?.rate ?? null,
      estimatedTotal: quote?.estimatedTotal ?? null,
      // What the estimate counted besides the rate, as quoted.
      quotedCharges: quote?.estimatedTotal && quote.charges.length > 0 ? quote.charges : null,
      waitlist: Boolean(week && week.state !== "open"),
      adults: input.adults,
      children: input.children,
      infants: input.infants,
      ...room,
      specialRequests: input.specialRequests ?? null,
      referralCode: input.referralCode ?? null,
    };
  },
  emails: bookingEmails,
  // A request for an open week holds it, and one for the member's own dates the weeks it takes
  // nights of; a member's waitlist request is their only undecided request for the week.
  claim: ({ db, now }, row) => {
    if (!row.weekId) {
      // The weeks its nights fall in are held for it, as a week is for its request; and it is
      // the member's only undecided request for any of its nights (a form sent again after Back).
      const earlier = row.userId
        ? exists(
            earlierAsk(db, { requestId: row.id, userId: row.userId, sameAsk: sameNights(row) }),
          )
        : undefined;
      const stay = {
        roomTypeId: row.roomTypeId,
        checkIn: row.checkInDate,
        checkOut: row.checkOutDate,
        requestId: row.id,
      };
      const hold = holdOwnDates(db, { stay, now, unless: earlier });
      return {
        take: hold.take,
        undo: withdrawRequestStatements(db, row.id, or(hold.refused, earlier)!),
        refusal: new DomainError("conflict", WEEK_MESSAGES.datesTaken, "checkInDate"),
        shownInCatalogue: true,
      };
    }
    if (!row.waitlist) {
      return {
        ...holdWeekStatements(db, { weekId: row.weekId, requestId: row.id, now }),
        refusal: new DomainError("conflict", WEEK_MESSAGES.takenSent, "week"),
        shownInCatalogue: true,
      };
    }
    return row.userId
      ? {
          // Their only undecided request for the week, the one they hold themselves included.
          ...onlyRequestStatements(db, {
            requestId: row.id,
            userId: row.userId,
            sameAsk: eq(bookingRequests.weekId, row.weekId),
          }),
          refusal: new DomainError("conflict", WEEK_MESSAGES.alreadyAsked, "week"),
          // A place on the waitlist leaves the week as the catalogue shows it.
          shownInCatalogue: false,
        }
      : null;
  },
  messages: BOOKING_NOT_SENT,
  confirmation: { path: "/booking-confirmation", toast: "Booking request sent successfully!" },
} satisfies RequestKindDefinition<typeof bookingRequests, BookingInput>;

/** How many of a member's requests /members lists on a page. */
const MEMBER_REQUESTS_PAGE_SIZE = 10;

/**
 * A page of a member's own booking requests for /members: upcoming stays and live requests first
 * (confirmed or undecided, soonest first), then the rest (ended, or past; latest first), with how
 * many there are, in one batch.
 */
export async function bookingRequestsOf(
  db: Db,
  { userId, page, now }: { userId: string; page: number; now: Date },
) {
  // A stay is past once its check-out day has come anywhere (a UTC day is enough to sort by).
  const live = and(or(givenStay, undecided), gt(bookingRequests.checkOutDate, todayUtc(now)));
  const ended = sql<boolean>`not (${live})`;
  const mine = eq(bookingRequests.userId, userId);
  const [[counted], rows] = await db.batch([
    db.select({ total: count() }).from(bookingRequests).where(mine),
    db
      .select({
        id: bookingRequests.id,
        status: bookingRequests.status,
        locationName: bookingRequests.locationName,
        roomTypeName: bookingRequests.roomTypeName,
        checkInDate: bookingRequests.checkInDate,
        checkOutDate: bookingRequests.checkOutDate,
        waitlist: bookingRequests.waitlist,
        createdAt: bookingRequests.createdAt,
        ended: ended.mapWith(Boolean),
        timeZone: bookingRequests.locationTimeZone,
      })
      .from(bookingRequests)
      .where(mine)
      .orderBy(
        ended,
        sql`case when ${ended} then null else ${bookingRequests.checkInDate} end`,
        desc(bookingRequests.checkInDate),
        desc(bookingRequests.createdAt),
      )
      .limit(MEMBER_REQUESTS_PAGE_SIZE)
      .offset((page - 1) * MEMBER_REQUESTS_PAGE_SIZE),
  ]);
  const total = counted?.total ?? 0;
  const items = rows.map(({ timeZone, ...row }) => ({
    ...row,
    sent: zonedTime(row.createdAt, timeZone),
  }));
  return { items, page, pages: pageCount(total, MEMBER_REQUESTS_PAGE_SIZE), total };
}

/**
 * One of a member's own booking requests as it stands now, with its hold or offer (of its week, or
 * of the weeks its own dates take, which share one deadline) and its history, for its page; another
 * member's is not found. Its times are the resort's, ready to show.
 */
export async function memberBookingRequest(db: Db, userId: string, id: string) {
  const [[row], history] = await db.batch([
    db
      .select({ booking: bookingRequests, heldUntil: weeks.heldUntil })
      .from(bookingRequests)
      .leftJoin(
        weeks,
        and(eq(weeks.roomTypeId, bookingRequests.roomTypeId), heldFor(bookingRequests.id)),
      )
      .where(and(eq(bookingRequests.id, id), eq(bookingRequests.userId, userId)))
      .limit(1),
    bookingHistory(db, id),
  ]);
  if (!row) return null;
  // Which of the staff decided, and the form's key, stay on the server.
  const { booking: stored, heldUntil } = row;
  const { handledBy: _staff, idempotencyKey: _key, ...booking } = stored;
  const inZone = (at: string) => zonedTime(at, booking.locationTimeZone);
  return {
    ...booking,
    times: stayTimes({ ...booking, timeZone: booking.locationTimeZone }),
    // Until when it is held: for staff to decide, for the member offered it, or (confirmed) for
    // the payment, whose deadline the request itself keeps.
    heldUntil:
      booking.status === "confirmed" && booking.payBy
        ? inZone(booking.payBy)
        : heldUntil && (booking.status === "new" || booking.status === "offered")
          ? inZone(heldUntil)
          : null,
    history: [{ event: "sent" as const, at: booking.createdAt }, ...history].map((entry) => ({
      ...entry,
      at: inZone(entry.at),
    })),
  };
}

/** What a member is told after acting on their request: done, or why not. */
export function memberChangeToast(
  intent: "withdraw" | "take-offer",
  result: RequestChangeResult,
): Toast {
  if (result.ok) {
    return {
      type: "success",
      message:
        intent === "take-offer"
          ? "Week requested: we hold it for you while the resort confirms it"
          : result.left
            ? "Done: you left the waitlist"
            : "Done: the request is withdrawn",
    };
  }
  switch (result.reason) {
    case "begun":
      return {
        type: "error",
        message:
          "Your stay has begun, so the request can no longer be withdrawn. Please contact us.",
      };
    case "offer-ended":
      return { type: "error", message: "Sorry: the offer ended before you requested the week." };
    case "already-handled":
      return {
        type: "error",
        message: `Nothing changed: ${bookingState(result).sentence}.`,
      };
    default:
      return { type: "error", message: "Nothing changed: this request can no longer change." };
  }
}
