import { z } from "~/lib/zod";
import { stripControlCharacters } from "~/lib/text";
import { MAX_AMOUNT } from "~/lib/money";

/**
 * The staff inbox (/admin/requests): its filters (query string) and its actions (form posts).
 * Shared by the page and the server; it imports nothing server-only.
 */

/** The kinds of request (the same strings as the database's request kinds). */
export const INBOX_KINDS = ["booking", "agent-application", "support-message"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/**
 * What the inbox filters by: a booking is new (holding its week, for staff to decide), on a
 * waitlist (offered the week included), lapsed (its hold, or an offer, ended unused) or decided
 * (confirmed, declined, withdrawn or closed); a message new or handled.
 */
const INBOX_STATUSES = [
  "new",
  "waitlist",
  "lapsed",
  "unpaid",
  "paid",
  "payment-lapsed",
  "decided",
  "handled",
] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** Ten cards: a request's card is long on a phone, and a page of them stays a short scroll. */
export const INBOX_PAGE_SIZE = 10;
/** Deeper pages are not useful; the cap keeps OFFSET small. */
const INBOX_MAX_PAGE = 1000;

/** The statuses a kind of request can have. */
export function statusesOf(kind: InboxKind | "all"): readonly InboxStatus[] {
  switch (kind) {
    case "booking":
      return ["new", "waitlist", "lapsed", "unpaid", "paid", "payment-lapsed", "decided"];
    case "agent-application":
    case "support-message":
      return ["new", "handled"];
    case "all":
      return INBOX_STATUSES;
  }
}

export const KIND_LABELS: Record<InboxKind, { one: string; many: string }> = {
  booking: { one: "Booking request", many: "Bookings" },
  "agent-application": { one: "Agent application", many: "Applications" },
  "support-message": { one: "Support message", many: "Messages" },
};

export const STATUS_LABELS: Record<InboxStatus, string> = {
  new: "New",
  waitlist: "Waitlist",
  lapsed: "Lapsed",
  unpaid: "Awaiting payment",
  paid: "Paid",
  "payment-lapsed": "Payment lapsed",
  decided: "Decided",
  handled: "Handled",
};

// Unknown or malformed values are ignored (the default applies): a hand-edited address still
// shows the inbox instead of an error.
const filtersSchema = z.object({
  kind: z.enum(["all", ...INBOX_KINDS]).catch("all"),
  status: z.enum(["all", ...INBOX_STATUSES]).catch("all"),
  page: z.coerce.number().int().min(1).max(INBOX_MAX_PAGE).catch(1),
  /** One request alone (the house calendar's link to the request holding a week). */
  request: z.string().trim().min(1).max(100).optional().catch(undefined),
});

export type InboxFilters = z.infer<typeof filtersSchema>;

export function parseInboxFilters(searchParams: URLSearchParams): InboxFilters {
  const filters = filtersSchema.parse({
    kind: searchParams.get("kind") ?? undefined,
    status: searchParams.get("status") ?? undefined,
    page: searchParams.get("page") ?? undefined,
    request: searchParams.get("request") ?? undefined,
  });
  // A status the kind never has (say, bookings that are "handled") is ignored too.
  if (filters.status !== "all" && !statusesOf(filters.kind).includes(filters.status)) {
    return { ...filters, status: "all" };
  }
  return filters;
}

/** The inbox's address for these filters; defaults are left out. */
export function inboxHref({
  kind = "all",
  status = "all",
  page = 1,
  request,
}: Partial<InboxFilters> = {}) {
  const params = new URLSearchParams();
  if (kind !== "all") params.set("kind", kind);
  if (status !== "all") params.set("status", status);
  if (page > 1) params.set("page", String(page));
  if (request) params.set("request", request);
  const query = params.toString();
  return `/admin/requests${query ? `?${query}` : ""}`;
}

export const NOTE_MAX = 1000;
/** How many days more staff may give to pay, at a time. */
export const MAX_EXTENSION_DAYS = 7;
const ID_MAX = 100;

const id = z.string().trim().min(1).max(ID_MAX);
const note = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    // No control characters other than line breaks and tabs in an e-mail to a guest.
    const cleaned = stripControlCharacters(value, { keepLineBreaks: true }).trim();
    return cleaned === "" ? undefined : cleaned;
  },
  z.string().max(NOTE_MAX, `Please keep the note under ${NOTE_MAX} characters`).optional(),
);

/** What staff ask the member to pay on confirming, when not the estimate: blank keeps it. */
const amount = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.coerce
    .number({ error: "Enter the amount as a number" })
    .positive("Enter an amount above zero")
    .max(MAX_AMOUNT, "That amount is too large")
    .multipleOf(0.01, "Enter the amount to the cent at most")
    .optional(),
);

/**
 * One form per request: confirm or decline a booking, or decline it and close its week (with an
 * optional note), or mark a message handled.
 */
export const inboxActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm"), id, note, amount }),
  z.object({ intent: z.literal("decline"), id, note }),
  z.object({ intent: z.literal("decline-and-close"), id, note }),
  z.object({ intent: z.literal("mark-paid"), id, note }),
  z.object({
    intent: z.literal("extend"),
    id,
    days: z.coerce
      .number({ error: "Choose how many days more" })
      .int()
      .min(1, "Choose how many days more")
      .max(MAX_EXTENSION_DAYS, `At most ${MAX_EXTENSION_DAYS} days more at a time`),
  }),
  z.object({
    intent: z.literal("handle"),
    kind: z.enum(["agent-application", "support-message"]),
    id,
  }),
]);

export type InboxAction = z.infer<typeof inboxActionSchema>;
