import { type Location } from "~/db/schema";
import { requestedPage } from "~/lib/pages";
import { hasValidPlace, isComplete } from "./places";

/**
 * What a room type needs to be on sale: a weekly rate, open weeks in the next three months, a
 * guest limit and a picture. Whether it is published is shown beside (a draft may be ready).
 */
export interface RoomReadiness {
  id: string;
  name: string;
  published: boolean;
  rate: boolean;
  openWeeks: boolean;
  guestLimit: boolean;
  picture: boolean;
}

/** How far ahead a room's open weeks must reach for it to be ready. */
export const READY_WEEKS_MONTHS = 3;

/**
 * The fewest days READY_WEEKS_MONTHS months after a day hold (31 January to 30 April): a room
 * whose open weeks, one after the other, are never further apart has an open week in the next
 * READY_WEEKS_MONTHS months on every day from before its first to before its last. The triggers
 * that keep the Checklist's counts count the wider gaps (migrations/0029_checklist_counts.sql).
 */
export const WIDE_GAP_DAYS = 89;

/** What a room lacks, as the Checklist says it. */
export const ROOM_NEEDS = {
  rate: "a weekly rate",
  openWeeks: `open weeks in the next ${READY_WEEKS_MONTHS} months`,
  guestLimit: "a guest limit",
  picture: "a picture",
} as const;

export const roomNeeds = (room: RoomReadiness) =>
  (Object.keys(ROOM_NEEDS) as (keyof typeof ROOM_NEEDS)[]).filter((need) => !room[need]);

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
  rooms: RoomReadiness[];
};

export type ChecklistSummary = Omit<ChecklistRow, "validPlace" | "complete"> & {
  description: string | null;
};

export function checklistRow({ description, ...summary }: ChecklistSummary): ChecklistRow {
  return {
    ...summary,
    validPlace: hasValidPlace(summary),
    complete:
      isComplete({ ...summary, description }) &&
      summary.rooms.every((room) => roomNeeds(room).length === 0),
  };
}

/** The counts above the table, over every location. */
export interface ChecklistTotals {
  all: number;
  complete: number;
  incomplete: number;
  hidden: number;
  featured: number;
}

/** What the Checklist can show alone: its filters by status, in the order of its counts. */
export const CHECKLIST_STATUSES = ["complete", "incomplete", "hidden", "featured"] as const;
export type ChecklistStatus = (typeof CHECKLIST_STATUSES)[number];
export const CHECKLIST_SORTS = { name: "Name A–Z", "name-desc": "Name Z–A" } as const;
export type ChecklistSort = keyof typeof CHECKLIST_SORTS;
/** Rows on a page of the Checklist. */
export const CHECKLIST_PER_PAGE = 50;
/** The longest name search the Checklist takes. */
export const CHECKLIST_SEARCH_MAX = 100;

/** The Checklist's address: a name search, a status, the order and the page. */
export interface ChecklistQuery {
  q: string;
  status: ChecklistStatus | null;
  sort: ChecklistSort;
  page: number;
}

const isStatus = (value: string | null): value is ChecklistStatus =>
  CHECKLIST_STATUSES.includes(value as ChecklistStatus);

/** Anything the address says that the Checklist does not know is left out, never an error. */
export function readChecklistQuery(params: URLSearchParams): ChecklistQuery {
  const status = params.get("status");
  const sort = params.get("sort");
  return {
    q: (params.get("q") ?? "").trim().slice(0, CHECKLIST_SEARCH_MAX),
    status: isStatus(status) ? status : null,
    sort: sort === "name-desc" ? sort : "name",
    page: requestedPage(params),
  };
}

/** The address of the Checklist for `query`: defaults left out, page 1 without a number. */
export function checklistSearch({ q, status, sort }: Omit<ChecklistQuery, "page">) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (status) params.set("status", status);
  if (sort !== "name") params.set("sort", sort);
  const search = params.toString();
  return search ? `?${search}` : "";
}
