import { z } from "~/lib/zod";
import { type BookingEvent, type BookingStatus } from "~/db/schema";

/**
 * A booking request's life as one table: every move it can make (from which states, by whom, to
 * which state, whether it frees the week, who is told and what staff read in the subject), and
 * how each state reads to the member and to staff. The server's moves (life.server.ts) take their
 * rules from here, and every page, card and e-mail takes its words from here. Shared by the pages
 * and the server; it imports nothing server-only.
 */

/** A week that frees is held this long for the first member waiting for it. */
export const OFFER_HOURS = 24;

/** A payment reminder goes this long before the deadline. */
export const PAYMENT_REMINDER_HOURS = 24;

/** The member's page of one request (linked from /members and from every e-mail about it). */
export const bookingRequestPath = (id: string) => `/members/requests/${encodeURIComponent(id)}`;

/** The page where the member pays for a confirmed stay (linked from the request's page and e-mails). */
export const bookingPayPath = (id: string) => `${bookingRequestPath(id)}/pay`;

/**
 * Who makes a move: the member, staff, or the site itself (the cron, another move, or a payment
 * Stripe reports).
 */
type Mover = "member" | "staff" | "site";

/** What becomes of the week a move lets go: offered to the first member waiting, or closed. */
type Frees = "to-the-next" | "and-closes";

export interface Move {
  /** The states the move starts from (a waitlisted `new` is a place on the waitlist). */
  from: readonly BookingStatus[];
  to: BookingStatus;
  by: Mover | readonly Mover[];
  /** The history's line for it. */
  event: BookingEvent;
  frees?: Frees;
  /** Whom the move's e-mails go to. */
  tells: readonly ("member" | "staff")[];
  /** It may happen again to the same request: its history and e-mails are named by their moment. */
  repeats?: true;
  /** What staff read first in the subject of their e-mail about it. */
  staffSubject?: string;
}

/** Every move a request makes after it is sent. */
export const MOVES = {
  /**
   * Staff accept the request: the member is asked to pay by a deadline (the PAYMENT_HOURS setting), and the
   * week (or the nights) stays held in their name until then; its waitlist stays.
   */
  confirm: {
    from: ["new"],
    to: "confirmed",
    by: "staff",
    event: "confirmed",
    tells: ["member"],
  },
  /**
   * The member paid (by card, as Stripe reports; or by hand, as staff mark it): the stay is
   * booked, its waitlist closes.
   */
  pay: {
    from: ["confirmed"],
    to: "paid",
    by: ["site", "staff"],
    event: "paid",
    tells: ["member", "staff"],
    staffSubject: "Paid",
  },
  /** A payment by a slower method (a bank debit) is on its way: the deadline waits for it. */
  paymentProcessing: {
    from: ["confirmed"],
    to: "confirmed",
    by: "site",
    event: "payment-processing",
    tells: ["member"],
    repeats: true,
  },
  /** That payment failed: the stay awaits payment again, until its deadline. */
  paymentFailed: {
    from: ["confirmed"],
    to: "confirmed",
    by: "site",
    event: "payment-failed",
    tells: ["member", "staff"],
    repeats: true,
    staffSubject: "Payment failed",
  },
  /** Staff give the member more time to pay: a later deadline, the week held until then. */
  extend: {
    from: ["confirmed"],
    to: "confirmed",
    by: "staff",
    event: "extended",
    tells: ["member"],
    repeats: true,
  },
  /** Not paid by the deadline: the week goes to the next member waiting, as a lapse does. */
  paymentLapse: {
    from: ["confirmed"],
    to: "payment-lapsed",
    by: "site",
    event: "payment-lapsed",
    frees: "to-the-next",
    tells: ["member", "staff"],
    staffSubject: "Payment lapsed",
  },
  /** Staff cannot give the stay: the week goes to the next member waiting. */
  decline: {
    from: ["new", "offered"],
    to: "declined",
    by: "staff",
    event: "declined",
    frees: "to-the-next",
    tells: ["member"],
  },
  /** Staff cannot give the stay, nor the week to anyone: it closes, and so does its waitlist. */
  declineAndClose: {
    from: ["new", "offered"],
    to: "declined",
    by: "staff",
    event: "declined",
    frees: "and-closes",
    tells: ["member"],
  },
  /** The member withdraws a request, or leaves a waitlist, before the stay begins. */
  withdraw: {
    from: ["new", "offered"],
    to: "withdrawn",
    by: "member",
    event: "withdrawn",
    frees: "to-the-next",
    tells: ["member", "staff"],
    staffSubject: "Withdrawn",
  },
  /** The member offered a week requests it: it holds the week as a new request. */
  takeOffer: {
    from: ["offered"],
    to: "new",
    by: "member",
    event: "requested",
    tells: ["member", "staff"],
    staffSubject: "Took an offer",
  },
  /** No decision within the hold. */
  lapse: {
    from: ["new"],
    to: "lapsed",
    by: "site",
    event: "lapsed",
    frees: "to-the-next",
    tells: ["member", "staff"],
    staffSubject: "Hold lapsed",
  },
  /** The freed week goes to the first member waiting, theirs to request for OFFER_HOURS. */
  offer: { from: ["new"], to: "offered", by: "site", event: "offered", tells: ["member"] },
  /** The member offered a week did not request it in time. */
  pass: {
    from: ["offered"],
    to: "passed",
    by: "site",
    event: "passed",
    frees: "to-the-next",
    tells: ["member"],
  },
  /** The week waited for was booked, closed or has begun: its waitlist ends. */
  close: { from: ["new", "offered"], to: "closed", by: "site", event: "closed", tells: ["member"] },
} as const satisfies Record<string, Move>;

export type MoveName = keyof typeof MOVES;

/** What staff read first in the subject of a new request's e-mail, by what the member asked. */
export const sentSubject = (waitlist: boolean) =>
  waitlist ? "Joined the waitlist" : "New booking request";

/**
 * Undecided: the request still holds its week, waits for it or is offered it; the member may
 * withdraw it (or leave the waitlist). Its SQL twin is `undecided` in rules.server.ts.
 */
export const UNDECIDED_STATUSES = ["new", "offered"] as const satisfies readonly BookingStatus[];

/**
 * A stay staff gave: confirmed (awaiting payment) or paid. Its nights are no other member's. Its
 * SQL twin is `givenStay` in rules.server.ts.
 */
export const GIVEN_STATUSES = ["confirmed", "paid"] as const satisfies readonly BookingStatus[];
export const isUndecided = (status: BookingStatus) =>
  (UNDECIDED_STATUSES as readonly BookingStatus[]).includes(status);

export type StateTone = "waiting" | "offered" | "confirmed" | "ended";

/** Whose words: the member's own page and e-mails, or the staff inbox and feed. */
export type Reader = "member" | "staff";

interface StateWords {
  /** The badge. */
  label: string;
  /** The state in a sentence's end: "Nothing changed: {sentence}." */
  sentence: string;
}

interface StateReading extends StateWords {
  tone: StateTone;
  /** Undecided: the member may still withdraw it (or leave the waitlist). */
  open: boolean;
}

type Words = Record<Reader, StateWords>;

const same = (label: string, sentence: string): Words => ({
  member: { label, sentence },
  staff: { label, sentence },
});

/** Each state's words, a place on a waitlist apart, for each reader. */
const STATE_WORDS: Record<BookingStatus, Words> & { waiting: Words; left: Words } = {
  new: {
    member: { label: "Awaiting confirmation", sentence: "it is awaiting confirmation" },
    staff: { label: "New: to decide", sentence: "it is waiting for a decision" },
  },
  waiting: {
    member: { label: "On the waitlist", sentence: "you are on the waitlist" },
    staff: { label: "On the waitlist", sentence: "the member is on the waitlist" },
  },
  offered: {
    member: { label: "Offered: yours to request", sentence: "the week is offered to you" },
    staff: {
      label: "Offered to the member",
      sentence: "the week is offered to the member, who has not requested it yet",
    },
  },
  confirmed: {
    member: {
      label: "Confirmed: awaiting payment",
      sentence: "it is confirmed and awaits your payment",
    },
    staff: { label: "Confirmed: awaiting payment", sentence: "it is confirmed and awaits payment" },
  },
  paid: same("Paid", "it is paid"),
  "payment-lapsed": same("Payment lapsed", "it was not paid in time"),
  declined: same("Declined", "it was declined"),
  lapsed: same("Lapsed", "it lapsed without a decision"),
  withdrawn: {
    member: { label: "Withdrawn", sentence: "you withdrew it" },
    staff: { label: "Withdrawn by the member", sentence: "the member withdrew it" },
  },
  left: {
    member: { label: "Left the waitlist", sentence: "you left the waitlist" },
    staff: { label: "Left the waitlist", sentence: "the member left the waitlist" },
  },
  passed: {
    member: { label: "Offer passed", sentence: "the offer passed before you requested the week" },
    staff: { label: "Offer passed", sentence: "the member did not request the week in time" },
  },
  closed: same("Waitlist closed", "the waitlist closed"),
};

const TONES: Record<BookingStatus, StateTone> = {
  new: "waiting",
  offered: "offered",
  confirmed: "confirmed",
  declined: "ended",
  lapsed: "ended",
  withdrawn: "ended",
  passed: "ended",
  closed: "ended",
  paid: "confirmed",
  "payment-lapsed": "ended",
};

/** The state of a request as it reads to `reader`: by its status, and whether it waits for a week. */
export function bookingState(
  { status, waitlist }: { status: BookingStatus; waitlist: boolean },
  reader: Reader = "member",
): StateReading {
  const key =
    status === "new" && waitlist ? "waiting" : status === "withdrawn" && waitlist ? "left" : status;
  return { ...STATE_WORDS[key][reader], tone: TONES[status], open: isUndecided(status) };
}

/** A line of a request's history, as its member's page lists it. */
export const HISTORY_LABELS = {
  sent: "Sent",
  offered: "The week freed and was offered to you",
  requested: "You requested the week offered to you",
  confirmed: "Confirmed",
  declined: "Declined",
  lapsed: "Lapsed: no decision within the hold",
  withdrawn: "Withdrawn",
  passed: "The offer passed: not requested in time",
  closed: "Waitlist closed",
  paid: "Paid: the stay is booked",
  extended: "More time to pay: a later deadline",
  "payment-lapsed": "Not paid in time: the week was let go",
  "payment-processing": "Payment sent: your bank is processing it",
  "payment-failed": "The payment did not go through",
} as const satisfies Record<BookingEvent | "sent", string>;

/** What a member can do on their request's page: withdraw it (or leave the waitlist), or take up an offer. */
export const memberRequestActionSchema = z.object({
  intent: z.enum(["withdraw", "take-offer"], { error: "Choose what to do with the request" }),
});
