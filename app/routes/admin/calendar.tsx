import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { type Route } from "./+types/calendar";
import { requireAdmin } from "~/accounts/guards.server";
import { CalendarFilters, WindowNavigation } from "~/components/house-calendar/calendar-controls";
import { CalendarGrid, CalendarLegend } from "~/components/house-calendar/calendar-grid";
import { WeekPanel } from "~/components/house-calendar/week-panel";
import { Pager } from "~/components/pager";
import { getAppContext } from "~/context";
import {
  calendarHref,
  calendarWindow,
  cellActionSchema,
  readCalendarQuery,
} from "~/house-calendar/house-calendar";
import { changeWeek, loadHouseCalendar } from "~/house-calendar/house-calendar.server";
import { readFormData } from "~/lib/body.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { countLabel } from "~/lib/text";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Calendar",
    description: "Every room's weeks on one screen.",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const app = getAppContext(context);
  const query = readCalendarQuery(new URL(request.url).searchParams, app.now);
  return { query, last: calendarWindow(query).last, ...(await loadHouseCalendar(app, query)) };
}

/** A cell's action (open, close, set the rate), refused with its reason on a stale screen. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const app = getAppContext(context);
  const query = readCalendarQuery(new URL(request.url).searchParams, app.now);
  const submission = parseWithZod(await readFormData(request), { schema: cellActionSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const change = await changeWeek(app, submission.value);
  if (!change.ok) {
    return data(
      { result: submission.reply({ formErrors: [change.message] }) },
      { status: change.status },
    );
  }
  return redirectWithToast(
    app,
    calendarHref({ ...query, week: submission.value.week }, "#week-panel"),
    {
      type: "success",
      message: change.message,
    },
  );
}

export default function Calendar({ loaderData, actionData }: Route.ComponentProps) {
  const { query, last, resorts, columns, total, page, pages } = loaderData;
  const open = resorts
    .flatMap((resort) =>
      resort.rooms.flatMap((room) => room.weeks.map((cell) => ({ cell, room, resort }))),
    )
    .find(({ cell }) => cell.id === query.week);
  const filtered = Boolean(query.q || query.country || query.weeks);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-navy-900 font-serif text-3xl">Calendar</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Every room&apos;s weeks, by the week they check in: open a cell to open or close its week,
          set its rate, or go to the request that holds it.
        </p>
      </div>
      <CalendarFilters query={query} />
      <WindowNavigation query={query} last={last} />
      {open && (
        <WeekPanel
          key={`${open.cell.id}-${open.cell.version}`}
          cell={open.cell}
          roomName={open.room.name}
          resortName={open.resort.name}
          currency={open.resort.currency}
          query={query}
          lastResult={actionData?.result}
        />
      )}
      {resorts.length === 0 ? (
        <div className="rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-700">{filtered ? "No resorts match." : "No resorts yet."}</p>
          <Link
            to={filtered ? calendarHref({ from: query.from, span: query.span }) : "/admin"}
            className="text-gold-700 mt-3 inline-block font-semibold underline-offset-4 hover:underline"
          >
            {filtered ? "Show every resort" : "Add a location"}
          </Link>
        </div>
      ) : (
        <>
          <CalendarLegend />
          <p className="text-sm text-slate-600">
            {countLabel(total, "resort")}
            {filtered ? (total === 1 ? " matches" : " match") : ""}
          </p>
          <CalendarGrid calendar={{ columns, resorts }} query={query} />
          <Pager
            label="Calendar pages"
            page={page}
            pages={pages}
            total={total}
            noun="resorts"
            href={(to) => calendarHref({ ...query, page: to, week: null })}
          />
        </>
      )}
    </div>
  );
}
