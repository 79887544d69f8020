import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { locationSchema, NEW_LOCATION_DEFAULTS, slugFromName } from "~/admin/schemas";
import {
  CITY_COUNTRIES,
  COUNTRIES,
  hasCities,
  hasStates,
  HAWAII_ISLANDS,
  isHawaii,
  US_STATES,
} from "~/admin/places";
import { type Location } from "~/db/schema";
import { useHydrated } from "~/lib/use-hydrated";
import {
  CheckboxField,
  FieldError,
  Fieldset,
  FormError,
  hintClass,
  inputClass,
  labelClass,
  primaryButtonClass,
} from "./admin-ui";
import { INTENTS, withSlugFromName } from "./location-admin";
import { useFormDirty } from "./use-form-dirty";

const LOCATION_REFS = ["intent", "locationId"] as const;

/** conform's field props for an input this form controls itself (value instead of defaultValue). */
function controlled<Props extends { defaultValue?: unknown }>({
  defaultValue: _initial,
  ...props
}: Props) {
  return props;
}

// getZodConstraint cannot read through the schema's transform: its input object has the constraints.
const constraint = getZodConstraint(locationSchema.in);

/**
 * The location form (spec section 5). Creating saves only the name, slug and place: a new
 * location starts with an empty description, minimum nights 7, not featured and not hidden, and
 * those fields are edited afterwards (spec section 4).
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
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  const defaultValue: Record<string, string | boolean> = creating
    ? {
        country: NEW_LOCATION_DEFAULTS.country,
        minimumNights: String(NEW_LOCATION_DEFAULTS.minimumNights),
      }
    : {
        name: location.name,
        slug: location.slug,
        description: location.description ?? "",
        country: location.country,
        state: location.state ?? "",
        city: location.city ?? "",
        minimumNights: String(location.minimumNights),
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

  const { dirty, onChange } = useFormDirty(defaultValue, LOCATION_REFS, onDirtyChange);

  // While creating, the slug follows the name until it is edited by hand.
  const [slugEdited, setSlugEdited] = useState(Boolean(lastResult?.initialValue?.slug));

  // The place fields are held here, so the rules apply the same whatever changed them (mouse,
  // keyboard, touch): a new country clears the state and the city; moving into or out of Hawaii
  // clears the island or the city.
  const [place, setPlace] = useState(() => ({
    country: String(fields.country.initialValue ?? NEW_LOCATION_DEFAULTS.country),
    state: String(fields.state.initialValue ?? ""),
    city: String(fields.city.initialValue ?? ""),
  }));
  const { country, state, city } = place;
  const hawaii = isHawaii(country, state);
  const changeCountry = (next: string) =>
    setPlace((current) =>
      next === current.country ? current : { country: next, state: "", city: "" },
    );
  const changeState = (next: string) =>
    setPlace((current) => ({
      ...current,
      state: next,
      city:
        isHawaii(current.country, next) === isHawaii(current.country, current.state)
          ? current.city
          : "",
    }));
  const changeCity = (next: string) => setPlace((current) => ({ ...current, city: next }));
  // Without JavaScript every place field is there and the server keeps what the country allows.
  const showState = !hydrated || hasStates(country);
  const showCity = !hydrated || hasCities(country);

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onChange={onChange}
      preventScrollReset
      className="space-y-6"
    >
      <input type="hidden" name="intent" value={intent} />
      {!creating && <input type="hidden" name="locationId" value={location.id} />}

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
            onChange={(event) => {
              if (creating && !slugEdited) {
                form.update({ name: fields.slug.name, value: slugFromName(event.target.value) });
              }
            }}
          />
          <FieldError id={fields.name.errorId} errors={fields.name.errors} />
        </div>
        <div>
          <label htmlFor={fields.slug.id} className={labelClass}>
            Slug
          </label>
          <input
            {...getInputProps(fields.slug, {
              type: "text",
              ariaDescribedBy: `${fields.slug.id}-hint`,
            })}
            key={fields.slug.key}
            required={!creating}
            autoComplete="off"
            spellCheck={false}
            className={`${inputClass} font-mono text-sm`}
            onChange={(event) => setSlugEdited(event.target.value.trim() !== "")}
          />
          <p id={`${fields.slug.id}-hint`} className={hintClass}>
            The public address: /locations/
            <span className="font-mono">{String(fields.slug.value ?? "") || "slug"}</span>.
            Lowercase letters, numbers and hyphens.
            {creating && " Left empty, it is made from the name."}
          </p>
          <FieldError id={fields.slug.errorId} errors={fields.slug.errors} />
        </div>
        <div>
          <label htmlFor={fields.description.id} className={labelClass}>
            Description
          </label>
          {creating ? (
            <textarea
              id={fields.description.id}
              rows={4}
              disabled
              aria-describedby="location-new-later"
              className={inputClass}
            />
          ) : (
            <textarea
              {...getTextareaProps(fields.description)}
              key={fields.description.key}
              rows={6}
              className={inputClass}
            />
          )}
          <FieldError id={fields.description.errorId} errors={fields.description.errors} />
        </div>
      </Fieldset>

      <Fieldset legend="Place">
        <div>
          <label htmlFor={fields.country.id} className={labelClass}>
            Country
          </label>
          <select
            {...controlled(getSelectProps(fields.country))}
            value={country}
            className={inputClass}
            onChange={(event) => changeCountry(event.target.value)}
          >
            {COUNTRIES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <FieldError id={fields.country.errorId} errors={fields.country.errors} />
        </div>
        {!hydrated && (
          <p className={hintClass}>
            The state is kept only for the United States, and the city only for{" "}
            {CITY_COUNTRIES.join(", ")}. In Hawaii the city is one of its islands:{" "}
            {HAWAII_ISLANDS.join(", ")}.
          </p>
        )}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {showState && (
            <div>
              <label htmlFor={fields.state.id} className={labelClass}>
                State
              </label>
              <select
                {...controlled(getSelectProps(fields.state))}
                value={state}
                className={inputClass}
                onChange={(event) => changeState(event.target.value)}
              >
                <option value="">Choose a state</option>
                {US_STATES.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
              <FieldError id={fields.state.errorId} errors={fields.state.errors} />
            </div>
          )}
          {showCity &&
            (hawaii ? (
              <div>
                <label htmlFor={fields.city.id} className={labelClass}>
                  Island
                </label>
                <select
                  {...controlled(getSelectProps(fields.city))}
                  value={city}
                  className={inputClass}
                  onChange={(event) => changeCity(event.target.value)}
                >
                  <option value="">Choose an island</option>
                  {HAWAII_ISLANDS.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
                <FieldError id={fields.city.errorId} errors={fields.city.errors} />
              </div>
            ) : (
              <div>
                <label htmlFor={fields.city.id} className={labelClass}>
                  City
                </label>
                <input
                  {...controlled(getInputProps(fields.city, { type: "text" }))}
                  value={city}
                  autoComplete="off"
                  className={inputClass}
                  onChange={(event) => changeCity(event.target.value)}
                />
                <FieldError id={fields.city.errorId} errors={fields.city.errors} />
              </div>
            ))}
        </div>
      </Fieldset>

      <Fieldset legend="Stay and visibility">
        <div className="sm:max-w-48">
          <label htmlFor={fields.minimumNights.id} className={labelClass}>
            Minimum nights
          </label>
          {creating ? (
            <>
              <input
                id={fields.minimumNights.id}
                type="number"
                value={NEW_LOCATION_DEFAULTS.minimumNights}
                disabled
                readOnly
                aria-describedby="location-new-later"
                className={inputClass}
              />
              <input
                type="hidden"
                name={fields.minimumNights.name}
                value={NEW_LOCATION_DEFAULTS.minimumNights}
              />
            </>
          ) : (
            <input
              {...getInputProps(fields.minimumNights, { type: "number" })}
              key={fields.minimumNights.key}
              inputMode="numeric"
              className={inputClass}
            />
          )}
          <FieldError id={fields.minimumNights.errorId} errors={fields.minimumNights.errors} />
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
          <p id="location-new-later" className={hintClass}>
            A new location starts with no description, a 7-night minimum, not featured and not
            hidden: edit these once it is created.
          </p>
        )}
      </Fieldset>

      <FormError id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-5">
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {busy ? "Saving..." : creating ? "Create Location" : "Save Location"}
        </button>
        {hydrated && dirty && !busy && (
          <span className="text-gold-700 text-sm">Unsaved changes</span>
        )}
      </div>
    </Form>
  );
}
