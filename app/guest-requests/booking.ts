import { money } from "~/lib/money";
import { z } from "~/lib/zod";
import { addDays, daysBetween, isCalendarDate, LATEST_CHECK_IN_DAYS } from "~/weeks/calendar";
import { WEEK_MESSAGES } from "~/weeks/week";
import { hiddenFields, memberFields, optionalText, text, type NotSentMessages } from "./fields";

/**
 * The booking request form (/book, members only), for the browser and the server. The resort and
 * room fields name a catalogue entry; what is stored about them comes from the catalogue.
 */

export const BOOKING_FORM_MESSAGES = {
  phone: "Please enter a phone number",
  location: "Please select a location",
  roomType: "Please select a room type",
  checkIn: "Please choose a check-in date",
  checkInPast: "Check-in cannot be in the past",
  checkInFar: "Please choose a check-in date within the next two years",
  checkOut: "Please choose a check-out date",
  checkOutBefore: "Check-out cannot be before check-in",
  checkOutSameDay: "Check-out must be after check-in",
  weekOfAnotherRoom: "The week shown below is of another room: choose one of this room's weeks",
  stayTooLong: "Please choose a stay shorter than a year",
  adults: "At least one adult is required",
} as const;

export const BOOKING_NOT_SENT = {
  notStored: "Failed to send booking request. Please try again.",
  notStoredShort: "Failed to send booking request. Please try again.",
} as const satisfies NotSentMessages;

/**
 * Why a party does not fit the room, or null: every guest counts, as the form's "Total guests"
 * does; a room with no stated size takes any party. The form and the server both ask this.
 */
export function partyTooLarge(
  maxGuests: number | null | undefined,
  party: { adults: number; children: number; infants: number },
) {
  const chosen = party.adults + party.children + party.infants;
  return maxGuests && chosen > maxGuests
    ? `This room sleeps at most ${maxGuests} guests (${chosen} chosen)`
    : null;
}

/** The fields the room-size rule reads. */
const PARTY_FIELDS = new Set(["roomType", "adults", "children", "infants"]);

/** Adults 1-10, children (ages 2-12) 0-8, infants (under 2) 0-4. */
export const GUEST_LIMITS = {
  adults: { min: 1, max: 10 },
  children: { max: 8 },
  infants: { max: 4 },
};

/** The fee for changing the primary guest's name after confirmation, in the resort's currency. */
const NAME_CHANGE_FEE = 75;

/**
 * The terms a member accepts by sending a request, with its fee in the resort's currency: shown on
 * the form above its button and repeated when the stay is confirmed (the Terms of Service say
 * them in full).
 */
export const stayTerms = (currency: string) => [
  "All payments are non-refundable.",
  "The primary guest checking in must be 21 or older and show a valid photo ID in the name on the confirmation.",
  `Changing the primary guest's name after confirmation costs ${money(NAME_CHANGE_FEE, currency)} and needs 30 days' notice before check-in.`,
];

/** The longest special requests taken. */
export const SPECIAL_REQUESTS_MAX = 2000;

/** How long a stay may last. */
const LONGEST_STAY_DAYS = 365;

/**
 * A whole number of guests; `message` for a missing or too small one, `tooMany` above `max`. The
 * limit is checked first: a number too large to be a whole one (1e308) is too many, not missing.
 */
function count(min: number, max: number, message: string, tooMany = message) {
  return z.coerce.number({ error: message }).max(max, tooMany).min(min, message).int(message);
}

const date = (required: string) => z.string({ error: required }).refine(isCalendarDate, required);

/**
 * The booking form. `today` is the earliest check-in date (YYYY-MM-DD): the page passes the
 * resort's own today; the server, before it knows the resort, the earliest date anywhere (and
 * then holds the request to the resort's day). The form knows each room's size
 * (`maxGuestsByRoom`); the server checks the room it finds in the catalogue.
 */
export function bookingSchema({
  today,
  maxGuestsByRoom = {},
}: {
  today: string;
  maxGuestsByRoom?: Record<string, number | null>;
}) {
  return z
    .object({
      location: text(BOOKING_FORM_MESSAGES.location, 200),
      roomType: text(BOOKING_FORM_MESSAGES.roomType, 200),
      ...memberFields({ phoneRequired: BOOKING_FORM_MESSAGES.phone }),
      checkInDate: date(BOOKING_FORM_MESSAGES.checkIn),
      checkOutDate: date(BOOKING_FORM_MESSAGES.checkOut),
      adults: count(
        GUEST_LIMITS.adults.min,
        GUEST_LIMITS.adults.max,
        BOOKING_FORM_MESSAGES.adults,
        `Adults: ${GUEST_LIMITS.adults.min} to ${GUEST_LIMITS.adults.max}`,
      ),
      children: count(
        0,
        GUEST_LIMITS.children.max,
        `Children: 0 to ${GUEST_LIMITS.children.max}`,
      ).default(0),
      infants: count(
        0,
        GUEST_LIMITS.infants.max,
        `Infants: 0 to ${GUEST_LIMITS.infants.max}`,
      ).default(0),
      // A week of the room's calendar (then the dates are the week's), and whether the member
      // asks to wait for it because someone else holds it.
      week: date(WEEK_MESSAGES.notFound).optional(),
      // The room whose week and price the page showed: a room chosen after it (without
      // JavaScript, the page cannot follow the choice) has other weeks and prices.
      weekRoomType: z.string().max(200).optional(),
      waitlist: z.enum(["yes"]).optional(),
      specialRequests: optionalText(SPECIAL_REQUESTS_MAX),
      referralCode: optionalText(100),
      ...hiddenFields,
    })
    .superRefine(
      (value, context) => {
        const message = partyTooLarge(maxGuestsByRoom[value.roomType], value);
        if (message) context.addIssue({ code: "custom", path: ["adults"], message });
      },
      // Said at once, whatever else is still missing, once the room and the party are readable.
      { when: ({ issues }) => !issues.some((issue) => PARTY_FIELDS.has(String(issue.path?.[0]))) },
    )
    .superRefine((value, context) => {
      if (value.week && value.weekRoomType && value.weekRoomType !== value.roomType) {
        context.addIssue({
          code: "custom",
          path: ["roomType"],
          message: BOOKING_FORM_MESSAGES.weekOfAnotherRoom,
        });
      }
    })
    .superRefine((value, context) => {
      // The dates are compared only once both are real days (each has its own message).
      if (!isCalendarDate(value.checkInDate) || !isCalendarDate(value.checkOutDate)) return;
      const issue = (path: "checkInDate" | "checkOutDate", message: string) =>
        context.addIssue({ code: "custom", path: [path], message });
      if (value.checkInDate < today) issue("checkInDate", BOOKING_FORM_MESSAGES.checkInPast);
      else if (value.checkInDate > addDays(today, LATEST_CHECK_IN_DAYS)) {
        issue("checkInDate", BOOKING_FORM_MESSAGES.checkInFar);
      }
      if (value.checkOutDate < value.checkInDate) {
        issue("checkOutDate", BOOKING_FORM_MESSAGES.checkOutBefore);
      } else if (value.checkOutDate === value.checkInDate) {
        issue("checkOutDate", BOOKING_FORM_MESSAGES.checkOutSameDay);
      } else if (value.checkOutDate > addDays(value.checkInDate, LONGEST_STAY_DAYS)) {
        issue("checkOutDate", BOOKING_FORM_MESSAGES.stayTooLong);
      }
    });
}

export type BookingInput = z.infer<ReturnType<typeof bookingSchema>>;

/** The dates the booking form asks an estimate for (a stay of the member's own dates). */
export const ownDatesQuerySchema = z
  .object({
    roomType: z.string().min(1).max(200),
    checkInDate: z.string().refine(isCalendarDate),
    checkOutDate: z.string().refine(isCalendarDate),
  })
  .refine(
    ({ checkInDate, checkOutDate }) =>
      checkOutDate > checkInDate && checkOutDate <= addDays(checkInDate, LONGEST_STAY_DAYS),
  );

export function nightsBetween(checkIn: string, checkOut: string) {
  if (!isCalendarDate(checkIn) || !isCalendarDate(checkOut)) return 0;
  return daysBetween(checkIn, checkOut);
}
