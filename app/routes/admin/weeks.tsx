import { data, Form } from "react-router";
import { type Route } from "./+types/weeks";
import { requireAdmin } from "~/accounts/guards.server";
import { SpreadsheetImport } from "~/components/admin/spreadsheet-import";
import { type AppContext, getAppContext } from "~/context";
import {
  importRefusal,
  postedFile,
  readImportForm,
  spreadsheetText,
} from "~/lib/spreadsheet-import.server";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { ERROR_STATUS } from "~/lib/errors.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { importWeeks } from "~/weeks/weeks-import.server";
import { WEEK_CSV_COLUMNS } from "~/weeks/weeks-sheet";
import { renewCalendarToken } from "~/weeks/calendar-feed.server";
import { adminHref } from "~/catalogue/location-manager";
import { CALENDAR_LINK_INTENT } from "~/components/catalogue-admin/room-types/calendar-feed";
import { z } from "~/lib/zod";
import { parseWithZod } from "@conform-to/zod/v4";
import { countLabel } from "~/lib/text";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Weeks and rates",
    description: "Export and import the weeks and rates of every room type as a spreadsheet.",
    noindex: true,
  });

const IMPORT = "import";
const HERE = "/admin/weeks";

/** The page's import, and the room type editor's 'Make a calendar link'. */
const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(IMPORT) }),
  z.object({ intent: z.literal(CALENDAR_LINK_INTENT), roomTypeId: z.string().min(1).max(200) }),
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  // A slug the export did not find comes back in the address, in its field.
  const exportLocation = new URL(request.url).searchParams.get("location")?.slice(0, 200) ?? "";
  return { columns: WEEK_CSV_COLUMNS, exportLocation };
}

/** 'Import weeks': a CSV file, checked whole before anything is written. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const posted = await readImportForm(request);
  if ("refusal" in posted) return posted.refusal;
  const { formData } = posted;
  const submission = parseWithZod(formData, { schema: intentSchema });
  if (submission.status === "success" && submission.value.intent === CALENDAR_LINK_INTENT) {
    return renewCalendarLink(getAppContext(context), submission.value.roomTypeId);
  }
  const file = postedFile(formData);
  if (submission.status !== "success" || !file) {
    return importRefusal(null);
  }
  const read = await spreadsheetText(file);
  if (!read.ok) return importRefusal(read);
  const app = getAppContext(context);
  const result = await importWeeks(app.db, read.text, app.now);
  if (!result.ok) return importRefusal(result);
  app.ctx.waitUntil(invalidateLocationCaches(app.env.CACHE));
  return redirectWithToast(app, HERE, {
    type: "success",
    message: `${countLabel(result.written, "week")} imported`,
  });
}

/** A new secret address for the room's feed, back in its editor; the old one stops working. */
async function renewCalendarLink(app: AppContext, roomTypeId: string) {
  const renewed = await renewCalendarToken(app.db, roomTypeId);
  if (!renewed) {
    return data(
      { problems: [], more: 0, error: "That room type no longer exists." },
      { status: ERROR_STATUS["not-found"] },
    );
  }
  return redirectWithToast(app, adminHref({ location: renewed.locationId, roomType: roomTypeId }), {
    type: "success",
    message: "New calendar link made; any earlier link no longer works.",
  });
}

export default function AdminWeeks({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-navy-900 font-serif text-3xl">Weeks and rates</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Every room type's weeks as a spreadsheet: download them, change rates and open or close
          weeks, and import the file back. The columns are{" "}
          <code className="text-navy-900">{loaderData.columns.join(", ")}</code>: the location's
          slug, the room type's id (or its name at that location), the check-in date (YYYY-MM-DD),
          the nights, the rate (empty for the default rate) in the location's currency (US dollars
          unless its editor says otherwise; the column may be left out) and open or closed.
        </p>
      </div>

      <section
        aria-labelledby="export-heading"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <h2 id="export-heading" className="text-navy-900 font-serif text-xl">
          Export
        </h2>
        <Form
          method="get"
          action="/admin/weeks/export"
          reloadDocument
          className="mt-4 flex flex-wrap items-end gap-3"
        >
          <label className="flex flex-col gap-1 text-sm">
            <span className="text-navy-900 font-semibold">
              Location slug (empty: every location)
            </span>
            <input
              name="location"
              defaultValue={loaderData.exportLocation}
              className="rounded-lg border border-slate-300 px-3 py-2"
              autoComplete="off"
            />
          </label>
          <button
            type="submit"
            className="bg-navy-900 hover:bg-navy-800 rounded-lg px-5 py-2.5 font-semibold text-white"
          >
            Download CSV
          </button>
        </Form>
      </section>

      <section
        aria-labelledby="import-heading"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <h2 id="import-heading" className="text-navy-900 font-serif text-xl">
          Import
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Every row is checked first; if any is wrong, nothing is written and each wrong row is
          listed by its line. A requested or booked week keeps its state.
        </p>
        <SpreadsheetImport intent={IMPORT} refusal={actionData}>
          Import weeks
        </SpreadsheetImport>
      </section>
    </div>
  );
}
