import { isDirty } from "@conform-to/react/future";
import { useEffect, useState, type FormEvent } from "react";
import { useInputBeforeHydration } from "~/lib/use-input-before-hydration";

/**
 * Whether a form's current values differ from the saved ones: editing sets a dirty flag until
 * saved. Compared with conform's isDirty, which ignores empty values and treats a single ticked
 * box like a one-item list. A save remounts the form, which starts clean. `onDirtyChange` hears
 * every change, and `false` when the form goes away. The returned `ref` goes on the form: a change
 * made before the scripts ran fired no change event, so it is checked once they have.
 */
export function useFormDirty(
  defaultValue: Record<string, unknown>,
  ignore: readonly string[],
  onDirtyChange: (dirty: boolean) => void,
) {
  const [dirty, setDirty] = useState(false);

  const check = (form: HTMLFormElement) => {
    const next =
      isDirty(new FormData(form), { defaultValue, skipEntry: (name) => ignore.includes(name) }) ??
      false;
    setDirty(next);
    onDirtyChange(next);
  };

  /** For the form's onChange: checks now, and again once conform has applied any field updates. */
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    check(form);
    window.setTimeout(() => form.isConnected && check(form), 50);
  };

  const ref = useInputBeforeHydration<HTMLFormElement>((_changed, form) => check(form));

  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  return { dirty, onChange, ref };
}
