import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { YourTime, ZonedTimeText } from "~/components/zoned-time";
import { formatStayDate } from "~/guest-requests/format";
import { inboxHref } from "~/guest-requests/inbox";
import {
  calendarHref,
  cellActionSchema,
  type CalendarQuery,
} from "~/house-calendar/house-calendar";
import { currencyPrefix, money } from "~/lib/money";
import { useSubmitting } from "~/lib/use-submitting";
import { addDays } from "~/weeks/calendar";
import { CELL_TONES, type Cell } from "./calendar-grid";

/** The open cell's week: what it is, and what can be done there (plain forms, no JavaScript needed). */
export function WeekPanel({
  cell,
  roomName,
  resortName,
  currency,
  query,
  lastResult,
}: {
  cell: Cell;
  roomName: string;
  resortName: string;
  currency: string;
  query: CalendarQuery;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: `week-${cell.id}-${cell.version}`,
    lastResult,
    constraint: getZodConstraint(cellActionSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cellActionSchema }),
  });
  const opening = useSubmitting("open-week");
  const closing = useSubmitting("close-week");
  const rating = useSubmitting("set-rate");
  const held = ["held", "unpaid", "offered", "booked"].includes(cell.state);
  const closed = cell.state === "closed";
  return (
    <section
      id="week-panel"
      aria-labelledby="week-panel-heading"
      className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="week-panel-heading" className="text-navy-900 font-serif text-2xl">
            Week of {formatStayDate(cell.checkIn)}
          </h2>
          <p className="mt-1 [overflow-wrap:anywhere] text-slate-700">
            {roomName} · {resortName} · to {formatStayDate(addDays(cell.checkIn, cell.nights))}
          </p>
        </div>
        <Link
          to={calendarHref({ ...query, week: null })}
          preventScrollReset
          className="text-navy-900 text-sm font-medium underline underline-offset-4"
        >
          Close
        </Link>
      </div>
      <p className="mt-3 text-slate-800">
        <span
          className={`mr-2 inline-block rounded-md px-2 py-0.5 text-sm font-semibold ring-1 ${CELL_TONES[cell.state]}`}
        >
          {cell.words}
        </span>
        {cell.until && (
          <>
            until <ZonedTimeText time={cell.until} />
          </>
        )}
        {cell.rate !== null && cell.state !== "no-rate" && (
          <>
            {" "}
            · {money(cell.rate, currency)}{" "}
            {cell.ownRate ? "(its own rate)" : "(the room's default)"}
          </>
        )}
        {cell.waiting > 0 && <> · {cell.waiting} waiting</>}
      </p>
      {cell.until && <YourTime time={cell.until} lead="Until" />}
      {cell.past ? (
        <p className="mt-4 text-slate-700">
          This week has begun at the resort: nothing more can change.
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-5 space-y-4" preventScrollReset>
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name="week" value={cell.id} />
          <input type="hidden" name="version" value={cell.version} />
          {held ? (
            <p className="text-slate-700">
              A member&apos;s request holds this week, or it is booked: it opens or closes through
              the request.{" "}
              {cell.requestId && (
                <Link
                  to={inboxHref({ kind: "booking", request: cell.requestId })}
                  className="text-gold-700 font-semibold underline underline-offset-4"
                >
                  Go to the request
                </Link>
              )}
            </p>
          ) : (
            <div className="flex flex-wrap gap-3">
              {closed ? (
                <SubmitButton busy={opening} busyText="Opening…" name="intent" value="open-week">
                  Open the week
                </SubmitButton>
              ) : (
                <SubmitButton
                  busy={closing}
                  busyText="Closing…"
                  variant="danger"
                  name="intent"
                  value="close-week"
                >
                  Close the week
                </SubmitButton>
              )}
            </div>
          )}
          <div className="flex flex-wrap items-end gap-3">
            <Field
              field={fields.rate}
              type="number"
              label={`Rate (${currencyPrefix(currency).trim()})`}
              hint="Empty: the room's default rate"
              defaultValue={cell.ownRate && cell.rate !== null ? String(cell.rate) : ""}
              min={1}
              step="any"
              inputMode="decimal"
              className="w-48"
            />
            <SubmitButton
              busy={rating}
              busyText="Saving…"
              variant="secondary"
              name="intent"
              value="set-rate"
              className="mb-0.5"
            >
              Set the rate
            </SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}
