import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { LOCATION_DEFAULTS } from "../catalogue/location-defaults.ts";
import {
  HOLIDAYS,
  NIGHTLY_CHARGES,
  type AppliedCharge,
  type ChargeKey,
  type HolidayKey,
  type WaiverKey,
} from "../weeks/price-fields.ts";

/** The moment a row is written, as the ISO 8601 text every timestamp column holds. */
const NOW_ISO = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

const createdAt = () => text("created_at").notNull().default(NOW_ISO);
const updatedAt = () => text("updated_at").notNull().default(NOW_ISO);

export const locations = sqliteTable(
  "locations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description"),
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    city: text("city"),
    state: text("state"),
    country: text("country").notNull().default("United States"),
    minimumNights: integer("minimum_nights").notNull().default(7),
    // The resort's IANA time zone: its own "today" (app/catalogue/time-zones.ts).
    timeZone: text("time_zone").notNull().default(LOCATION_DEFAULTS.timeZone),
    // When guests arrive and leave, on the resort's clock ("16:00").
    checkInTime: text("check_in_time").notNull().default(LOCATION_DEFAULTS.checkInTime),
    checkOutTime: text("check_out_time").notNull().default(LOCATION_DEFAULTS.checkOutTime),
    // What its prices are in (ISO 4217: app/lib/money.ts).
    currency: text("currency").notNull().default(LOCATION_DEFAULTS.currency),
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    displayOrder: integer("display_order"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("locations_visible_name_idx").on(table.hidden, table.name),
    index("locations_featured_order_idx").on(table.hidden, table.featured, table.displayOrder),
    // The admin's order (the picker, the Checklist): a page of it, a location's place in it and
    // its neighbours are read from the index, never by sorting every location.
    index("locations_admin_order_idx").on(sql`${table.name} COLLATE NOCASE`, table.id),
  ],
);

/** A room type's holiday prices: a column each (price-fields.ts lists them). */
const holidayPriceColumns = () =>
  Object.fromEntries(HOLIDAYS.map(({ key, column }) => [key, real(column)])) as Record<
    HolidayKey,
    ReturnType<typeof real>
  >;

/** A room type's charges per night, and the boxes that waive them (price-fields.ts). */
const nightlyChargeColumns = () => {
  const waiver = (column: string) => integer(column, { mode: "boolean" }).notNull().default(false);
  return Object.fromEntries(
    NIGHTLY_CHARGES.flatMap((charge) => [
      [charge.key, real(charge.column)],
      ...(charge.waiver ? [[charge.waiver.key, waiver(charge.waiver.column)]] : []),
    ]),
  ) as Record<ChargeKey, ReturnType<typeof real>> & Record<WaiverKey, ReturnType<typeof waiver>>;
};

export const roomTypes = sqliteTable(
  "room_types",
  {
    id: text("id").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    imageFolder: text("image_folder"),
    bedrooms: integer("bedrooms"),
    bathrooms: real("bathrooms"),
    maxGuests: integer("max_guests"),
    price: real("price"),
    otherPrices: text("other_prices"),
    ...holidayPriceColumns(),
    displayOrder: integer("display_order").notNull().default(0),
    roomFeatures: text("room_features", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    ...nightlyChargeColumns(),
    // The secret in the address of the room's staff calendar feed (null: no feed); a new one
    // revokes the old address.
    calendarToken: text("calendar_token"),
    // A new room type is a draft, kept off the site until an admin publishes it ready: a rate,
    // a guest limit and a picture.
    published: integer("published", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("room_types_location_order_idx").on(table.locationId, table.displayOrder, table.name),
    uniqueIndex("room_types_calendar_token_idx").on(table.calendarToken),
    // A location's room types have distinct names, whatever their capitals and outer spaces: the
    // catalogue spreadsheet and the weeks import name a room by it.
    uniqueIndex("room_types_location_name_idx").on(
      table.locationId,
      sql`lower(trim(${table.name}))`,
    ),
  ],
);

export const images = sqliteTable(
  "images",
  {
    id: text("id").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    // null: a location-level image; otherwise the room type it belongs to.
    roomTypeId: text("room_type_id").references(() => roomTypes.id, {
      onDelete: "cascade",
    }),
    // The R2 object key; the public URL is derived from it (see imageUrl()).
    imageUrl: text("image_url").notNull(),
    imageType: text("image_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    // The sized variants stored beside the original: their widths, and those also in AVIF
    // (ImageVariants in app/catalogue/image-variants.ts); null: the original only.
    variants: text("variants", { mode: "json" }).$type<{ widths: number[]; avif: number[] }>(),
    alt: text("alt"),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index("images_location_order_idx").on(table.locationId, table.roomTypeId, table.displayOrder),
  ],
);

export const WEEK_STATES = ["open", "requested", "booked", "closed"] as const;
export type WeekState = (typeof WEEK_STATES)[number];

/**
 * The bookable weeks of a room type (docs/decisions/012-weeks-and-holiday-rates.md). `check_in` is
 * the resort's calendar date; `rate` null means the default rate. A week is `requested` while a
 * member's request holds it (until `held_until`), `booked` once staff confirm it.
 */
export const weeks = sqliteTable(
  "weeks",
  {
    id: text("id").primaryKey(),
    roomTypeId: text("room_type_id")
      .notNull()
      .references(() => roomTypes.id, { onDelete: "cascade" }),
    checkIn: text("check_in").notNull(),
    nights: integer("nights").notNull(),
    rate: real("rate"),
    state: text("state", { enum: WEEK_STATES }).notNull().default("open"),
    // The booking request that holds or booked the week.
    requestId: text("request_id"),
    heldUntil: text("held_until"),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("weeks_room_type_check_in_idx").on(table.roomTypeId, table.checkIn),
    index("weeks_state_held_until_idx").on(table.state, table.heldUntil),
  ],
);

/**
 * What the Checklist counts, kept by triggers inside the statements that change the catalogue,
 * whatever writes it (migrations/0029_checklist_counts.sql,
 * docs/decisions/019-checklist-counts-kept-by-triggers.md); the app only reads them.
 *
 * A room type's open weeks, while it has any: the first and last check-in, and how many times two
 * open weeks one after the other are more than WIDE_GAP_DAYS apart (app/catalogue/checklist.ts).
 */
export const roomOpenWeeks = sqliteTable("room_open_weeks", {
  roomTypeId: text("room_type_id").primaryKey(),
  firstOpen: text("first_open").notNull(),
  lastOpen: text("last_open").notNull(),
  wideGaps: integer("wide_gaps").notNull(),
});

/**
 * A location as the Checklist counts it, one row for each: hidden, featured, `settled` when all of
 * the Complete rule holds but open weeks in the next months, and over its rooms' open weeks the
 * latest first one (null while a room has none), the earliest last one and their wide gaps, which
 * tell on any day whether each room has an open week in the next months
 * (app/catalogue/checklist.server.ts).
 */
export const locationChecklist = sqliteTable("location_checklist", {
  locationId: text("location_id").primaryKey(),
  hidden: integer("hidden", { mode: "boolean" }).notNull(),
  featured: integer("featured", { mode: "boolean" }).notNull(),
  settled: integer("settled", { mode: "boolean" }).notNull(),
  readyFrom: text("ready_from"),
  readyUntil: text("ready_until"),
  wideGaps: integer("wide_gaps").notNull(),
});

export type Location = typeof locations.$inferSelect;
export type NewLocation = typeof locations.$inferInsert;
export type RoomType = typeof roomTypes.$inferSelect;
export type NewRoomType = typeof roomTypes.$inferInsert;
export type Image = typeof images.$inferSelect;
export type Week = typeof weeks.$inferSelect;
export type NewImage = typeof images.$inferInsert;

export const USER_ROLES = ["member", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Invite-only accounts. The admin allow-list is the admin role. */
export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  // Always stored trimmed and lower-cased.
  email: text("email").notNull().unique(),
  role: text("role", { enum: USER_ROLES }).notNull().default("member"),
  invitedBy: text("invited_by"),
  createdAt: createdAt(),
  lastSignInAt: text("last_sign_in_at"),
});

/** A signed-in browser. The session cookie carries its id; deleting the row ends the session. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Authenticator assurance level: aal1 after the e-mail link, aal2 after a TOTP code too.
    aal: text("aal", { enum: ["aal1", "aal2"] })
      .notNull()
      .default("aal1"),
    createdAt: createdAt(),
    lastSeenAt: text("last_seen_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/** One-time sign-in links. Only the SHA-256 of the token is stored. */
export const loginTokens = sqliteTable(
  "login_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (table) => [index("login_tokens_email_created_idx").on(table.email, table.createdAt)],
);

/** Authenticator-app second factors (TOTP). */
export const totpFactors = sqliteTable(
  "totp_factors",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    friendlyName: text("friendly_name").notNull().default("Authenticator app"),
    secret: text("secret").notNull(),
    status: text("status", { enum: ["unverified", "verified"] })
      .notNull()
      .default("unverified"),
    createdAt: createdAt(),
    verifiedAt: text("verified_at"),
    // The 30 s time step of the last code accepted: a code works once.
    lastUsedStep: integer("last_used_step"),
  },
  (table) => [index("totp_factors_user_idx").on(table.userId)],
);

/** Where e-mails go when no e-mail provider is configured (local development); see /dev/outbox. */
/** A file sent with an e-mail (a calendar entry): small text, kept with the e-mail. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** Headers an e-mail carries besides the usual (a list's one-click unsubscribe). */
export type EmailHeaders = Record<string, string>;

export const outboxEmails = sqliteTable("outbox_emails", {
  id: text("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  attachments: text("attachments", { mode: "json" }).$type<EmailAttachment[]>(),
  headers: text("headers", { mode: "json" }).$type<EmailHeaders>(),
  createdAt: createdAt(),
});

/**
 * Rate-limit counters: one row per rule and subject (an IP address, an admin's operation, a
 * factor). A window starts at the first counted call and ends at `resets_at` (epoch ms); counting
 * is one upsert, so simultaneous calls never read the same count.
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    rule: text("rule").notNull(),
    subject: text("subject").notNull(),
    hits: integer("hits").notNull(),
    resetsAt: integer("resets_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.rule, table.subject] }),
    index("rate_limits_resets_at_idx").on(table.resetsAt),
  ],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type TotpFactor = typeof totpFactors.$inferSelect;

// Requests that visitors and members send. Each is stored before anything else happens; the
// e-mails about it are stored with it (email_deliveries) and sent afterwards, retried until sent.

const handledColumns = () => ({
  handledBy: text("handled_by"),
  handledAt: text("handled_at"),
});

/**
 * A booking request's life: `new` holds its week (or, `waitlist`, waits for it), then is confirmed
 * or declined by staff, lapses without a decision, or is withdrawn by the member. A waiting one
 * is `offered` the week when it frees, then requests it (`new` again), or the offer `passed`; it
 * is `closed` when the week is booked for another.
 */
export const BOOKING_STATUSES = [
  "new",
  "offered",
  "confirmed",
  "declined",
  "lapsed",
  "withdrawn",
  "passed",
  "closed",
  "paid",
  "payment-lapsed",
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const MESSAGE_STATUSES = ["new", "handled"] as const;

export const bookingRequests = sqliteTable(
  "booking_requests",
  {
    id: text("id").primaryKey(),
    // The form's one-time key: a double submit or a replayed POST stores one request.
    idempotencyKey: text("idempotency_key").notNull().unique(),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("new"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    checkInDate: text("check_in_date").notNull(),
    checkOutDate: text("check_out_date").notNull(),
    adults: integer("adults").notNull(),
    children: integer("children").notNull().default(0),
    infants: integer("infants").notNull().default(0),
    // Copied from the catalogue when the request is made, so staff see what the guest saw.
    locationId: text("location_id").notNull(),
    locationName: text("location_name").notNull(),
    locationCity: text("location_city"),
    locationState: text("location_state"),
    locationCountry: text("location_country").notNull(),
    locationTimeZone: text("location_time_zone").notNull().default(LOCATION_DEFAULTS.timeZone),
    checkInTime: text("check_in_time").notNull().default(LOCATION_DEFAULTS.checkInTime),
    checkOutTime: text("check_out_time").notNull().default(LOCATION_DEFAULTS.checkOutTime),
    currency: text("currency").notNull().default(LOCATION_DEFAULTS.currency),
    roomTypeId: text("room_type_id").notNull(),
    roomTypeName: text("room_type_name").notNull(),
    roomTypeBedrooms: integer("room_type_bedrooms"),
    roomTypeBathrooms: real("room_type_bathrooms"),
    roomTypePrice: real("room_type_price"),
    // The week asked for (null: dates of the member's own choosing), its rate and the stay's
    // estimated total when asked; a waitlist request asks for a week someone else holds.
    weekId: text("week_id"),
    weekRate: real("week_rate"),
    estimatedTotal: real("estimated_total"),
    // The nightly charges the estimate counted, as they were quoted (null: none, or an older
    // request), so the request's page and e-mails say what the total is made of.
    quotedCharges: text("quoted_charges", { mode: "json" }).$type<AppliedCharge[]>(),
    waitlist: integer("waitlist", { mode: "boolean" }).notNull().default(false),
    specialRequests: text("special_requests"),
    referralCode: text("referral_code"),
    // What staff wrote to the member with their decision.
    staffNote: text("staff_note"),
    // Once confirmed: what the member is asked to pay (in the resort's currency) and by when;
    // once paid, when, and staff's note of how (a payment made by hand).
    amountDue: real("amount_due"),
    payBy: text("pay_by"),
    paidAt: text("paid_at"),
    paymentNote: text("payment_note"),
    // A card payment's reference at Stripe (its payment intent), once paid through Checkout.
    paymentReference: text("payment_reference"),
    // Since when a payment by a slower method (a bank debit) is on its way: the deadline waits for
    // its outcome.
    paymentProcessingSince: text("payment_processing_since"),
    createdAt: createdAt(),
    // When the status last changed: a change's e-mails and history are stored only by the batch
    // that made it.
    changedAt: text("changed_at"),
    ...handledColumns(),
  },
  (table) => [
    // The waitlist of a week, first come first offered.
    index("booking_requests_week_idx").on(table.weekId, table.status, table.createdAt),
    index("booking_requests_status_created_idx").on(table.status, table.createdAt),
    index("booking_requests_user_idx").on(table.userId, table.createdAt),
    // The nights staff confirmed in a room, checked before each confirmation.
    index("booking_requests_room_status_idx").on(table.roomTypeId, table.status, table.checkInDate),
    // The requests checking in within a window of months (the staff's demand figures).
    index("booking_requests_check_in_idx").on(table.checkInDate),
    // The staff inbox's pages, newest first (app/guest-requests/inbox.server.ts).
    index("booking_requests_created_idx").on(table.createdAt, table.id),
  ],
);

/** What a booking request's history records: each change of its status, at most once each. */
export const BOOKING_EVENTS = [
  "offered",
  "requested",
  "confirmed",
  "declined",
  "lapsed",
  "withdrawn",
  "passed",
  "closed",
  "paid",
  "payment-lapsed",
  "extended",
  "payment-processing",
  "payment-failed",
] as const;
export type BookingEvent = (typeof BOOKING_EVENTS)[number];

/** The history of a booking request: what changed, who changed it (null: the site), and when. */
export const bookingRequestEvents = sqliteTable(
  "booking_request_events",
  {
    // `<request id>:<event>`: each event happens once, so a change run twice is stored once.
    id: text("id").primaryKey(),
    requestId: text("request_id")
      .notNull()
      .references(() => bookingRequests.id, { onDelete: "cascade" }),
    event: text("event", { enum: BOOKING_EVENTS }).notNull(),
    actor: text("actor"),
    createdAt: createdAt(),
  },
  (table) => [index("booking_request_events_request_idx").on(table.requestId, table.createdAt)],
);

/**
 * Stripe's events that changed a request, by Stripe's id: stored in the batch that made the
 * change, so a copy of an event (Stripe retries, or sends one twice) changes nothing again.
 */
export const paymentEvents = sqliteTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  requestId: text("request_id")
    .notNull()
    .references(() => bookingRequests.id, { onDelete: "cascade" }),
  appliedAt: text("applied_at").notNull(),
});

export const DEV_CHECKOUT_STATUSES = [
  "open",
  "processing",
  "complete",
  "failed",
  "expired",
  "refunded",
] as const;

/**
 * The local checkout's sessions (local development without a Stripe key, as the dev outbox stands
 * in for Resend): what the site asked Stripe for, kept to show on /dev/checkout.
 */
export const devCheckoutSessions = sqliteTable("dev_checkout_sessions", {
  id: text("id").primaryKey(),
  requestId: text("request_id").notNull(),
  params: text("params", { mode: "json" }).$type<Stripe.Checkout.SessionCreateParams>().notNull(),
  status: text("status", { enum: DEV_CHECKOUT_STATUSES }).notNull().default("open"),
  paymentIntent: text("payment_intent").notNull(),
  expiresAt: text("expires_at").notNull(),
  createdAt: createdAt(),
});
export type DevCheckoutSession = typeof devCheckoutSessions.$inferSelect;

export const agentApplications = sqliteTable(
  "agent_applications",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("new"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    isCurrentAgent: text("is_current_agent", { enum: ["yes", "no"] }).notNull(),
    currentOccupation: text("current_occupation").notNull(),
    whyThrive: text("why_thrive").notNull(),
    createdAt: createdAt(),
    ...handledColumns(),
  },
  (table) => [
    index("agent_applications_status_created_idx").on(table.status, table.createdAt),
    index("agent_applications_created_idx").on(table.createdAt, table.id),
  ],
);

export const supportMessages = sqliteTable(
  "support_messages",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("new"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
    ...handledColumns(),
  },
  (table) => [
    index("support_messages_status_created_idx").on(table.status, table.createdAt),
    index("support_messages_created_idx").on(table.createdAt, table.id),
  ],
);

export const REQUEST_KINDS = ["booking", "agent-application", "support-message"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
/** Sign-in links and invitations carry a link that signs someone in. */
export const LINK_EMAIL_KINDS = ["sign-in", "invitation"] as const;
/** A week alert: `request_id` is its saved search. */
export const EMAIL_KINDS = [...REQUEST_KINDS, ...LINK_EMAIL_KINDS, "week-alert"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * Every e-mail the site sends, stored with the write that causes it (a request, a sign-in link:
 * `request_id` is then the link's token hash); sent after, and retried with backoff until sent.
 */
export const emailDeliveries = sqliteTable(
  "email_deliveries",
  {
    id: text("id").primaryKey(),
    requestKind: text("request_kind", { enum: EMAIL_KINDS }).notNull(),
    requestId: text("request_id").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    attachments: text("attachments", { mode: "json" }).$type<EmailAttachment[]>(),
    headers: text("headers", { mode: "json" }).$type<EmailHeaders>(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull(),
    lastError: text("last_error"),
    sentAt: text("sent_at"),
    createdAt: createdAt(),
  },
  (table) => [
    index("email_deliveries_due_idx").on(table.status, table.nextAttemptAt),
    index("email_deliveries_request_idx").on(table.requestKind, table.requestId),
  ],
);

export type BookingRequest = typeof bookingRequests.$inferSelect;
export type AgentApplication = typeof agentApplications.$inferSelect;
export type SupportMessage = typeof supportMessages.$inferSelect;
export type EmailDelivery = typeof emailDeliveries.$inferSelect;

/** Who changed what in the catalogue, and when (shown on the admin checklist). */
export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: text("id").primaryKey(),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type", {
      enum: ["location", "room_type", "image", "featured_order"],
    }).notNull(),
    entityId: text("entity_id").notNull(),
    // The location the change belongs to (kept after the location is deleted).
    locationId: text("location_id"),
    summary: text("summary").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("audit_events_location_created_idx").on(table.locationId, table.createdAt)],
);

export type AuditEvent = typeof auditEvents.$inferSelect;

/**
 * A member's "Tell me when a week opens": a month, the list's search words and filters (the place
 * by the catalogue's own names). A week opening in its month sets `pending` (a trigger:
 * migrations/0020_week_alerts.sql); the alerts run then looks for a week it matches among those
 * opened since `seen_seq`, and writes at most once a day.
 */
export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    country: text("country"),
    state: text("state"),
    city: text("city"),
    guests: integer("guests"),
    bedrooms: integer("bedrooms"),
    maxPrice: real("max_price"),
    // The currency of max_price (set exactly when it is): only weeks priced in it are compared.
    currency: text("currency"),
    // The search's words as typed, and the full-text query the list runs for them
    // (app/catalogue/location-search.ts), which the alerts run matches with.
    q: text("q"),
    qMatch: text("q_match"),
    // What it looks for, as one text: a member saves a search once.
    criteria: text("criteria").notNull(),
    pending: integer("pending", { mode: "boolean" }).notNull().default(false),
    // The last week opening (week_openings.seq) it was checked against.
    seenSeq: integer("seen_seq").notNull().default(0),
    alertedAt: text("alerted_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("saved_searches_user_criteria_idx").on(table.userId, table.criteria),
    index("saved_searches_month_pending_idx").on(table.month, table.pending),
    index("saved_searches_pending_alerted_idx").on(table.pending, table.alertedAt),
  ],
);

/**
 * Each time a week is on sale anew (opened, freed, its room published, its location shown), in
 * order: written by triggers, read by the alerts run, and pruned once no search needs it.
 */
export const weekOpenings = sqliteTable(
  "week_openings",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    weekId: text("week_id").notNull(),
    month: text("month").notNull(),
  },
  (table) => [index("week_openings_month_seq_idx").on(table.month, table.seq)],
);

export type SavedSearch = typeof savedSearches.$inferSelect;

/**
 * How many times members' searches of a month found nothing (the staff's demand figures,
 * app/demand/), one row per month, place and party size: no member, no address, no words typed,
 * nothing personal. The place is the search's place filters by the catalogue's names, '' where
 * the search left one out; the party size its guests filter, 0 where it had none. Counted by one
 * upsert (`searches + 1`), so simultaneous searches each count.
 */
export const emptyMonthSearches = sqliteTable(
  "empty_month_searches",
  {
    month: text("month").notNull(),
    country: text("country").notNull().default(""),
    state: text("state").notNull().default(""),
    city: text("city").notNull().default(""),
    guests: integer("guests").notNull().default(0),
    searches: integer("searches").notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.month, table.country, table.state, table.city, table.guests],
    }),
  ],
);
