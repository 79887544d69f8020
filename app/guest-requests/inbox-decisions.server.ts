import { and, eq } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { type Toast } from "~/lib/toast.server";
import { type RequestChangeResult } from "~/request-life/life.server";
import { HOLD_HOURS } from "~/weeks/week";
import { type InboxAction } from "./inbox";
import { INBOX_TABLES } from "./inbox.server";

/**
 * The staff inbox's decisions: what staff are told after acting on a request, and marking a
 * message handled (a booking's changes are app/request-life/life.server.ts; what staff see is
 * inbox.server.ts). Marking is a conditional update (`WHERE status = 'new'`), so a double submit or
 * two admins at once mark it once.
 */

/** What a staff action came to: a booking's change (see app/request-life/life.server.ts), or a message's. */
export type TransitionResult =
  | RequestChangeResult
  | {
      ok: false;
      reason: "already-handled";
      status: "handled";
      waitlist: false;
      handledBy: string | null;
    };

const DONE_MESSAGES = {
  confirm: "Booking confirmed: the member is asked to pay",
  decline: "Booking declined",
  "decline-and-close": "Booking declined and the week closed",
  "mark-paid": "Marked paid: the stay is booked",
  extend: "More time given: the member is told the new deadline",
  handle: "Marked as handled",
} as const satisfies Record<InboxAction["intent"], string>;

/** Why a booking can no longer be decided, by what became of it. */
const ENDED_MESSAGES: Partial<Record<string, string>> = {
  offered:
    "Not possible now: the week is offered to this member, who has not requested it yet. It comes back here once they do.",
  lapsed: `This request lapsed: no decision came within ${HOLD_HOURS} hours, and its week went to the next member waiting or opened again.`,
  passed: "This member did not request the week offered to them in time: the offer passed.",
  closed: "This place on the waitlist is closed: the week was booked, or is no longer offered.",
  "payment-lapsed":
    "Not possible now: the payment did not arrive by its deadline, and the stay was let go. The member may send a new request.",
  paid: "This stay is paid already.",
};

/** What staff are told after an action: done, or why not. */
export function transitionToast(action: InboxAction, result: TransitionResult): Toast {
  if (result.ok) {
    const freed = result.freed?.closed
      ? ". Its waitlist is closed and told"
      : result.freed?.offered
        ? ". The week was offered to the first member on its waitlist"
        : result.freed?.opened
          ? ". The week is open again"
          : "";
    return { type: "success", message: `${DONE_MESSAGES[action.intent]}${freed}` };
  }
  switch (result.reason) {
    case "not-found":
      return { type: "error", message: "Request not found" };
    case "week-taken":
      return {
        type: "error",
        message:
          "Not confirmed: another request holds or has booked this week, or it was closed. Decline it, or offer the member another week.",
      };
    case "dates-taken":
      return {
        type: "error",
        message:
          "Not confirmed: these dates take a night already booked for another request, or of a week held or closed since this one was sent. Decline it, or free those nights first.",
      };
    case "begun":
    case "offer-ended":
      return { type: "error", message: "This request can no longer change" };
    case "already-handled": {
      if (result.status === "withdrawn") {
        const what = result.waitlist ? "left the waitlist" : "withdrew this request";
        return { type: "error", message: `The member ${what}: there is nothing to decide.` };
      }
      const ended = ENDED_MESSAGES[result.status];
      if (ended) return { type: "error", message: ended };
      const what = action.intent === "handle" ? "This request was" : "This booking was";
      const by = result.handledBy ? ` by ${result.handledBy}` : "";
      return { type: "error", message: `${what} already ${result.status}${by}` };
    }
  }
}

/** Why a message was not marked handled: the message as it is now, or none. */
function refusal(
  current: { status: "new" | "handled"; handledBy: string | null } | undefined,
): TransitionResult {
  // A message is either new (then it was marked) or handled.
  if (current?.status !== "handled") return { ok: false, reason: "not-found" };
  return {
    ok: false,
    reason: "already-handled",
    status: current.status,
    waitlist: false,
    handledBy: current.handledBy,
  };
}

/** Marks a new agent application or support message handled (no e-mail). */
export async function markHandled(
  db: Db,
  {
    kind,
    id,
    adminEmail,
  }: { kind: "agent-application" | "support-message"; id: string; adminEmail: string },
  now: Date,
): Promise<TransitionResult> {
  const table = INBOX_TABLES[kind];
  const [update, [current]] = await db.batch([
    db
      .update(table)
      .set({ status: "handled", handledBy: adminEmail, handledAt: now.toISOString() })
      .where(and(eq(table.id, id), eq(table.status, "new"))),
    db
      .select({ status: table.status, handledBy: table.handledBy })
      .from(table)
      .where(eq(table.id, id)),
  ]);
  return update.meta.changes > 0 ? { ok: true } : refusal(current);
}
