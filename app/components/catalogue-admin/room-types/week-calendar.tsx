import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { INTENTS } from "~/catalogue/location-manager";
import { CheckboxField, Field, FormErrors, SelectField, SubmitButton } from "~/components/forms";
import { type WeekState } from "~/db/schema";
import { currencyPrefix, money } from "~/lib/money";
import { useSubmitting } from "~/lib/use-submitting";
import { formatStayDate } from "~/guest-requests/format";
import { weekRangeSchema } from "~/weeks/calendar-form";
import { type CalendarWeek } from "~/weeks/week";
import { cardClass } from "../../admin/admin-ui";
import { monthDay, monthYear } from "~/lib/dates";

const STATE_LABELS: Record<WeekState, string> = {
  open: "Open",
  requested: "Requested",
  booked: "Booked",
  closed: "Closed",
};

const STATE_TONES: Record<WeekState, string> = {
  open: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  requested: "bg-amber-50 text-amber-900 ring-amber-200",
  booked: "bg-navy-900 text-white ring-navy-900",
  closed: "bg-slate-100 text-slate-700 ring-slate-300",
};

const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

/** The weeks by the month they check in, in order. */
function byMonth(weeks: CalendarWeek[]) {
  const months = new Map<string, CalendarWeek[]>();
  for (const week of weeks) {
    const month = week.checkIn.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), week]);
  }
  return [...months];
}

/**
 * A room type's weeks a member may ask for (up to two years ahead), and one form that sets a range of them (one week
 * when the first and last are the same) open or closed, a rate of their own, or the default rate
 * again. A room with no weeks yet can open a season of Saturday weeks. Plain forms: no JavaScript
 * needed.
 */
export function WeekCalendar({
  locationId,
  roomTypeId,
  weeks,
  lastResult,
  currency,
}: {
  locationId: string;
  roomTypeId: string;
  weeks: CalendarWeek[];
  lastResult: SubmissionResult<string[]> | undefined;
  /** The location's currency, named with each rate. */
  currency: string;
}) {
  const refs = { locationId, roomTypeId };
  const busy = useSubmitting(INTENTS.setWeeks, refs);
  const opening = useSubmitting(INTENTS.openWeeks, refs);
  const first = weeks[0]?.checkIn ?? "";
  const [form, fields] = useForm({
    id: `weeks-${roomTypeId}`,
    lastResult,
    constraint: getZodConstraint(weekRangeSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { from: first, to: first, state: "keep" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: weekRangeSchema }),
  });
  const options = weeks.map((week) => ({
    value: week.checkIn,
    label: `${formatStayDate(week.checkIn)} (${STATE_LABELS[week.state].toLowerCase()})`,
  }));

  return (
    <section aria-labelledby="week-calendar-heading" className={cardClass}>
      <h3 id="week-calendar-heading" className="text-navy-900 font-serif text-lg">
        Weeks and rates
      </h3>
      {weeks.length === 0 ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            This room has no weeks in the next two years, so members can only ask for dates of their
            own. Open a week every Saturday (as long as the location's minimum nights), then close
            or price any of them here.
          </p>
          <Form method="post" preventScrollReset className="mt-3">
            <input type="hidden" name="locationId" value={locationId} />
            <input type="hidden" name="roomTypeId" value={roomTypeId} />
            <SubmitButton
              busy={opening}
              busyText="Opening weeks..."
              name="intent"
              value={INTENTS.openWeeks}
            >
              Open 18 months of weeks
            </SubmitButton>
          </Form>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Choose the first and last week (the same week for one), then open or close them, give
            them a rate, or both. A requested or booked week keeps its state.
          </p>
          <Form method="post" {...getFormProps(form)} preventScrollReset className="mt-4 space-y-4">
            <input type="hidden" name="intent" value={INTENTS.setWeeks} />
            <input type="hidden" name="locationId" value={locationId} />
            <input type="hidden" name="roomTypeId" value={roomTypeId} />
            <SelectField field={fields.from} label="First week" options={options} />
            <SelectField field={fields.to} label="Last week" options={options} />
            <SelectField
              field={fields.state}
              label="Open or closed"
              options={[
                { value: "keep", label: "Leave as it is" },
                { value: "open", label: "Open" },
                { value: "closed", label: "Closed" },
              ]}
            />
            <Field
              field={fields.rate}
              label={`Weekly rate (${currencyPrefix(currency).trim()})`}
              hint="Leave empty to keep each week's rate."
              inputMode="decimal"
            />
            <CheckboxField
              field={fields.defaultRate}
              label="Back to the default rate"
              hint="The typical weekly price, or the holiday price of a holiday week."
            />
            <FormErrors id={form.errorId} errors={form.errors} />
            <SubmitButton busy={busy} busyText="Applying...">
              Apply to these weeks
            </SubmitButton>
          </Form>

          <div className="mt-6 space-y-2">
            {byMonth(weeks).map(([month, monthWeeks], index) => (
              <details key={month} open={index < 2} className="group">
                <summary className="text-navy-900 cursor-pointer rounded-lg py-1 text-sm font-semibold">
                  {monthYear(dayOf(`${month}-01`))}{" "}
                  <span className="font-normal text-slate-600">
                    · {monthWeeks.filter((week) => week.state === "open").length} open of{" "}
                    {monthWeeks.length}
                  </span>
                </summary>
                <ul className="mt-1 space-y-1">
                  {monthWeeks.map((week) => (
                    <li
                      key={week.checkIn}
                      className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 rounded-lg bg-slate-50 px-2.5 py-1.5 text-[0.8125rem]"
                    >
                      <span className="text-navy-900">
                        {monthDay(dayOf(week.checkIn))} to {monthDay(dayOf(week.checkOut))}
                      </span>
                      <span className="flex items-center gap-1.5 whitespace-nowrap">
                        <span className="text-slate-700">
                          {week.rate === null ? "No rate" : money(week.rate, currency)}
                          {week.ownRate && <span className="sr-only"> (set for this week)</span>}
                          {week.ownRate && (
                            <span aria-hidden="true" className="text-gold-700">
                              {" "}
                              *
                            </span>
                          )}
                        </span>
                        <span
                          className={`rounded-full px-1.5 py-0.5 text-xs font-semibold ring-1 ${STATE_TONES[week.state]}`}
                        >
                          {STATE_LABELS[week.state]}
                        </span>
                      </span>
                    </li>
                  ))}
                </ul>
              </details>
            ))}
            <p className="text-xs text-slate-600">
              <span aria-hidden="true" className="text-gold-700">
                *
              </span>{" "}
              A rate set for that week; the others have the default rate.
            </p>
          </div>
        </>
      )}
    </section>
  );
}
