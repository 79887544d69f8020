import { data } from "react-router";
import { ERROR_STATUS } from "./errors.server";

/**
 * What every spreadsheet import shares (the weeks, the catalogue): the file posted, and a refusal
 * that lists the wrong rows by line, at most 50 of them.
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

/** The CSV file an import form posted, or null for none (or an empty one). */
export function postedFile(formData: FormData) {
  const file = formData.get("file");
  return file instanceof File && file.size > 0 ? file : null;
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
