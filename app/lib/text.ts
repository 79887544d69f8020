/**
 * Control characters never belong in what people type into a form: they are removed, except tabs
 * and line breaks in long text when `keepLineBreaks` is set. A kept line break becomes one LF, as
 * the text box counted it: a browser posting a form itself sends each as CR LF, which would
 * otherwise count twice against the box's own length limit.
 */
export function stripControlCharacters(value: string, { keepLineBreaks = false } = {}) {
  if (!keepLineBreaks) return value.replace(/\p{Cc}/gu, "");
  return value.replace(/\r\n?/g, "\n").replace(/(?![\t\n])\p{Cc}/gu, "");
}

/** Whether a value has a control character in it (a tab or line break included). */
export const hasControlCharacter = (value: string) => /\p{Cc}/u.test(value);

/**
 * Trimmed of whitespace and of the invisible format characters (zero-width spaces, word joiners,
 * direction marks, byte order marks) at either end: text of nothing else is blank. Inside the
 * text they stay (joiners belong in some names and emoji).
 */
export const trimInvisible = (value: string) => value.replace(/^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu, "");

/** How long the text reads: its invisible format characters not counted. */
export const visibleLength = (value: string) => value.replace(/\p{Cf}/gu, "").length;

/** A count with its noun: "1 location", "1,040 locations". */
export function countLabel(count: number, one: string, other = `${one}s`) {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : other}`;
}
