import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { closestCenter, DndContext, type DragEndEvent } from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS as DndCSS } from "@dnd-kit/utilities";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useFetcher, useFormAction, useNavigation, useRevalidator } from "react-router";
import { toast } from "sonner";
import { useSortableList } from "./sortable-list";
import { ROOM_FEATURE_OPTIONS, roomTypeCreateSchema, roomTypeSchema } from "~/admin/schemas";
import { type RoomType } from "~/db/schema";
import { useHydrated } from "~/lib/use-hydrated";
import {
  cardClass,
  CheckboxField,
  dangerButtonClass,
  FieldError,
  Fieldset,
  FormError,
  hintClass,
  inputClass,
  labelClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "./admin-ui";
import { adminHref, INTENTS, LOCATION_ADMIN_MESSAGES } from "./location-admin";
import { useFormDirty } from "./use-form-dirty";

const ROOM_TYPE_REFS = ["intent", "locationId", "roomTypeId"] as const;

const money = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

function isBusy(navigation: ReturnType<typeof useNavigation>, intent: string, id?: string) {
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (id === undefined || navigation.formData?.get("roomTypeId") === id)
  );
}

type RoomTypeListItem = Pick<RoomType, "id" | "name" | "bedrooms" | "price">;

/** What the action answers a drag-and-drop reorder posted with `_format=json`. */
type RoomTypeOrderResult =
  | { form: "room-type-order"; ok: true; message: null }
  | { form: "room-type-order"; ok: false; message: string };

const DRAG_INSTRUCTIONS =
  "To pick up a room type, press Space or Enter. While dragging, use the up and down arrow keys to move it. " +
  "Press Space or Enter again to drop it in its new place, or Escape to cancel. The new order is saved at once.";

/**
 * The room types in display order. Without JavaScript each row's Move up / Move down buttons
 * post and save at once. With JavaScript the rows can also be dragged by their handle (pointer or
 * keyboard); a drop shows the new order at once and saves it with a fetcher (draggedId +
 * targetId), rolling back with a toast if the server refuses.
 */
export function RoomTypeList({
  locationId,
  roomTypes,
  selectedId,
  adding,
  q,
}: {
  locationId: string;
  roomTypes: RoomTypeListItem[];
  selectedId: string | null;
  adding: boolean;
  q: string | null;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const reorderFetcher = useFetcher<RoomTypeOrderResult>();
  const reordering = reorderFetcher.state !== "idle";
  const moving =
    (navigation.state !== "idle" && navigation.formData?.get("intent") === INTENTS.moveRoomType) ||
    reordering;

  // The order shown while a drop is on its way; null once the server's order is back.
  const [optimisticOrder, setOptimisticOrder] = useState<string[] | null>(null);
  const byId = new Map(roomTypes.map((room) => [room.id, room]));
  const shown = optimisticOrder
    ? optimisticOrder
        .map((id) => byId.get(id))
        .filter((room): room is RoomTypeListItem => room !== undefined)
    : roomTypes;
  const ids = shown.map((room) => room.id);

  // The fetcher's answer: a toast, each answer once; a refusal rolls back and reloads the list.
  const handled = useRef(new WeakSet<object>());
  useEffect(() => {
    const result = reorderFetcher.data;
    if (reorderFetcher.state !== "idle" || !result || handled.current.has(result)) return;
    handled.current.add(result);
    setOptimisticOrder(null);
    if (result.ok) {
      toast.success(LOCATION_ADMIN_MESSAGES.roomTypesReordered);
      return;
    }
    toast.error(result.message || LOCATION_ADMIN_MESSAGES.reorderFailed);
    void revalidator.revalidate();
  }, [reorderFetcher.state, reorderFetcher.data, revalidator]);

  const reorder = useCallback(
    (draggedId: string, targetId: string) => {
      if (draggedId === targetId || moving) return;
      const from = ids.indexOf(draggedId);
      const to = ids.indexOf(targetId);
      if (from === -1 || to === -1) return;
      setOptimisticOrder(arrayMove(ids, from, to));
      // No `action`: this route's own action at the page's address (with `?index`).
      reorderFetcher.submit(
        { intent: INTENTS.moveRoomType, locationId, draggedId, targetId, _format: "json" },
        { method: "post" },
      );
    },
    [ids, moving, reorderFetcher, locationId],
  );

  const { sensors, announcements } = useSortableList(
    ids,
    (id) => byId.get(id)?.name ?? "Room type",
    "Saving the new order.",
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) reorder(String(active.id), String(over.id));
  };

  return (
    <section aria-labelledby="room-types-heading" className={cardClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="room-types-heading" className="text-navy-900 font-serif text-xl">
          Room Types
        </h2>
        <Link
          to={`${adminHref({ location: locationId, addRoomType: true, q })}#add-room-type`}
          preventScrollReset
          aria-current={adding ? "true" : undefined}
          className="bg-gold-500 text-navy-950 hover:bg-gold-400 aria-[current]:ring-navy-900 rounded-lg px-3 py-1.5 text-sm font-semibold aria-[current]:ring-2"
        >
          + Add Room Type
        </Link>
      </div>
      {shown.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No room types yet.</p>
      ) : (
        <DndContext
          id={`room-types-${locationId}`}
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS },
          }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={moving}>
            <ol
              aria-label="Room types in display order"
              className="mt-4 space-y-2"
              aria-busy={moving || undefined}
            >
              {shown.map((room, index) => (
                <RoomTypeRow
                  key={room.id}
                  room={room}
                  rank={index + 1}
                  first={index === 0}
                  last={index === shown.length - 1}
                  locationId={locationId}
                  selected={room.id === selectedId}
                  q={q}
                  draggable={hydrated}
                  busy={moving}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}

function RoomTypeRow({
  room,
  rank,
  first,
  last,
  locationId,
  selected,
  q,
  draggable,
  busy,
}: {
  room: RoomTypeListItem;
  rank: number;
  first: boolean;
  last: boolean;
  locationId: string;
  selected: boolean;
  q: string | null;
  draggable: boolean;
  busy: boolean;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: room.id,
    disabled: busy,
  });
  const details = [
    room.bedrooms !== null && (room.bedrooms === 0 ? "Studio" : `${room.bedrooms} BR`),
    room.price ? `${money.format(room.price)}/wk` : null,
  ].filter(Boolean);
  return (
    <li
      ref={setNodeRef}
      data-room-type-id={room.id}
      style={{ transform: DndCSS.Transform.toString(transform), transition }}
      className={`relative flex items-center gap-2 rounded-lg p-1 ring-1 ${draggable ? "pl-1" : "pl-3"} ${
        selected ? "bg-navy-900 ring-navy-900 text-white" : "bg-white ring-slate-200"
      } ${isDragging ? "ring-gold-500 z-10 shadow-xl ring-2" : ""}`}
    >
      {draggable && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          // Not `disabled` while saving: the focus stays on the handle after a keyboard drop.
          aria-disabled={busy || undefined}
          aria-label={`Drag to reorder ${room.name}`}
          title="Drag to reorder"
          className={`grid h-8 w-6 shrink-0 cursor-grab touch-none place-items-center rounded-md active:cursor-grabbing aria-disabled:cursor-wait aria-disabled:opacity-40 ${
            selected
              ? "hover:bg-navy-800 text-slate-300 hover:text-white"
              : "hover:text-navy-900 text-slate-400 hover:bg-slate-100"
          }`}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
            <circle cx="7" cy="4" r="1.5" />
            <circle cx="13" cy="4" r="1.5" />
            <circle cx="7" cy="10" r="1.5" />
            <circle cx="13" cy="10" r="1.5" />
            <circle cx="7" cy="16" r="1.5" />
            <circle cx="13" cy="16" r="1.5" />
          </svg>
        </button>
      )}
      <span
        aria-hidden="true"
        className={`w-5 text-xs tabular-nums ${selected ? "text-gold-300" : "text-slate-400"}`}
      >
        {rank}
      </span>
      <Link
        to={`${adminHref({ location: locationId, roomType: room.id, q })}#room-type-editor`}
        preventScrollReset
        aria-current={selected ? "true" : undefined}
        className="min-w-0 flex-1 py-1.5"
      >
        <span
          className={`block text-sm leading-snug font-semibold [overflow-wrap:anywhere] ${selected ? "text-white" : "text-navy-900 hover:underline"}`}
        >
          {room.name}
        </span>
        {details.length > 0 && (
          <span className={`block text-xs ${selected ? "text-slate-200" : "text-slate-500"}`}>
            {details.join(" · ")}
          </span>
        )}
      </Link>
      <Form method="post" preventScrollReset className="flex shrink-0 gap-1">
        <input type="hidden" name="intent" value={INTENTS.moveRoomType} />
        <input type="hidden" name="locationId" value={locationId} />
        <input type="hidden" name="roomTypeId" value={room.id} />
        <MoveButton direction="up" name={room.name} disabled={first || busy} selected={selected} />
        <MoveButton direction="down" name={room.name} disabled={last || busy} selected={selected} />
      </Form>
    </li>
  );
}

function MoveButton({
  direction,
  name,
  disabled,
  selected,
}: {
  direction: "up" | "down";
  name: string;
  disabled: boolean;
  selected: boolean;
}) {
  return (
    <button
      type="submit"
      name="direction"
      value={direction}
      disabled={disabled}
      aria-label={`Move ${name} ${direction}`}
      title={`Move ${direction}`}
      className={`grid size-8 place-items-center rounded-md text-base leading-none disabled:opacity-30 ${
        selected ? "hover:bg-navy-800 text-white" : "text-navy-900 hover:bg-slate-100"
      }`}
    >
      <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
    </button>
  );
}

/** '+ Add Room Type': only the name; the other fields come once it exists (spec section 4). */
export function RoomTypeCreateForm({
  locationId,
  lastResult,
  cancelHref,
}: {
  locationId: string;
  lastResult: SubmissionResult<string[]> | undefined;
  cancelHref: string;
}) {
  const navigation = useNavigation();
  const busy = isBusy(navigation, INTENTS.createRoomType);
  const [form, fields] = useForm({
    id: `room-type-new-${locationId}`,
    lastResult,
    constraint: getZodConstraint(roomTypeCreateSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roomTypeCreateSchema }),
  });
  return (
    <section
      id="add-room-type"
      aria-labelledby="add-room-type-heading"
      className={`${cardClass} scroll-mt-6`}
    >
      <h2 id="add-room-type-heading" className="text-navy-900 font-serif text-xl">
        Add Room Type
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={INTENTS.createRoomType} />
        <input type="hidden" name="locationId" value={locationId} />
        <div>
          <label htmlFor={fields.name.id} className={labelClass}>
            Name
          </label>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            key={fields.name.key}
            autoComplete="off"
            placeholder="e.g. Ocean View Suite"
            className={inputClass}
          />
          <FieldError id={fields.name.errorId} errors={fields.name.errors} />
        </div>
        <FormError id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            {busy ? "Saving..." : "Create Room Type"}
          </button>
          <Link
            to={cancelHref}
            preventScrollReset
            className="text-navy-900 text-sm font-semibold underline-offset-4 hover:underline"
          >
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

const numberText = (value: number | null) =>
  value === null || value === undefined ? "" : String(value);

/** Every room type field of roomTypeSchema (spec sections 3 and 5). */
export function RoomTypeEditor({
  locationId,
  room,
  lastResult,
  backHref,
  selfHref,
  onDirtyChange,
  images,
  deleteConfirming,
}: {
  locationId: string;
  room: RoomType;
  lastResult: SubmissionResult<string[]> | undefined;
  backHref: string;
  /** This room type's own address (the delete confirmation's Cancel). */
  selfHref: string;
  onDirtyChange: (dirty: boolean) => void;
  /** The room's images card (the image manager). */
  images: ReactNode;
  /** Without JavaScript, the second step of 'Delete Room Type'. */
  deleteConfirming: boolean;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = isBusy(navigation, INTENTS.updateRoomType, room.id);
  const deleting = isBusy(navigation, INTENTS.deleteRoomType, room.id);
  const formAction = useFormAction();
  const extraFeatures = room.roomFeatures.filter(
    (feature) => !(ROOM_FEATURE_OPTIONS as readonly string[]).includes(feature),
  );

  const defaultValue = {
    name: room.name,
    description: room.description ?? "",
    bedrooms: numberText(room.bedrooms),
    bathrooms: numberText(room.bathrooms),
    maxGuests: numberText(room.maxGuests),
    price: numberText(room.price),
    presidentsDayPrice: numberText(room.presidentsDayPrice),
    springBreakPrice: numberText(room.springBreakPrice),
    fourthOfJulyPrice: numberText(room.fourthOfJulyPrice),
    thanksgivingPrice: numberText(room.thanksgivingPrice),
    christmasPrice: numberText(room.christmasPrice),
    newYearsPrice: numberText(room.newYearsPrice),
    otherPrices: room.otherPrices ?? "",
    roomFeatures: room.roomFeatures,
    freeParking: room.freeParking,
    parkingCost: numberText(room.parkingCost),
    noResortFees: room.noResortFees,
    resortFeeCost: numberText(room.resortFeeCost),
    localTaxes: numberText(room.localTaxes),
  };

  const [form, fields] = useForm({
    id: `room-type-${room.id}`,
    lastResult,
    constraint: getZodConstraint(roomTypeSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roomTypeSchema }),
  });

  const features = ([] as unknown[]).concat(fields.roomFeatures.initialValue ?? []).map(String);
  const { dirty, onChange } = useFormDirty(defaultValue, ROOM_TYPE_REFS, onDirtyChange);
  // With JavaScript the cost fields hide while their 'free' box is ticked (spec section 3). They
  // stay in the form, so unticking the box brings the amount back.
  const hideParkingCost = hydrated && fields.freeParking.value === "on";
  const hideResortFee = hydrated && fields.noResortFees.value === "on";

  const number = (
    field: (typeof fields)["price"],
    label: string,
    step: string,
    hint?: string,
    hidden = false,
  ) => (
    <div hidden={hidden}>
      <label htmlFor={field.id} className={labelClass}>
        {label}
      </label>
      <input
        {...getInputProps(field, {
          type: "number",
          ariaDescribedBy: hint ? `${field.id}-hint` : undefined,
        })}
        key={field.key}
        min={0}
        step={step}
        inputMode="decimal"
        className={inputClass}
      />
      {hint && (
        <p id={`${field.id}-hint`} className={hintClass}>
          {hint}
        </p>
      )}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
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

        <Form
          method="post"
          {...getFormProps(form)}
          onChange={onChange}
          preventScrollReset
          className="mt-5 space-y-6"
        >
          <input type="hidden" name="intent" value={INTENTS.updateRoomType} />
          <input type="hidden" name="locationId" value={locationId} />
          <input type="hidden" name="roomTypeId" value={room.id} />

          <Fieldset legend="Details">
            <div>
              <label htmlFor={fields.name.id} className={labelClass}>
                Name
              </label>
              <input
                {...getInputProps(fields.name, { type: "text" })}
                key={fields.name.key}
                autoComplete="off"
                className={inputClass}
              />
              <FieldError id={fields.name.errorId} errors={fields.name.errors} />
            </div>
            <div>
              <label htmlFor={fields.description.id} className={labelClass}>
                Description
              </label>
              <textarea
                {...getTextareaProps(fields.description)}
                key={fields.description.key}
                rows={4}
                className={inputClass}
              />
              <FieldError id={fields.description.errorId} errors={fields.description.errors} />
            </div>
            <div className="grid grid-cols-2 gap-3">
              {number(fields.bedrooms, "Bedrooms", "1")}
              {number(fields.bathrooms, "Bathrooms", "0.5")}
              {number(fields.maxGuests, "Max guests", "1")}
            </div>
          </Fieldset>

          <Fieldset legend="Pricing (US$)">
            {number(fields.price, "Typical weekly price", "0.01")}
            <fieldset className="min-w-0">
              <legend className="text-navy-900 text-sm font-semibold">Holiday week prices</legend>
              <div className="mt-2 grid grid-cols-2 gap-3">
                {number(fields.presidentsDayPrice, "Presidents' Day", "0.01")}
                {number(fields.springBreakPrice, "Spring Break", "0.01")}
                {number(fields.fourthOfJulyPrice, "4th of July", "0.01")}
                {number(fields.thanksgivingPrice, "Thanksgiving", "0.01")}
                {number(fields.christmasPrice, "Christmas", "0.01")}
                {number(fields.newYearsPrice, "New Year's", "0.01")}
              </div>
            </fieldset>
            <div>
              <label htmlFor={fields.otherPrices.id} className={labelClass}>
                Other pricing info
              </label>
              <textarea
                {...getTextareaProps(fields.otherPrices)}
                key={fields.otherPrices.key}
                rows={3}
                className={inputClass}
              />
              <FieldError id={fields.otherPrices.errorId} errors={fields.otherPrices.errors} />
            </div>
            <p className={hintClass}>Empty amounts are saved as 0 and not shown to members.</p>
          </Fieldset>

          <Fieldset legend="Room features">
            {ROOM_FEATURE_OPTIONS.map((option) => (
              <label
                key={option}
                className="text-navy-900 flex items-center gap-2.5 text-sm font-semibold"
              >
                <input
                  type="checkbox"
                  name={fields.roomFeatures.name}
                  value={option}
                  defaultChecked={features.includes(option)}
                  className="accent-navy-900 size-4"
                />
                {option}
              </label>
            ))}
            {extraFeatures.length > 0 && (
              <p className={hintClass}>Also kept: {extraFeatures.join(", ")}.</p>
            )}
            {/* Features the editor does not offer are kept as they are. */}
            {extraFeatures.map((feature) => (
              <input key={feature} type="hidden" name={fields.roomFeatures.name} value={feature} />
            ))}
            <FieldError id={fields.roomFeatures.errorId} errors={fields.roomFeatures.errors} />
          </Fieldset>

          <Fieldset legend="Fees (per night, US$)">
            <CheckboxField field={fields.freeParking} label="Free parking" />
            {number(
              fields.parkingCost,
              "Parking cost",
              "0.01",
              hydrated ? undefined : "Not shown when parking is free.",
              hideParkingCost,
            )}
            <CheckboxField field={fields.noResortFees} label="No resort fees" />
            {number(
              fields.resortFeeCost,
              "Resort fee",
              "0.01",
              hydrated ? undefined : "Not shown when there are no resort fees.",
              hideResortFee,
            )}
            {number(fields.localTaxes, "Local taxes", "0.01")}
          </Fieldset>

          <FormError id={form.errorId} errors={form.errors} />
          <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-5">
            <button type="submit" disabled={busy} className={primaryButtonClass}>
              {busy ? "Saving..." : "Save Room Type"}
            </button>
            {hydrated && dirty && !busy && (
              <span className="text-gold-700 text-sm">Unsaved changes</span>
            )}
          </div>
        </Form>
      </section>

      {images}

      <section
        id="delete-room-type"
        aria-labelledby="delete-room-type-heading"
        className={`${cardClass} scroll-mt-24 ring-red-200`}
      >
        <h2 id="delete-room-type-heading" className="text-navy-900 font-serif text-xl">
          Delete Room Type
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Removes this room type and its images. This cannot be undone.
        </p>
        <Form
          method="post"
          // Without JavaScript the page comes back with the question: the fragment scrolls to it.
          action={`${formAction}#delete-room-type`}
          className="mt-4 flex flex-wrap items-center gap-3"
          onSubmit={(event) => {
            if (!deleteConfirming && !confirm(LOCATION_ADMIN_MESSAGES.confirmDeleteRoomType))
              event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value={INTENTS.deleteRoomType} />
          <input type="hidden" name="locationId" value={locationId} />
          <input type="hidden" name="roomTypeId" value={room.id} />
          {(hydrated || deleteConfirming) && <input type="hidden" name="confirmed" value="yes" />}
          {deleteConfirming ? (
            <>
              <p role="alert" className="w-full text-sm font-medium text-red-800">
                {LOCATION_ADMIN_MESSAGES.confirmDeleteRoomType}
              </p>
              <button type="submit" disabled={deleting} className={dangerButtonClass}>
                Yes, delete {room.name}
              </button>
              <Link to={selfHref} preventScrollReset className={secondaryButtonClass}>
                Cancel
              </Link>
            </>
          ) : (
            <button type="submit" disabled={deleting} className={dangerButtonClass}>
              Delete Room Type
            </button>
          )}
        </Form>
      </section>
    </div>
  );
}
