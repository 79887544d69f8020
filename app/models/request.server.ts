import { and, desc, eq, or } from "drizzle-orm";
import { type CloudflareContext } from "~/context";
import { createDb, type Db } from "~/db/client.server";
import {
  agentApplications,
  bookingRequests,
  locations,
  roomTypes,
  supportMessages,
  type RequestKind,
} from "~/db/schema";
import {
  deliver,
  queuedEmail,
  queuedEmailStatements,
  type QueuedEmail,
} from "~/email/deliveries.server";
import { emailHtml, emailText, type EmailContent } from "~/email/layout.server";
import {
  type AgentApplicationInput,
  type BookingInput,
  type SupportMessageInput,
} from "~/requests/schemas";

type Table = "booking_requests" | "agent_applications" | "support_messages";

interface Stored {
  id: string;
  /** False when the idempotency key had been used: the earlier request stands, nothing new. */
  created: boolean;
}

function site(env: Env) {
  return {
    siteName: env.SITE_NAME || "Insider Stays",
    staffEmail: env.STAFF_EMAIL || env.CONTACT_EMAIL,
  };
}

function message(to: string, subject: string, content: EmailContent) {
  return queuedEmail({ to, subject, text: emailText(content), html: emailHtml(content) });
}

const line = (label: string, value: string | number | null | undefined) =>
  `${label}: ${value === null || value === undefined || value === "" ? "—" : value}`;

/**
 * Stores a request and the e-mails about it in one D1 batch (both or neither), then sends the
 * e-mails in the background. A replayed idempotency key stores nothing and returns the first id.
 */
async function storeRequest(
  { env, ctx }: CloudflareContext,
  table: Table,
  kind: RequestKind,
  insert: { toSQL(): { sql: string; params: unknown[] } },
  id: string,
  idempotencyKey: string,
  emails: QueuedEmail[],
): Promise<Stored> {
  const { sql: insertSql, params } = insert.toSQL();
  const d1 = env.DB;
  const results = await d1.batch([
    d1.prepare(insertSql).bind(...params),
    ...queuedEmailStatements(d1, table, kind, id, emails),
    d1.prepare(`SELECT id FROM ${table} WHERE idempotency_key = ?`).bind(idempotencyKey),
  ]);
  const created = (results[0]?.meta.changes ?? 0) > 0;
  const storedId = (results.at(-1)?.results[0] as { id: string } | undefined)?.id ?? id;
  if (created) {
    ctx.waitUntil(
      deliver(
        env,
        emails.map((email) => email.id),
      ).catch((error) => console.error(`${kind} ${storedId}: e-mails will be retried`, error)),
    );
  }
  return { id: storedId, created };
}

/** The bookable location and room: visible, and the room belongs to the location. */
export async function findBookableRoom(db: Db, locationKey: string, roomTypeId: string) {
  const [row] = await db
    .select({
      locationId: locations.id,
      locationSlug: locations.slug,
      locationName: locations.name,
      locationCity: locations.city,
      locationState: locations.state,
      locationCountry: locations.country,
      roomTypeId: roomTypes.id,
      roomTypeName: roomTypes.name,
      roomTypeBedrooms: roomTypes.bedrooms,
      roomTypeBathrooms: roomTypes.bathrooms,
      roomTypePrice: roomTypes.price,
    })
    .from(roomTypes)
    .innerJoin(locations, eq(locations.id, roomTypes.locationId))
    .where(
      and(
        eq(roomTypes.id, roomTypeId),
        eq(locations.hidden, false),
        or(eq(locations.slug, locationKey), eq(locations.id, locationKey)),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type BookableRoom = NonNullable<Awaited<ReturnType<typeof findBookableRoom>>>;

/**
 * Stores a booking request. The location and room fields come from the catalogue, never from
 * the form, so names and prices cannot be forged.
 */
export async function storeBookingRequest(
  cloudflare: CloudflareContext,
  input: BookingInput,
  room: BookableRoom,
  { userId, origin }: { userId: string | null; origin: string },
) {
  const { env } = cloudflare;
  const db = createDb(env.DB);
  const id = crypto.randomUUID();
  const idempotencyKey = input.idempotencyKey ?? id;
  const row = {
    id,
    idempotencyKey,
    userId,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email.toLowerCase(),
    phone: input.phone,
    checkInDate: input.checkInDate,
    checkOutDate: input.checkOutDate,
    adults: input.adults,
    children: input.children,
    infants: input.infants,
    locationId: room.locationId,
    locationName: room.locationName,
    locationCity: room.locationCity,
    locationState: room.locationState,
    locationCountry: room.locationCountry,
    roomTypeId: room.roomTypeId,
    roomTypeName: room.roomTypeName,
    roomTypeBedrooms: room.roomTypeBedrooms,
    roomTypeBathrooms: room.roomTypeBathrooms,
    roomTypePrice: room.roomTypePrice,
    specialRequests: input.specialRequests ?? null,
    referralCode: input.referralCode ?? null,
  };
  const { siteName, staffEmail } = site(env);
  const place = [room.locationCity, room.locationState, room.locationCountry]
    .filter(Boolean)
    .join(", ");
  const details = [
    line("Guest", `${row.firstName} ${row.lastName}`),
    line("E-mail", row.email),
    line("Phone", row.phone),
    line("Resort", `${room.locationName} (${place})`),
    line("Room", room.roomTypeName),
    line("Check-in", row.checkInDate),
    line("Check-out", row.checkOutDate),
    line("Guests", `${row.adults} adults, ${row.children} children, ${row.infants} infants`),
    line(
      "Typical weekly price",
      room.roomTypePrice
        ? new Intl.NumberFormat("en-US", {
            style: "currency",
            currency: "USD",
            maximumFractionDigits: 2,
          }).format(room.roomTypePrice)
        : null,
    ),
    line("Special requests", row.specialRequests),
    line("Referral code", row.referralCode),
  ];
  const emails = [
    message(
      staffEmail,
      `Booking request: ${room.locationName}, ${row.checkInDate} to ${row.checkOutDate}`,
      {
        siteName,
        heading: "New booking request",
        paragraphs: [...details, line("Request id", id)],
        action: { label: "Open the staff inbox", url: `${origin}/admin/requests?kind=booking` },
      },
    ),
    message(row.email, `We received your booking request for ${room.locationName}`, {
      siteName,
      heading: "Request received",
      paragraphs: [
        `Thank you, ${row.firstName}. We received your request and will get back to you soon.`,
        ...details.slice(3),
        "This is only a request until the resort confirms it. Please do not book flights until you receive our confirmation.",
      ],
      footer: `You are receiving this because you sent a booking request on ${siteName}.`,
    }),
  ];
  return storeRequest(
    cloudflare,
    "booking_requests",
    "booking",
    db
      .insert(bookingRequests)
      .values(row)
      .onConflictDoNothing({ target: bookingRequests.idempotencyKey }),
    id,
    idempotencyKey,
    emails,
  );
}

export async function storeAgentApplication(
  cloudflare: CloudflareContext,
  input: AgentApplicationInput,
  { userId, origin }: { userId: string | null; origin: string },
) {
  const { env } = cloudflare;
  const id = crypto.randomUUID();
  const idempotencyKey = input.idempotencyKey ?? id;
  const row = {
    id,
    idempotencyKey,
    userId,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    email: input.email.toLowerCase(),
    isCurrentAgent: input.isCurrentAgent,
    currentOccupation: input.currentOccupation,
    whyThrive: input.whyThrive,
  };
  const { siteName, staffEmail } = site(env);
  const emails = [
    message(staffEmail, `Agent application: ${row.firstName} ${row.lastName}`, {
      siteName,
      heading: "New travel agent application",
      paragraphs: [
        line("Name", `${row.firstName} ${row.lastName}`),
        line("E-mail", row.email),
        line("Phone", row.phone),
        line("Currently a travel agent", row.isCurrentAgent),
        line("Current occupation", row.currentOccupation),
        line("Why they would thrive", row.whyThrive),
      ],
      action: {
        label: "Open the staff inbox",
        url: `${origin}/admin/requests?kind=agent-application`,
      },
    }),
    message(row.email, `Your application to ${siteName}`, {
      siteName,
      heading: "We'll be in touch",
      paragraphs: [
        `Thank you, ${row.firstName}. Your application was received and our team will contact you soon.`,
        "Our agents get free training and an 80/20 commission split: you keep 80%.",
      ],
      footer: `You are receiving this because you applied on ${siteName}.`,
    }),
  ];
  return storeRequest(
    cloudflare,
    "agent_applications",
    "agent-application",
    createDb(env.DB)
      .insert(agentApplications)
      .values(row)
      .onConflictDoNothing({ target: agentApplications.idempotencyKey }),
    id,
    idempotencyKey,
    emails,
  );
}

export async function storeSupportMessage(
  cloudflare: CloudflareContext,
  input: SupportMessageInput,
  { userId, origin }: { userId: string | null; origin: string },
) {
  const { env } = cloudflare;
  const id = crypto.randomUUID();
  const idempotencyKey = input.idempotencyKey ?? id;
  const row = {
    id,
    idempotencyKey,
    userId,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email.toLowerCase(),
    phone: input.phone,
    message: input.message,
  };
  const { siteName, staffEmail } = site(env);
  const emails = [
    message(staffEmail, `Support message from ${row.firstName} ${row.lastName}`, {
      siteName,
      heading: "New support message",
      paragraphs: [
        line("Name", `${row.firstName} ${row.lastName}`),
        line("E-mail", row.email),
        line("Phone", row.phone),
        line("Message", row.message),
      ],
      action: {
        label: "Open the staff inbox",
        url: `${origin}/admin/requests?kind=support-message`,
      },
    }),
    message(row.email, `We received your message`, {
      siteName,
      heading: "Message received",
      paragraphs: [
        `Thank you, ${row.firstName}. We received your message and will reply soon.`,
        line("Your message", row.message),
      ],
      footer: `You are receiving this because you wrote to ${siteName}.`,
    }),
  ];
  return storeRequest(
    cloudflare,
    "support_messages",
    "support-message",
    createDb(env.DB)
      .insert(supportMessages)
      .values(row)
      .onConflictDoNothing({ target: supportMessages.idempotencyKey }),
    id,
    idempotencyKey,
    emails,
  );
}

/** A member's own booking requests, newest first (for /members). */
export function bookingRequestsOf(db: Db, userId: string) {
  return db
    .select({
      id: bookingRequests.id,
      status: bookingRequests.status,
      locationName: bookingRequests.locationName,
      roomTypeName: bookingRequests.roomTypeName,
      checkInDate: bookingRequests.checkInDate,
      checkOutDate: bookingRequests.checkOutDate,
      createdAt: bookingRequests.createdAt,
    })
    .from(bookingRequests)
    .where(eq(bookingRequests.userId, userId))
    .orderBy(desc(bookingRequests.createdAt))
    .limit(50);
}
