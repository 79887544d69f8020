import { and, desc, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { bookingRequests, locations, roomTypes, type BookingRequest } from "~/db/schema";
import { type EmailDraft } from "~/email/deliveries.server";
import { DomainError } from "~/lib/errors.server";
import { type SiteConfig } from "~/lib/site.server";
import {
  BOOKING_FORM_MESSAGES,
  BOOKING_NOT_SENT,
  bookingSchema,
  nightsBetween,
  partyTooLarge,
  STAY_TERMS,
  type BookingInput,
} from "./booking";
import { stayCalendar } from "~/weeks/ical";
import { earliestLocalDate, localDate } from "~/weeks/calendar";
import { WEEK_MESSAGES } from "~/weeks/week";
import {
  holdWeekStatements,
  quoteWeek,
  unavailableNightOf,
  withdrawRequestStatements,
} from "~/weeks/weeks.server";
import { arrivalLine, departureLine, formatStayDate, guestsLine, placeOf } from "./format";
import { emailLine, type RequestKindDefinition } from "./store.server";
import { money } from "~/lib/money";
import { LOCATION_DEFAULTS } from "~/catalogue/location-defaults";

/**
 * Booking requests: members ask for a room at a resort for their dates; staff confirm or decline
 * each by hand, and the guest is e-mailed the decision.
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
    .leftJoin(roomTypes, and(eq(roomTypes.id, roomTypeId), eq(roomTypes.locationId, locations.id)))
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

type BookingRow = typeof bookingRequests.$inferInsert;

/**
 * A request's stay as every e-mail about it says it, the way its pages do: the resort, the room,
 * the days with the resort's check-in and check-out times, the nights and the party. (A row not
 * yet stored may leave a column to its default.)
 */
function stayLines(
  booking: Pick<
    BookingRow,
    | "locationName"
    | "locationCity"
    | "locationState"
    | "locationCountry"
    | "roomTypeName"
    | "checkInDate"
    | "checkOutDate"
    | "checkInTime"
    | "checkOutTime"
    | "adults"
    | "children"
    | "infants"
  >,
) {
  const place = placeOf({
    city: booking.locationCity ?? null,
    state: booking.locationState ?? null,
    country: booking.locationCountry,
  });
  const nights = nightsBetween(booking.checkInDate, booking.checkOutDate);
  const {
    checkInTime = LOCATION_DEFAULTS.checkInTime,
    checkOutTime = LOCATION_DEFAULTS.checkOutTime,
  } = booking;
  return [
    emailLine("Resort", place ? `${booking.locationName} (${place})` : booking.locationName),
    emailLine("Room", booking.roomTypeName),
    emailLine("Check-in", arrivalLine(booking.checkInDate, checkInTime)),
    emailLine("Check-out", departureLine(booking.checkOutDate, checkOutTime)),
    ...(nights > 0 ? [emailLine("Nights", nights)] : []),
    emailLine(
      "Guests",
      guestsLine({
        adults: booking.adults,
        children: booking.children ?? 0,
        infants: booking.infants ?? 0,
      }),
    ),
  ];
}

/** A request's price as it was quoted, in its resort's currency. */
function priceLines(
  booking: Pick<
    BookingRow,
    "weekId" | "weekRate" | "estimatedTotal" | "roomTypePrice" | "currency"
  >,
) {
  const price = (amount: number | null | undefined) =>
    amount ? money(amount, booking.currency ?? LOCATION_DEFAULTS.currency) : null;
  return booking.weekId
    ? [
        emailLine("Weekly rate", price(booking.weekRate)),
        emailLine("Estimated total (rate, fees and taxes)", price(booking.estimatedTotal)),
      ]
    : [emailLine("Typical weekly price", price(booking.roomTypePrice))];
}

/** "Sat, Dec 19, 2026 to Sat, Dec 26, 2026". */
const stayDates = (booking: Pick<BookingRow, "checkInDate" | "checkOutDate">) =>
  `${formatStayDate(booking.checkInDate)} to ${formatStayDate(booking.checkOutDate)}`;

function bookingEmails(row: BookingRow, { siteName, staffEmail, origin }: SiteConfig) {
  // What the site itself names (the resort, the room, the dates, the party): all a receipt
  // shows, so the form cannot send our mail with the sender's own words.
  const stay = [
    ...stayLines(row),
    ...priceLines(row),
    ...(row.waitlist ? [emailLine("Waitlist", "yes: the week is held by another request")] : []),
  ];
  const details = [
    emailLine("Guest", `${row.firstName} ${row.lastName}`),
    emailLine("E-mail", row.email),
    emailLine("Phone", row.phone),
    ...stay,
    emailLine("Special requests", row.specialRequests),
    emailLine("Referral code", row.referralCode),
  ];
  const toStaff: EmailDraft = {
    to: staffEmail,
    subject: `Booking request: ${row.locationName}, ${stayDates(row)}`,
    content: {
      siteName,
      heading: "New booking request",
      paragraphs: [...details, emailLine("Request id", row.id)],
      action: { label: "Open the staff inbox", url: `${origin}/admin/requests?kind=booking` },
    },
  };
  const receipt: EmailDraft = {
    to: row.email,
    subject: `We received your booking request for ${row.locationName}`,
    content: {
      siteName,
      heading: "Request received",
      paragraphs: [
        "Thank you. We received your request and will get back to you soon.",
        ...stay,
        emailLine("Reference", row.id),
        "This is only a request until the resort confirms it. Please do not book flights until you receive our confirmation.",
      ],
      footer: `You are receiving this because you sent a booking request on ${siteName}.`,
    },
  };
  return [toStaff, receipt];
}

/**
 * The statements that keep a member's new request only if they have no other undecided request
 * that asks the same (`sameAsk`), for the request's own batch: `take` changes the new request
 * (with `set`) only then, and `undo` removes it and its e-mails otherwise. The batch is one
 * transaction, so of several sent at once exactly one stays.
 */
function onlyRequestStatements(
  db: Db,
  {
    requestId,
    userId,
    sameAsk,
    set,
  }: {
    requestId: string;
    userId: string;
    sameAsk: SQL | undefined;
    set: Partial<typeof bookingRequests.$inferInsert>;
  },
) {
  const earlier = db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(
      and(
        sameAsk,
        eq(bookingRequests.userId, userId),
        eq(bookingRequests.status, "new"),
        ne(bookingRequests.id, requestId),
      ),
    );
  return {
    take: db
      .update(bookingRequests)
      .set(set)
      .where(and(eq(bookingRequests.id, requestId), sql`not exists ${earlier}`)),
    undo: withdrawRequestStatements(db, requestId, sql`exists ${earlier}`),
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
    const [found, week, datesTaken] = await Promise.all([
      findBookableRoom(db, input.location, input.roomType),
      input.week ? quoteWeek(db, { roomTypeId: input.roomType, checkIn: input.week, now }) : null,
      input.week
        ? null
        : unavailableNightOf(db, {
            roomTypeId: input.roomType,
            checkIn: input.checkInDate,
            checkOut: input.checkOutDate,
          }),
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
    // Dates of the member's own choosing do not get around a week's hold and its waitlist.
    if (datesTaken) {
      const message =
        datesTaken === "booked" ? WEEK_MESSAGES.nightsBooked : WEEK_MESSAGES.datesTaken;
      throw new DomainError("conflict", message, "checkInDate");
    }
    if (input.week) {
      // Only a week of this room that has not begun; a held one only for its waitlist.
      if (!week || week.begun || week.state === "closed") {
        throw new DomainError("invalid", WEEK_MESSAGES.notFound, "week");
      }
      if (week.state !== "open" && !input.waitlist) {
        throw new DomainError("conflict", WEEK_MESSAGES.takenSent, "week");
      }
    }
    return {
      ...keys,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email.toLowerCase(),
      phone: input.phone,
      // A week's own dates, whatever dates the form sent.
      checkInDate: week?.checkIn ?? input.checkInDate,
      checkOutDate: week?.checkOut ?? input.checkOutDate,
      weekId: week?.id ?? null,
      weekRate: week?.rate ?? null,
      estimatedTotal: week?.estimatedTotal ?? null,
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
  // A request for an open week holds it; a member's waitlist request is their only undecided
  // request for the week, and a request for their own dates their only one for those dates.
  claim: ({ db, now }, row) => {
    if (!row.weekId) {
      // Their only undecided request for the room and these dates (a form sent again after Back).
      return row.userId
        ? {
            ...onlyRequestStatements(db, {
              requestId: row.id,
              userId: row.userId,
              sameAsk: and(
                eq(bookingRequests.roomTypeId, row.roomTypeId),
                eq(bookingRequests.checkInDate, row.checkInDate),
                eq(bookingRequests.checkOutDate, row.checkOutDate),
                isNull(bookingRequests.weekId),
              ),
              set: { waitlist: false },
            }),
            refusal: new DomainError("conflict", WEEK_MESSAGES.datesAlreadyAsked, "checkInDate"),
            shownInCatalogue: false,
          }
        : null;
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
            set: { waitlist: true },
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

export type BookingDecision = "confirmed" | "declined";

/** The e-mail that tells the guest the booking was confirmed or declined. */
export function decisionEmail(
  booking: BookingRequest,
  decision: BookingDecision,
  { note, site: { siteName, origin } }: { note?: string; site: SiteConfig },
): EmailDraft {
  const place = placeOf({
    city: booking.locationCity,
    state: booking.locationState,
    country: booking.locationCountry,
  });
  const details = stayLines(booking);
  const fromUs = note ? [`A note from our team: ${note}`] : [];
  const footer = `You are receiving this because you sent a booking request on ${siteName}.`;
  if (decision === "confirmed") {
    const price = priceLines(booking);
    return {
      to: booking.email,
      subject: `Your stay at ${booking.locationName} is confirmed`,
      content: {
        siteName,
        heading: "Your booking is confirmed",
        paragraphs: [
          `Good news, ${booking.firstName}: the resort has confirmed your booking.`,
          ...details,
          ...price,
          ...fromUs,
          "You can now book your flights.",
          // The terms the member accepted when sending the request (shown on /book).
          `As agreed when you sent your request: ${STAY_TERMS.join(" ")}`,
          "The stay is attached as a calendar entry.",
        ],
        footer,
      },
      attachments: [
        {
          filename: "stay.ics",
          contentType: "text/calendar; charset=utf-8; method=PUBLISH",
          content: stayCalendar(siteName, [
            {
              uid: `${booking.id}@${new URL(origin).hostname}`,
              checkIn: booking.checkInDate,
              checkOut: booking.checkOutDate,
              checkInTime: booking.checkInTime,
              checkOutTime: booking.checkOutTime,
              timeZone: booking.locationTimeZone,
              summary: `${booking.locationName}: ${booking.roomTypeName}`,
              location: [booking.locationName, place].filter(Boolean).join(", "),
              description: [...details, ...price, `Reference: ${booking.id}`].join("\n"),
            },
          ]),
        },
      ],
    };
  }
  return {
    to: booking.email,
    subject: `About your booking request for ${booking.locationName}`,
    content: {
      siteName,
      heading: "We're sorry",
      paragraphs: [
        `Sorry, ${booking.firstName}: ${booking.locationName} is not available for the stay you requested.`,
        ...details,
        ...fromUs,
        "Other dates or another of our resorts may work: browse our locations and send a new request, and we will do our best to find you a stay.",
      ],
      action: { label: "Browse locations", url: `${origin}/locations` },
      footer,
    },
  };
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
      waitlist: bookingRequests.waitlist,
      createdAt: bookingRequests.createdAt,
    })
    .from(bookingRequests)
    .where(eq(bookingRequests.userId, userId))
    .orderBy(desc(bookingRequests.createdAt))
    .limit(50);
}

/** One of a member's own booking requests, for its confirmation page; another's is not found. */
export async function memberBookingRequest(db: Db, userId: string, id: string) {
  const [booking] = await db
    .select({
      locationName: bookingRequests.locationName,
      roomTypeName: bookingRequests.roomTypeName,
      checkInDate: bookingRequests.checkInDate,
      checkOutDate: bookingRequests.checkOutDate,
      checkInTime: bookingRequests.checkInTime,
      checkOutTime: bookingRequests.checkOutTime,
      adults: bookingRequests.adults,
      children: bookingRequests.children,
      infants: bookingRequests.infants,
      waitlist: bookingRequests.waitlist,
      weekId: bookingRequests.weekId,
      weekRate: bookingRequests.weekRate,
      estimatedTotal: bookingRequests.estimatedTotal,
      roomTypePrice: bookingRequests.roomTypePrice,
      currency: bookingRequests.currency,
    })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.id, id), eq(bookingRequests.userId, userId)))
    .limit(1);
  return booking ?? null;
}
