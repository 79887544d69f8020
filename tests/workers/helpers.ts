import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { type AppContext, createAppContext } from "~/context";
import { createDb } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, vi } from "vitest";
import { images, locations, roomTypes, weeks } from "~/db/schema";
import { seedLocations } from "../../scripts/seed/data";
import { roomTypeId as seededRoomId } from "../../scripts/seed/seed";
import { countCalls } from "~/dev/d1-counter.server";
import { readToast } from "~/lib/toast.server";
// oxlint-disable-next-line eslint/no-restricted-imports -- testApp.now is the app's own read, as a request's context makes it
import { now as siteNow } from "~/lib/clock.server";
import { type CalendarDate } from "~/weeks/calendar";

export const ORIGIN = "http://localhost";

/** The app as a request at `now` would see it. */
export const appAt = (now: Date) => ({ env, db: testApp.db, now });

/**
 * A whole request context, as an action gets it (at `now`, or at the moment the site's clock
 * gives it), and a way to wait for what it leaves running (e-mails sent after the response).
 */
export function requestContextAt(now?: Date) {
  const ctx = createExecutionContext();
  const app: AppContext = {
    ...createAppContext({ env, ctx }, new Request(`${ORIGIN}/`)),
    ...(now && { now }),
  };
  return { app, settle: () => waitOnExecutionContext(ctx) };
}

/**
 * The bindings, a database client and the moment, as a request's context gives them. Its `now` is
 * the app's to read (lint keeps tests from it): a test's own dates come from ./clock.ts.
 */
export const testApp = {
  env,
  db: createDb(env.DB),
  get now() {
    return siteNow(env);
  },
};

/** A request through the whole built worker, as a browser would send it. */
export function request(path: string, init?: RequestInit) {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, init));
}

/** A page as a browser asks for it, with `cookie` as its Cookie header if given. */
export function get(path: string, cookie?: string, headers: Record<string, string> = {}) {
  return request(path, {
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
    redirect: "manual",
  });
}

/**
 * A form post as a browser sends it from one of the site's pages. The fields are a record, or
 * name–value pairs where a name repeats (like the `ids` of the featured list's 'Save Order').
 */
export function post(
  path: string,
  fields: Record<string, string> | [string, string][] | URLSearchParams,
  cookie?: string,
  headers: Record<string, string> = {},
) {
  return request(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}), ...headers },
    redirect: "manual",
  });
}

/** The `name=value` part of a Set-Cookie header, as a browser sends it back. */
export function cookiePair(setCookie: string) {
  return setCookie.split(";")[0]!;
}

/**
 * Server-rendered HTML as a reader sees its text: no scripts or styles (a message only in the
 * page's hydration data is not on the page), no `<!-- -->` separators nor the marks a search puts
 * on its matches, entities decoded.
 */
export function visibleText(html: string) {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, "")
    .replace(/<\/?mark\b[^>]*>/g, "")
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** The value the local stand-in bot check accepts (APP_ENV=development, no Turnstile secret). */
export const BOT_CHECK = { "cf-turnstile-response": "dev-bot-check-passed" };

/** An e-mail address no other test uses. */
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${crypto.randomUUID()}@example.com`;
}

/** The e-mails in the dev outbox to `address`, oldest first. */
export async function emailsTo(address: string) {
  const { results } = await env.DB.prepare(
    'SELECT "to", subject, text, html FROM outbox_emails WHERE "to" = ? ORDER BY created_at, rowid',
  )
    .bind(address)
    .all<{ to: string; subject: string; text: string; html: string }>();
  return results;
}

/**
 * E-mails go out after the response (waitUntil): poll the dev outbox briefly for them. Fails
 * if fewer than `count` have arrived within `timeoutMs`.
 */
export function waitForEmails(address: string, count = 1, timeoutMs = 2000) {
  return vi.waitFor(
    async () => {
      const found = await emailsTo(address);
      if (found.length < count) {
        throw new Error(`${found.length} of ${count} e-mail(s) to ${address} in the outbox`);
      }
      return found;
    },
    { timeout: timeoutMs, interval: 25 },
  );
}

/** Durations in milliseconds. */
export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const visibleSeed = seedLocations.filter((location) => !location.hidden);
export const hiddenSeed = seedLocations.filter((location) => location.hidden);

/** Every price or fee field of a room type: none may reach a visitor. */
export const PRICE_FIELDS = [
  "price",
  "otherPrices",
  "other_prices",
  "fourthOfJulyPrice",
  "thanksgivingPrice",
  "christmasPrice",
  "newYearsPrice",
  "presidentsDayPrice",
  "springBreakPrice",
  "parkingCost",
  "resortFeeCost",
  "localTaxes",
];

/**
 * Whether a page or its loader data carries a number as a value of its own. A number inside
 * another (the dev manifest's random version) or inside a script nonce is not a price leak.
 */
export function carriesNumber(body: string, value: number) {
  const withoutNonces = body.replace(/nonce="[^"]*"/g, "");
  return new RegExp(`(?<![\\d.])${value}(?![\\d])`).test(withoutNonces);
}

/**
 * A twin of a seeded room (`index` from 0) with no weeks, for one file: its forms may ask many
 * times for the same nights of the member's own choosing, which no week holds (another file's
 * requests hold or book the seeded rooms' weeks). Removed once the file is done.
 */
export function roomWithoutWeeks(location: (typeof seedLocations)[number], index: number) {
  const seeded = seededRoomId(location, index);
  const room = {
    id: `${seeded}-no-weeks`,
    name: `${location.roomTypes[index]!.name} (no calendar)`,
  };
  beforeAll(async () => {
    const [row] = await testApp.db.select().from(roomTypes).where(eq(roomTypes.id, seeded));
    await testApp.db
      .insert(roomTypes)
      .values({ ...row!, ...room, calendarToken: null })
      .onConflictDoNothing();
  });
  afterAll(async () => {
    await testApp.db.delete(roomTypes).where(eq(roomTypes.id, room.id));
  });
  return room;
}

/**
 * Location rows inserted a few a statement: D1 binds at most 100 values to one, and drizzle binds
 * every column a row names or has a default for (17 now).
 */
export async function insertLocations(rows: (typeof locations.$inferInsert)[]) {
  for (let start = 0; start < rows.length; start += LOCATIONS_PER_STATEMENT) {
    await testApp.db.insert(locations).values(rows.slice(start, start + LOCATIONS_PER_STATEMENT));
  }
}
export const LOCATIONS_PER_STATEMENT = 5;

/** A D1 binding that counts the round trips made through it (a batch is one). */
export function countingD1(db: D1Database) {
  const calls = { batch: 0, statements: 0 };
  const counted = countCalls(db, (call) => {
    if (call === "batch") calls.batch += 1;
    else calls.statements += 1;
  });
  return { db: counted, calls };
}

/** The one-time toast a response sets (see app/lib/toast.server.ts). */
export async function toastOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__toast="));
  if (!cookie) return null;
  // Read back as the next page reads it: a toast whose signature fails is none.
  const { toast } = await readToast(
    { env },
    new Request(ORIGIN, { headers: { Cookie: cookiePair(cookie) } }),
  );
  return toast;
}

/**
 * A room type ready for sale, as the Checklist counts it: a weekly price, a guest limit, a
 * picture and an open week checking in on `checkIn`, published. Statements for one batch.
 */
export function readyRoomStatements(
  room: { id: string; locationId: string; name: string },
  checkIn: CalendarDate,
) {
  return [
    testApp.db.insert(roomTypes).values({ ...room, price: 1500, maxGuests: 4, published: true }),
    testApp.db.insert(images).values({
      id: `${room.id}-picture`,
      locationId: room.locationId,
      roomTypeId: room.id,
      imageUrl: `${room.locationId}/${room.id}/picture.svg`,
      imageType: "image/svg+xml",
      width: 10,
      height: 10,
    }),
    testApp.db.insert(weeks).values({
      id: `${room.id}-week`,
      roomTypeId: room.id,
      checkIn,
      nights: 7,
    }),
  ] as const;
}
