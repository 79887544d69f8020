import { ROOM_FEATURE_OPTIONS } from "~/catalogue/schemas";
import {
  CheckboxField,
  CheckboxGroupField,
  Field,
  hintClass,
  TextareaField,
  type AnyField,
} from "~/components/forms";
import { useHydrated } from "~/lib/use-hydrated";
import { Fieldset } from "../../admin/admin-ui";

type RoomTypeFieldName =
  | "name"
  | "description"
  | "bedrooms"
  | "bathrooms"
  | "maxGuests"
  | "price"
  | "presidentsDayPrice"
  | "springBreakPrice"
  | "fourthOfJulyPrice"
  | "thanksgivingPrice"
  | "christmasPrice"
  | "newYearsPrice"
  | "otherPrices"
  | "roomFeatures"
  | "freeParking"
  | "parkingCost"
  | "noResortFees"
  | "resortFeeCost"
  | "localTaxes";

/** A number field: counts step by 1, bathrooms by 0.5, amounts by the cent. */
function NumberField({ field, label, step }: { field: AnyField; label: string; step: string }) {
  return (
    <Field field={field} label={label} type="number" min={0} step={step} inputMode="decimal" />
  );
}

/**
 * A cost that, with JavaScript, hides while its 'free' box is ticked; without it, a note says it
 * is not shown then.
 */
function CostField({
  field,
  label,
  free,
  noteWithoutScript,
}: {
  field: AnyField;
  label: string;
  free: AnyField;
  noteWithoutScript: string;
}) {
  const hydrated = useHydrated();
  return (
    <div hidden={hydrated && free.value === "on"}>
      <Field
        field={field}
        label={label}
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        hint={hydrated ? undefined : noteWithoutScript}
      />
    </div>
  );
}

const HOLIDAYS = [
  ["presidentsDayPrice", "Presidents' Day"],
  ["springBreakPrice", "Spring Break"],
  ["fourthOfJulyPrice", "4th of July"],
  ["thanksgivingPrice", "Thanksgiving"],
  ["christmasPrice", "Christmas"],
  ["newYearsPrice", "New Year's"],
] as const;

/**
 * Every field of a room type (roomTypeSchema). A cost hidden while its 'free' box is ticked stays
 * in the form, so unticking the box brings the amount back. Features the editor does not offer
 * are kept as they are.
 */
export function RoomTypeFields({
  fields,
  extraFeatures,
}: {
  fields: Record<RoomTypeFieldName, AnyField>;
  extraFeatures: string[];
}) {
  return (
    <>
      <Fieldset legend="Details">
        <Field field={fields.name} label="Name" autoComplete="off" />
        <TextareaField field={fields.description} label="Description" rows={4} />
        <div className="grid grid-cols-2 gap-3">
          <NumberField field={fields.bedrooms} label="Bedrooms" step="1" />
          <NumberField field={fields.bathrooms} label="Bathrooms" step="0.5" />
          <NumberField field={fields.maxGuests} label="Max guests" step="1" />
        </div>
      </Fieldset>

      <Fieldset legend="Pricing (US$)">
        <NumberField field={fields.price} label="Typical weekly price" step="0.01" />
        <fieldset className="min-w-0">
          <legend className="text-navy-900 text-sm font-semibold">Holiday week prices</legend>
          <div className="mt-2 grid grid-cols-2 gap-3">
            {HOLIDAYS.map(([name, label]) => (
              <NumberField key={name} field={fields[name]} label={label} step="0.01" />
            ))}
          </div>
        </fieldset>
        <TextareaField field={fields.otherPrices} label="Other pricing info" rows={3} />
        <p className={hintClass}>Empty amounts are saved as 0 and not shown to members.</p>
      </Fieldset>

      <Fieldset legend="Room features">
        <CheckboxGroupField
          field={fields.roomFeatures}
          options={ROOM_FEATURE_OPTIONS}
          hint={extraFeatures.length > 0 && `Also kept: ${extraFeatures.join(", ")}.`}
        />
        {extraFeatures.map((feature) => (
          <input key={feature} type="hidden" name={fields.roomFeatures.name} value={feature} />
        ))}
      </Fieldset>

      <Fieldset legend="Fees (per night, US$)">
        <CheckboxField field={fields.freeParking} label="Free parking" />
        <CostField
          field={fields.parkingCost}
          label="Parking cost"
          free={fields.freeParking}
          noteWithoutScript="Not shown when parking is free."
        />
        <CheckboxField field={fields.noResortFees} label="No resort fees" />
        <CostField
          field={fields.resortFeeCost}
          label="Resort fee"
          free={fields.noResortFees}
          noteWithoutScript="Not shown when there are no resort fees."
        />
        <NumberField field={fields.localTaxes} label="Local taxes" step="0.01" />
      </Fieldset>
    </>
  );
}
