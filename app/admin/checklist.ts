import { hasValidPlace, isComplete } from "./places";

/** A location as the Checklist shows it: what it has, what it still needs, who edited it last. */
export interface ChecklistRow {
  id: string;
  name: string;
  slug: string;
  city: string | null;
  state: string | null;
  country: string;
  hidden: boolean;
  featured: boolean;
  hasDescription: boolean;
  imageCount: number;
  roomCount: number;
  validPlace: boolean;
  complete: boolean;
  lastEditor: string | null;
  lastEditAt: string | null;
}

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
