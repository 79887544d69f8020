import { z } from "zod";
import { stripControlCharacters } from "~/lib/text";

/**
 * The three request forms, one schema each, shared by the browser (conform) and the server
 * (actions and JSON endpoints). Messages are the spec's (section 5).
 */

export const MESSAGES = {
  names: "Please enter both first and last name",
  email: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  phone: "Please enter your phone number",
  bookingPhone: "Please enter a phone number",
  location: "Please select a location",
  roomType: "Please select a room type",
  checkIn: "Please choose a check-in date",
  checkInPast: "Check-in cannot be in the past",
  checkInFar: "Please choose a check-in date within the next two years",
  checkOut: "Please choose a check-out date",
  checkOutBefore: "Check-out cannot be before check-in",
  adults: "At least one adult is required",
  currentAgent: "Please select whether you are currently a travel agent",
  occupation: "Please enter your current occupation",
  whyThrive: "Please answer why you would thrive at our agency",
  whyThriveShort: "Please provide a more detailed answer",
  message: "Please enter your message",
  bookingFailed: "Failed to send booking request. Please try again.",
  tooLong: (max: number) => `Please keep this under ${max} characters`,
} as const;

/** Spec section 9: guests. */
export const GUEST_LIMITS = {
  adults: { min: 1, max: 10 },
  children: { max: 8 },
  infants: { max: 4 },
};
export const WHY_THRIVE_MIN = 50;

/** The form field that only bots fill in. */
export const HONEYPOT_FIELD = "website";
/** The form's one-time key (a double submit stores one request). */
export const IDEMPOTENCY_FIELD = "idempotencyKey";

const stripControls = (value: string, multiline: boolean) =>
  stripControlCharacters(value, { keepLineBreaks: multiline });

function text(required: string, max: number, { multiline = false } = {}) {
  return z.preprocess(
    (value) => (typeof value === "string" ? stripControls(value, multiline).trim() : value),
    z.string({ error: required }).min(1, required).max(max, MESSAGES.tooLong(max)),
  );
}

function optionalText(max: number) {
  return z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const cleaned = stripControls(value, true).trim();
      return cleaned === "" ? undefined : cleaned;
    },
    z.string().max(max, MESSAGES.tooLong(max)).optional(),
  );
}

const email = z.preprocess(
  (value) => (typeof value === "string" ? stripControls(value, false).trim() : value),
  z
    .string({ error: MESSAGES.email })
    .min(1, MESSAGES.email)
    .max(254, MESSAGES.emailInvalid)
    .email(MESSAGES.emailInvalid),
);

const idempotencyKey = z.string().uuid().optional();
const honeypot = z.string().max(0).optional();

/** First and last name: both required, one message for the pair. */
const names = {
  firstName: text(MESSAGES.names, 100),
  lastName: text(MESSAGES.names, 100),
};

function count(min: number, max: number, message: string) {
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = (required: string) =>
  z
    .string({ error: required })
    .regex(ISO_DATE, required)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), required);

function addDays(isoDate: string, days: number) {
  const next = new Date(`${isoDate}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/**
 * The booking form. `today` is the earliest check-in date (YYYY-MM-DD): the browser passes the
 * visitor's local date; the server allows for every time zone (see earliestCheckIn).
 */
export function bookingSchema({ today }: { today: string }) {
  return z
    .object({
      location: text(MESSAGES.location, 200),
      roomType: text(MESSAGES.roomType, 200),
      ...names,
      email,
      phone: text(MESSAGES.bookingPhone, 40),
      checkInDate: date(MESSAGES.checkIn),
      checkOutDate: date(MESSAGES.checkOut),
      adults: count(GUEST_LIMITS.adults.min, GUEST_LIMITS.adults.max, MESSAGES.adults),
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
      specialRequests: optionalText(2000),
      referralCode: optionalText(100),
      [IDEMPOTENCY_FIELD]: idempotencyKey,
      [HONEYPOT_FIELD]: honeypot,
    })
    .superRefine((value, context) => {
      if (value.checkInDate < today) {
        context.addIssue({ code: "custom", path: ["checkInDate"], message: MESSAGES.checkInPast });
      } else if (value.checkInDate > addDays(today, 730)) {
        context.addIssue({ code: "custom", path: ["checkInDate"], message: MESSAGES.checkInFar });
      }
      if (value.checkOutDate < value.checkInDate) {
        context.addIssue({
          code: "custom",
          path: ["checkOutDate"],
          message: MESSAGES.checkOutBefore,
        });
      } else if (value.checkOutDate > addDays(value.checkInDate, 365)) {
        context.addIssue({
          code: "custom",
          path: ["checkOutDate"],
          message: "Please choose a stay shorter than a year",
        });
      }
    });
}

/** The earliest check-in the server accepts: today somewhere on Earth (UTC-12). */
export function earliestCheckIn(now = new Date()) {
  return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export function nightsBetween(checkIn: string, checkOut: string) {
  if (!ISO_DATE.test(checkIn) || !ISO_DATE.test(checkOut)) return 0;
  return Math.round(
    (Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / 86_400_000,
  );
}

export const agentApplicationSchema = z.object({
  ...names,
  email,
  phone: text(MESSAGES.phone, 40),
  isCurrentAgent: z.enum(["yes", "no"], { error: MESSAGES.currentAgent }),
  currentOccupation: text(MESSAGES.occupation, 200),
  whyThrive: text(MESSAGES.whyThrive, 5000, { multiline: true }).refine(
    (value) => value.length >= WHY_THRIVE_MIN,
    MESSAGES.whyThriveShort,
  ),
  [IDEMPOTENCY_FIELD]: idempotencyKey,
  [HONEYPOT_FIELD]: honeypot,
});

export const supportMessageSchema = z.object({
  ...names,
  email,
  phone: text(MESSAGES.phone, 40),
  message: text(MESSAGES.message, 5000, { multiline: true }),
  [IDEMPOTENCY_FIELD]: idempotencyKey,
  [HONEYPOT_FIELD]: honeypot,
});

export type BookingInput = z.infer<ReturnType<typeof bookingSchema>>;
export type AgentApplicationInput = z.infer<typeof agentApplicationSchema>;
export type SupportMessageInput = z.infer<typeof supportMessageSchema>;
