import { env } from "cloudflare:workers";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailDeliveries, locations, roomTypes, savedSearches, weeks } from "~/db/schema";
import { invalidateLocationCaches } from "~/lib/cache.server";
import { weekdayDate } from "~/lib/dates";
import { addDays } from "~/weeks/calendar";
import { requestWeekHref } from "~/weeks/week";
import {
  describeAlert,
  WEEK_ALERT_LIMIT,
  WEEK_ALERT_MESSAGES as M,
} from "~/week-alerts/week-alerts";
import { sendWeekAlerts } from "~/week-alerts/week-alerts.server";
import { createUser, signIn } from "./auth-helpers";
import {
  DAY,
  get,
  HOUR,
  insertLocations,
  post,
  requestContextAt,
  testApp,
  toastOf,
  visibleText,
} from "./helpers";
import { searchMonth, testNow } from "./clock";

const db = testApp.db;
const tag = crypto
  .randomUUID()
  .replace(/[^a-f]/g, "")
  .slice(0, 6);
const country = `Alertland ${tag}`;
const countrySlug = `alertland-${tag}`;
const elsewhere = `Otherland ${tag}`;
const month = searchMonth(4).value;
const place = (name: string, inCountry: string) => ({
  id: `${tag}-${name}`,
  slug: `${tag}-${name}`,
  name: `${name} Alert ${tag}`,
  country: inCountry,
});
const [watched, other] = [place("watched", country), place("other", elsewhere)];
const room = (locationId: string, name: string) => ({
  id: `${locationId}-${name}`,
  locationId,
  name,
  price: 2000,
  maxGuests: 4,
  published: true,
});
const weekOf = (roomTypeId: string, day: string) => ({
  id: `${roomTypeId}-${day}`,
  roomTypeId,
  checkIn: `${month}-${day}`,
  nights: 7,
  state: "closed" as const,
});
const [suite, villa, cabin] = [
  room(watched.id, "suite"),
  room(watched.id, "villa"),
  room(other.id, "cabin"),
];

/** The e-mails queued for an alert. */
const alertEmails = (alertId: string) =>
  db.select().from(emailDeliveries).where(eq(emailDeliveries.requestId, alertId));

const openWeek = (id: string) => db.update(weeks).set({ state: "open" }).where(eq(weeks.id, id));

/** How an alert's e-mail names a week that opened at the watched resort (its rooms: US$2,000). */
const openedWeekLine = (roomName: string, checkIn: string) =>
  `${roomName} at ${watched.name}: ${weekdayDate(new Date(`${checkIn}T00:00:00Z`))} to ${weekdayDate(new Date(`${addDays(checkIn, 7)}T00:00:00Z`))}, US$2,000`;

/** The alerts run, as the scheduled handler makes it, at `now`. */
async function runAlerts(now = testNow()) {
  const { app, settle } = requestContextAt(now);
  const told = await sendWeekAlerts(app);
  await settle();
  return told;
}

async function saveAlert(cookie: string, fields: Record<string, string>) {
  return post(
    "/members/alerts",
    { intent: "save", month, country: countrySlug, ...fields },
    cookie,
  );
}

describe("week alerts: “Tell me when a week opens”", () => {
  beforeAll(async () => {
    await insertLocations([watched, other]);
    await db.insert(roomTypes).values([suite, villa, cabin]);
    await db
      .insert(weeks)
      .values([weekOf(suite.id, "06"), weekOf(villa.id, "13"), weekOf(cabin.id, "06")]);
    await invalidateLocationCaches(env.CACHE);
  });
  afterAll(async () => {
    await db.delete(locations).where(inArray(locations.id, [watched.id, other.id]));
    await invalidateLocationCaches(env.CACHE);
  });

  it("writes once when a matching week opens, not for another place's, and at most once a day", async () => {
    const member = await createUser();
    const cookie = await signIn(member.id);
    const saved = await saveAlert(cookie, { guests: "4" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(
      `/locations?country=${countrySlug}&guests=4&month=${month}`,
    );
    const [alert] = await db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, member.id));
    expect(alert).toMatchObject({ month, country, guests: 4, pending: false });
    expect(await toastOf(saved)).toEqual({
      type: "success",
      message: M.saved(describeAlert(alert!)),
    });
    expect(await toastOf(await saveAlert(cookie, { guests: "4" }))).toEqual({
      type: "info",
      message: M.already,
    });
    const members = visibleText(await (await get("/members", cookie)).text());
    expect(members).toContain("Week alerts");
    expect(members).toContain(describeAlert(alert!));

    // Nothing has opened since it was saved; then a week opens elsewhere: nothing to tell.
    await runAlerts();
    await openWeek(weekOf(cabin.id, "06").id);
    await runAlerts();
    expect(await alertEmails(alert!.id)).toHaveLength(0);

    // Its week opens: one e-mail, naming the week with a link to request it, a link to the
    // search's weeks, and one that stops the alert.
    await openWeek(weekOf(suite.id, "06").id);
    await runAlerts();
    await runAlerts();
    const [email, ...more] = await alertEmails(alert!.id);
    expect(more).toHaveLength(0);
    expect(email).toMatchObject({ to: member.email, requestKind: "week-alert" });
    expect(email!.subject).toBe(`A week opened: ${describeAlert(alert!)}`);
    const suiteWeek = openedWeekLine("suite", `${month}-06`);
    const suiteLink = `http://localhost${requestWeekHref(watched.slug, suite.id, `${month}-06`)}`;
    expect(email!.text).toContain(`${suiteWeek}\n${suiteLink}`);
    expect(email!.html).toContain(`<a href="${suiteLink.replaceAll("&", "&amp;")}"`);
    expect(email!.text).toContain(`/locations?country=${countrySlug}&guests=4&month=${month}`);
    const stopLink = email!.text.match(/http:\/\/localhost\/alerts\/stop\?token=[\w.-]+/)![0];
    expect(email!.headers).toEqual({
      "List-Unsubscribe": `<${stopLink}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    // Another opens within the day: told the next day, once.
    await openWeek(weekOf(villa.id, "13").id);
    await runAlerts(new Date(testNow().getTime() + 2 * HOUR));
    expect(await alertEmails(alert!.id)).toHaveLength(1);
    await runAlerts(new Date(testNow().getTime() + DAY + HOUR));
    await runAlerts(new Date(testNow().getTime() + DAY + 2 * HOUR));
    const told = await alertEmails(alert!.id);
    expect(told).toHaveLength(2);
    // The second names the week opened since the first, not the first's again.
    const second = told.find((sent) => sent.id !== email!.id)!;
    expect(second.text).toContain(openedWeekLine("villa", `${month}-13`));
    expect(second.text).not.toContain(suiteWeek);

    // The stop link works without signing in: it asks, then stops.
    const stopPath = stopLink.replace("http://localhost", "");
    const asking = visibleText(await (await get(stopPath)).text());
    expect(asking).toContain("Stop this alert?");
    expect(asking).toContain(describeAlert(alert!));
    const stopped = await post(stopPath, { "List-Unsubscribe": "One-Click" });
    expect(stopped.status).toBe(200);
    expect(visibleText(await stopped.text())).toContain(M.stopped);
    expect(await db.$count(savedSearches, eq(savedSearches.id, alert!.id))).toBe(0);
    const forged = await get(`${stopPath.slice(0, -3)}abc`);
    expect(forged.status).toBe(400);
    expect(visibleText(await forged.text())).toContain(M.badLink);
  });

  it("keeps a search's words: an alert for “Hudson” shows them, and is told of a Hudson week, not of another's", async () => {
    const [hudson, catskill] = [place("hudson", country), place("catskill", country)];
    const [cabin, lodge] = [room(hudson.id, "cabin"), room(catskill.id, "lodge")];
    await insertLocations([hudson, catskill]);
    await using _places = {
      [Symbol.asyncDispose]: async () => {
        await db.delete(locations).where(inArray(locations.id, [hudson.id, catskill.id]));
        await invalidateLocationCaches(env.CACHE);
      },
    };
    await db.insert(roomTypes).values([cabin, lodge]);
    await db.insert(weeks).values([weekOf(cabin.id, "20"), weekOf(lodge.id, "20")]);
    await invalidateLocationCaches(env.CACHE);
    const member = await createUser();
    const cookie = await signIn(member.id);
    const words = `Hudson ${tag}`;

    const saved = await saveAlert(cookie, { q: words });
    const [alert] = await db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, member.id));
    expect(alert).toMatchObject({ q: words, country });
    expect(describeAlert(alert!)).toBe(`${searchMonth(4).label} · “${words}” · ${country}`);
    expect(await toastOf(saved)).toEqual({
      type: "success",
      message: M.saved(describeAlert(alert!)),
    });
    // The same words written otherwise are the same search.
    expect(await toastOf(await saveAlert(cookie, { q: ` hudson  ${tag.toUpperCase()} ` }))).toEqual(
      { type: "info", message: M.already },
    );
    const members = await (await get("/members", cookie)).text();
    expect(visibleText(members)).toContain(describeAlert(alert!));
    expect(members).toContain(
      `href="/locations?country=${countrySlug}&amp;q=Hudson+${tag}&amp;month=${month}"`,
    );

    // A week opens at a resort of the place that the words do not find: nothing to tell.
    await openWeek(weekOf(lodge.id, "20").id);
    await runAlerts();
    expect(await alertEmails(alert!.id)).toHaveLength(0);
    await openWeek(weekOf(cabin.id, "20").id);
    await runAlerts();
    expect(await alertEmails(alert!.id)).toHaveLength(1);
  });

  it("brings the member back to the same search (its words, filters and page) whatever the answer", async () => {
    const cookie = await signIn((await createUser()).id);
    const search = { q: "Beach club", guests: "2", page: "2" };
    const back = `/locations?country=${countrySlug}&q=Beach+club&guests=2&month=${month}&page=2`;
    const saved = await saveAlert(cookie, search);
    expect(saved.headers.get("Location")).toBe(back);
    expect((await toastOf(saved))?.type).toBe("success");
    const again = await saveAlert(cookie, search);
    expect(again.headers.get("Location")).toBe(back);
    expect(await toastOf(again)).toEqual({ type: "info", message: M.already });
    // The form sends the page the list shows: the seed has weeks in the month at more resorts
    // than a page holds.
    const list = await (await get(`/locations?q=a&month=${month}&page=2`, cookie)).text();
    const form = list.match(/<form[^>]*action="\/members\/alerts"[\s\S]*?<\/form>/)![0];
    expect(form).toContain('name="page" value="2"');
    expect(form).toContain('name="q" value="a"');
  });

  it("keeps a member to the limit however many are saved at once, and removes only their own", async () => {
    const member = await createUser();
    const cookie = await signIn(member.id);
    const answers = await Promise.all(
      Array.from({ length: WEEK_ALERT_LIMIT + 10 }, (_, index) =>
        saveAlert(cookie, { guests: String(index + 1) }),
      ),
    );
    expect(answers.every((answer) => answer.status === 302)).toBe(true);
    const kept = await db.select().from(savedSearches).where(eq(savedSearches.userId, member.id));
    expect(kept).toHaveLength(WEEK_ALERT_LIMIT);
    const toasts = await Promise.all(answers.map((answer) => toastOf(answer)));
    expect(toasts.filter((toast) => toast?.message === M.tooMany)).toHaveLength(10);

    const stranger = await signIn((await createUser()).id);
    const notTheirs = await post(
      "/members/alerts",
      { intent: "remove", alertId: kept[0]!.id },
      stranger,
    );
    expect(await toastOf(notTheirs)).toEqual({ type: "info", message: M.notFound });
    const removed = await post(
      "/members/alerts",
      { intent: "remove", alertId: kept[0]!.id },
      cookie,
    );
    expect(removed.headers.get("Location")).toBe("/members#alerts");
    expect(await toastOf(removed)).toEqual({ type: "success", message: M.removed });
    expect(await db.$count(savedSearches, eq(savedSearches.userId, member.id))).toBe(
      WEEK_ALERT_LIMIT - 1,
    );
  });

  it("refuses a place no location has, and a form that is not one, with nothing saved", async () => {
    const member = await createUser();
    const cookie = await signIn(member.id);
    const unknown = await saveAlert(cookie, { country: "atlantis" });
    expect(await toastOf(unknown)).toEqual({ type: "error", message: M.unknownPlace });
    const forged: Record<string, string>[] = [
      { intent: "save", month: "2027-13" },
      { intent: "forge" },
      {},
    ];
    for (const body of forged) {
      expect((await post("/members/alerts", body, cookie)).status).toBe(400);
    }
    expect(await db.$count(savedSearches, eq(savedSearches.userId, member.id))).toBe(0);
  });

  it("compares an alert's weekly price in its currency only: “up to €2,500” is not told of a US$2,000 week", async () => {
    const euros = { ...place("euros", country), currency: "EUR" };
    const [lodge, chalet] = [room(watched.id, "lodge"), room(euros.id, "chalet")];
    await insertLocations([euros]);
    await using _euros = {
      [Symbol.asyncDispose]: async () => {
        await db.delete(locations).where(eq(locations.id, euros.id));
        await db.delete(roomTypes).where(eq(roomTypes.id, lodge.id));
        await invalidateLocationCaches(env.CACHE);
      },
    };
    await db.insert(roomTypes).values([lodge, chalet]);
    await db.insert(weeks).values([weekOf(lodge.id, "27"), weekOf(chalet.id, "27")]);
    await invalidateLocationCaches(env.CACHE);
    const member = await createUser();
    const cookie = await signIn(member.id);

    await saveAlert(cookie, { maxPrice: "2500" });
    const savedInEuros = await saveAlert(cookie, { maxPrice: "2500", currency: "EUR" });
    expect(savedInEuros.headers.get("Location")).toBe(
      `/locations?country=${countrySlug}&maxPrice=2500&currency=EUR&month=${month}`,
    );
    const alerts = await db.select().from(savedSearches).where(eq(savedSearches.userId, member.id));
    const inDollars = alerts.find((alert) => alert.currency === "USD")!;
    const inEuros = alerts.find((alert) => alert.currency === "EUR")!;
    expect(describeAlert(inDollars)).toContain("up to US$2,500 a week");
    expect(describeAlert(inEuros)).toContain("up to €2,500 a week");
    expect(await toastOf(savedInEuros)).toEqual({
      type: "success",
      message: M.saved(describeAlert(inEuros)),
    });

    // The room at US$2,000 a week opens: told in dollars, not in euros.
    await openWeek(weekOf(lodge.id, "27").id);
    await runAlerts();
    expect(await alertEmails(inDollars.id)).toHaveLength(1);
    expect(await alertEmails(inEuros.id)).toHaveLength(0);
    // The room at €2,000 a week opens: told in euros.
    await openWeek(weekOf(chalet.id, "27").id);
    await runAlerts();
    expect(await alertEmails(inEuros.id)).toHaveLength(1);
  });

  it("names the first ten weeks that opened, the soonest first, and says more did", async () => {
    const plenty = place("plenty", `Plentyland ${tag}`);
    const rooms = ["a", "b", "c"].map((name) => room(plenty.id, `room ${name}`));
    const days = ["01", "08", "15", "22"];
    await insertLocations([plenty]);
    await using _plenty = {
      [Symbol.asyncDispose]: async () => {
        await db.delete(locations).where(eq(locations.id, plenty.id));
        await invalidateLocationCaches(env.CACHE);
      },
    };
    await db.insert(roomTypes).values(rooms);
    await db.insert(weeks).values(rooms.flatMap((r) => days.map((day) => weekOf(r.id, day))));
    await invalidateLocationCaches(env.CACHE);
    const cookie = await signIn((await createUser()).id);
    await saveAlert(cookie, { country: `plentyland-${tag}` });
    const [alert] = await db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.country, `Plentyland ${tag}`));

    await db
      .update(weeks)
      .set({ state: "open" })
      .where(
        inArray(
          weeks.roomTypeId,
          rooms.map((r) => r.id),
        ),
      );
    await runAlerts();
    const [email] = await alertEmails(alert!.id);
    expect(email!.subject).toBe(`Weeks opened: ${describeAlert(alert!)}`);
    const named = [...email!.html.matchAll(/<li[^>]*><a href="[^"]*\/book\?[^"]*week=([\d-]+)"/g)];
    expect(named.map(([, week]) => week)).toEqual(
      days.flatMap((day) => rooms.map(() => `${month}-${day}`)).slice(0, 10),
    );
    expect(email!.text).toContain("More opened than the 10 below, which are the soonest");
  });

  it("tells many alerts of one opening in bounded batches, each once", async () => {
    const member = await createUser();
    const many = 250;
    const rows = Array.from({ length: many }, (_, index) => ({
      id: `${tag}-many-${index}`,
      userId: member.id,
      month,
      country,
      maxPrice: 3000 + index,
      currency: "USD",
      criteria: `many ${index}`,
    }));
    for (let start = 0; start < rows.length; start += 10) {
      await db.insert(savedSearches).values(rows.slice(start, start + 10));
    }
    const hall = room(watched.id, "hall");
    await db.insert(roomTypes).values(hall);
    await db.insert(weeks).values({ ...weekOf(hall.id, "20"), state: "open" });
    await Promise.all([runAlerts(), runAlerts()]);
    const queued = await db
      .select({ requestId: emailDeliveries.requestId })
      .from(emailDeliveries)
      .where(
        and(
          eq(emailDeliveries.requestKind, "week-alert"),
          like(emailDeliveries.requestId, `${tag}-many-%`),
        ),
      );
    expect(queued).toHaveLength(many);
    expect(new Set(queued.map((row) => row.requestId)).size).toBe(many);
    expect(
      await db.$count(
        savedSearches,
        and(eq(savedSearches.userId, member.id), eq(savedSearches.pending, true)),
      ),
    ).toBe(0);
  });
});
