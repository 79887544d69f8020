import Papa from "papaparse";
import { data } from "react-router";
import { readForm } from "./body.server";
import { DomainError, ERROR_STATUS, pageRefusal } from "./errors.server";
import { MAX_SPREADSHEET_BYTES, SPREADSHEET_TOO_LARGE } from "./spreadsheet";

/**
 * What every spreadsheet import shares (the weeks, the catalogue): the file posted, its rows read
 * by the line each starts on, and a refusal that lists the wrong rows by line, at most 50 of them.
 */

export interface ImportProblem {
  line: number;
  message: string;
}

export interface ImportRefused {
  ok: false;
  problems: ImportProblem[];
  more: number;
}

/** Problems listed at most: a wrong file says what is wrong without pages of it. */
const MAX_PROBLEMS = 50;

/** A file that wrote nothing: its problems in line order, the first 50 and how many more. */
export function refusedImport(problems: ImportProblem[]): ImportRefused {
  problems.sort((a, b) => a.line - b.line);
  return {
    ok: false,
    problems: problems.slice(0, MAX_PROBLEMS),
    more: Math.max(0, problems.length - MAX_PROBLEMS),
  };
}

/** The form around the file: its other fields and the multipart framing. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * An import form's post. A file over the limit is answered on the page, beside its form (413), as
 * a browser without JavaScript posts it (with JavaScript the form refuses it before sending);
 * other unreadable posts get the error page.
 */
export async function readImportForm(
  request: Request,
): Promise<{ formData: FormData } | { refusal: ReturnType<typeof importRefusal> }> {
  try {
    return {
      formData: await readForm(request, {
        maxBytes: MAX_SPREADSHEET_BYTES + FORM_OVERHEAD_BYTES,
      }),
    };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code !== "too-large") throw pageRefusal(error);
    return {
      refusal: data(
        { problems: [], more: 0, error: SPREADSHEET_TOO_LARGE },
        { status: ERROR_STATUS["too-large"] },
      ),
    };
  }
}

/** The CSV file an import form posted (an empty one too: the import says so), or null for none. */
export function postedFile(formData: FormData) {
  const file = formData.get("file");
  return file instanceof File && (file.name !== "" || file.size > 0) ? file : null;
}

/**
 * Excel's plain "CSV" is saved in the computer's own code page, not UTF-8: read as UTF-8, its
 * accented letters would be stored as "�". Nothing is guessed: the file is refused.
 */
export const NOT_UTF8 =
  "This file is not saved as UTF-8 text, so its accented letters would be garbled. In Excel, save it as “CSV UTF-8 (Comma delimited)” (or download it as CSV from Google Sheets), then import it again.";

/** A posted CSV file's text, or its refusal when it is not UTF-8 (a byte that is not, or UTF-16). */
export async function spreadsheetText(
  file: File,
): Promise<{ ok: true; text: string } | ImportRefused> {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    // UTF-16 without its byte order mark is valid UTF-8 with a NUL byte beside each letter.
    if (!text.includes("\0")) return { ok: true, text };
  } catch {}
  return refusedImport([{ line: 1, message: NOT_UTF8 }]);
}

/** The page's answer to an import that wrote nothing (400): its rows' problems, or no file. */
export function importRefusal(refused: ImportRefused | null) {
  return data(
    refused
      ? {
          problems: refused.problems,
          more: refused.more,
          error: "Nothing was imported: correct these rows and import the file again.",
        }
      : { problems: [], more: 0, error: "Choose a CSV file to import." },
    { status: ERROR_STATUS.invalid },
  );
}

/** A row of a file, by the line it starts on as an editor or a spreadsheet numbers it. */
interface SpreadsheetRow {
  line: number;
  cells: Record<string, string>;
}

export type Spreadsheet =
  | {
      ok: true;
      columns: string[];
      rows: SpreadsheetRow[];
      /** The rows left out for their shape (cells in the wrong number): said with the others'. */
      problems: ImportProblem[];
    }
  | ImportRefused;

/**
 * A cell the exports wrote with a leading apostrophe so that a spreadsheet shows it as text, not
 * as a formula it would run ("=HYPERLINK(…)"): read back without it.
 */
const ESCAPED_FORMULA = /^'(?=[=+\-@\t\r])/;

/**
 * Options of every export: cells starting like a formula are written as text (see above).
 */
export const EXPORT_CSV_OPTIONS = { header: false, newline: "\r\n", escapeFormulae: true } as const;

/**
 * An export's first line: its columns after a UTF-8 byte order mark, without which Excel reads
 * the file in the computer's own code page and garbles accented letters (the import skips it).
 */
export const exportHeader = (columns: readonly string[]) => `\uFEFF${columns.join(",")}\r\n`;

/**
 * The rows of a CSV file under its first line's columns (named as people write them: "Check-in
 * date" is check_in, then `aliases`), blank rows left out. Refused whole: a first line that lacks
 * a `required` column, names one that is not `known` or names one twice. A row with more or fewer
 * cells than the first line has columns is left out with its problem (a cell read under the wrong
 * column would write the wrong field), for the import to say beside the other rows' problems.
 * Line endings may be mixed, as when rows are added to an export by hand.
 */
export function readSpreadsheet(
  text: string,
  {
    known,
    required,
    aliases = {},
  }: { known: readonly string[]; required: readonly string[]; aliases?: Record<string, string> },
): Spreadsheet {
  const normalized = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (normalized.trim() === "") return refusedImport([{ line: 1, message: "The file is empty." }]);
  const problems: ImportProblem[] = [];
  let header: string[] | null = null;
  const rows: SpreadsheetRow[] = [];
  // The line a row starts on: the line breaks before it, counted as the parser moves on.
  let line = 1;
  let counted = 0;
  Papa.parse<string[]>(normalized, {
    step({ data: cells, meta }) {
      const start = counted;
      counted = meta.cursor;
      const rowLine = line;
      for (let index = start; index < counted; index++) if (normalized[index] === "\n") line++;
      if (cells.every((cell) => cell.trim() === "")) return;
      if (!header) {
        header = cells.map((cell) => {
          const key = columnKey(cell);
          return aliases[key] ?? key;
        });
        return;
      }
      if (cells.length !== header.length) {
        problems.push({
          line: rowLine,
          message: `This row has ${cells.length} cells where the first line names ${header.length} columns.`,
        });
        return;
      }
      // A column without a name (a spreadsheet's trailing empty columns) must stay empty.
      if (header.some((column, index) => column === "" && cells[index]!.trim() !== "")) {
        problems.push({
          line: rowLine,
          message: "This row has a value under a column without a name.",
        });
        return;
      }
      rows.push({
        line: rowLine,
        cells: Object.fromEntries(
          header.flatMap((column, index) =>
            column === "" ? [] : [[column, cells[index]!.replace(ESCAPED_FORMULA, "")]],
          ),
        ),
      });
    },
  });
  // Set by the parser's callback, which the compiler does not follow.
  const columns = ((header as string[] | null) ?? []).filter((column) => column !== "");
  const refuse = (message: string) => refusedImport([{ line: 1, message }]);
  const missing = required.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    return refuse(
      `The first line must name the columns: ${known.join(", ")} (missing: ${missing.join(", ")}).`,
    );
  }
  const unknown = columns.filter((column) => !known.includes(column));
  if (unknown.length > 0) {
    return refuse(
      `The first line names columns this import does not know: ${unknown.map((column) => `“${column}”`).join(", ")} (the columns are ${known.join(", ")}).`,
    );
  }
  const twice = columns.find((column, index) => columns.indexOf(column) !== index);
  if (twice) return refuse(`The first line names the column “${twice}” twice.`);
  if (rows.length === 0 && problems.length === 0) {
    return refusedImport([{ line: 2, message: "The file has no rows." }]);
  }
  return { ok: true, columns, rows, problems };
}

/** A header as people write it ("Minimum nights", "Check-in") → the column's name. */
function columnKey(header: string) {
  return header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

/**
 * A number as a spreadsheet may write it, for Number(): "$1,500.50" is 1500.50. A comma is only
 * read as a thousands separator ("2,5" stays unreadable rather than becoming 25).
 */
export function plainNumber(text: string) {
  const value = text.trim().replace(/^\$/, "");
  return /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(value) ? value.replaceAll(",", "") : value;
}
