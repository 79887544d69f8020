import { useEffect, useRef, useState } from "react";
import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  hasCities,
  hasStates,
  HAWAII_ISLANDS,
  isHawaii,
  US_STATES,
} from "~/catalogue/places";
import {
  Field,
  hintClass,
  SelectField,
  type AnyField,
  type SelectOption,
} from "~/components/forms";
import { useHydrated } from "~/lib/use-hydrated";
import { useInputBeforeHydration } from "~/lib/use-input-before-hydration";
import { Fieldset } from "../admin/admin-ui";

interface Place {
  country: string;
  state: string;
  city: string;
}

// The rules, whatever changed the field (mouse, keyboard, touch, or a choice made before the
// scripts ran): a new country clears the state and the city; moving into or out of Hawaii clears
// the island or the city.
const withCountry = (place: Place, country: string): Place =>
  country === place.country ? place : { country, state: "", city: "" };
const withState = (place: Place, state: string): Place => ({
  ...place,
  state,
  city: isHawaii(place.country, state) === isHawaii(place.country, place.state) ? place.city : "",
});
const withCity = (place: Place, city: string): Place => ({ ...place, city });

/**
 * The location's place: country, state, and city (an island in Hawaii). The fields are held here,
 * so the rules apply the same whatever changed them. Without JavaScript every field is there and
 * the server keeps what the country allows.
 */
export function PlaceFields({
  fields,
}: {
  fields: { country: AnyField; state: AnyField; city: AnyField };
}) {
  const hydrated = useHydrated();
  const [place, setPlace] = useState<Place>(() => ({
    country: String(fields.country.initialValue ?? DEFAULT_COUNTRY),
    state: String(fields.state.initialValue ?? ""),
    city: String(fields.city.initialValue ?? ""),
  }));
  const { country, state, city } = place;
  const changeCountry = (next: string) => setPlace((current) => withCountry(current, next));
  const changeState = (next: string) => setPlace((current) => withState(current, next));
  const changeCity = (next: string) => setPlace((current) => withCity(current, next));
  // What was chosen before the scripts ran, field by field in the form's order, by the same rules:
  // a country chosen alone clears the state and the island it replaced; a city typed after stays.
  const rules = [
    [fields.country.name, withCountry],
    [fields.state.name, withState],
    [fields.city.name, withCity],
  ] as const;
  // Set when the City field being typed in is swapped (below): the new one takes the focus once
  // rendered. Declared first, so its effect runs before the swap is asked for.
  const refocusCity = useRef(false);
  const inHawaii = isHawaii(country, state);
  useEffect(() => {
    if (!refocusCity.current) return;
    refocusCity.current = false;
    document.getElementById(fields.city.id)?.focus();
  }, [inHawaii, fields.city.id]);
  const fieldset = useInputBeforeHydration<HTMLFieldSetElement>((values) => {
    const next = rules.reduce((chosenPlace, [name, rule]) => {
      const chosen = values.get(name);
      return chosen === undefined ? chosenPlace : rule(chosenPlace, chosen);
    }, place);
    // A City field still being typed in that becomes the Island select (or back) gives up the
    // focus first and the new field takes it: removed while focused, it would blur in the middle
    // of React's update, and the form would send itself to validate that blur.
    const typing = document.activeElement;
    if (
      typing instanceof HTMLInputElement &&
      typing.name === fields.city.name &&
      isHawaii(next.country, next.state) !== inHawaii
    ) {
      typing.blur();
      refocusCity.current = true;
    }
    setPlace(next);
  });

  const showState = !hydrated || hasStates(country);
  const showCity = !hydrated || hasCities(country);

  // Before the scripts run every field is served, and CSS (app.css, [data-place-fields]) shows
  // those the country chosen takes, as it changes: once hydrated, the same fields are rendered and
  // nothing moves under a person's finger.
  return (
    <Fieldset legend="Place" ref={fieldset} data-place-fields="">
      <SelectField
        field={fields.country}
        label="Country"
        options={COUNTRY_OPTIONS}
        value={country}
        onChange={(event) => changeCountry(event.target.value)}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {showState && (
          <div data-place-field="state">
            <SelectField
              field={fields.state}
              label="State"
              options={STATE_OPTIONS}
              placeholder="Choose a state"
              value={state}
              onChange={(event) => changeState(event.target.value)}
            />
          </div>
        )}
        {showCity && (
          <div data-place-field="city">
            {inHawaii ? (
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
            )}
          </div>
        )}
        {!hydrated && !inHawaii && (
          <p className={`${hintClass} sm:col-span-2`} data-place-field="island-hint">
            In Hawaii the city is one of its islands: {HAWAII_ISLANDS.join(", ")}.
          </p>
        )}
      </div>
    </Fieldset>
  );
}

/** What each country takes, for the CSS that shows its fields before the scripts run. */
const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({
  value: country,
  label: country,
  data: {
    takes: [hasStates(country) && "state", hasCities(country) && "city"].filter(Boolean).join(" "),
  },
}));
const STATE_OPTIONS = US_STATES.map((state): SelectOption => ({
  value: state,
  label: state,
  data: isHawaii("United States", state) ? { islands: "" } : {},
}));
