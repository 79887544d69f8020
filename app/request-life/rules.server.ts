import { and, eq, inArray, lte, type SQL, type SQLWrapper } from "drizzle-orm";
import { bookingRequests, weeks } from "~/db/schema";
import { addDays, localDate, todayUtc, type CalendarDate } from "~/weeks/calendar";
import { HOLD_HOURS } from "~/weeks/week";
import { GIVEN_STATUSES, OFFER_HOURS, UNDECIDED_STATUSES } from "./moves";

/**
 * The rules of a request's life that both the database and the code ask, each written once per
 * side and side by side (tests/workers/life-rules.test.ts holds that the two agree).
 */

/** Undecided (SQL): the request holds its week, waits for it or is offered it. */
export const undecided = inArray(bookingRequests.status, [...UNDECIDED_STATUSES]);

/** A stay staff gave (SQL): confirmed, awaiting payment, or paid. Its nights are taken. */
export const givenStay = inArray(bookingRequests.status, [...GIVEN_STATUSES]);

/** A place on a week's waitlist (SQL), the member offered the week included. */
export const waiting = and(undecided, eq(bookingRequests.waitlist, true));

/** The stay has begun at its resort (JS): its check-in day has come there. */
export const hasBegun = (checkIn: CalendarDate, timeZone: string, now: Date) =>
  checkIn <= localDate(now, timeZone);

/**
 * A week that may have begun at its resort (SQL, for a sweep across zones): its check-in day has
 * come on the latest today on Earth. The sweep then asks `hasBegun` of each.
 */
export const weekMayHaveBegun = (now: Date) => lte(weeks.checkIn, addDays(todayUtc(now), 1));

/**
 * The week is open (SQL): free for any member to request. Whether it is on sale (a rate, ahead of
 * the resort's today) is the catalogue's `onSale`.
 */
export const weekOpen: SQL = eq(weeks.state, "open");

/** A week held for a request (SQL): by its request, or offered to a member waiting. */
export const heldFor = (requestId: string | SQLWrapper) =>
  and(eq(weeks.state, "requested"), eq(weeks.requestId, requestId));

/** Until when a new request holds its week: HOLD_HOURS for staff to decide. */
export const holdUntil = (now: Date) =>
  new Date(now.getTime() + HOLD_HOURS * 3_600_000).toISOString();

/** Until when a confirmed stay's week stays the member's without payment: `hours` (a setting). */
export const payBy = (now: Date, hours: number) =>
  new Date(now.getTime() + hours * 3_600_000).toISOString();

/** Until when a freed week is offered to the member first waiting: OFFER_HOURS to request it. */
export const offerUntil = (now: Date) =>
  new Date(now.getTime() + OFFER_HOURS * 3_600_000).toISOString();
