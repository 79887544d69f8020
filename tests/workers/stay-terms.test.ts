import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { bookingRequests, emailDeliveries, locations, roomTypes, weeks } from "~/db/schema";
import { formatStayDate } from "~/guest-requests/format";
import { addDays, nextWeekday } from "~/weeks/calendar";
import { createUser, signIn } from "./auth-helpers";
import { BOT_CHECK, get, post, requestContextAt, visibleText } from "./helpers";
import { decideBooking } from "~/request-life/life.server";
import { daysFromResortToday, resortToday } from "./clock";

const db = createDb(env.DB);

/**
 * A resort of its own in Europe: the admin sets its check-in and check-out times and its
 * currency, and every page and e-mail a member reads says them.
 */
const id = "loc-stay-terms";
const slug = "stay-terms-riviera";
const roomTypeId = `${id}-room`;
// Two weeks a month ahead (Saturdays), of this test's own.
const firstWeek = nextWeekday(daysFromResortToday("Europe/Paris", 30), 6);
const secondWeek = addDays(firstWeek, 7);

const LOCATION_FORM = {
  intent: "update-location",
  locationId: id,
  name: "Stay Terms Riviera",
  slug,
  description: "Sea views.",
  country: "France",
  state: "",
  city: "Nice",
  minimumNights: "7",
  timeZone: "Europe/Paris",
  checkInTime: "15:00",
  checkOutTime: "11:30",
  currency: "EUR",
};

/**
 * How the site names Paris's zone at a stay's check-in or check-out, its offset as Intl gives it:
 * "(Central European Time, UTC+1)" in winter, "UTC+2" in summer.
 */
function parisZone(date: string, time: string) {
  const offset = new Intl.DateTimeFormat("en-US", {
    timeZone: "Europe/Paris",
    timeZoneName: "shortOffset",
  })
    .formatToParts(new Date(`${date}T${time}:00+01:00`))
    .find((part) => part.type === "timeZoneName")!.value;
  return `(Central European Time, ${offset.replace("GMT", "UTC")})`;
}
const checkInLine = `${formatStayDate(firstWeek)}, from 3 PM ${parisZone(firstWeek, "15:00")}`;
const checkOutLine = `${formatStayDate(secondWeek)}, by 11:30 AM ${parisZone(secondWeek, "11:30")}`;

const adminCookie = async () => signIn((await createUser("admin")).id);
const memberCookie = async () => signIn((await createUser("member")).id);

beforeAll(async () => {
  await db.insert(locations).values({
    id,
    name: LOCATION_FORM.name,
    slug,
    description: LOCATION_FORM.description,
    country: "France",
    city: "Nice",
    timeZone: "Europe/Paris",
  });
  await db.insert(roomTypes).values({
    id: roomTypeId,
    locationId: id,
    name: "Sea Suite",
    price: 2060,
    maxGuests: 4,
    published: true,
  });
  await db.insert(weeks).values(
    [firstWeek, secondWeek].map((checkIn) => ({
      id: `${roomTypeId}-${checkIn}`,
      roomTypeId,
      checkIn,
      nights: 7,
      state: "open" as const,
    })),
  );
});

describe("check-in and check-out times, and the currency, of a resort", () => {
  it("start at 4 PM, 10 AM and US dollars, named on every price a member reads", async () => {
    const text = visibleText(await (await get(`/locations/${slug}`, await memberCookie())).text());
    expect(text).toContain("Check-in from 4 PM, check-out by 10 AM (Central European Time).");
    expect(text).toContain("US$2,060");
    expect(text).not.toMatch(/(?<!US)\$2,060/);
  });

  it("are set by an admin, and refused when not a time of day or a currency from the list", async () => {
    const cookie = await adminCookie();
    const page = `/admin?index&location=${id}`;
    for (const [field, value, message] of [
      ["checkInTime", "25:00", "Use a time of day such as 16:00"],
      ["checkOutTime", "10am", "Use a time of day such as 16:00"],
      ["currency", "XYZ", "Please choose a currency from the list"],
    ] as const) {
      const refused = await post(page, { ...LOCATION_FORM, [field]: value }, cookie);
      expect(refused.status).toBe(400);
      expect(visibleText(await refused.text())).toContain(message);
    }
    const saved = await post(page, LOCATION_FORM, cookie);
    expect(saved.status).toBe(302);
    const [row] = await db.select().from(locations).where(eq(locations.id, id));
    expect(row).toMatchObject({ checkInTime: "15:00", checkOutTime: "11:30", currency: "EUR" });

    // The editor shows them, and names the currency on the room's amounts.
    const editor = visibleText(await (await get(`${page}&roomType=${roomTypeId}`, cookie)).text());
    expect(editor).toContain("Check-in from");
    expect(editor).toContain("Euros (€)");
    expect(editor).toContain("Pricing (€)");
    expect(editor).toContain("€2,060/wk");
  });

  it("show on the location page, on /book with the terms before sending, on the request page and in the e-mails", async () => {
    await post(`/admin?index&location=${id}`, LOCATION_FORM, await adminCookie());
    const member = await createUser("member");
    const cookie = await signIn(member.id);
    const locationPage = visibleText(await (await get(`/locations/${slug}`, cookie)).text());
    expect(locationPage).toContain(
      "Check-in from 3 PM, check-out by 11:30 AM (Central European Time).",
    );
    expect(locationPage).toContain("€2,060");
    expect(locationPage).not.toContain("US$");

    // Dates of the member's own choosing start from the resort's today, in the form too.
    const ownDates = await (await get(`/book?location=${slug}`, cookie)).text();
    const checkIn = ownDates.match(/<input[^>]*id="booking-checkInDate"[^>]*>/)?.[0];
    expect(checkIn).toContain(`min="${resortToday("Europe/Paris")}"`);

    const book = `/book?location=${slug}&roomType=${roomTypeId}&week=${firstWeek}`;
    const form = visibleText(await (await get(book, cookie)).text());
    // The day, then the time of day (kept on one line of its own on a phone).
    const formText = form.replace(/<[^>]+>/g, "");
    expect(formText).toContain(checkInLine);
    expect(formText).toContain(checkOutLine);
    expect(form).toContain("€2,060");
    expect(form).toContain("By sending this request you accept these terms:");
    expect(form).toContain("All payments are non-refundable.");
    expect(form).toContain("must be 21 or older and show a valid photo ID");
    // The name change fee too is in the resort's currency.
    expect(form).toContain("costs €75 and needs 30 days' notice");
    expect(form).not.toContain("US$");

    const sent = await post(
      book,
      {
        location: slug,
        roomType: roomTypeId,
        week: firstWeek,
        checkInDate: firstWeek,
        checkOutDate: secondWeek,
        firstName: "Marie",
        lastName: "Curie",
        phone: "+33 1 23 45 67 89",
        adults: "2",
        children: "0",
        infants: "0",
        idempotencyKey: crypto.randomUUID(),
        ...BOT_CHECK,
      },
      cookie,
    );
    expect(sent.status).toBe(302);
    const [stored] = await db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.weekId, `${roomTypeId}-${firstWeek}`));
    expect(stored).toMatchObject({
      checkInTime: "15:00",
      checkOutTime: "11:30",
      currency: "EUR",
      locationTimeZone: "Europe/Paris",
    });

    const confirmation = visibleText(
      await (await get(sent.headers.get("Location")!, cookie)).text(),
    );
    expect(confirmation).toContain(checkInLine);
    expect(confirmation.replace(/<[^>]+>/g, " ")).toMatch(/Weekly rate\s+€2,060/);

    const [receipt] = await db
      .select()
      .from(emailDeliveries)
      .where(and(eq(emailDeliveries.requestId, stored!.id), eq(emailDeliveries.to, member.email)));
    expect(receipt!.text).toContain(`Check-in: ${checkInLine}`);
    expect(receipt!.text).toContain(`Check-out: ${checkOutLine}`);
    expect(receipt!.text).toContain("Weekly rate: €2,060");
    // Guests as people write them.
    expect(receipt!.text).toContain("Guests: 2 adults");
    expect(receipt!.text).not.toContain("0 children");

    // Confirmed, the terms the member accepted come back with the fee in euros.
    const { app, settle } = requestContextAt();
    await decideBooking(app, {
      id: stored!.id,
      decision: "confirmed",
      adminEmail: "admin@example.com",
    });
    await settle();
    const [confirmed] = await db
      .select()
      .from(emailDeliveries)
      .where(
        and(
          eq(emailDeliveries.requestId, stored!.id),
          eq(
            emailDeliveries.subject,
            "Your stay at Stay Terms Riviera is confirmed: please pay to secure it",
          ),
        ),
      );
    expect(confirmed!.text).toContain("costs €75 and needs 30 days' notice");
    // The payment asked for is in the resort's currency too.
    expect(confirmed!.text).toContain("To secure it, please pay €2,060 by ");
    expect(confirmed!.text).not.toContain("US$");
  });
});
