import { type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import {
  Field,
  FixedField,
  SelectField,
  ShownValue,
  TextareaField,
  type AnyField,
} from "~/components/forms";
import {
  bookingSchema,
  GUEST_LIMITS,
  nightsBetween,
  SPECIAL_REQUESTS_MAX,
  stayTerms,
} from "~/guest-requests/booking";
import { BookingWeek, type WeekOnOffer } from "./booking-week";
import { OwnDatesEstimate } from "./own-dates-estimate";
import { NameFields } from "./request-fields";
import { RequestForm, useRequestForm, type RequestFormProps } from "./request-form";
import { useInputBeforeHydration } from "~/lib/use-input-before-hydration";

/**
 * What the booking form offers: the resort chosen and its room types. Another resort is chosen
 * from the list, which searches and pages them (the form would otherwise carry every one).
 */
export interface BookingChoices {
  location: {
    id: string;
    slug: string;
    name: string;
    place: string;
    minimumNights: number;
    /** The resort's own today: the earliest check-in for dates of the member's choosing. */
    today: string;
    /** What its prices and fees are in. */
    currency: string;
    roomTypes: ReadonlyArray<{ id: string; name: string; maxGuests: number | null }>;
  };
  selectedRoomType: string | null;
  /** The week a "Request this week" link asked for; null: dates of the member's choosing. */
  week: WeekOnOffer | null;
  /** The link asked for the week's waitlist ("Join the waitlist"): its box comes ticked. */
  waitlistChosen: boolean;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <legend className="text-navy-900 float-left mb-4 w-full font-serif text-xl">{title}</legend>
      <div className="clear-both grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function GuestSelect({
  field,
  label,
  min,
  max,
}: {
  field: AnyField;
  label: string;
  min: number;
  max: number;
}) {
  const options = Array.from({ length: max - min + 1 }, (_, index) => String(min + index));
  return <SelectField field={field} label={label} options={options} />;
}

const count = (value: unknown) => Number(value) || 0;

/** After a week was sent with another room chosen: the way to that room's own weeks. */
function OtherRoomWeeks({
  locationKey,
  room,
}: {
  locationKey: string;
  room: { id: string; name: string } | undefined;
}) {
  if (!room) return null;
  return (
    <Link
      to={`/book?${new URLSearchParams({ location: locationKey, roomType: room.id })}`}
      className="text-gold-700 text-sm font-medium underline sm:col-span-2"
    >
      Show the weeks of {room.name}
    </Link>
  );
}

/** The booking request on /book (members only). */
export function BookingForm({
  choices: { location, selectedRoomType, week, waitlistChosen },
  ...page
}: RequestFormProps & { choices: BookingChoices }) {
  const navigate = useNavigate();
  const { today } = location;
  const locationKey = location.slug || location.id;
  const state = useRequestForm(page, {
    id: "booking",
    path: "/book",
    schema: bookingSchema({
      today,
      maxGuestsByRoom: Object.fromEntries(
        location.roomTypes.map((room) => [room.id, room.maxGuests]),
      ),
    }),
    defaultValue: {
      location: locationKey,
      roomType: selectedRoomType ?? "",
      adults: "2",
      children: "0",
      infants: "0",
      // Read only where the form offers the waitlist: a week someone else holds.
      ...(waitlistChosen && { waitlist: "yes" }),
    },
  });
  const { fields } = state;
  const checkIn = typeof fields.checkInDate.value === "string" ? fields.checkInDate.value : "";
  const checkOut = typeof fields.checkOutDate.value === "string" ? fields.checkOutDate.value : "";
  const nights = nightsBetween(checkIn, checkOut);
  const guests =
    count(fields.adults.value) + count(fields.children.value) + count(fields.infants.value);
  const maxGuests = location.roomTypes.find((room) => room.id === fields.roomType.value)?.maxGuests;
  // A week belongs to its room: another room starts again from its own weeks (without
  // JavaScript, the server refuses the week for another room and links to its weeks).
  const startFromRoom = (roomType: string) =>
    navigate(`/book?${new URLSearchParams({ location: locationKey, roomType })}`);
  // The same for a room chosen before the scripts ran.
  const roomChoice = useInputBeforeHydration<HTMLDivElement>((values) => {
    const roomType = values.get(fields.roomType.name);
    if (week && roomType) startFromRoom(roomType);
  });

  return (
    <RequestForm
      state={state}
      submit={{
        label: "Submit Booking Request",
        busyLabel: "Sending Request...",
        className: "w-full py-3.5 text-base",
      }}
      className="mt-8"
    >
      <Section title="Resort & Room Selection">
        <FixedField
          field={fields.location}
          label="Resort"
          value={locationKey}
          shown={
            <>
              {location.name}
              <span className="block text-sm text-slate-600">{location.place}</span>
            </>
          }
          change={
            <Link
              to="/locations"
              className="text-gold-700 mt-1 inline-block text-sm font-medium underline"
            >
              Choose another resort
            </Link>
          }
        />
        <div ref={roomChoice} className="contents">
          <SelectField
            field={fields.roomType}
            label="Room type"
            placeholder="Select a room type"
            options={location.roomTypes.map((room) => ({ value: room.id, label: room.name }))}
            onChange={week ? (event) => startFromRoom(event.target.value) : undefined}
          />
        </div>
        {week && selectedRoomType && (
          <>
            <input type="hidden" name={fields.weekRoomType.name} value={selectedRoomType} />
            <OtherRoomWeeks
              locationKey={locationKey}
              room={location.roomTypes.find(
                (room) =>
                  room.id !== selectedRoomType &&
                  room.id === page.reply?.result.initialValue?.roomType,
              )}
            />
          </>
        )}
      </Section>

      {week && selectedRoomType && (
        <Section title="Your Week">
          <BookingWeek
            offer={week}
            locationKey={locationKey}
            roomTypeId={selectedRoomType}
            fields={fields}
            answeredWeek={page.reply?.result.initialValue?.week}
            waitlistChosen={waitlistChosen}
          />
        </Section>
      )}

      <Section title="Your Details">
        <NameFields
          firstName={fields.firstName}
          lastName={fields.lastName}
          className="sm:col-span-2"
        />
        <ShownValue label="E-mail" hint="We write to your account's address.">
          {page.email}
        </ShownValue>
        <Field field={fields.phone} label="Phone" type="tel" autoComplete="tel" />
      </Section>

      {!week?.quote && (
        <Section title="Preferred Dates">
          <Field field={fields.checkInDate} label="Check-in" type="date" min={today} />
          <Field field={fields.checkOutDate} label="Check-out" type="date" min={checkIn || today} />
          {nights > 0 && (
            <p className="text-sm text-slate-700 sm:col-span-2" aria-live="polite">
              {nights} {nights === 1 ? "night" : "nights"}
              {location.minimumNights > nights &&
                ` (this resort's minimum stay is ${location.minimumNights} nights)`}
            </p>
          )}
          <OwnDatesEstimate
            roomTypeId={typeof fields.roomType.value === "string" ? fields.roomType.value : ""}
            checkIn={checkIn}
            checkOut={checkOut}
            shownErrors={[
              ...(fields.checkInDate.errors ?? []),
              ...(fields.checkOutDate.errors ?? []),
            ]}
          />
        </Section>
      )}

      <Section title="Guest Details">
        <GuestSelect
          field={fields.adults}
          label="Adults"
          min={GUEST_LIMITS.adults.min}
          max={GUEST_LIMITS.adults.max}
        />
        <GuestSelect
          field={fields.children}
          label="Children (ages 2-12)"
          min={0}
          max={GUEST_LIMITS.children.max}
        />
        <GuestSelect
          field={fields.infants}
          label="Infants (under 2)"
          min={0}
          max={GUEST_LIMITS.infants.max}
        />
        <p className="text-navy-900 self-end pb-2.5 text-sm font-medium" aria-live="polite">
          Total guests: {guests}
          {maxGuests ? ` (this room sleeps up to ${maxGuests})` : ""}
        </p>
      </Section>

      <div className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <TextareaField
          field={fields.specialRequests}
          label="Special requests"
          rows={4}
          limit={SPECIAL_REQUESTS_MAX}
        />
        <Field field={fields.referralCode} label="Referral code" className="sm:max-w-xs" />
      </div>

      <div className="bg-gold-300/30 text-navy-900 space-y-3 rounded-2xl p-5 text-sm">
        <p>
          This is only a request: your stay is booked only when the resort confirms it and we write
          to you. Please do not book flights until your stay is confirmed.
        </p>
        <section aria-labelledby="stay-terms">
          <h3 id="stay-terms" className="font-semibold">
            By sending this request you accept these terms:
          </h3>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {stayTerms(location.currency).map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
          <p className="mt-2">
            The{" "}
            <Link to="/terms-of-service" className="font-medium underline underline-offset-4">
              Terms of Service
            </Link>{" "}
            say them in full.
          </p>
        </section>
      </div>
    </RequestForm>
  );
}
