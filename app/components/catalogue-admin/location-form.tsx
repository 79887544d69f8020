import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form } from "react-router";
import { INTENTS, withSlugFromName } from "~/catalogue/location-manager";
import { locationSchema, NEW_LOCATION_DEFAULTS, slugFromName } from "~/catalogue/schemas";
import { TIME_ZONES } from "~/catalogue/time-zones";
import { LOCATION_DEFAULTS } from "~/catalogue/location-defaults";
import { CURRENCIES } from "~/lib/money";
import {
  CheckboxField,
  Field,
  FormErrors,
  hintClass,
  SelectField,
  SubmitButton,
  TextareaField,
} from "~/components/forms";
import { type Location } from "~/db/schema";
import { useHydrated } from "~/lib/use-hydrated";
import { Fieldset } from "../admin/admin-ui";
import { PlaceFields } from "./place-fields";
import { useFormDirty } from "../admin/use-form-dirty";
import { useSubmitting } from "~/lib/use-submitting";

const LOCATION_REFS = ["intent", "locationId", "version"] as const;

const CURRENCY_OPTIONS = Object.entries(CURRENCIES).map(([code, { prefix, name }]) => ({
  value: code,
  label: `${name} (${prefix.trim()})`,
}));

// getZodConstraint cannot read through the schema's transform: its input object has the constraints.
const constraint = getZodConstraint(locationSchema.in);

/** Tells why a new location's other fields are greyed out. */
const LATER_ID = "location-new-later";

/**
 * The location form. Creating saves only the name, slug and place: a new location starts with an
 * empty description, minimum nights 7, not featured and not hidden, and those fields are edited
 * once it exists.
 */
export function LocationForm({
  location,
  lastResult,
  onDirtyChange,
}: {
  /** null: the '+ Add Location' form. */
  location: Location | null;
  lastResult: SubmissionResult<string[]> | undefined;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const creating = location === null;
  const hydrated = useHydrated();
  const intent = creating ? INTENTS.createLocation : INTENTS.updateLocation;
  const busy = useSubmitting(intent);

  const defaultValue: Record<string, string | boolean> = creating
    ? {
        country: NEW_LOCATION_DEFAULTS.country,
        minimumNights: String(NEW_LOCATION_DEFAULTS.minimumNights),
        checkInTime: LOCATION_DEFAULTS.checkInTime,
        checkOutTime: LOCATION_DEFAULTS.checkOutTime,
        currency: LOCATION_DEFAULTS.currency,
      }
    : {
        name: location.name,
        slug: location.slug,
        description: location.description ?? "",
        country: location.country,
        state: location.state ?? "",
        city: location.city ?? "",
        minimumNights: String(location.minimumNights),
        timeZone: location.timeZone,
        checkInTime: location.checkInTime,
        checkOutTime: location.checkOutTime,
        currency: location.currency,
        featured: location.featured,
        hidden: location.hidden,
      };

  const [form, fields] = useForm({
    id: creating ? "location-new" : `location-${location.id}`,
    lastResult,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue,
    onValidate: ({ formData }) =>
      parseWithZod(creating ? withSlugFromName(formData) : formData, { schema: locationSchema }),
  });

  const {
    dirty,
    onChange,
    ref: formRef,
  } = useFormDirty(defaultValue, LOCATION_REFS, onDirtyChange);

  // While creating, the slug follows the name until it is edited by hand.
  const [slugEdited, setSlugEdited] = useState(Boolean(lastResult?.initialValue?.slug));
  const later = creating ? { "aria-describedby": LATER_ID } : {};

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      ref={formRef}
      onChange={onChange}
      preventScrollReset
      className="space-y-6"
    >
      <input type="hidden" name="intent" value={intent} />
      {!creating && (
        <>
          <input type="hidden" name="locationId" value={location.id} />
          {/* A save from a page older than the last save is refused, not applied over it. */}
          <input type="hidden" name="version" value={location.updatedAt} />
        </>
      )}

      <Fieldset legend="Details">
        <Field
          field={fields.name}
          label="Name"
          autoComplete="off"
          onChange={(event) => {
            if (creating && !slugEdited) {
              form.update({ name: fields.slug.name, value: slugFromName(event.target.value) });
            }
          }}
        />
        <Field
          field={fields.slug}
          label="Slug"
          className="[&_input]:font-mono [&_input]:text-sm"
          hint={
            <>
              The public address: /locations/
              <span className="font-mono">{String(fields.slug.value ?? "") || "slug"}</span>.
              Lowercase letters, numbers and hyphens.
              {creating && " Left empty, it is made from the name."}
            </>
          }
          required={!creating}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setSlugEdited(event.target.value.trim() !== "")}
        />
        <TextareaField
          field={fields.description}
          label="Description"
          rows={creating ? 4 : 6}
          disabled={creating}
          {...later}
        />
      </Fieldset>

      <PlaceFields fields={fields} />

      <Fieldset legend="Stay and visibility">
        <div className="sm:max-w-sm">
          <SelectField
            field={fields.timeZone}
            label="Time zone"
            hint="The resort's own day: weeks are offered until the day they check in there."
            options={TIME_ZONES}
            placeholder="The place's own (set from the country and state)"
          />
        </div>
        <div className="grid grid-cols-2 gap-4 sm:max-w-sm">
          <Field field={fields.checkInTime} label="Check-in from" type="time" />
          <Field field={fields.checkOutTime} label="Check-out by" type="time" />
        </div>
        <div className="sm:max-w-sm">
          <SelectField
            field={fields.currency}
            label="Currency"
            hint="Every price and fee of its rooms is in it."
            options={CURRENCY_OPTIONS}
          />
        </div>
        <div className="sm:max-w-48">
          {creating ? (
            <>
              <Field
                field={fields.minimumNights}
                label="Minimum nights"
                type="number"
                value={NEW_LOCATION_DEFAULTS.minimumNights}
                disabled
                readOnly
                {...later}
              />
              <input
                type="hidden"
                name={fields.minimumNights.name}
                value={NEW_LOCATION_DEFAULTS.minimumNights}
              />
            </>
          ) : (
            <Field
              field={fields.minimumNights}
              label="Minimum nights"
              type="number"
              inputMode="numeric"
            />
          )}
        </div>
        <div className="flex flex-wrap gap-x-8 gap-y-3">
          <CheckboxField
            field={fields.featured}
            label="Featured"
            hint="Shown in Featured Locations on the home page"
            disabled={creating}
          />
          <CheckboxField
            field={fields.hidden}
            label="Hidden"
            hint="Seen only in the admin views"
            disabled={creating}
          />
        </div>
        {creating && (
          <p id={LATER_ID} className={hintClass}>
            A new location starts as a draft, off the site until you publish it, with no
            description, a 7-night minimum and not featured: edit these once it is created.
          </p>
        )}
      </Fieldset>

      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-5">
        <SubmitButton busy={busy} busyText="Saving...">
          {creating ? "Create Location" : "Save Location"}
        </SubmitButton>
        {hydrated && dirty && !busy && (
          <span className="text-gold-700 text-sm">Unsaved changes</span>
        )}
      </div>
    </Form>
  );
}
