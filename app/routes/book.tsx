import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import { type Route } from "./+types/book";
import { requireUser } from "~/auth/guards.server";
import { BotCheck } from "~/components/bot-check";
import { getAppContext } from "~/context";
import { placeLine, sortByName } from "~/lib/locations";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { getLocationDetail, getVisibleLocationSummaries } from "~/models/location.server";
import { findBookableRoom, storeBookingRequest } from "~/models/request.server";
import {
  bookingSchema,
  earliestCheckIn,
  GUEST_LIMITS,
  HONEYPOT_FIELD,
  IDEMPOTENCY_FIELD,
  MESSAGES,
  nightsBetween,
} from "~/requests/schemas";
import { screenSubmission } from "~/requests/screen.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData?.location ? `Book ${loaderData.location.name}` : "Book Your Stay",
    description: "Send a booking request for a resort week.",
    path: "/book",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = await requireUser(request, context);
  const cloudflare = getAppContext(context);
  const params = new URL(request.url).searchParams;
  const key = params.get("location");
  if (!key) return data({ location: null }, { status: 404 });

  const [location, all] = await Promise.all([
    getLocationDetail(cloudflare.db, key, { withPricing: true }),
    getVisibleLocationSummaries(cloudflare),
  ]);
  if (!location) throw redirect("/locations");
  const roomTypeId = params.get("roomType");
  return {
    location: {
      id: location.id,
      slug: location.slug,
      name: location.name,
      place: placeLine(location),
      minimumNights: location.minimumNights,
      roomTypes: location.roomTypes.map((room) => ({ id: room.id, name: room.name })),
    },
    locations: sortByName(all).map(({ id, slug, name }) => ({ id, slug, name })),
    selectedRoomType: location.roomTypes.some((room) => room.id === roomTypeId) ? roomTypeId : null,
    email: auth.user.email,
    idempotencyKey: crypto.randomUUID(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = await requireUser(request, context);
  const cloudflare = getAppContext(context);
  const formData = await request.formData();
  const schema = bookingSchema({ today: earliestCheckIn() });
  const submission = parseWithZod(formData, { schema });

  const screening = await screenSubmission(cloudflare, request, formData);
  if (!screening.ok) {
    return data(submission.reply({ formErrors: [screening.message] }), {
      status: screening.status,
    });
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const input = submission.value;
  try {
    const room = await findBookableRoom(cloudflare.db, input.location, input.roomType);
    if (!room) {
      return data(submission.reply({ fieldErrors: { location: [MESSAGES.location] } }), {
        status: 400,
      });
    }
    await storeBookingRequest(cloudflare, input, room, {
      userId: auth.user.id,
      origin: new URL(request.url).origin,
    });
  } catch (error) {
    console.error("booking request", error);
    return data(submission.reply({ formErrors: [MESSAGES.bookingFailed] }), { status: 503 });
  }
  return redirectWithToast("/booking-confirmation", {
    type: "success",
    message: "Booking request sent successfully!",
  });
}

/** Today in the visitor's own time zone, as the browser's earliest check-in. */
function localToday() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

const inputClass =
  "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 aria-[invalid]:border-red-600";
const labelClass = "block text-sm font-semibold text-navy-900";

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {errors[0]}
    </p>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <legend className="text-navy-900 float-left mb-4 w-full font-serif text-xl">{title}</legend>
      <div className="clear-both grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export default function Book({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { turnstileSiteKey, contactEmail } = siteFromMatches(matches);
  if (!loaderData.location) {
    return (
      <section className="mx-auto max-w-xl px-6 py-20 text-center">
        <h1 className="text-navy-900 font-serif text-4xl">Location Not Found</h1>
        <p className="mt-3 text-slate-600">Choose a resort to request a stay.</p>
        <Link
          to="/locations"
          className="bg-navy-900 hover:bg-navy-800 mt-8 inline-block rounded-lg px-5 py-3 font-semibold text-white"
        >
          Browse All Locations
        </Link>
      </section>
    );
  }
  return (
    <BookingForm
      key={loaderData.location.id}
      data={loaderData as BookingData}
      lastResult={actionData}
      siteKey={turnstileSiteKey}
      contactEmail={contactEmail}
    />
  );
}

type BookingData = Extract<Route.ComponentProps["loaderData"], { email: string }>;

function BookingForm({
  data: { location, locations, selectedRoomType, email, idempotencyKey },
  lastResult,
  siteKey,
  contactEmail,
}: {
  data: BookingData;
  lastResult: Route.ComponentProps["actionData"];
  siteKey: string;
  contactEmail: string;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const schema = bookingSchema({ today: localToday() });
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      location: location.slug || location.id,
      roomType: selectedRoomType ?? "",
      email,
      adults: "2",
      children: "0",
      infants: "0",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const [guests, setGuests] = useState({ adults: 2, children: 0, infants: 0 });
  const [dates, setDates] = useState({ checkIn: "", checkOut: "" });
  const nights = nightsBetween(dates.checkIn, dates.checkOut);
  const nameError = fields.firstName.errors?.[0] ?? fields.lastName.errors?.[0];
  // A bot-check token works once: after the server's answer the check starts again.
  const [botCheckKey, setBotCheckKey] = useState(0);
  useEffect(() => {
    if (lastResult) setBotCheckKey((key) => key + 1);
  }, [lastResult]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-navy-900 font-serif text-4xl md:text-5xl">Book Your Stay</h1>
      <p className="mt-2 text-slate-600">
        {location.name} · {location.place}
      </p>

      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-8 space-y-6"
        onChange={(event) => {
          const values = new FormData(event.currentTarget);
          setGuests({
            adults: Number(values.get("adults")) || 0,
            children: Number(values.get("children")) || 0,
            infants: Number(values.get("infants")) || 0,
          });
          setDates({
            checkIn: String(values.get("checkInDate") ?? ""),
            checkOut: String(values.get("checkOutDate") ?? ""),
          });
        }}
      >
        <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
        <div className="sr-only" aria-hidden="true">
          <label htmlFor="booking-website">Leave this field empty</label>
          <input id="booking-website" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </div>

        <Section title="Resort & Room Selection">
          <div>
            <label htmlFor={fields.location.id} className={labelClass}>
              Resort
            </label>
            <select
              {...getSelectProps(fields.location)}
              className={inputClass}
              onChange={(event) =>
                navigate(`/book?location=${encodeURIComponent(event.target.value)}`)
              }
            >
              {locations.map((option) => (
                <option key={option.id} value={option.slug || option.id}>
                  {option.name}
                </option>
              ))}
            </select>
            <FieldError id={fields.location.errorId} errors={fields.location.errors} />
            <noscript>
              <button
                type="submit"
                formMethod="get"
                formAction="/book"
                formNoValidate
                className="text-gold-700 mt-2 text-sm font-medium underline"
              >
                Show this resort's rooms
              </button>
            </noscript>
          </div>
          <div>
            <label htmlFor={fields.roomType.id} className={labelClass}>
              Room type
            </label>
            <select {...getSelectProps(fields.roomType)} className={inputClass}>
              <option value="">Select a room type</option>
              {location.roomTypes.map((room) => (
                <option key={room.id} value={room.id}>
                  {room.name}
                </option>
              ))}
            </select>
            <FieldError id={fields.roomType.errorId} errors={fields.roomType.errors} />
          </div>
        </Section>

        <Section title="Your Details">
          <div>
            <label htmlFor={fields.firstName.id} className={labelClass}>
              First name
            </label>
            <input
              {...getInputProps(fields.firstName, { type: "text" })}
              autoComplete="given-name"
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={fields.lastName.id} className={labelClass}>
              Last name
            </label>
            <input
              {...getInputProps(fields.lastName, { type: "text" })}
              autoComplete="family-name"
              className={inputClass}
            />
          </div>
          {nameError && (
            <p id={fields.firstName.errorId} className="-mt-2 text-sm text-red-700 sm:col-span-2">
              {nameError}
            </p>
          )}
          <div>
            <label htmlFor={fields.email.id} className={labelClass}>
              E-mail
            </label>
            <input
              {...getInputProps(fields.email, { type: "email" })}
              autoComplete="email"
              className={inputClass}
            />
            <FieldError id={fields.email.errorId} errors={fields.email.errors} />
          </div>
          <div>
            <label htmlFor={fields.phone.id} className={labelClass}>
              Phone
            </label>
            <input
              {...getInputProps(fields.phone, { type: "tel" })}
              autoComplete="tel"
              className={inputClass}
            />
            <FieldError id={fields.phone.errorId} errors={fields.phone.errors} />
          </div>
        </Section>

        <Section title="Preferred Dates">
          <div>
            <label htmlFor={fields.checkInDate.id} className={labelClass}>
              Check-in
            </label>
            <input
              {...getInputProps(fields.checkInDate, { type: "date" })}
              min={localToday()}
              className={inputClass}
            />
            <FieldError id={fields.checkInDate.errorId} errors={fields.checkInDate.errors} />
          </div>
          <div>
            <label htmlFor={fields.checkOutDate.id} className={labelClass}>
              Check-out
            </label>
            <input
              {...getInputProps(fields.checkOutDate, { type: "date" })}
              min={dates.checkIn || localToday()}
              className={inputClass}
            />
            <FieldError id={fields.checkOutDate.errorId} errors={fields.checkOutDate.errors} />
          </div>
          {nights > 0 && (
            <p className="text-sm text-slate-700 sm:col-span-2" aria-live="polite">
              {nights} {nights === 1 ? "night" : "nights"}
              {location.minimumNights > nights &&
                ` (this resort's usual minimum is ${location.minimumNights} nights)`}
            </p>
          )}
        </Section>

        <Section title="Guest Details">
          <GuestSelect field={fields.adults} label="Adults" min={1} max={GUEST_LIMITS.adults.max} />
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
            Total guests: {guests.adults + guests.children + guests.infants}
          </p>
        </Section>

        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <label htmlFor={fields.specialRequests.id} className={labelClass}>
            Special requests
          </label>
          <textarea {...getTextareaProps(fields.specialRequests)} rows={4} className={inputClass} />
          <FieldError id={fields.specialRequests.errorId} errors={fields.specialRequests.errors} />
          <label htmlFor={fields.referralCode.id} className={`${labelClass} mt-4`}>
            Referral code
          </label>
          <input
            {...getInputProps(fields.referralCode, { type: "text" })}
            className={`${inputClass} sm:max-w-xs`}
          />
          <FieldError id={fields.referralCode.errorId} errors={fields.referralCode.errors} />
        </div>

        <p className="bg-gold-300/30 text-navy-900 rounded-2xl p-5 text-sm">
          This is only a request: your stay is booked only when the resort confirms it and we write
          to you. Please do not book flights until your stay is confirmed.
        </p>

        <BotCheck key={botCheckKey} siteKey={siteKey} />
        {form.errors && (
          <p
            id={form.errorId}
            role="alert"
            className="rounded-lg bg-red-50 p-3 text-sm text-red-800"
          >
            {form.errors[0]}
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          className="bg-navy-900 hover:bg-navy-800 w-full rounded-lg px-5 py-3.5 font-semibold text-white disabled:opacity-60"
        >
          {busy ? "Sending Request..." : "Submit Booking Request"}
        </button>
        {contactEmail && (
          <p className="text-center text-sm text-slate-600">
            Questions?{" "}
            <a href={`mailto:${contactEmail}`} className="text-gold-700 underline">
              {contactEmail}
            </a>
          </p>
        )}
      </Form>
    </div>
  );
}

function GuestSelect({
  field,
  label,
  min,
  max,
}: {
  field: Parameters<typeof getSelectProps>[0];
  label: string;
  min: number;
  max: number;
}) {
  return (
    <div>
      <label htmlFor={field.id} className={labelClass}>
        {label}
      </label>
      <select {...getSelectProps(field)} className={inputClass}>
        {Array.from({ length: max - min + 1 }, (_, index) => min + index).map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
