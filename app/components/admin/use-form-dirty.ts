import { isDirty } from "@conform-to/react/future";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";

/**
 * Whether a form's current values differ from the saved ones (spec section 4: "Editing sets a
 * dirty flag until saved"). Compared with conform's isDirty, which ignores empty values and
 * treats a single ticked box like a one-item list. A save remounts the form, which starts clean.
 */
export function useFormDirty(
  defaultValue: Record<string, unknown>,
  ignore: readonly string[],
  onDirtyChange: (dirty: boolean) => void,
) {
  const [dirty, setDirty] = useState(false);
  const saved = useRef({ defaultValue, ignore });
  saved.current = { defaultValue, ignore };

  const check = useCallback((form: HTMLFormElement) => {
    const { defaultValue, ignore } = saved.current;
    setDirty(
      isDirty(new FormData(form), { defaultValue, skipEntry: (name) => ignore.includes(name) }) ??
        false,
    );
  }, []);

  /** For the form's onChange: checks now, and again once conform has applied any field updates. */
  const onChange = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      check(form);
      window.setTimeout(() => form.isConnected && check(form), 50);
    },
    [check],
  );

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  return { dirty, onChange };
}
