import { useState } from "react";
import {
  CITY_COUNTRIES,
  COUNTRIES,
  DEFAULT_COUNTRY,
  hasCities,
  hasStates,
  HAWAII_ISLANDS,
  isHawaii,
  US_STATES,
} from "~/catalogue/places";
import { Field, hintClass, SelectField, type AnyField } from "~/components/forms";
import { useHydrated } from "~/lib/use-hydrated";
import { useInputBeforeHydration } from "~/lib/use-input-before-hydration";
import { Fieldset } from "../admin/admin-ui";

/**
 * The location's place: country, state, and city (an island in Hawaii). The fields are held here,
 * so the rules apply the same whatever changed them (mouse, keyboard, touch): a new country clears
 * the state and the city; moving into or out of Hawaii clears the island or the city. Without
 * JavaScript every field is there and the server keeps what the country allows.
 */
export function PlaceFields({
  fields,
}: {
  fields: { country: AnyField; state: AnyField; city: AnyField };
}) {
  const hydrated = useHydrated();
  const [place, setPlace] = useState(() => ({
    country: String(fields.country.initialValue ?? DEFAULT_COUNTRY),
    state: String(fields.state.initialValue ?? ""),
    city: String(fields.city.initialValue ?? ""),
  }));
  const { country, state, city } = place;
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
  // Before the scripts ran every field was there: what was chosen is kept as it is.
  const fieldset = useInputBeforeHydration<HTMLFieldSetElement>((values) =>
    setPlace((current) => ({
      country: values.get(fields.country.name) ?? current.country,
      state: values.get(fields.state.name) ?? current.state,
      city: values.get(fields.city.name) ?? current.city,
    })),
  );
  const showState = !hydrated || hasStates(country);
  const showCity = !hydrated || hasCities(country);

  return (
    <Fieldset legend="Place" ref={fieldset}>
      <SelectField
        field={fields.country}
        label="Country"
        options={COUNTRIES}
        value={country}
        onChange={(event) => changeCountry(event.target.value)}
      />
      {!hydrated && (
        <p className={hintClass}>
          The state is kept only for the United States, and the city only for{" "}
          {CITY_COUNTRIES.join(", ")}. In Hawaii the city is one of its islands:{" "}
          {HAWAII_ISLANDS.join(", ")}.
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {showState && (
          <SelectField
            field={fields.state}
            label="State"
            options={US_STATES}
            placeholder="Choose a state"
            value={state}
            onChange={(event) => changeState(event.target.value)}
          />
        )}
        {showCity &&
          (isHawaii(country, state) ? (
            <SelectField
              field={fields.city}
              label="Island"
              options={HAWAII_ISLANDS}
              placeholder="Choose an island"
              value={city}
              onChange={(event) => changeCity(event.target.value)}
            />
          ) : (
            <Field
              field={fields.city}
              label="City"
              value={city}
              autoComplete="off"
              onChange={(event) => changeCity(event.target.value)}
            />
          ))}
      </div>
    </Fieldset>
  );
}
