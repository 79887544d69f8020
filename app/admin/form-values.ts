/**
 * A form's fields as a plain object for a zod schema: each name's first value, or every value of
 * the names in `lists` (fields that repeat, like a list of ids).
 */
export function formValues(formData: FormData, lists: readonly string[] = []) {
  const values: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const name of new Set(formData.keys())) {
    values[name] = lists.includes(name) ? formData.getAll(name) : (formData.get(name) ?? "");
  }
  return values;
}
