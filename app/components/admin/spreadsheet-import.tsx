import { Form } from "react-router";
import { FormErrors, SubmitButton } from "~/components/forms";
import {
  MAX_SPREADSHEET_BYTES,
  MAX_SPREADSHEET_LABEL,
  SPREADSHEET_TOO_LARGE,
} from "~/lib/spreadsheet";
import { useSubmitting } from "~/lib/use-submitting";

/** What an import that wrote nothing answers: the file's wrong rows by line, or why. */
export interface ImportRefusal {
  problems: Array<{ line: number; message: string }>;
  more: number;
  error: string;
}

/**
 * A CSV file's import form (a plain multipart post, with or without JavaScript), with the rows a
 * refused file got wrong.
 */
export function SpreadsheetImport({
  intent,
  refusal,
  children,
}: {
  intent: string;
  refusal: ImportRefusal | undefined;
  /** The submit button's text. */
  children: string;
}) {
  const busy = useSubmitting(intent);
  return (
    <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3">
      <FormErrors errors={refusal?.error ? [refusal.error] : undefined} />
      {refusal && refusal.problems.length > 0 && (
        <ul className="max-h-96 space-y-1 overflow-y-auto rounded-xl bg-red-50 p-4 text-sm text-red-900">
          {refusal.problems.map((problem) => (
            <li key={`${problem.line} ${problem.message}`}>
              <span className="font-semibold">Line {problem.line}:</span> {problem.message}
            </li>
          ))}
          {refusal.more > 0 && <li>…and {refusal.more} more.</li>}
        </ul>
      )}
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-navy-900 font-semibold">
          CSV file (at most {MAX_SPREADSHEET_LABEL})
        </span>
        <input
          type="file"
          name="file"
          accept=".csv,text/csv"
          required
          className="text-sm"
          // With JavaScript, a file past the limit is refused before it is sent.
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.setCustomValidity(
              file && file.size > MAX_SPREADSHEET_BYTES ? SPREADSHEET_TOO_LARGE : "",
            );
            event.currentTarget.reportValidity();
          }}
        />
      </label>
      <SubmitButton busy={busy} busyText="Importing..." name="intent" value={intent}>
        {children}
      </SubmitButton>
    </Form>
  );
}
