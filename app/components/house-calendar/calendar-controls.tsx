import { Form, Link } from "react-router";
import { COUNTRIES, US_STATES } from "~/catalogue/places";
import { buttonClass, inputClass, labelClass } from "~/components/forms";
import { monthYear } from "~/lib/dates";
import {
  calendarHref,
  CALENDAR_SPANS,
  FILTER_STATES,
  FILTER_WORDS,
  neighbourWindows,
  type CalendarQuery,
  type CalendarSpan,
} from "~/house-calendar/house-calendar";

const monthName = (month: string) => monthYear(new Date(`${month}-01T00:00:00Z`));

/**
 * The calendar's filters (place, resort name, a state its weeks are in): a plain GET form the
 * server answers, with or without JavaScript. A new address draws it afresh.
 */
export function CalendarFilters({ query }: { query: CalendarQuery }) {
  const filtered = Boolean(query.q || query.country || query.weeks);
  return (
    <Form
      key={calendarHref({ ...query, page: 1, week: null })}
      method="get"
      action="/admin/calendar"
      role="search"
      aria-label="Find rooms"
      className="grid grid-cols-2 items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex sm:flex-wrap"
    >
      <input type="hidden" name="from" value={query.from} />
      {query.span !== "month" && <input type="hidden" name="span" value={query.span} />}
      <div className="col-span-2 sm:min-w-56 sm:flex-1">
        <label htmlFor="calendar-q" className={labelClass}>
          Resort
        </label>
        <input
          id="calendar-q"
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={100}
          placeholder="Part of a resort's name"
          autoComplete="off"
          className={inputClass}
        />
      </div>
      <div className="min-w-0 sm:min-w-44">
        <label htmlFor="calendar-country" className={labelClass}>
          Country
        </label>
        <select
          id="calendar-country"
          name="country"
          defaultValue={query.country ?? ""}
          className={inputClass}
        >
          <option value="">Anywhere</option>
          {COUNTRIES.map((country) => (
            <option key={country}>{country}</option>
          ))}
        </select>
      </div>
      <div className="min-w-0 sm:min-w-40">
        <label htmlFor="calendar-state" className={labelClass}>
          State (United States)
        </label>
        <select
          id="calendar-state"
          name="state"
          defaultValue={query.state ?? ""}
          className={inputClass}
        >
          <option value="">Any</option>
          {US_STATES.map((state) => (
            <option key={state}>{state}</option>
          ))}
        </select>
      </div>
      <div className="col-span-2 min-w-0 sm:min-w-52">
        <label htmlFor="calendar-weeks" className={labelClass}>
          With a week
        </label>
        <select
          id="calendar-weeks"
          name="weeks"
          defaultValue={query.weeks ?? ""}
          className={inputClass}
        >
          <option value="">In any state</option>
          {FILTER_STATES.map((state) => (
            <option key={state} value={state}>
              {FILTER_WORDS[state]}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass.primary}>
          Show
        </button>
        {filtered && (
          <Link
            to={calendarHref({ from: query.from, span: query.span })}
            className="text-navy-900 text-sm font-medium underline underline-offset-4"
          >
            Clear filters
          </Link>
        )}
      </div>
    </Form>
  );
}

/** The window shown, the ones before and after it, and a month or a quarter at a time. */
export function WindowNavigation({ query, last }: { query: CalendarQuery; last: string }) {
  const { earlier, later } = neighbourWindows(query);
  const here = { ...query, page: 1, week: null };
  const linkClass = `${buttonClass.secondary} text-sm`;
  return (
    <nav aria-label="Weeks shown" className="flex flex-wrap items-center gap-3">
      <Link to={calendarHref({ ...here, from: earlier })} className={linkClass}>
        <span aria-hidden="true">←</span> Earlier
      </Link>
      <p className="text-navy-900 font-semibold" aria-live="polite">
        {query.span === "month"
          ? monthName(query.from)
          : `${monthName(query.from)} to ${monthName(last.slice(0, 7))}`}
      </p>
      <Link to={calendarHref({ ...here, from: later })} className={linkClass}>
        Later <span aria-hidden="true">→</span>
      </Link>
      <span className="flex gap-1" role="group" aria-label="How much at a time">
        {(Object.keys(CALENDAR_SPANS) as CalendarSpan[]).map((span) => (
          <Link
            key={span}
            to={calendarHref({ ...here, span })}
            aria-current={query.span === span ? "page" : undefined}
            className={`rounded-lg px-3 py-1.5 text-sm font-medium ring-1 ${query.span === span ? "bg-navy-900 ring-navy-900 text-white" : "text-navy-900 bg-white ring-slate-300 hover:bg-slate-50"}`}
          >
            {CALENDAR_SPANS[span]}
          </Link>
        ))}
      </span>
    </nav>
  );
}
