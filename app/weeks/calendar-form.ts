import { MAX_AMOUNT } from "~/lib/money";
import { z } from "~/lib/zod";
import { isCalendarDate } from "./calendar";

/**
 * The room type editor's calendar form, shared by the browser (conform) and the action: a range of
 * weeks (one week when the first and last are the same) set open or closed, a rate, or both.
 */

export const WEEK_CALENDAR_MESSAGES = {
  from: "Choose the first week",
  to: "Choose the last week",
  order: "The last week must not be before the first",
  nothing: "Choose a state or a rate to set",
  // In the location's currency, which the field's label names.
  rate: "Enter a weekly rate from 1 to 10,000,000",
  cents: "Use at most two decimals",
  rateAndDefault: "Enter a rate or go back to the default rate, not both",
  noWeeks: "No week of this room checks in between those dates",
} as const;

const M = WEEK_CALENDAR_MESSAGES;

const WEEK_STATE_CHANGES = ["keep", "open", "closed"] as const;

const checkIn = (message: string) =>
  z.string({ error: message }).trim().refine(isCalendarDate, message);

export const weekRangeSchema = z
  .object({
    from: checkIn(M.from),
    to: checkIn(M.to),
    state: z.enum(WEEK_STATE_CHANGES).default("keep"),
    rate: z
      .number({ error: M.rate })
      .min(1, M.rate)
      .max(MAX_AMOUNT, M.rate)
      .refine((n) => Math.round(n * 100) === n * 100, M.cents)
      .optional(),
    defaultRate: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    if (value.to < value.from) context.addIssue({ code: "custom", path: ["to"], message: M.order });
    if (value.rate !== undefined && value.defaultRate) {
      context.addIssue({ code: "custom", path: ["rate"], message: M.rateAndDefault });
    }
    if (value.state === "keep" && value.rate === undefined && !value.defaultRate) {
      context.addIssue({ code: "custom", path: ["state"], message: M.nothing });
    }
  });

export type WeekRangeValues = z.output<typeof weekRangeSchema>;
