import { type Location } from "~/db/schema";
import { hasValidPlace, isComplete } from "./places";

/** A location as the Checklist shows it: what it has, what it still needs, who edited it last. */
export type ChecklistRow = Pick<
  Location,
  "id" | "name" | "slug" | "city" | "state" | "country" | "hidden" | "featured"
> & {
  hasDescription: boolean;
  imageCount: number;
  roomCount: number;
  validPlace: boolean;
  complete: boolean;
  lastEditor: string | null;
  lastEditAt: string | null;
};

export type ChecklistSummary = Omit<ChecklistRow, "validPlace" | "complete"> & {
  description: string | null;
};

export function checklistRow({ description, ...summary }: ChecklistSummary): ChecklistRow {
  return {
    ...summary,
    validPlace: hasValidPlace(summary),
    complete: isComplete({ ...summary, description }),
  };
}

/** The counts above the table. */
export function checklistTotals(rows: readonly ChecklistRow[]) {
  const count = (test: (row: ChecklistRow) => boolean) => rows.filter(test).length;
  return {
    all: rows.length,
    complete: count((row) => row.complete),
    incomplete: count((row) => !row.complete),
    hidden: count((row) => row.hidden),
    featured: count((row) => row.featured),
  };
}
