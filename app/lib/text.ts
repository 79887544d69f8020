/**
 * Control characters never belong in what people type into a form: they are removed, except tabs
 * and line breaks in long text when `keepLineBreaks` is set.
 */
export function stripControlCharacters(value: string, { keepLineBreaks = false } = {}) {
  return value.replace(keepLineBreaks ? /(?![\t\n\r])\p{Cc}/gu : /\p{Cc}/gu, "");
}

/** Whether a value has a control character in it (a tab or line break included). */
export const hasControlCharacter = (value: string) => /\p{Cc}/u.test(value);
