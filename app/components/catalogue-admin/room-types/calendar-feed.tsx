import { Form, useMatches } from "react-router";
import { SubmitButton } from "~/components/forms";
import { siteFromMatches } from "~/lib/seo";
import { useSubmitting } from "~/lib/use-submitting";
import { cardClass } from "~/components/admin/admin-ui";

/** The weeks page makes and revokes the feed's secret address. */
const CALENDAR_LINK_ACTION = "/admin/weeks";

export const CALENDAR_LINK_INTENT = "calendar-link";

/**
 * The room type's staff calendar feed: a secret address of its requested and booked weeks for a
 * staff calendar app. Making a new one revokes the old (the form works without JavaScript).
 */
export function CalendarFeed({ roomTypeId, token }: { roomTypeId: string; token: string | null }) {
  const { origin } = siteFromMatches(useMatches());
  const busy = useSubmitting({
    intent: CALENDAR_LINK_INTENT,
    fields: { roomTypeId },
    action: CALENDAR_LINK_ACTION,
  });
  const url = token ? `${origin}/calendars/${token}.ics` : null;
  return (
    <section aria-labelledby="calendar-feed-heading" className={cardClass}>
      <h3 id="calendar-feed-heading" className="text-navy-900 font-serif text-lg">
        Staff calendar feed
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        The requested and booked weeks of this room, for a staff calendar app to subscribe to.
        Anyone with the link can read it: share it with staff only.
      </p>
      {url && (
        <label className="mt-3 flex flex-col gap-1 text-sm">
          <span className="text-navy-900 font-semibold">Calendar link</span>
          <input
            readOnly
            value={url}
            className="rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
        </label>
      )}
      <Form method="post" action={CALENDAR_LINK_ACTION} className="mt-3">
        <input type="hidden" name="roomTypeId" value={roomTypeId} />
        <SubmitButton
          busy={busy}
          busyText="Making a link..."
          variant={url ? "secondary" : "primary"}
          name="intent"
          value={CALENDAR_LINK_INTENT}
        >
          {url ? "Make a new link (the old one stops working)" : "Make a calendar link"}
        </SubmitButton>
      </Form>
    </section>
  );
}
