import { type CloudflareContext } from "~/context";
import { type RequestKind } from "~/db/schema";
import { deliver, queuedEmail, type QueuedEmail } from "~/email/deliveries.server";
import { emailHtml, emailText } from "~/email/layout.server";
import {
  formatStayDate,
  guestsLine,
  INBOX_KINDS,
  INBOX_PAGE_SIZE,
  statusesOf,
  type InboxFilters,
  type InboxKind,
} from "~/requests/inbox-schema";
import { nightsBetween } from "~/requests/schemas";

/**
 * The staff inbox: booking requests, agent applications and support messages in one list, and
 * the one-way transitions staff make on them (new → confirmed | declined, new → handled).
 *
 * Written in SQL against D1 directly: the list is a UNION over three tables, read in one D1
 * batch (one round trip), and each transition is a conditional UPDATE (`WHERE status = 'new'`)
 * so a double submit or two admins at once apply one transition, never two.
 */

// Keyed by both: the inbox's kinds are exactly the database's request kinds.
const TABLES = {
  booking: "booking_requests",
  "agent-application": "agent_applications",
  "support-message": "support_messages",
} as const satisfies Record<InboxKind, string> & Record<RequestKind, string>;

type BookingStatus = "new" | "confirmed" | "declined";
type MessageStatus = "new" | "handled";

export interface EmailState {
  to: string;
  subject: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
}

interface Sender {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** The member account that sent it, when signed in. */
  accountEmail: string | null;
  handledBy: string | null;
  handledAt: string | null;
  emails: EmailState[];
}

export interface BookingItem extends Sender {
  kind: "booking";
  status: BookingStatus;
  locationName: string;
  place: string;
  roomTypeName: string;
  roomTypeBedrooms: number | null;
  roomTypeBathrooms: number | null;
  roomTypePrice: number | null;
  checkInDate: string;
  checkOutDate: string;
  nights: number;
  adults: number;
  children: number;
  infants: number;
  specialRequests: string | null;
  referralCode: string | null;
}

export interface ApplicationItem extends Sender {
  kind: "agent-application";
  status: MessageStatus;
  isCurrentAgent: "yes" | "no";
  currentOccupation: string;
  whyThrive: string;
}

export interface MessageItem extends Sender {
  kind: "support-message";
  status: MessageStatus;
  message: string;
}

export type InboxItem = BookingItem | ApplicationItem | MessageItem;

export interface InboxPage {
  items: InboxItem[];
  page: number;
  pages: number;
  total: number;
  /** Requests waiting for staff, per kind (whatever the filters). */
  newCounts: Record<InboxKind, number>;
}

// Rows as D1 returns them.
interface SenderRow {
  id: string;
  created_at: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  account_email: string | null;
  handled_by: string | null;
  handled_at: string | null;
}
interface BookingRow extends SenderRow {
  status: BookingStatus;
  location_name: string;
  location_city: string | null;
  location_state: string | null;
  location_country: string;
  room_type_name: string;
  room_type_bedrooms: number | null;
  room_type_bathrooms: number | null;
  room_type_price: number | null;
  check_in_date: string;
  check_out_date: string;
  adults: number;
  children: number;
  infants: number;
  special_requests: string | null;
  referral_code: string | null;
}
interface ApplicationRow extends SenderRow {
  status: MessageStatus;
  is_current_agent: "yes" | "no";
  current_occupation: string;
  why_thrive: string;
}
interface MessageRow extends SenderRow {
  status: MessageStatus;
  message: string;
}
interface DeliveryRow {
  request_kind: InboxKind;
  request_id: string;
  to: string;
  subject: string;
  status: EmailState["status"];
  attempts: number;
}

const SENDER_COLUMNS = (alias: string) =>
  `${alias}.id, ${alias}.status, ${alias}.created_at, ${alias}.first_name, ${alias}.last_name, ${alias}.email,
   ${alias}.phone, ${alias}.handled_by, ${alias}.handled_at, u.email AS account_email`;

const DETAIL_COLUMNS: Record<InboxKind, string> = {
  booking: `r.location_name, r.location_city, r.location_state, r.location_country, r.room_type_name,
    r.room_type_bedrooms, r.room_type_bathrooms, r.room_type_price, r.check_in_date, r.check_out_date,
    r.adults, r.children, r.infants, r.special_requests, r.referral_code`,
  "agent-application": "r.is_current_agent, r.current_occupation, r.why_thrive",
  "support-message": "r.message",
};

function sender(row: SenderRow, emails: EmailState[]): Sender {
  return {
    id: row.id,
    createdAt: row.created_at,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    accountEmail: row.account_email,
    handledBy: row.handled_by,
    handledAt: row.handled_at,
    emails,
  };
}

export function placeOf(row: { city: string | null; state: string | null; country: string }) {
  return [row.city, row.state, row.country].filter(Boolean).join(", ");
}

/** The kinds a filter can match: a status rules out kinds that never have it. */
function kindsFor(filters: InboxFilters) {
  return INBOX_KINDS.filter(
    (kind) =>
      (filters.kind === "all" || filters.kind === kind) &&
      (filters.status === "all" || statusesOf(kind).includes(filters.status)),
  );
}

/**
 * One page of the inbox, newest first, with each request's e-mail delivery state, the total
 * for the filters and the waiting ("new") counts, in one D1 batch.
 */
export async function listInbox(d1: D1Database, filters: InboxFilters): Promise<InboxPage> {
  const kinds = kindsFor(filters);
  const newCountsSql = `SELECT ${INBOX_KINDS.map(
    (kind) => `(SELECT count(*) FROM ${TABLES[kind]} WHERE status = 'new') AS "${kind}"`,
  ).join(", ")}`;
  if (kinds.length === 0) {
    const newCounts = await d1.prepare(newCountsSql).first<Record<InboxKind, number>>();
    return { items: [], page: filters.page, pages: 1, total: 0, newCounts: newCounts! };
  }

  const byStatus = filters.status === "all" ? "" : " WHERE status = ?";
  const matching = kinds
    .map((kind) => `SELECT '${kind}' AS kind, id, created_at FROM ${TABLES[kind]}${byStatus}`)
    .join(" UNION ALL ");
  const matchingParams = filters.status === "all" ? [] : kinds.map(() => filters.status);
  const pageCte = `WITH page AS (${matching} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?)`;
  const pageParams = [...matchingParams, INBOX_PAGE_SIZE, (filters.page - 1) * INBOX_PAGE_SIZE];
  const inPage = (sql: string) => d1.prepare(`${pageCte} ${sql}`).bind(...pageParams);
  const rowsOf = (kind: InboxKind) =>
    inPage(
      `SELECT ${SENDER_COLUMNS("r")}, ${DETAIL_COLUMNS[kind]}
       FROM page JOIN ${TABLES[kind]} r ON r.id = page.id AND page.kind = '${kind}'
       LEFT JOIN users u ON u.id = r.user_id`,
    );

  const [order, bookings, applications, messages, deliveries, totals, newCounts] = await d1.batch([
    inPage("SELECT kind, id FROM page ORDER BY created_at DESC, id DESC"),
    rowsOf("booking"),
    rowsOf("agent-application"),
    rowsOf("support-message"),
    inPage(
      `SELECT d.request_kind, d.request_id, d."to", d.subject, d.status, d.attempts
       FROM page JOIN email_deliveries d ON d.request_kind = page.kind AND d.request_id = page.id
       ORDER BY d.created_at, d.rowid`,
    ),
    d1.prepare(`SELECT count(*) AS total FROM (${matching})`).bind(...matchingParams),
    d1.prepare(newCountsSql),
  ]);

  const emailsOf = new Map<string, EmailState[]>();
  for (const row of deliveries!.results as unknown as DeliveryRow[]) {
    const key = `${row.request_kind}:${row.request_id}`;
    const list = emailsOf.get(key) ?? [];
    list.push({ to: row.to, subject: row.subject, status: row.status, attempts: row.attempts });
    emailsOf.set(key, list);
  }
  const emails = (kind: InboxKind, id: string) => emailsOf.get(`${kind}:${id}`) ?? [];

  const items = new Map<string, InboxItem>();
  for (const row of bookings!.results as unknown as BookingRow[]) {
    items.set(`booking:${row.id}`, {
      ...sender(row, emails("booking", row.id)),
      kind: "booking",
      status: row.status,
      locationName: row.location_name,
      place: placeOf({
        city: row.location_city,
        state: row.location_state,
        country: row.location_country,
      }),
      roomTypeName: row.room_type_name,
      roomTypeBedrooms: row.room_type_bedrooms,
      roomTypeBathrooms: row.room_type_bathrooms,
      roomTypePrice: row.room_type_price,
      checkInDate: row.check_in_date,
      checkOutDate: row.check_out_date,
      nights: nightsBetween(row.check_in_date, row.check_out_date),
      adults: row.adults,
      children: row.children,
      infants: row.infants,
      specialRequests: row.special_requests,
      referralCode: row.referral_code,
    });
  }
  for (const row of applications!.results as unknown as ApplicationRow[]) {
    items.set(`agent-application:${row.id}`, {
      ...sender(row, emails("agent-application", row.id)),
      kind: "agent-application",
      status: row.status,
      isCurrentAgent: row.is_current_agent,
      currentOccupation: row.current_occupation,
      whyThrive: row.why_thrive,
    });
  }
  for (const row of messages!.results as unknown as MessageRow[]) {
    items.set(`support-message:${row.id}`, {
      ...sender(row, emails("support-message", row.id)),
      kind: "support-message",
      status: row.status,
      message: row.message,
    });
  }

  const total = (totals!.results[0] as { total: number } | undefined)?.total ?? 0;
  return {
    items: (order!.results as { kind: InboxKind; id: string }[])
      .map(({ kind, id }) => items.get(`${kind}:${id}`))
      .filter((item): item is InboxItem => item !== undefined),
    page: filters.page,
    pages: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
    total,
    newCounts: newCounts!.results[0] as Record<InboxKind, number>,
  };
}

export type TransitionResult =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "already-handled"; status: string; handledBy: string | null };

interface BookingForEmail {
  id: string;
  status: BookingStatus;
  handled_by: string | null;
  first_name: string;
  email: string;
  location_name: string;
  location_city: string | null;
  location_state: string | null;
  location_country: string;
  room_type_name: string;
  check_in_date: string;
  check_out_date: string;
  adults: number;
  children: number;
  infants: number;
}

function siteName(env: Env) {
  return env.SITE_NAME || "Insider Stays";
}

/** The e-mail that tells the guest the booking was confirmed or declined. */
export function decisionEmail(
  env: Env,
  booking: BookingForEmail,
  decision: "confirmed" | "declined",
  { note, origin }: { note?: string; origin: string },
): QueuedEmail {
  const name = siteName(env);
  const place = placeOf({
    city: booking.location_city,
    state: booking.location_state,
    country: booking.location_country,
  });
  const nights = nightsBetween(booking.check_in_date, booking.check_out_date);
  const details = [
    `Resort: ${booking.location_name}${place ? ` (${place})` : ""}`,
    `Room: ${booking.room_type_name}`,
    `Check-in: ${formatStayDate(booking.check_in_date)}`,
    `Check-out: ${formatStayDate(booking.check_out_date)}`,
    ...(nights > 0 ? [`Nights: ${nights}`] : []),
    `Guests: ${guestsLine(booking)}`,
  ];
  const fromUs = note ? [`A note from our team: ${note}`] : [];
  const content =
    decision === "confirmed"
      ? {
          subject: `Your stay at ${booking.location_name} is confirmed`,
          heading: "Your booking is confirmed",
          paragraphs: [
            `Good news, ${booking.first_name}: the resort has confirmed your booking.`,
            ...details,
            ...fromUs,
            "You can now book your flights.",
          ],
          action: undefined,
        }
      : {
          subject: `About your booking request for ${booking.location_name}`,
          heading: "We're sorry",
          paragraphs: [
            `Sorry, ${booking.first_name}: ${booking.location_name} is not available for the stay you requested.`,
            ...details,
            ...fromUs,
            "Other dates or another of our resorts may work: browse our locations and send a new request, and we will do our best to find you a stay.",
          ],
          action: { label: "Browse locations", url: `${origin}/locations` },
        };
  const email = {
    siteName: name,
    heading: content.heading,
    paragraphs: content.paragraphs,
    action: content.action,
    footer: `You are receiving this because you sent a booking request on ${name}.`,
  };
  return queuedEmail({
    to: booking.email,
    subject: content.subject,
    text: emailText(email),
    html: emailHtml(email),
  });
}

/**
 * Confirms or declines a new booking request and queues the e-mail to the guest in the same D1
 * batch: the UPDATE applies only while the request is new, and the e-mail is inserted only if
 * this very UPDATE happened (the row now carries this admin and this moment, and no e-mail for
 * this moment exists yet). The e-mail is then sent in the background and retried until sent.
 */
export async function decideBooking(
  { env, ctx }: CloudflareContext,
  {
    id,
    decision,
    adminEmail,
    note,
    origin,
  }: {
    id: string;
    decision: "confirmed" | "declined";
    adminEmail: string;
    note?: string;
    origin: string;
  },
  now = new Date(),
): Promise<TransitionResult> {
  const d1 = env.DB;
  const booking = await d1
    .prepare(
      `SELECT id, status, handled_by, first_name, email, location_name, location_city, location_state,
         location_country, room_type_name, check_in_date, check_out_date, adults, children, infants
       FROM booking_requests WHERE id = ?`,
    )
    .bind(id)
    .first<BookingForEmail>();
  if (!booking) return { ok: false, reason: "not-found" };
  if (booking.status !== "new") {
    return {
      ok: false,
      reason: "already-handled",
      status: booking.status,
      handledBy: booking.handled_by,
    };
  }

  const email = decisionEmail(env, booking, decision, { note, origin });
  const handledAt = now.toISOString();
  const [update, queued, current] = await d1.batch([
    d1
      .prepare(
        `UPDATE booking_requests SET status = ?1, handled_by = ?2, handled_at = ?3
         WHERE id = ?4 AND status = 'new'`,
      )
      .bind(decision, adminEmail, handledAt, id),
    d1
      .prepare(
        `INSERT INTO email_deliveries (id, request_kind, request_id, "to", subject, text, html, status, attempts, next_attempt_at, created_at)
         SELECT ?1, 'booking', b.id, ?2, ?3, ?4, ?5, 'pending', 0, b.handled_at, b.handled_at
         FROM booking_requests b
         WHERE b.id = ?6 AND b.status = ?7 AND b.handled_by = ?8 AND b.handled_at = ?9
           AND NOT EXISTS (
             SELECT 1 FROM email_deliveries d
             WHERE d.request_kind = 'booking' AND d.request_id = b.id AND d.created_at = b.handled_at
           )`,
      )
      .bind(
        email.id,
        email.to,
        email.subject,
        email.text,
        email.html,
        id,
        decision,
        adminEmail,
        handledAt,
      ),
    d1.prepare("SELECT status, handled_by FROM booking_requests WHERE id = ?").bind(id),
  ]);

  if ((update!.meta.changes ?? 0) === 0) {
    const row = current!.results[0] as { status: string; handled_by: string | null } | undefined;
    if (!row) return { ok: false, reason: "not-found" };
    return { ok: false, reason: "already-handled", status: row.status, handledBy: row.handled_by };
  }
  if ((queued!.meta.changes ?? 0) > 0) {
    ctx.waitUntil(
      deliver(env, [email.id]).catch((error) =>
        console.error(`booking ${id} ${decision}: the guest's e-mail will be retried`, error),
      ),
    );
  }
  return { ok: true };
}

/** Marks a new agent application or support message handled (no e-mail). */
export async function markHandled(
  d1: D1Database,
  {
    kind,
    id,
    adminEmail,
  }: { kind: "agent-application" | "support-message"; id: string; adminEmail: string },
  now = new Date(),
): Promise<TransitionResult> {
  const table = TABLES[kind];
  const [update, current] = await d1.batch([
    d1
      .prepare(
        `UPDATE ${table} SET status = 'handled', handled_by = ?1, handled_at = ?2
         WHERE id = ?3 AND status = 'new'`,
      )
      .bind(adminEmail, now.toISOString(), id),
    d1.prepare(`SELECT status, handled_by FROM ${table} WHERE id = ?`).bind(id),
  ]);
  if ((update!.meta.changes ?? 0) > 0) return { ok: true };
  const row = current!.results[0] as { status: string; handled_by: string | null } | undefined;
  if (!row) return { ok: false, reason: "not-found" };
  return { ok: false, reason: "already-handled", status: row.status, handledBy: row.handled_by };
}
