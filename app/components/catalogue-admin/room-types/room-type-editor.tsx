import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { coerceFormValue } from "~/lib/zod";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type ReactNode } from "react";
import { Form, Link } from "react-router";
import {
  deleteQuestion,
  INTENTS,
  LOCATION_ADMIN_MESSAGES as M,
} from "~/catalogue/location-manager";
import { ROOM_FEATURE_OPTIONS, roomTypeSchema } from "~/catalogue/schemas";
import { FormErrors, SubmitButton } from "~/components/forms";
import { type RoomType } from "~/db/schema";
import { useHydrated } from "~/lib/use-hydrated";
import { cardClass } from "../../admin/admin-ui";
import { DeleteSection } from "../../admin/delete-section";
import { useFormDirty } from "../../admin/use-form-dirty";
import { useSubmitting } from "~/lib/use-submitting";
import { PublishStatus } from "~/components/catalogue-admin/publish-status";
import { RoomTypeFields } from "./room-type-fields";
import {
  HOLIDAYS,
  NIGHTLY_CHARGES,
  type ChargeKey,
  type HolidayKey,
  type WaiverKey,
} from "~/weeks/price-fields";
import { CalendarFeed } from "./calendar-feed";

const ROOM_TYPE_REFS = ["intent", "locationId", "roomTypeId", "version"] as const;

const numberText = (value: number | null) => (value === null ? "" : String(value));
/** An amount of money as written: whole, or with both its cents (31.50, not 31.5). */
const amountText = (value: number | null) =>
  value === null ? "" : Number.isInteger(value) ? String(value) : value.toFixed(2);

/** The saved values, as the form shows them. */
function formValuesOf(room: RoomType) {
  return {
    name: room.name,
    description: room.description ?? "",
    bedrooms: numberText(room.bedrooms),
    bathrooms: numberText(room.bathrooms),
    maxGuests: numberText(room.maxGuests),
    price: amountText(room.price),
    ...(Object.fromEntries(HOLIDAYS.map(({ key }) => [key, amountText(room[key])])) as Record<
      HolidayKey,
      string
    >),
    otherPrices: room.otherPrices ?? "",
    roomFeatures: room.roomFeatures,
    ...(Object.fromEntries(
      NIGHTLY_CHARGES.flatMap(({ key, waiver }) => [
        [key, amountText(room[key])],
        ...(waiver ? [[waiver.key, room[waiver.key]]] : []),
      ]),
    ) as Record<ChargeKey, string> & Record<WaiverKey, boolean>),
  };
}

/**
 * A room type's editor: its fields, its pictures ('Room Images'), its weeks and rates, the staff
 * calendar feed and 'Delete Room Type'.
 */
export function RoomTypeEditor({
  locationId,
  room,
  lastResult,
  backHref,
  selfHref,
  onDirtyChange,
  images,
  calendar,
  deleteConfirming,
  staysAhead,
  currency,
}: {
  locationId: string;
  room: RoomType;
  /** The location's currency: the room's amounts are in it. */
  currency: string;
  lastResult: SubmissionResult<string[]> | undefined;
  backHref: string;
  /** This room type's own address (the delete confirmation's Cancel). */
  selfHref: string;
  onDirtyChange: (dirty: boolean) => void;
  /** The room's images card (the image manager). */
  images: ReactNode;
  /** The room's weeks and rates card. */
  calendar: ReactNode;
  /** Without JavaScript, the second step of 'Delete Room Type'. */
  deleteConfirming: boolean;
  /** Members' stays ahead in the room, confirmed or awaiting confirmation. */
  staysAhead: number;
}) {
  const hydrated = useHydrated();
  const refs = { locationId, roomTypeId: room.id };
  const busy = useSubmitting(INTENTS.updateRoomType, { roomTypeId: room.id });
  const defaultValue = formValuesOf(room);
  const [form, fields] = useForm({
    id: `room-type-${room.id}`,
    lastResult,
    // Its fields; the cost rule that follows them is checked on submit.
    constraint: getZodConstraint(roomTypeSchema.in),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue,
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: coerceFormValue(roomTypeSchema),
        disableAutoCoercion: true,
      }),
  });
  const {
    dirty,
    onChange,
    ref: formRef,
  } = useFormDirty(defaultValue, ROOM_TYPE_REFS, onDirtyChange);
  const extraFeatures = room.roomFeatures.filter(
    (feature) => !(ROOM_FEATURE_OPTIONS as readonly string[]).includes(feature),
  );

  return (
    <div className="space-y-6">
      <section
        id="room-type-editor"
        aria-labelledby="room-type-heading"
        className={`${cardClass} scroll-mt-6`}
      >
        <Link
          to={backHref}
          preventScrollReset
          className="text-gold-700 text-sm font-semibold underline-offset-4 hover:underline"
        >
          ← Back to Location
        </Link>
        <h2 id="room-type-heading" className="text-navy-900 mt-2 font-serif text-xl">
          {room.name}
        </h2>
        <p className="text-sm text-slate-500">Room type</p>
        <div className="mt-4">
          <PublishStatus onSite={room.published} locationId={locationId} roomTypeId={room.id} />
        </div>

        <Form
          method="post"
          {...getFormProps(form)}
          ref={formRef}
          onChange={onChange}
          preventScrollReset
          className="mt-5 space-y-6"
        >
          <input type="hidden" name="intent" value={INTENTS.updateRoomType} />
          <input type="hidden" name="locationId" value={locationId} />
          <input type="hidden" name="roomTypeId" value={room.id} />
          {/* A save from a page older than the last save is refused, not applied over it. */}
          <input type="hidden" name="version" value={room.updatedAt} />
          <RoomTypeFields fields={fields} extraFeatures={extraFeatures} currency={currency} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-5">
            <SubmitButton busy={busy} busyText="Saving...">
              Save Room Type
            </SubmitButton>
            {hydrated && dirty && !busy && (
              <span className="text-gold-700 text-sm">Unsaved changes</span>
            )}
          </div>
        </Form>
      </section>

      {images}

      {calendar}

      <CalendarFeed roomTypeId={room.id} token={room.calendarToken} />

      <DeleteSection
        id="delete-room-type"
        heading="Delete Room Type"
        description="Removes this room type and its images. This cannot be undone."
        intent={INTENTS.deleteRoomType}
        fields={refs}
        question={deleteQuestion(M.confirmDeleteRoomType, staysAhead)}
        name={room.name}
        confirming={deleteConfirming}
        cancelHref={selfHref}
      />
    </div>
  );
}
