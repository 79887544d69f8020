import { COUNTRIES, US_STATES } from "~/catalogue/places";
import { MAX_AMOUNT } from "~/lib/money";
import { z } from "~/lib/zod";
import { addDays, addMonths, nextWeekday, todayUtc, type CalendarDate } from "~/weeks/calendar";
import { isMonth, type CalendarMonth } from "~/weeks/month";

/**
 * The house calendar (/admin/calendar): every room's weeks on one screen, rooms down the side
 * (grouped by resort), weeks across, a month or a quarter at a time. What the page and its server
 * agree on: the address's filters, the columns, each cell's state in words.
 */

/** Resorts a page shows (with all their rooms): its cost stays the same however many there are. */
export const CALENDAR_RESORTS_PER_PAGE = 10;

export const CALENDAR_SPANS = { month: "Month", quarter: "Quarter" } as const;
export type CalendarSpan = keyof typeof CALENDAR_SPANS;

/** What a cell can show, the filter by state included. */
export const CELL_STATES = [
  "open",
  "held",
  "unpaid",
  "offered",
  "booked",
  "closed",
  "draft",
  "no-rate",
] as const;
export type CellState = (typeof CELL_STATES)[number];

/** The states a staff member filters rooms by (a room with such a week in the window). */
export const FILTER_STATES = ["open", "held", "unpaid", "offered", "booked", "closed"] as const;
export type FilterState = (typeof FILTER_STATES)[number];

export const CELL_WORDS: Record<CellState, string> = {
  open: "Open",
  held: "Held",
  unpaid: "Confirmed, unpaid",
  offered: "Offered",
  booked: "Booked",
  closed: "Closed",
  draft: "Draft",
  "no-rate": "No rate",
};

export const FILTER_WORDS: Record<FilterState, string> = {
  open: "Open",
  held: "Held for a request",
  unpaid: "Confirmed, unpaid",
  offered: "Offered to a member waiting",
  booked: "Booked",
  closed: "Closed",
};

const SEARCH_MAX = 100;

const querySchema = z.object({
  from: z
    .string()
    .refine((value) => isMonth(value))
    .optional()
    .catch(undefined),
  span: z.enum(["month", "quarter"]).catch("month"),
  q: z.string().trim().max(SEARCH_MAX).catch(""),
  country: z.enum(COUNTRIES).optional().catch(undefined),
  state: z.enum(US_STATES).optional().catch(undefined),
  weeks: z.enum(FILTER_STATES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  week: z.string().trim().min(1).max(200).optional().catch(undefined),
});

export interface CalendarQuery {
  /** The first month shown. */
  from: CalendarMonth;
  span: CalendarSpan;
  q: string;
  country: string | null;
  /** A state of the United States (only with that country). */
  state: string | null;
  /** Only resorts with a week in this state in the window. */
  weeks: FilterState | null;
  page: number;
  /** The week whose cell is open (its actions shown). */
  week: string | null;
}

/**
 * The calendar's filters from its address; what is malformed or unknown is ignored (a
 * hand-edited address still shows the calendar). It starts on the current month.
 */
export function readCalendarQuery(params: URLSearchParams, now: Date): CalendarQuery {
  const read = (name: string) => params.get(name) ?? undefined;
  const parsed = querySchema.parse({
    from: read("from"),
    span: read("span"),
    q: read("q"),
    country: read("country"),
    state: read("state"),
    weeks: read("weeks"),
    page: read("page"),
    week: read("week"),
  });
  const country = parsed.country ?? null;
  return {
    from: parsed.from ?? todayUtc(now).slice(0, 7),
    span: parsed.span,
    q: parsed.q,
    country,
    state: country === "United States" ? (parsed.state ?? null) : null,
    weeks: parsed.weeks ?? null,
    page: parsed.page,
    week: parsed.week ?? null,
  };
}

/** The calendar's address for `query` (defaults left out, and no open cell unless given). */
export function calendarHref(query: Partial<CalendarQuery>, hash = "") {
  const params = new URLSearchParams();
  if (query.from) params.set("from", query.from);
  if (query.span && query.span !== "month") params.set("span", query.span);
  if (query.q) params.set("q", query.q);
  if (query.country) params.set("country", query.country);
  if (query.state) params.set("state", query.state);
  if (query.weeks) params.set("weeks", query.weeks);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.week) params.set("week", query.week);
  const search = params.toString();
  return `/admin/calendar${search ? `?${search}` : ""}${hash}`;
}

const monthsOf = (span: CalendarSpan) => (span === "quarter" ? 3 : 1);

/** The window's first and last check-in days: whole months. */
export function calendarWindow({ from, span }: Pick<CalendarQuery, "from" | "span">) {
  const first: CalendarDate = `${from}-01`;
  return { first, last: addDays(addMonths(first, monthsOf(span)), -1) };
}

/** The window before and after this one (a month, or a quarter, earlier and later). */
export function neighbourWindows({ from, span }: Pick<CalendarQuery, "from" | "span">) {
  const first: CalendarDate = `${from}-01`;
  const months = monthsOf(span);
  return {
    earlier: addMonths(first, -months).slice(0, 7),
    later: addMonths(first, months).slice(0, 7),
  };
}

/**
 * The window's columns: seven days each, from the Saturday on or before its first day (weeks
 * check in on Saturdays, or on any day: a week sits in the column its check-in falls in).
 */
export function calendarColumns(window: { first: CalendarDate; last: CalendarDate }) {
  const columns: CalendarDate[] = [];
  for (
    let day = nextWeekday(addDays(window.first, -6), 6);
    day <= window.last;
    day = addDays(day, 7)
  ) {
    columns.push(day);
  }
  return columns;
}

/** The column a check-in falls in. */
export const columnOf = (columns: readonly CalendarDate[], checkIn: CalendarDate) =>
  columns.findLastIndex((start) => start <= checkIn);

/** A cell's action: open the week, close it, or set its rate (empty: the room's default). */
export const cellActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.enum(["open-week", "close-week"]),
    week: z.string().trim().min(1).max(200),
    version: z.string().trim().min(1).max(40),
  }),
  z.object({
    intent: z.literal("set-rate"),
    week: z.string().trim().min(1).max(200),
    version: z.string().trim().min(1).max(40),
    rate: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z.coerce
        .number({ error: "Enter the week's rate as a number, or leave it empty for the default" })
        .positive({ error: "A rate is more than 0" })
        .max(MAX_AMOUNT, { error: `A rate is at most ${MAX_AMOUNT.toLocaleString("en-US")}` })
        .optional(),
    ),
  }),
]);
export type CellAction = z.infer<typeof cellActionSchema>;
