import { currencyPrefix } from "~/lib/money";
import {
  HOLIDAYS,
  NIGHTLY_CHARGES,
  type ChargeKey,
  type HolidayKey,
  type WaiverKey,
} from "~/weeks/price-fields";
import { ROOM_FEATURE_OPTIONS } from "~/catalogue/schemas";
import {
  CheckboxField,
  CheckboxGroupField,
  Field,
  hintClass,
  TextareaField,
  type AnyField,
} from "~/components/forms";
import { Fieldset } from "../../admin/admin-ui";

type RoomTypeFieldName =
  | "name"
  | "description"
  | "bedrooms"
  | "bathrooms"
  | "maxGuests"
  | "price"
  | HolidayKey
  | "otherPrices"
  | "roomFeatures"
  | ChargeKey
  | WaiverKey;

/**
 * A number field, as text: a browser's number field sends what it cannot read ("12e") as empty,
 * which would be saved as 0; text reaches the server as typed, and is refused there. The phone
 * keyboard is still the number pad.
 */
function NumberField({
  field,
  label,
  whole = false,
}: {
  field: AnyField;
  label: string;
  whole?: boolean;
}) {
  return (
    <Field
      field={field}
      label={label}
      inputMode={whole ? "numeric" : "decimal"}
      autoComplete="off"
    />
  );
}

/**
 * A cost with its 'free' box. While the box is ticked the cost is not shown, nor asked for: CSS
 * hides it (app.css, [data-cost-unless-free]), before the scripts run and without them too.
 */
function CostField({
  field,
  label,
  free,
  freeLabel,
}: {
  field: AnyField;
  label: string;
  free: AnyField;
  freeLabel: string;
}) {
  return (
    <div data-cost-unless-free="" className="flex flex-col gap-4">
      <CheckboxField field={free} label={freeLabel} />
      <div data-cost="">
        <NumberField field={field} label={label} />
      </div>
    </div>
  );
}

/**
 * Every field of a room type (roomTypeSchema). A cost hidden while its 'free' box is ticked stays
 * in the form, so unticking the box brings the amount back. Features the editor does not offer
 * are kept as they are.
 */
export function RoomTypeFields({
  fields,
  extraFeatures,
  currency,
}: {
  fields: Record<RoomTypeFieldName, AnyField>;
  extraFeatures: string[];
  /** The location's currency: every amount is in it. */
  currency: string;
}) {
  const unit = currencyPrefix(currency).trim();
  return (
    <>
      <Fieldset legend="Details">
        <Field field={fields.name} label="Name" autoComplete="off" />
        <TextareaField field={fields.description} label="Description" rows={4} />
        <div className="grid grid-cols-2 gap-3">
          <NumberField field={fields.bedrooms} label="Bedrooms" whole />
          <NumberField field={fields.bathrooms} label="Bathrooms" />
          <NumberField field={fields.maxGuests} label="Max guests" whole />
        </div>
      </Fieldset>

      <Fieldset legend={`Pricing (${unit})`}>
        <NumberField field={fields.price} label="Typical weekly price" />
        <fieldset className="min-w-0">
          <legend className="text-navy-900 text-sm font-semibold">Holiday week prices</legend>
          <div className="mt-2 grid grid-cols-2 gap-3">
            {HOLIDAYS.map(({ key, label }) => (
              <NumberField key={key} field={fields[key]} label={label} />
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

      <Fieldset legend={`Fees (per night, ${unit})`}>
        {NIGHTLY_CHARGES.map(({ key, fieldLabel, waiver }) =>
          waiver ? (
            <CostField
              key={key}
              field={fields[key]}
              label={fieldLabel}
              free={fields[waiver.key]}
              freeLabel={waiver.label}
            />
          ) : (
            <NumberField key={key} field={fields[key]} label={fieldLabel} />
          ),
        )}
      </Fieldset>
    </>
  );
}
