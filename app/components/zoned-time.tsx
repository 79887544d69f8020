import { type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { readingAt, zonedDateTime, type ZonedTime } from "~/lib/zoned-time";

/**
 * A moment as its zone reads it: "Sat, Jan 2, 2027, 4 PM (Hawaii-Aleutian Standard Time,
 * UTC−10)", or `children` worded around it.
 */
export function ZonedTimeText({ time, children }: { time: ZonedTime; children?: ReactNode }) {
  return <time dateTime={time.at}>{children ?? zonedDateTime(time)}</time>;
}

/**
 * The same moment for the reader, on a line of its own after it: "Sun, Jan 3, 11 AM your time"
 * once scripts run and the reader's clock reads otherwise than the zone's; UTC's reading until
 * then, and where it reads the same ("Sun, Jan 3, 2 AM UTC", as e-mails give it). The server
 * cannot know the reader's zone, so their time waits for hydration to be over: the first render
 * matches the server's HTML. One line whatever it says, so nothing after it moves when it changes
 * (docs/decisions/016-times-name-their-zone.md).
 */
export function YourTime({ time, lead }: { time: ZonedTime; lead?: string }) {
  const hydrated = useHydrated();
  // The browser's offset at that instant, east of UTC (getTimezoneOffset counts west): no Intl.
  const yours = hydrated ? -new Date(time.at).getTimezoneOffset() : time.offset;
  const theirs = yours !== time.offset;
  const { day, clock } = readingAt(time, theirs ? yours : 0);
  return (
    <span className="block truncate text-xs">
      {lead && `${lead} `}
      {day && `${day}, `}
      {clock} {theirs ? "your time" : "UTC"}
    </span>
  );
}
