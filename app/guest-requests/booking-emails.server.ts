import { type bookingRequests, type BookingRequest } from "~/db/schema";
import { type EmailDraft } from "~/email/deliveries.server";
import { type SiteConfig } from "~/lib/site.server";
import { money } from "~/lib/money";
import { zonedDateTimeAndUtc, zonedTime } from "~/lib/zoned-time";
import { LOCATION_DEFAULTS } from "~/catalogue/location-defaults";
import { CALENDAR_CONTENT_TYPE, stayCalendar } from "~/weeks/ical";
import { HOLD_HOURS, stayTimes } from "~/weeks/week";
import { nightsBetween, stayTerms } from "./booking";
import {
  arrivalLine,
  chargeLine,
  departureLine,
  formatStayDate,
  guestsLine,
  placeOf,
  roomShareLine,
} from "./format";
import {
  bookingPayPath,
  bookingRequestPath,
  MOVES,
  OFFER_HOURS,
  sentSubject,
} from "~/request-life/moves";
import { emailLine } from "./store.server";

/**
 * Every e-mail about a booking request: to staff and the member when it is sent, and to whoever a
 * change of its life concerns. What they say of the stay (the resort, the room, the days, the
 * party) is what the site itself stored, never the sender's own words.
 */

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
    | "locationTimeZone"
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
    locationTimeZone: timeZone = LOCATION_DEFAULTS.timeZone,
  } = booking;
  const { checkIn, checkOut } = stayTimes({ ...booking, checkInTime, checkOutTime, timeZone });
  return [
    emailLine("Resort", place ? `${booking.locationName} (${place})` : booking.locationName),
    emailLine("Room", booking.roomTypeName),
    emailLine("Check-in", arrivalLine(checkIn)),
    emailLine("Check-out", departureLine(checkOut)),
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
    | "weekId"
    | "weekRate"
    | "estimatedTotal"
    | "quotedCharges"
    | "roomTypePrice"
    | "currency"
    | "checkInDate"
    | "checkOutDate"
  >,
) {
  const currency = booking.currency ?? LOCATION_DEFAULTS.currency;
  const price = (amount: number | null | undefined) => (amount ? money(amount, currency) : null);
  const nights = nightsBetween(booking.checkInDate, booking.checkOutDate);
  const roomShare = roomShareLine(
    {
      weekId: booking.weekId ?? null,
      estimatedTotal: booking.estimatedTotal ?? null,
      quotedCharges: booking.quotedCharges ?? null,
      currency,
    },
    nights,
  );
  const total = [
    ...(roomShare ? [emailLine(roomShare.term, roomShare.amount)] : []),
    ...(booking.quotedCharges ?? []).map((charge) => {
      const { term, amount } = chargeLine(charge, nights, currency);
      return emailLine(term, amount);
    }),
    emailLine("Estimated total (rate, fees and taxes)", price(booking.estimatedTotal)),
  ];
  if (booking.weekId) return [emailLine("Weekly rate", price(booking.weekRate)), ...total];
  // The member's own dates: each night's share of its week's rate (older requests have none).
  return booking.estimatedTotal
    ? total
    : [emailLine("Typical weekly price", price(booking.roomTypePrice))];
}

/** "Sat, Dec 19, 2026 to Sat, Dec 26, 2026". */
const stayDates = (booking: Pick<BookingRow, "checkInDate" | "checkOutDate">) =>
  `${formatStayDate(booking.checkInDate)} to ${formatStayDate(booking.checkOutDate)}`;

/**
 * The e-mails of a request sent (a new request, or a place on a waitlist) or of an offer the member
 * took up (`tookOffer`): staff read which in the subject, the member gets a receipt.
 */
export function bookingEmails(
  row: BookingRow,
  site: SiteConfig,
  { tookOffer = false }: { tookOffer?: boolean } = {},
) {
  const { siteName, staffEmail, origin } = site;
  // What the site itself names (the resort, the room, the dates, the party): all a receipt
  // shows, so the form cannot send our mail with the sender's own words.
  const stay = [...stayLines(row), ...priceLines(row)];
  const details = [
    emailLine("Guest", `${row.firstName} ${row.lastName}`),
    emailLine("E-mail", row.email),
    emailLine("Phone", row.phone),
    ...stay,
    ...(row.waitlist ? [emailLine("Waitlist", "yes: the week is held by another request")] : []),
    emailLine("Special requests", row.specialRequests),
    emailLine("Referral code", row.referralCode),
  ];
  const staffEvent = tookOffer ? MOVES.takeOffer.staffSubject : sentSubject(Boolean(row.waitlist));
  const toStaff: EmailDraft = {
    to: staffEmail,
    subject: `${staffEvent}: ${row.locationName}, ${stayDates(row)}`,
    content: {
      siteName,
      heading: tookOffer
        ? "A member requested the week offered to them"
        : row.waitlist
          ? "A member joined a waitlist"
          : "New booking request",
      paragraphs: [...details, emailLine("Request id", row.id)],
      action: { label: "Open the staff inbox", url: `${origin}/admin/requests?kind=booking` },
    },
  };
  // What the member is told: a place on a waitlist, an offer taken up, or a new request.
  const told = row.waitlist
    ? {
        subject: `You are on the waitlist for ${row.locationName}`,
        heading: "You are on the waitlist",
        opening:
          "Thank you. Another member holds this week. If it frees, we offer it to the members waiting in the order they asked, and write to you when it is your turn.",
      }
    : tookOffer
      ? {
          subject: `You requested the week held for you at ${row.locationName}`,
          heading: "Week requested",
          opening: `Thank you, ${row.firstName}. The week is now held for you while the resort confirms it, and we write as soon as it does.`,
        }
      : {
          subject: `We received your booking request for ${row.locationName}`,
          heading: "Request received",
          opening: "Thank you. We received your request and will get back to you soon.",
        };
  const receipt: EmailDraft = {
    to: row.email,
    subject: told.subject,
    content: {
      siteName,
      heading: told.heading,
      paragraphs: [
        told.opening,
        ...stay,
        emailLine("Reference", row.id),
        "This is only a request until the resort confirms it. Please do not book flights until you receive our confirmation.",
      ],
      action: requestAction(row, site),
      footer: `You are receiving this because you sent a booking request on ${siteName}.`,
    },
  };
  return [toStaff, receipt];
}

export type BookingDecision = "confirmed" | "declined";

/** A confirmed stay as a calendar file: the e-mail's attachment, and the request page's link. */
export function stayCalendarFile(
  booking: Omit<BookingRequest, "handledBy" | "idempotencyKey">,
  site: SiteConfig,
) {
  const place = placeOf({
    city: booking.locationCity,
    state: booking.locationState,
    country: booking.locationCountry,
  });
  return stayCalendar({ name: site.siteName, ...site }, [
    {
      uid: `${booking.id}@${new URL(site.origin).hostname}`,
      checkIn: booking.checkInDate,
      checkOut: booking.checkOutDate,
      checkInTime: booking.checkInTime,
      checkOutTime: booking.checkOutTime,
      timeZone: booking.locationTimeZone,
      summary: `${booking.locationName}: ${booking.roomTypeName}`,
      location: [booking.locationName, place].filter(Boolean).join(", "),
      description: [...stayLines(booking), ...priceLines(booking), `Reference: ${booking.id}`].join(
        "\n",
      ),
    },
  ]);
}

/**
 * What a confirmed stay's member is asked to pay, in the resort's currency, and by when (the
 * resort's time and UTC), as every e-mail about the payment words it.
 */
function paymentTerms(booking: BookingRequest) {
  const currency = booking.currency ?? LOCATION_DEFAULTS.currency;
  const due = booking.amountDue ?? booking.estimatedTotal;
  return {
    currency,
    due,
    dueText: due ? money(due, currency) : null,
    deadline: booking.payBy
      ? zonedDateTimeAndUtc(zonedTime(booking.payBy, booking.locationTimeZone))
      : null,
  };
}

/**
 * How a member pays, and the e-mail's button: by card on the site's pay page when card payments
 * are on (bank transfer by replying, which reaches staff); otherwise, card or transfer, by replying.
 */
function howToPay(booking: Pick<BookingRequest, "id">, site: SiteConfig) {
  if (!site.cardPayments) {
    return {
      paragraph:
        "To pay by card or bank transfer, reply to this e-mail: our team answers with how, and marks your stay paid once the payment arrives.",
      action: requestAction(booking, site),
    };
  }
  return {
    paragraph:
      "Pay by card on our secure checkout with the button below. To pay by bank transfer instead, reply to this e-mail: our team answers with how, and marks your stay paid once the payment arrives.",
    action: { label: "Pay now", url: `${site.origin}${bookingPayPath(booking.id)}` },
  };
}

const replyToStaff = (site: SiteConfig) => ({ "Reply-To": site.staffEmail });

/** The e-mail that tells the guest the booking was confirmed or declined. */
export function decisionEmail(
  booking: BookingRequest,
  decision: BookingDecision,
  { note, site }: { note?: string; site: SiteConfig },
): EmailDraft {
  const { siteName } = site;
  const details = stayLines(booking);
  const fromUs = note ? [`A note from our team: ${note}`] : [];
  const footer = `You are receiving this because you sent a booking request on ${siteName}.`;
  if (decision === "confirmed") {
    const { currency, dueText, deadline } = paymentTerms(booking);
    const pay = howToPay(booking, site);
    return {
      to: booking.email,
      subject: `Your stay at ${booking.locationName} is confirmed: please pay to secure it`,
      headers: replyToStaff(site),
      content: {
        siteName,
        heading: "Your booking is confirmed",
        paragraphs: [
          `Good news, ${booking.firstName}: the resort has confirmed your booking.`,
          [
            dueText ? `To secure it, please pay ${dueText}` : "To secure it, please pay",
            deadline ? ` by ${deadline}.` : ".",
            " Until then the week is held in your name; if it is not paid by then, it goes to the next member waiting for it.",
          ].join(""),
          pay.paragraph,
          ...details,
          ...priceLines(booking),
          ...(dueText ? [emailLine("To pay", dueText)] : []),
          ...fromUs,
          "Please book your flights once your stay is paid: we write to say so, with the stay as a calendar entry.",
          // The terms the member accepted when sending the request (shown on /book).
          `As agreed when you sent your request: ${stayTerms(currency).join(" ")}`,
        ],
        action: pay.action,
        footer,
      },
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
        `Other dates or another of our resorts may work: browse our locations at ${site.origin}/locations and send a new request, and we will do our best to find you a stay.`,
      ],
      action: requestAction(booking, site),
      footer,
    },
  };
}

/** The member's own page of the request, as an e-mail's button. */
const requestAction = (booking: Pick<BookingRow, "id">, { origin }: SiteConfig) => ({
  label: "See your request",
  url: `${origin}${bookingRequestPath(booking.id!)}`,
});

/** What became of a freed week, for staff. */
const freedWeek = (nextOffered: boolean) =>
  nextOffered
    ? "The week was offered to the first member on its waitlist."
    : "Nobody was waiting for it: the week is open again.";

const memberFooter = (siteName: string) =>
  `You are receiving this because you sent a booking request on ${siteName}.`;

/** The stay's resort and dates, as subjects name it. */
const stayTitle = (booking: BookingRequest) => `${booking.locationName}, ${stayDates(booking)}`;

/** A hold lapsed with no staff decision: the member is told the week went back, staff what happened. */
export function lapsedEmails(
  booking: BookingRequest,
  { nextOffered }: { nextOffered: boolean },
  site: SiteConfig,
): EmailDraft[] {
  return letGoEmails(booking, nextOffered, site, {
    subject: `Your booking request for ${booking.locationName} lapsed`,
    heading: "Your request lapsed",
    why: `we could not confirm your request within ${HOLD_HOURS} hours`,
    staffSubject: MOVES.lapse.staffSubject,
    staffHeading: "A week's hold lapsed",
    staffWhy: `No decision was made within ${HOLD_HOURS} hours, so the request lapsed`,
    inboxStatus: "lapsed",
  });
}

/**
 * A stay let go by the site (a hold or a payment not in time): the member is told the week is no
 * longer theirs and where it went, staff what happened, each in the words of why.
 */
function letGoEmails(
  booking: BookingRequest,
  nextOffered: boolean,
  site: SiteConfig,
  words: {
    subject: string;
    heading: string;
    why: string;
    staffSubject: string;
    staffHeading: string;
    staffWhy: string;
    inboxStatus: string;
  },
): EmailDraft[] {
  const { siteName, staffEmail, origin } = site;
  return [
    {
      to: booking.email,
      subject: words.subject,
      content: {
        siteName,
        heading: words.heading,
        paragraphs: [
          `Sorry, ${booking.firstName}: ${words.why}, so the week is no longer held for you.`,
          ...stayLines(booking),
          nextOffered
            ? "It went to a member who was waiting for it: please choose another week."
            : "It is open again: you may send a new request for it, or choose another week.",
        ],
        action: requestAction(booking, site),
        footer: memberFooter(siteName),
      },
    },
    {
      to: staffEmail,
      subject: `${words.staffSubject}: ${stayTitle(booking)}`,
      content: {
        siteName,
        heading: words.staffHeading,
        paragraphs: [
          `${words.staffWhy} and the member was told. ${freedWeek(nextOffered)}`,
          emailLine("Guest", `${booking.firstName} ${booking.lastName} (${booking.email})`),
          ...stayLines(booking),
          emailLine("Request id", booking.id),
        ],
        action: {
          label: "Open the staff inbox",
          url: `${origin}/admin/requests?kind=booking&status=${words.inboxStatus}`,
        },
      },
    },
  ];
}

/** The member withdrew a request or left a waitlist: a receipt to them, a note to staff. */
export function withdrawnEmails(
  booking: BookingRequest,
  { nextOffered }: { nextOffered: boolean },
  site: SiteConfig,
): EmailDraft[] {
  const { siteName, staffEmail, origin } = site;
  const left = booking.waitlist && booking.status === "new";
  return [
    {
      to: booking.email,
      subject: left
        ? `You left the waitlist for ${booking.locationName}`
        : `You withdrew your booking request for ${booking.locationName}`,
      content: {
        siteName,
        heading: left ? "You left the waitlist" : "Request withdrawn",
        paragraphs: [
          left
            ? `As you asked, ${booking.firstName}, we will not write to you if this week opens again.`
            : `As you asked, ${booking.firstName}, your request is withdrawn and the week is no longer held for you.`,
          ...stayLines(booking),
          emailLine("Reference", booking.id),
        ],
        action: requestAction(booking, site),
        footer: memberFooter(siteName),
      },
    },
    {
      to: staffEmail,
      subject: `${left ? "Left the waitlist" : MOVES.withdraw.staffSubject}: ${stayTitle(booking)}`,
      content: {
        siteName,
        heading: left ? "A member left a waitlist" : "A member withdrew a request",
        paragraphs: [
          left
            ? "The member no longer waits for this week."
            : `The member withdrew the request. ${freedWeek(nextOffered)}`,
          emailLine("Guest", `${booking.firstName} ${booking.lastName} (${booking.email})`),
          ...stayLines(booking),
          emailLine("Request id", booking.id),
        ],
        action: { label: "Open the staff inbox", url: `${origin}/admin/requests?kind=booking` },
      },
    },
  ];
}

/** The week a member waited for freed: it is theirs to request until `heldUntil`. */
export function offerEmail(
  booking: BookingRequest,
  heldUntil: string,
  site: SiteConfig,
): EmailDraft {
  const { siteName } = site;
  return {
    to: booking.email,
    subject: `The week you waited for is free: ${booking.locationName}`,
    content: {
      siteName,
      heading: "Your week is free",
      paragraphs: [
        `Good news, ${booking.firstName}: the week you asked to wait for is free again, and we hold it for you until ${zonedDateTimeAndUtc(zonedTime(heldUntil, booking.locationTimeZone))}. Until then only you can request it.`,
        ...stayLines(booking),
        ...priceLines(booking),
        `Request it from your request's page within ${OFFER_HOURS} hours; after that it goes to the next member waiting.`,
      ],
      action: { label: "Request this week", url: requestAction(booking, site).url },
      footer: memberFooter(siteName),
    },
  };
}

/** An offer ended unused: the week went to the next member waiting (`nextOffered`), or opened again. */
export function passedEmail(
  booking: BookingRequest,
  { nextOffered }: { nextOffered: boolean },
  site: SiteConfig,
): EmailDraft {
  const { siteName } = site;
  return {
    to: booking.email,
    subject: `The week held for you at ${booking.locationName} has passed on`,
    content: {
      siteName,
      heading: "The offer has passed",
      paragraphs: [
        nextOffered
          ? `${booking.firstName}, the week we held for you was not requested within ${OFFER_HOURS} hours, so it went to the next member waiting.`
          : `${booking.firstName}, the week we held for you was not requested within ${OFFER_HOURS} hours, so it is open again to every member.`,
        ...stayLines(booking),
        nextOffered
          ? "You may choose another week of this resort, or another of our resorts."
          : "You may still send a new request for it while it is open, or choose another week.",
      ],
      action: requestAction(booking, site),
      footer: memberFooter(siteName),
    },
  };
}

/** A place on a waitlist closed: the week was booked for another member, or is no longer offered. */
export function closedEmail(
  booking: BookingRequest,
  why: "booked" | "gone",
  site: SiteConfig,
): EmailDraft {
  const { siteName, origin } = site;
  return {
    to: booking.email,
    subject: `The week you waited for at ${booking.locationName} is no longer available`,
    content: {
      siteName,
      heading: "Your place on the waitlist closed",
      paragraphs: [
        why === "booked"
          ? `Sorry, ${booking.firstName}: the week you waited for has been booked, so your place on its waitlist is closed.`
          : `Sorry, ${booking.firstName}: the week you waited for is no longer offered, so your place on its waitlist is closed.`,
        ...stayLines(booking),
        "Other weeks of this resort, or another of our resorts, may work: send a new request and we will do our best.",
      ],
      action: { label: "Browse locations", url: `${origin}/locations` },
      footer: memberFooter(siteName),
    },
  };
}

/**
 * The stay was paid for: a receipt to the member, with the stay as a calendar file, and a note to
 * staff of how it was paid (by card through Stripe, or marked by hand with staff's note).
 */
export function paidEmails(
  booking: BookingRequest,
  site: SiteConfig,
  markedBy: string | null,
): EmailDraft[] {
  const { siteName, staffEmail, origin } = site;
  const { dueText: paid } = paymentTerms(booking);
  const how = booking.paymentReference
    ? `Paid by card through Stripe (payment ${booking.paymentReference}).`
    : `Marked paid by ${markedBy ?? "staff"}${booking.paymentNote ? `: ${booking.paymentNote}` : "."}`;
  return [
    {
      to: booking.email,
      subject: `Paid: your stay at ${booking.locationName} is booked`,
      content: {
        siteName,
        heading: "Your stay is booked",
        paragraphs: [
          paid
            ? `Thank you, ${booking.firstName}: we received your payment of ${paid}, and your stay is booked.`
            : `Thank you, ${booking.firstName}: we received your payment, and your stay is booked.`,
          ...stayLines(booking),
          emailLine("Reference", booking.id),
          "You can now book your flights. The stay is attached as a calendar entry.",
        ],
        action: requestAction(booking, site),
        footer: memberFooter(siteName),
      },
      attachments: [
        {
          filename: "stay.ics",
          contentType: CALENDAR_CONTENT_TYPE,
          content: stayCalendarFile(booking, site),
        },
      ],
    },
    {
      to: staffEmail,
      subject: `${MOVES.pay.staffSubject}: ${stayTitle(booking)}`,
      content: {
        siteName,
        heading: "A stay was paid",
        paragraphs: [
          `${paid ? `${paid} was paid` : "The stay was paid"} and the member was sent a receipt: the stay is booked, and the members waiting for it were told.`,
          how,
          emailLine("Guest", `${booking.firstName} ${booking.lastName} (${booking.email})`),
          ...stayLines(booking),
          emailLine("Request id", booking.id),
        ],
        action: {
          label: "Open the staff inbox",
          url: `${origin}/admin/requests?kind=booking&status=paid`,
        },
      },
    },
  ];
}

/** A payment by a slower method (a bank debit) is on its way: the stay waits for it. */
export function paymentProcessingEmail(booking: BookingRequest, site: SiteConfig): EmailDraft {
  const { siteName } = site;
  const { dueText } = paymentTerms(booking);
  return {
    to: booking.email,
    subject: `Your payment for ${booking.locationName} is on its way`,
    content: {
      siteName,
      heading: "Your payment is on its way",
      paragraphs: [
        `Thank you, ${booking.firstName}: your payment${dueText ? ` of ${dueText}` : ""} was sent, and your bank is processing it. This can take a few working days.`,
        "We keep the stay in your name until it arrives, and write again when it does. Please book your flights once we confirm the payment.",
        ...stayLines(booking),
        emailLine("Reference", booking.id),
      ],
      action: requestAction(booking, site),
      footer: memberFooter(siteName),
    },
  };
}

/** A payment did not go through: the member may pay again until the deadline; staff are told. */
export function paymentFailedEmails(
  booking: BookingRequest,
  site: SiteConfig,
  now: Date,
): EmailDraft[] {
  const { siteName, staffEmail, origin } = site;
  const { dueText, deadline } = paymentTerms(booking);
  const open = booking.payBy !== null && booking.payBy > now.toISOString();
  const pay = howToPay(booking, site);
  return [
    {
      to: booking.email,
      subject: `Your payment for ${booking.locationName} did not go through`,
      headers: replyToStaff(site),
      content: {
        siteName,
        heading: "Your payment did not go through",
        paragraphs: [
          `Sorry, ${booking.firstName}: your payment${dueText ? ` of ${dueText}` : ""} did not go through, and nothing was taken.`,
          open
            ? `Your stay is still held in your name until ${deadline}: please pay again by then.`
            : "The deadline to pay has passed: unless our team gives you more time, the week goes to the next member waiting for it. Reply to this e-mail to ask.",
          ...(open ? [pay.paragraph] : []),
          ...stayLines(booking),
          emailLine("Reference", booking.id),
        ],
        action: open ? pay.action : requestAction(booking, site),
        footer: memberFooter(siteName),
      },
    },
    {
      to: staffEmail,
      subject: `${MOVES.paymentFailed.staffSubject}: ${stayTitle(booking)}`,
      content: {
        siteName,
        heading: "A payment did not go through",
        paragraphs: [
          `The member's payment by bank debit failed, and the member was told. ${open ? `The stay stays held until ${deadline}.` : "The deadline has passed: give more time from the inbox, or the sweep lets the stay go."}`,
          emailLine("Guest", `${booking.firstName} ${booking.lastName} (${booking.email})`),
          ...stayLines(booking),
          emailLine("Request id", booking.id),
        ],
        action: {
          label: "Open the staff inbox",
          url: `${origin}/admin/requests?kind=booking&status=unpaid`,
        },
      },
    },
  ];
}

/**
 * A card payment that came after the stay was let go, or for a stay already paid: it was refunded
 * in full, and the member and staff are told.
 */
export function refundedEmails(
  booking: BookingRequest,
  { amount, why }: { amount: string; why: "late" | "already-paid" },
  site: SiteConfig,
): EmailDraft[] {
  const { siteName, staffEmail } = site;
  const reason =
    why === "late"
      ? "it arrived after the deadline, when the stay had already been let go"
      : "the stay was already paid";
  return [
    {
      to: booking.email,
      subject: `We refunded your payment for ${booking.locationName}`,
      headers: replyToStaff(site),
      content: {
        siteName,
        heading: "Your payment was refunded",
        paragraphs: [
          `${booking.firstName}, we received a payment of ${amount} for this stay, but ${reason}. We refunded it in full: it can take 5 to 10 working days to show on your statement.`,
          ...stayLines(booking),
          emailLine("Reference", booking.id),
        ],
        action: requestAction(booking, site),
        footer: memberFooter(siteName),
      },
    },
    {
      to: staffEmail,
      subject: `Payment refunded: ${stayTitle(booking)}`,
      content: {
        siteName,
        heading: "A payment was refunded",
        paragraphs: [
          `A card payment of ${amount} came for this request, but ${reason}: it was refunded in full, and the member was told.`,
          emailLine("Guest", `${booking.firstName} ${booking.lastName} (${booking.email})`),
          ...stayLines(booking),
          emailLine("Request id", booking.id),
        ],
      },
    },
  ];
}

/** A confirmed stay's payment is due within a day: a reminder, once. */
export function paymentReminderEmail(booking: BookingRequest, site: SiteConfig): EmailDraft {
  const { siteName } = site;
  const { dueText, deadline } = paymentTerms(booking);
  const pay = howToPay(booking, site);
  return {
    to: booking.email,
    subject: `Reminder: pay for your stay at ${booking.locationName} by ${deadline}`,
    headers: replyToStaff(site),
    content: {
      siteName,
      heading: "Your payment is due soon",
      paragraphs: [
        `${booking.firstName}, your stay is held in your name until ${deadline}${dueText ? `, for a payment of ${dueText}` : ""}. If it is not paid by then, it goes to the next member waiting for it.`,
        pay.paragraph,
        ...stayLines(booking),
        emailLine("Reference", booking.id),
      ],
      action: pay.action,
      footer: memberFooter(siteName),
    },
  };
}

/** A confirmed stay was not paid by its deadline: the member and staff are told where the week went. */
export function paymentLapsedEmails(
  booking: BookingRequest,
  { nextOffered }: { nextOffered: boolean },
  site: SiteConfig,
): EmailDraft[] {
  return letGoEmails(booking, nextOffered, site, {
    subject: `Your stay at ${booking.locationName} was not paid in time`,
    heading: "Your stay was let go",
    why: "we did not receive your payment by the deadline",
    staffSubject: MOVES.paymentLapse.staffSubject,
    staffHeading: "A confirmed stay was not paid",
    staffWhy: "The payment did not arrive by the deadline, so the stay was let go",
    inboxStatus: "payment-lapsed",
  });
}

/** Staff gave the member more time to pay: the new deadline. */
export function extendedEmail(booking: BookingRequest, site: SiteConfig): EmailDraft {
  const { siteName } = site;
  const { dueText, deadline } = paymentTerms(booking);
  const pay = howToPay(booking, site);
  return {
    to: booking.email,
    subject: `More time to pay for your stay at ${booking.locationName}`,
    headers: replyToStaff(site),
    content: {
      siteName,
      heading: "More time to pay",
      paragraphs: [
        `${booking.firstName}, we hold your stay in your name until ${deadline}${dueText ? `, for a payment of ${dueText}` : ""}.`,
        pay.paragraph,
        ...stayLines(booking),
        emailLine("Reference", booking.id),
      ],
      action: pay.action,
      footer: memberFooter(siteName),
    },
  };
}
