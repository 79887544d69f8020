import { and, asc, count, desc, eq, gt, gte, isNull, lt, lte, or, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { type AppContext } from "~/context";
import { type Db } from "~/db/client.server";
import {
  locations,
  roomTypes,
  savedSearches,
  users,
  weekOpenings,
  weeks,
  type SavedSearch,
} from "~/db/schema";
import { queuedEmail, queueEmails, type EmailDraft } from "~/email/deliveries.server";
import { derivedKey } from "~/lib/derived-key.server";
import { type SiteConfig } from "~/lib/site.server";
import {
  filterDropdowns,
  filterPlaceNames,
  filtersToSearch,
  NO_FILTERS,
} from "~/catalogue/location-filters";
import { getVisibleLocations } from "~/catalogue/location-reads.server";
import { fullTextQuery, searchWords } from "~/catalogue/location-search";
import { locationsMatching } from "~/catalogue/location-search.server";
import { slugify } from "~/catalogue/slug";
import { weekdayDate } from "~/lib/dates";
import { isCurrency, money } from "~/lib/money";
import { addDays } from "~/weeks/calendar";
import { requestWeekHref } from "~/weeks/week";
import { onSale, weekHasRate, weekRateSql } from "~/weeks/week-rate-sql.server";
import { describeAlert, WEEK_ALERT_LIMIT, type AlertCriteria } from "./week-alerts";

/**
 * Week alerts (docs/decisions/015-week-alerts.md): a member saves a search of the list; a week that
 * goes on sale anew and matches it is told by e-mail, at most once a day, with a link that stops
 * the alert without signing in.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Alerts checked per statement of the alerts run, and statements per run. */
const ALERTS_PER_BATCH = 100;
const BATCHES_PER_RUN = 20;
/** Openings pruned per run once no alert needs them. */
const OPENINGS_PRUNED_PER_RUN = 5_000;

type SaveFilters = Omit<AlertCriteria, "country" | "state" | "city"> & {
  country: string | null;
  state: string | null;
  city: string | null;
};

/**
 * Saves the list's search for the member: its place named as the catalogue names it (a value no
 * location has is refused). One statement, which also keeps the member within WEEK_ALERT_LIMIT and
 * the same search saved once, however many are sent at once. A new alert is told only of weeks
 * that open after it.
 */
export async function saveWeekAlert(app: AppContext, userId: string, filters: SaveFilters) {
  const all = await getVisibleLocations(app);
  const place = filterPlaceNames(filterDropdowns(all, { ...NO_FILTERS, ...filters }), filters);
  if (!place) return { ok: false, reason: "unknown-place" } as const;
  const criteria: AlertCriteria = { ...filters, ...place };
  const words = searchWords(criteria.q);
  const id = crypto.randomUUID();
  const { db } = app;
  const kept = db
    .select({ kept: count() })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  const lastOpening = db
    .select({ seq: sql`coalesce(max(${weekOpenings.seq}), 0)` })
    .from(weekOpenings)
    .where(eq(weekOpenings.month, criteria.month));
  const inserted = await db
    .insert(savedSearches)
    .select(
      db
        .select({
          id: sql`${id}`.as("id"),
          userId: sql`${userId}`.as("user_id"),
          month: sql`${criteria.month}`.as("month"),
          country: sql`${criteria.country}`.as("country"),
          state: sql`${criteria.state}`.as("state"),
          city: sql`${criteria.city}`.as("city"),
          guests: sql`${criteria.guests}`.as("guests"),
          bedrooms: sql`${criteria.bedrooms}`.as("bedrooms"),
          maxPrice: sql`${criteria.maxPrice}`.as("max_price"),
          currency: sql`${criteria.currency}`.as("currency"),
          q: sql`${criteria.q}`.as("q"),
          qMatch: sql`${words.length > 0 ? fullTextQuery(words) : null}`.as("q_match"),
          criteria: sql`${criteriaKey(criteria)}`.as("criteria"),
          pending: sql`0`.as("pending"),
          seenSeq: sql`(${lastOpening})`.as("seen_seq"),
          alertedAt: sql`null`.as("alerted_at"),
          createdAt: sql`${app.now.toISOString()}`.as("created_at"),
        })
        .from(sql`(SELECT 1)`)
        .where(sql`(${kept}) < ${WEEK_ALERT_LIMIT}`),
    )
    .onConflictDoNothing()
    .returning({ id: savedSearches.id });
  if (inserted.length > 0) return { ok: true, criteria } as const;
  const [{ kept: already } = { kept: 0 }] = await kept;
  return {
    ok: false,
    reason: already >= WEEK_ALERT_LIMIT ? "too-many" : "already",
  } as const;
}

/** The criteria as one text, in one order: the same search (its words however typed) is one row. */
const criteriaKey = (criteria: AlertCriteria) =>
  JSON.stringify([
    criteria.month,
    criteria.country?.toLowerCase() ?? null,
    criteria.state?.toLowerCase() ?? null,
    criteria.city?.toLowerCase() ?? null,
    criteria.guests,
    criteria.bedrooms,
    criteria.maxPrice,
    criteria.currency,
    searchWords(criteria.q).join(" ") || null,
  ]);

/** The member's alerts, the soonest month first. */
export function weekAlertsOf(db: Db, userId: string) {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.month), desc(savedSearches.createdAt));
}

/** Removes one of the member's alerts; false when it is not theirs or already gone. */
export async function removeWeekAlert(db: Db, userId: string, alertId: string) {
  const removed = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, alertId), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return removed.length > 0;
}

/** The list's address for the alert's search. */
export function alertSearchPath(criteria: AlertCriteria) {
  return `/locations${filtersToSearch({
    month: criteria.month,
    q: criteria.q,
    country: criteria.country && slugify(criteria.country),
    state: criteria.state && slugify(criteria.state),
    city: criteria.city && slugify(criteria.city),
    guests: criteria.guests,
    bedrooms: criteria.bedrooms,
    maxPrice: criteria.maxPrice,
    currency:
      criteria.currency === null || !isCurrency(criteria.currency) ? null : criteria.currency,
  })}`;
}

type StopEnv = Pick<Env, "SESSION_SIGNING_KEY">;
const STOP_PURPOSE = "week-alert-stop";

/** The signed part of an alert's stop link: the alert's id, under a key of its own. */
async function stopToken(env: StopEnv, alertId: string) {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(alertId)
    .sign(await derivedKey(env, STOP_PURPOSE));
}

/** The alert a stop link names, when its signature holds; null otherwise. */
export async function alertOfStopToken(env: StopEnv, token: string) {
  try {
    const { payload } = await jwtVerify(token, await derivedKey(env, STOP_PURPOSE), {
      algorithms: ["HS256"],
    });
    return typeof payload.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}

/** The stop link's address: it works without signing in. */
const stopAlertPath = (token: string) => `/alerts/stop?${new URLSearchParams({ token })}`;

/** The alert a stop link names (null: gone), for its page to say what it stops. */
export async function stoppableAlert(db: Db, alertId: string) {
  const [alert] = await db.select().from(savedSearches).where(eq(savedSearches.id, alertId));
  return alert ?? null;
}

/** Stops an alert from its link: done whether it was still there or not. */
export async function stopWeekAlert(db: Db, alertId: string) {
  await db.delete(savedSearches).where(eq(savedSearches.id, alertId));
}

/** The weeks an alert's e-mail names, the soonest first; past these it says more opened. */
const WEEKS_NAMED = 10;

/** A week that opened for an alert: what its e-mail says of it, and where it links. */
interface OpenedWeek {
  location: string;
  slug: string;
  roomTypeId: string;
  room: string;
  checkIn: string;
  nights: number;
  rate: number;
  currency: string;
}

/**
 * Over `saved_searches`: the weeks it matches that went on sale after the last opening it was
 * checked against, and are on sale now (open, ahead of every resort's today, priced, its room
 * published and its location shown), read from the openings of its month since then: the first
 * WEEKS_NAMED and one more (so the e-mail can say there are more), as a JSON list.
 */
function openedSinceSeen(db: Db, now: Date) {
  const opened = db
    .select({
      week: sql`json_object('location', ${locations.name}, 'slug', ${locations.slug},
        'roomTypeId', ${roomTypes.id}, 'room', ${roomTypes.name}, 'checkIn', ${weeks.checkIn},
        'nights', ${weeks.nights}, 'rate', ${weekRateSql}, 'currency', ${locations.currency})`.as(
        "week",
      ),
    })
    .from(weekOpenings)
    .innerJoin(weeks, eq(weeks.id, weekOpenings.weekId))
    .innerJoin(roomTypes, eq(roomTypes.id, weeks.roomTypeId))
    .innerJoin(locations, eq(locations.id, roomTypes.locationId))
    .where(
      and(
        eq(weekOpenings.month, savedSearches.month),
        gt(weekOpenings.seq, savedSearches.seenSeq),
        eq(weeks.state, "open"),
        onSale(now),
        eq(roomTypes.published, true),
        eq(locations.hidden, false),
        or(
          isNull(savedSearches.country),
          sql`lower(${locations.country}) = lower(${savedSearches.country})`,
        ),
        or(
          isNull(savedSearches.state),
          sql`lower(${locations.state}) = lower(${savedSearches.state})`,
        ),
        or(
          isNull(savedSearches.city),
          sql`lower(${locations.city}) = lower(${savedSearches.city})`,
        ),
        or(
          isNull(savedSearches.qMatch),
          sql`${locations.id} IN (${locationsMatching(savedSearches.qMatch)})`,
        ),
        or(isNull(savedSearches.guests), gte(roomTypes.maxGuests, savedSearches.guests)),
        or(isNull(savedSearches.bedrooms), gte(roomTypes.bedrooms, savedSearches.bedrooms)),
        // A price is compared with the weeks priced in its currency only.
        sql`CASE WHEN ${savedSearches.maxPrice} IS NULL THEN ${weekHasRate}
          ELSE ${locations.currency} = ${savedSearches.currency}
            AND ${weekRateSql} > 0 AND ${weekRateSql} <= ${savedSearches.maxPrice} END`,
      ),
    )
    // A week that opened twice since is named once.
    .groupBy(weeks.id)
    .orderBy(asc(weeks.checkIn), asc(locations.name), asc(roomTypes.name))
    .limit(WEEKS_NAMED + 1)
    .as("opened");
  return sql`(SELECT json_group_array(json(${opened.week})) FROM ${opened})`.mapWith(
    (json: string): OpenedWeek[] => JSON.parse(json),
  );
}

/** "Ocean Suite at Kaanapali Shores: Sat, Mar 6, 2027 to Sat, Mar 13, 2027, US$2,150". */
function openedWeekLine(week: OpenedWeek) {
  const day = (date: string) => weekdayDate(new Date(`${date}T00:00:00Z`));
  const dates = `${day(week.checkIn)} to ${day(addDays(week.checkIn, week.nights))}`;
  return `${week.room} at ${week.location}: ${dates}, ${money(week.rate, week.currency)}`;
}

/** The e-mail of an alert whose weeks opened: each named, with a link that requests it. */
function alertEmail(
  alert: SavedSearch,
  opened: OpenedWeek[],
  { to, site, stopUrl }: { to: string; site: SiteConfig; stopUrl: string },
): EmailDraft {
  const search = describeAlert(alert);
  const one = opened.length === 1;
  return {
    to,
    subject: `${one ? "A week" : "Weeks"} opened: ${search}`,
    headers: {
      // One-click unsubscribe (RFC 8058): the mail program posts to the link itself.
      "List-Unsubscribe": `<${stopUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    content: {
      siteName: site.siteName,
      heading: one
        ? "A week you are watching for has opened"
        : "Weeks you are watching for have opened",
      paragraphs: [
        `${one ? "This week matches your alert and is" : "These weeks match your alert and are"} open to request (${search}). Weeks are held for whoever asks first, so ${one ? "it" : "they"} may be taken soon.`,
        ...(opened.length > WEEKS_NAMED
          ? [
              `More opened than the ${WEEKS_NAMED} below, which are the soonest: “See the open weeks” lists them all.`,
            ]
          : []),
      ],
      links: opened.slice(0, WEEKS_NAMED).map((week) => ({
        label: openedWeekLine(week),
        url: `${site.origin}${requestWeekHref(week.slug, week.roomTypeId, week.checkIn)}`,
      })),
      action: { label: "See the open weeks", url: `${site.origin}${alertSearchPath(alert)}` },
      footer: `You get this e-mail because you asked to be told when a week opens for this search, at most once a day. Stop these e-mails: ${stopUrl}`,
    },
  };
}

/**
 * The alerts run (the scheduled handler): the pending alerts not told in the last day, a batch at
 * a time. Each is checked against the openings of its month since it was last checked: a match
 * queues its e-mail, and either way it is marked checked up to the last opening read. A batch is
 * one read and one write batch; an alert two runs read at once is written by one (its checked
 * opening must still be the one read), and its e-mail stored once. Then openings no alert needs
 * are pruned.
 */
export async function sendWeekAlerts(app: AppContext) {
  let told = 0;
  for (let batch = 0; batch < BATCHES_PER_RUN; batch += 1) {
    const { read, sent } = await alertBatch(app);
    told += sent;
    if (read < ALERTS_PER_BATCH) break;
  }
  await pruneOpenings(app);
  return told;
}

/**
 * The pending alerts not told in the last day, a batch of them: each with the weeks it matches
 * that opened since it was checked, and the last opening of its month.
 */
export function dueAlertsQuery(db: Db, now: Date) {
  const latest = db
    .select({ seq: sql`coalesce(max(${weekOpenings.seq}), 0)` })
    .from(weekOpenings)
    .where(eq(weekOpenings.month, savedSearches.month));
  return db
    .select({
      alert: savedSearches,
      email: users.email,
      opened: openedSinceSeen(db, now),
      latest: sql<number>`(${latest})`,
    })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(
      and(
        eq(savedSearches.pending, true),
        or(
          isNull(savedSearches.alertedAt),
          lte(savedSearches.alertedAt, new Date(now.getTime() - DAY_MS).toISOString()),
        ),
      ),
    )
    .orderBy(asc(savedSearches.id))
    .limit(ALERTS_PER_BATCH);
}

async function alertBatch(app: AppContext) {
  const { db, now } = app;
  const nowIso = now.toISOString();
  const due = await dueAlertsQuery(db, now);
  if (due.length === 0) return { read: 0, sent: 0 };
  const { site } = app;
  const statements = await Promise.all(
    due.map(async ({ alert, email: to, opened, latest: seen }) => {
      const told = opened.length > 0;
      const checked = and(eq(savedSearches.id, alert.id), eq(savedSearches.seenSeq, alert.seenSeq));
      const mark = db
        .update(savedSearches)
        .set({
          seenSeq: seen,
          // An opening after the one read keeps it pending, for the next run.
          pending: sql`(SELECT coalesce(max("seq"), 0) FROM "week_openings" WHERE "week_openings"."month" = "saved_searches"."month") > ${seen}`,
          ...(told ? { alertedAt: nowIso } : {}),
        })
        .where(checked);
      if (!told) return [mark];
      const stopUrl = `${site.origin}${stopAlertPath(await stopToken(app.env, alert.id))}`;
      const queued = queueEmails(
        db,
        {
          table: savedSearches,
          where: and(
            eq(savedSearches.id, alert.id),
            eq(savedSearches.seenSeq, seen),
            eq(savedSearches.alertedAt, nowIso),
          ),
        },
        {
          kind: "week-alert",
          requestId: alert.id,
          emails: [
            queuedEmail(alertEmail(alert, opened, { to, site, stopUrl }), `${alert.id}:${seen}`),
          ],
          now,
        },
      );
      return [mark, ...queued];
    }),
  );
  const [first, ...rest] = statements.flat();
  await db.batch([first!, ...rest]);
  return { read: due.length, sent: due.filter(({ opened }) => opened.length > 0).length };
}

/** Openings of months gone by, and those every alert of their month has read past. */
async function pruneOpenings({ db, now }: AppContext) {
  const thisMonth = now.toISOString().slice(0, 7);
  const unneeded = db
    .select({ seq: weekOpenings.seq })
    .from(weekOpenings)
    .where(
      or(
        lt(weekOpenings.month, thisMonth),
        sql`NOT EXISTS (SELECT 1 FROM ${savedSearches} WHERE ${savedSearches.month} = ${weekOpenings.month} AND ${savedSearches.seenSeq} < ${weekOpenings.seq})`,
      ),
    )
    .limit(OPENINGS_PRUNED_PER_RUN);
  await db.delete(weekOpenings).where(sql`${weekOpenings.seq} IN (${unneeded})`);
}
