/**
 * The largest CSV file an import reads (the weeks: about 60,000 rows; the catalogue: some 6,000
 * room types): the import forms say it and check it before sending, the actions refuse more.
 */
export const MAX_SPREADSHEET_BYTES = 4 * 1024 * 1024;

/** The limit as the forms say it. */
export const MAX_SPREADSHEET_LABEL = `${MAX_SPREADSHEET_BYTES / 1024 / 1024} MB`;

/** What an import says of a file over the limit, before sending it or after. */
export const SPREADSHEET_TOO_LARGE = `The file is larger than ${MAX_SPREADSHEET_LABEL}: split it and import each part.`;
