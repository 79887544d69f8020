import { useEffect, useRef } from "react";
import { useHydrated } from "./use-hydrated";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isCheckable = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");

/** The value the server rendered into a control: its HTML attributes still say it. */
function renderedValue(control: Control) {
  if (control instanceof HTMLSelectElement) {
    const options = [...control.options];
    return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? "";
  }
  if (isCheckable(control)) return control.defaultChecked ? control.value : "";
  return control.defaultValue;
}

const currentValue = (control: Control) =>
  isCheckable(control) ? (control.checked ? control.value : "") : control.value;

/** True until the whole page has hydrated (useHydrationDone, in the root layout, says so). */
let hydrating = typeof document !== "undefined";
if (hydrating) {
  // A field's input and change events while React hydrates the page are kept from it: React
  // would take one as a cue to hydrate at once, hand it to a handler whose navigation is not
  // ready (dropped), then put its own state back into the field, losing the choice. Kept from
  // React, the choice stays in the field, and is taken over as one made before the scripts ran.
  // Registered as this module loads, before React listens on the document.
  const holdBack = (event: Event) => {
    const field = event.target;
    if (
      hydrating &&
      (field instanceof HTMLInputElement ||
        field instanceof HTMLSelectElement ||
        field instanceof HTMLTextAreaElement)
    )
      event.stopImmediatePropagation();
  };
  document.addEventListener("input", holdBack, true);
  document.addEventListener("change", holdBack, true);
}

/** Marks the page hydrated: in the root layout, whose effects run after every other's. */
export function useHydrationDone() {
  useEffect(() => {
    hydrating = false;
  }, []);
}

/**
 * What a person typed or chose in a component's fields while the page waited for its scripts, or
 * while React took it over.
 * React keeps those values as it hydrates but puts its own state back on the next render, so a
 * component that controls its fields takes them over here: once, right after hydration, `apply`
 * gets each named field whose value differs from the server's, and the element the returned ref
 * is on. A component mounted later (after a client navigation) has nothing to take over.
 */
export function useInputBeforeHydration<Container extends HTMLElement>(
  apply: (values: Map<string, string>, container: Container) => void,
) {
  const container = useRef<Container>(null);
  const hydrating = useRef(!useHydrated());
  const applyLatest = useRef(apply);
  useEffect(() => {
    applyLatest.current = apply;
  });
  useEffect(() => {
    const element = container.current;
    if (!hydrating.current || !element) return;
    hydrating.current = false;
    const values = new Map<string, string>();
    for (const control of element.querySelectorAll(
      "input, select, textarea",
    ) as NodeListOf<Control>) {
      if (!control.name || control.type === "hidden") continue;
      if (isCheckable(control) && control.type === "radio" && !control.checked) continue;
      const value = currentValue(control);
      if (value !== renderedValue(control)) values.set(control.name, value);
    }
    if (values.size > 0) applyLatest.current(values, element);
  }, []);
  return container;
}
