import { z } from "~/lib/zod";
import { type BookingStatus } from "~/db/schema";

/**
 * How a booking request's state reads, the same on the member's page, in the staff inbox and in the
 * staff calendar feed. Shared by the pages and the server; it imports nothing server-only.
 */

/** A week that frees is held this long for the first member waiting for it. */
export const OFFER_HOURS = 24;

/** The member's page of one request (linked from /members and from every e-mail about it). */
export const bookingRequestPath = (id: string) => `/members/requests/${encodeURIComponent(id)}`;

export type StateTone = "waiting" | "offered" | "confirmed" | "ended";

interface StateReading {
  label: string;
  tone: StateTone;
  /** Undecided: the member may still withdraw it (or leave the waitlist). */
  open: boolean;
}

/** The state of a request as it reads everywhere: its status, and whether it waits for a week. */
export function bookingState({
  status,
  waitlist,
}: {
  status: BookingStatus;
  waitlist: boolean;
}): StateReading {
  switch (status) {
    case "new":
      return waitlist
        ? { label: "On the waitlist", tone: "waiting", open: true }
        : { label: "Awaiting confirmation", tone: "waiting", open: true };
    case "offered":
      return { label: "Offered: yours to request", tone: "offered", open: true };
    case "confirmed":
      return { label: "Confirmed", tone: "confirmed", open: false };
    case "declined":
      return { label: "Declined", tone: "ended", open: false };
    case "lapsed":
      return { label: "Lapsed", tone: "ended", open: false };
    case "withdrawn":
      return { label: waitlist ? "Left the waitlist" : "Withdrawn", tone: "ended", open: false };
    case "passed":
      return { label: "Offer passed", tone: "ended", open: false };
    case "closed":
      return { label: "Waitlist closed", tone: "ended", open: false };
  }
}

/** A line of a request's history, as its page lists it. */
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
} as const;

/** What a member can do on their request's page: withdraw it (or leave the waitlist), or take up an offer. */
export const memberRequestActionSchema = z.object({
  intent: z.enum(["withdraw", "take-offer"], { error: "Choose what to do with the request" }),
});
