import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createSession } from "~/accounts/session.server";
import { createAppContext } from "~/context";
import { createDb } from "~/db/client.server";
import { bookingRequests, emailDeliveries, roomTypes } from "~/db/schema";
import { deliverDueEmails } from "~/email/deliveries.server";
import { bookingSchema } from "~/guest-requests/booking";
import { bookingKind } from "~/guest-requests/booking.server";
import { storeRequest } from "~/guest-requests/store.server";
import { eq, inArray, sql } from "drizzle-orm";
import { formatStayDate } from "~/guest-requests/format";
import { createUser, signIn } from "./auth-helpers";
import worker from "../../workers/app";
import {
  BOT_CHECK,
  cookiePair,
  post,
  request,
  roomWithoutWeeks,
  testApp,
  toastOf,
  visibleSeed,
  visibleText,
} from "./helpers";
import { daysFromResortToday, realTimeAt, testNow } from "./clock";
import { placeTimeZone } from "~/catalogue/time-zones";

const db = createDb(env.DB);
const location = visibleSeed.find((candidate) => candidate.roomTypes.length >= 2)!;
/** The date `days` after the resort's today, as its booking form counts. */
const stayDay = (days: number) => daysFromResortToday(placeTimeZone(location), days);
// A room for four (the default party of two adults and a child fits it), with no calendar: the
// forms below ask for the same nights, which no week holds.
const { id: roomTypeId, name: ROOM_NAME } = roomWithoutWeeks(location, 1);
const otherLocation = visibleSeed.find((candidate) => candidate.id !== location.id)!;

/** The first night the forms below ask for. */
const STAY_START = 30;

/**
 * A new member, signed in: a member may ask only once for the same room and dates, and every test
 * here asks for the same ones.
 */
async function newMember() {
  const user = await createUser();
  return { ...user, cookie: await signIn(user.id) };
}

const memberCookie = async () => (await newMember()).cookie;

function validForm(overrides: Record<string, string> = {}) {
  return {
    location: location.slug,
    roomType: roomTypeId,
    firstName: "Ana",
    lastName: "Silva",
    phone: "+1 555 0100",
    // Nights no week holds: many members may ask for them, and staff decide which to confirm.
    checkInDate: stayDay(STAY_START),
    checkOutDate: stayDay(STAY_START + 7),
    adults: "2",
    children: "1",
    infants: "0",
    specialRequests: "Late check-in please",
    referralCode: "FRIEND10",
    idempotencyKey: crypto.randomUUID(),
    ...BOT_CHECK,
    ...overrides,
  };
}

/** Posts the form as a browser does: to the page's own URL. */
async function postBooking(form: Record<string, string>, cookie?: string) {
  return post(`/book?location=${location.slug}&roomType=${roomTypeId}`, form, cookie);
}

/** A request's context with these bindings, at the suite's moment (a production binding reads the real clock). */
const appContext = (bindings: Env, ctx: ExecutionContext) => ({
  ...createAppContext({ env: bindings, ctx }, new Request("http://localhost/book")),
  now: testNow(),
});

const countFor = async (idempotencyKey: string) =>
  (
    await db
      .select({ count: sql<number>`count(*)` })
      .from(bookingRequests)
      .where(eq(bookingRequests.idempotencyKey, idempotencyKey))
  )[0]!.count;

describe("booking request validation", () => {
  it.each([
    ["a missing location", { location: "" }, "Please select a location"],
    ["blank names", { firstName: "  ", lastName: "" }, "Please enter both first and last name"],
    ["a blank last name", { lastName: " " }, "Please enter both first and last name"],
    ["a blank phone", { phone: "   " }, "Please enter a phone number"],
    ["no adult", { adults: "0" }, "At least one adult is required"],
    ["eleven adults", { adults: "11" }, "Adults: 1 to 10"],
    ["a huge number of adults", { adults: "1e308" }, "Adults: 1 to 10"],
    ["nine children", { children: "9" }, "Children: 0 to 8"],
    ["five infants", { infants: "5" }, "Infants: 0 to 4"],
    ["a check-in in the past", { checkInDate: stayDay(-3) }, "Check-in cannot be in the past"],
    [
      "a check-out before check-in",
      { checkOutDate: stayDay(STAY_START - 1) },
      "Check-out cannot be before check-in",
    ],
    ["a missing check-in", { checkInDate: "" }, "Please choose a check-in date"],
    ["an impossible date", { checkInDate: "2027-13-45" }, "Please choose a check-in date"],
    [
      "impossible dates on both sides",
      { checkInDate: "2099-99-99", checkOutDate: "0000-00-00" },
      "Please choose a check-out date",
    ],
    ["the 30th of February", { checkInDate: "2027-02-30" }, "Please choose a check-in date"],
    [
      "a 10,000-character request",
      { specialRequests: "x".repeat(10_000) },
      "Please keep this under 2000 characters",
    ],
    ["an unknown resort", { location: "no-such-resort" }, "Please select a location"],
    ["a room of another resort", { location: otherLocation.slug }, "Please select a room type"],
    ["an unknown room", { roomType: "no-such-room" }, "Please select a room type"],
    [
      "a missing bot check",
      { "cf-turnstile-response": "" },
      "Please complete the CAPTCHA verification.",
    ],
    ["a filled honeypot", { website: "http://spam.example" }, "Form not submitted properly"],
  ])("refuses %s with 400 and the message, storing nothing", async (_, overrides, message) => {
    const form = validForm(overrides);
    const response = await postBooking(form, await memberCookie());
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain(message);
    // The entered values come back in the form.
    expect(html).toContain(`value="${form.firstName}"`);
    expect(await countFor(form.idempotencyKey)).toBe(0);
  });

  it("refuses a stay of no nights or shorter than the resort's minimum, and accepts the guest limits' edges in a room with no stated size", async () => {
    const roomType = `${location.id}-room-of-any-size`;
    await db
      .insert(roomTypes)
      .values({ id: roomType, locationId: location.id, name: "Any size", published: true });
    try {
      const cookie = await memberCookie();
      const sameDay = validForm({ roomType, checkOutDate: stayDay(STAY_START) });
      const refused = await postBooking(sameDay, cookie);
      expect(refused.status).toBe(400);
      expect(visibleText(await refused.text())).toContain("Check-out must be after check-in");
      expect(await countFor(sameDay.idempotencyKey)).toBe(0);

      // The resort's minimum stay, said before anything is stored.
      const short = validForm({ roomType, checkOutDate: stayDay(STAY_START + 1) });
      const tooShort = await postBooking(short, cookie);
      expect(tooShort.status).toBe(409);
      expect(visibleText(await tooShort.text())).toContain(
        `This resort's minimum stay is ${location.minimumNights} nights: please choose a longer stay.`,
      );
      expect(await countFor(short.idempotencyKey)).toBe(0);

      const form = validForm({
        roomType,
        checkOutDate: stayDay(STAY_START + location.minimumNights),
        adults: "10",
        children: "8",
        infants: "4",
      });
      const response = await postBooking(form, cookie);
      expect(response.status).toBe(302);
      expect(await countFor(form.idempotencyKey)).toBe(1);
    } finally {
      // With their e-mails: other files check that no e-mail outlives its request.
      await db
        .delete(emailDeliveries)
        .where(
          inArray(
            emailDeliveries.requestId,
            db
              .select({ id: bookingRequests.id })
              .from(bookingRequests)
              .where(eq(bookingRequests.roomTypeId, roomType)),
          ),
        );
      await db.delete(bookingRequests).where(eq(bookingRequests.roomTypeId, roomType));
      await db.delete(roomTypes).where(eq(roomTypes.id, roomType));
    }
  });

  it("a form sent after its sender was signed out (another tab) is not stored, and the sign-in page says why", async () => {
    const before = await db.select({ count: sql<number>`count(*)` }).from(bookingRequests);
    const response = await postBooking(validForm());
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/login?dest=${encodeURIComponent(`/book?location=${location.slug}&roomType=${roomTypeId}`)}`,
    );
    expect(await toastOf(response)).toEqual({
      type: "error",
      message: "You were signed out, so the form was not sent. Sign in, then send it again.",
    });
    expect(await db.select({ count: sql<number>`count(*)` }).from(bookingRequests)).toEqual(before);
  });

  it("refuses more guests than the room holds, naming its limit, and takes a party that fits", async () => {
    const room = location.roomTypes[1]!;
    const maxGuests = room.maxGuests!;
    expect(maxGuests).toBeLessThan(13);
    const cookie = await memberCookie();
    const tooMany = validForm({ adults: "10", children: "3", infants: "0" });
    const refused = await postBooking(tooMany, cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      `This room sleeps at most ${maxGuests} guests (13 chosen)`,
    );
    expect(await countFor(tooMany.idempotencyKey)).toBe(0);

    const fits = validForm({ adults: String(maxGuests), children: "0", infants: "0" });
    expect((await postBooking(fits, cookie)).status).toBe(302);
    expect(await countFor(fits.idempotencyKey)).toBe(1);
  });

  it("the form's own schema refuses a party larger than the chosen room", () => {
    const schema = bookingSchema({ today: stayDay(0), maxGuestsByRoom: { [roomTypeId]: 4 } });
    const result = schema.safeParse(validForm({ adults: "3", children: "2" }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(
      "This room sleeps at most 4 guests (5 chosen)",
    );
    expect(schema.safeParse(validForm({ adults: "3", children: "1" })).success).toBe(true);
    // Said at once, while other fields are still to fill in (left out, as the form sends them).
    const {
      checkInDate: _checkIn,
      phone: _phone,
      ...unfinished
    } = validForm({
      adults: "5",
      children: "0",
    });
    const early = schema.safeParse(unfinished);
    expect(early.error?.issues.map((issue) => issue.message)).toContain(
      "This room sleeps at most 4 guests (5 chosen)",
    );
  });

  it("allows the next day's check-in in any time zone but not a date two days ago", () => {
    const schema = bookingSchema({ today: stayDay(0) });
    expect(
      schema.safeParse(validForm({ checkInDate: stayDay(0), checkOutDate: stayDay(7) })).success,
    ).toBe(true);
    expect(schema.safeParse(validForm({ checkInDate: stayDay(-2) })).success).toBe(false);
  });
});

describe("the booking page", () => {
  it("carries its resort and a way to choose another, not every resort of the catalogue", async () => {
    const html = await (
      await request(`/book?location=${location.slug}`, {
        headers: { Cookie: await memberCookie() },
      })
    ).text();
    const text = visibleText(html);
    expect(text).toContain(location.name);
    expect(text).toContain("Choose another resort");
    expect(html).toContain(`name="location" value="${location.slug}"`);
    expect(html).not.toContain(otherLocation.name);
    // A select may be required only with an empty first option: the room's, not the guests'.
    expect(html).toMatch(
      /<select[^>]*required=""[^>]*name="roomType"|<select[^>]*name="roomType"[^>]*required=""/,
    );
    expect(html.match(/<select[^>]*name="adults"[^>]*>/)?.[0]).not.toContain("required");
    // A member's own form is not for search engines: no canonical address (its bare /book is a 404).
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('property="og:url"');
  });
});

describe("a resort with no rooms yet", () => {
  it("says so and where to turn, instead of a form whose room cannot be chosen", async () => {
    const slug = `no-rooms-${crypto.randomUUID()}`;
    await env.DB.prepare(
      "INSERT INTO locations (id, name, slug, country) VALUES (?, 'Roomless Retreat', ?, 'Aruba')",
    )
      .bind(`loc-${slug}`, slug)
      .run();
    const response = await request(`/book?location=${slug}`, {
      headers: { Cookie: await memberCookie() },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("Roomless Retreat has no rooms open to requests yet.");
    expect(html).toContain(`href="/locations/${slug}"`);
    expect(html).toContain('href="/contact"');
    expect(html).not.toContain('name="roomType"');
    expect(text).not.toContain("Submit Booking Request");
  });
});

describe("storing a booking request", () => {
  it("sends visitors to sign in and stores nothing", async () => {
    const form = validForm();
    const response = await postBooking(form);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?dest=%2Fbook/);
    expect(await countFor(form.idempotencyKey)).toBe(0);
  });

  it("stores every field, fills the resort and room from the catalogue, and ignores forged ones", async () => {
    const form = validForm({
      // Another person's address: a member's request is answered at their account's own.
      email: "ana@example.com",
      locationName: "Forged Palace",
      roomTypeName: "Forged Suite",
      roomTypePrice: "1",
      locationCountry: "Nowhere",
      status: "confirmed",
      userId: "user-admin",
    });
    const member = await newMember();
    const response = await postBooking(form, member.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/booking-confirmation\?request=[\w-]+$/);

    const [row] = await db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.idempotencyKey, form.idempotencyKey));
    const room = location.roomTypes[1]!;
    expect(row).toMatchObject({
      status: "new",
      userId: member.id,
      firstName: "Ana",
      lastName: "Silva",
      email: member.email,
      phone: "+1 555 0100",
      checkInDate: form.checkInDate,
      checkOutDate: form.checkOutDate,
      adults: 2,
      children: 1,
      infants: 0,
      locationId: location.id,
      locationName: location.name,
      locationCity: location.city,
      locationState: location.state,
      locationCountry: location.country,
      roomTypeId,
      roomTypeName: ROOM_NAME,
      roomTypeBedrooms: room.bedrooms,
      roomTypeBathrooms: room.bathrooms,
      roomTypePrice: room.price,
      specialRequests: "Late check-in please",
      referralCode: "FRIEND10",
    });
    expect(row!.createdAt).toBeTruthy();

    const emails = await db
      .select()
      .from(emailDeliveries)
      .where(eq(emailDeliveries.requestId, row!.id));
    expect(emails.map((email) => email.to).sort()).toEqual([member.email, env.STAFF_EMAIL].sort());
    const receipt = emails.find((email) => email.to === member.email)!;
    expect(receipt.text).toContain(
      "Please do not book flights until you receive our confirmation.",
    );
  });

  it("the confirmation shows the member what they asked for, and only to them", async () => {
    const cookie = await memberCookie();
    const form = validForm({ adults: "2", children: "1", infants: "0" });
    const response = await postBooking(form, cookie);
    const confirmation = response.headers.get("Location")!;
    const html = await (await request(confirmation, { headers: { Cookie: cookie } })).text();
    const text = visibleText(html);
    for (const shown of [
      location.name,
      ROOM_NAME,
      formatStayDate(form.checkInDate),
      formatStayDate(form.checkOutDate),
      "2 adults, 1 child",
    ]) {
      expect(text).toContain(shown);
    }
    expect(html).toMatch(/<a[^>]*href="\/members"[^>]*>Your booking requests<\/a>/);

    // Another member, a made-up id or none: no one's request, and no thanks for one not sent.
    const other = cookiePair(await createSession(testApp, "user-admin"));
    for (const [path, headers] of [
      [confirmation, { Cookie: other }],
      ["/booking-confirmation?request=nope", { Cookie: cookie }],
      ["/booking-confirmation", {}],
    ] as const) {
      const elsewhere = visibleText(await (await request(path, { headers })).text());
      expect(elsewhere).toContain("No request to show");
      expect(elsewhere).not.toContain("Request Received");
      expect(elsewhere).not.toContain("A copy of your request is on its way");
      expect(elsewhere).not.toContain(formatStayDate(form.checkInDate));
    }
  });

  it("stores one request for a replayed idempotency key", async () => {
    const form = validForm();
    const cookie = await memberCookie();
    const first = await postBooking(form, cookie);
    const replay = await postBooking(form, cookie);
    expect(first.status).toBe(302);
    expect(replay.status).toBe(302);
    expect(await countFor(form.idempotencyKey)).toBe(1);
  });

  it("stores exactly 100 rows for 100 concurrent requests", async () => {
    const cookies = await Promise.all(Array.from({ length: 100 }, () => memberCookie()));
    const referralCode = `load-${crypto.randomUUID()}`;
    const responses = await Promise.all(
      cookies.map((cookie) => postBooking(validForm({ referralCode }), cookie)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(100).fill(302));
    const { count } = (
      await db
        .select({ count: sql<number>`count(*)` })
        .from(bookingRequests)
        .where(eq(bookingRequests.referralCode, referralCode))
    )[0]!;
    expect(count).toBe(100);
  });

  it("keeps hostile text as text: control characters stripped, HTML escaped in e-mails", async () => {
    const form = validForm({
      firstName: "Ana\u0000\u0007",
      specialRequests: "<script>alert(1)</script>\nsecond line",
    });
    const response = await postBooking(form, await memberCookie());
    expect(response.status).toBe(302);
    const [row] = await db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.idempotencyKey, form.idempotencyKey));
    expect(row!.firstName).toBe("Ana");
    expect(row!.specialRequests).toBe("<script>alert(1)</script>\nsecond line");
    const emails = await db
      .select()
      .from(emailDeliveries)
      .where(eq(emailDeliveries.requestId, row!.id));
    for (const email of emails) {
      expect(email.html).not.toContain("<script>");
    }
    expect(emails.some((email) => email.html.includes("&lt;script&gt;"))).toBe(true);
  });

  it.each([
    ["an array-like field", "adults=1&adults=2"],
    ["nothing at all", ""],
    ["a huge name", `firstName=${"a".repeat(10_000)}`],
  ])("answers %s with 400, never a 5xx", async (_, body) => {
    const response = await request(`/book?location=${location.slug}`, {
      method: "POST",
      body,
      headers: {
        Origin: "http://localhost",
        Cookie: await memberCookie(),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      redirect: "manual",
    });
    expect(response.status).toBe(400);
  });
});

describe("a POST to /book that is not a form", () => {
  it.each([
    ["no body at all", undefined, undefined, 400],
    ["a JSON body", JSON.stringify(validForm()), "application/json", 415],
    ["text", "location=x", "text/plain", 415],
  ])("answers %s with a 4xx, never a 500", async (_, body, type, status) => {
    const response = await request(`/book?location=${location.slug}&roomType=${roomTypeId}`, {
      method: "POST",
      body,
      headers: {
        Origin: "http://localhost",
        Cookie: await memberCookie(),
        ...(type ? { "Content-Type": type } : {}),
      },
      redirect: "manual",
    });
    expect(response.status).toBe(status);
  });
});

describe("nothing lost when e-mail fails", () => {
  it("stores the request, marks its e-mails unsent, and the retry job sends them later", async () => {
    const input = bookingSchema({ today: stayDay(0) }).parse(validForm());
    // Outside development without an e-mail provider key, sending fails.
    const brokenEnv = { ...env, APP_ENV: "production", SITE_URL: "https://insiderstays.example" };
    const ctx = createExecutionContext();
    const stored = await storeRequest(
      appContext(brokenEnv, ctx),
      bookingKind,
      input,
      await createUser(),
    );
    await waitOnExecutionContext(ctx);
    expect(stored.created).toBe(true);

    const pending = await db
      .select()
      .from(emailDeliveries)
      .where(eq(emailDeliveries.requestId, stored.id));
    expect(pending).toHaveLength(2);
    for (const delivery of pending) {
      expect(delivery.status).toBe("pending");
      expect(delivery.attempts).toBe(1);
      expect(delivery.lastError).toMatch(/RESEND_API_KEY/);
    }
    const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, stored.id));
    expect(row!.status).toBe("new");

    // Not due yet: the first retry waits a minute. (Other files' e-mails share the database.)
    await deliverDueEmails(testApp, testNow());
    const notYet = await db
      .select({ attempts: emailDeliveries.attempts })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.requestId, stored.id));
    expect(notYet).toEqual([{ attempts: 1 }, { attempts: 1 }]);
    // The scheduled job, a few minutes later, with e-mail working again.
    const sent = await deliverDueEmails(testApp, new Date(testNow().getTime() + 5 * 60_000));
    expect(sent).toBeGreaterThanOrEqual(2);
    const after = await db
      .select()
      .from(emailDeliveries)
      .where(eq(emailDeliveries.requestId, stored.id));
    for (const delivery of after) {
      expect(delivery.status).toBe("sent");
      expect(delivery.attempts).toBe(2);
    }
  });

  it("the worker's scheduled handler retries due e-mails", async () => {
    const input = bookingSchema({ today: stayDay(0) }).parse(validForm());
    const ctx = createExecutionContext();
    const stored = await storeRequest(
      appContext({ ...env, APP_ENV: "production" }, ctx),
      bookingKind,
      input,
      await createUser(),
    );
    await waitOnExecutionContext(ctx);
    await db
      .update(emailDeliveries)
      .set({ nextAttemptAt: new Date(testNow().getTime() - 1000).toISOString() })
      .where(eq(emailDeliveries.requestId, stored.id));

    // The worker's own entry point, as the cron trigger calls it.
    const worker = exports.default as unknown as {
      scheduled(controller: { cron: string; scheduledTime: number }): Promise<unknown>;
    };
    // The platform schedules it on the real clock; the site reads that moment by its own.
    await worker.scheduled({ cron: "*/5 * * * *", scheduledTime: realTimeAt(testNow()) });

    const after = await db
      .select()
      .from(emailDeliveries)
      .where(eq(emailDeliveries.requestId, stored.id));
    expect(after.map((delivery) => delivery.status)).toEqual(["sent", "sent"]);
  });
  it("sends nothing from a deployed worker without its site address, and keeps the e-mails with the reason", async () => {
    const input = bookingSchema({ today: stayDay(0) }).parse(validForm());
    // Deployed, with a key for Resend, but SITE_URL is not an address.
    const deployed = {
      ...env,
      APP_ENV: "production",
      SITE_URL: "insiderstays.example",
      RESEND_API_KEY: "re_test_key",
    };
    const resend = vi.spyOn(globalThis, "fetch");
    const ctx = createExecutionContext();
    const stored = await storeRequest(
      appContext(deployed, ctx),
      bookingKind,
      input,
      await createUser(),
    );
    await waitOnExecutionContext(ctx);
    const deliveries = () =>
      db.select().from(emailDeliveries).where(eq(emailDeliveries.requestId, stored.id));
    // Due by any clock: a deployed worker reads the real time, not the run's set moment.
    await db
      .update(emailDeliveries)
      .set({ nextAttemptAt: "2000-01-01T00:00:00.000Z" })
      .where(eq(emailDeliveries.requestId, stored.id));
    // The cron runs through it too, without failing.
    const cron = createExecutionContext();
    await worker.scheduled!(
      { cron: "*/5 * * * *", scheduledTime: realTimeAt(testNow()), noRetry() {} },
      deployed,
      cron,
    );
    await waitOnExecutionContext(cron);

    expect(resend).not.toHaveBeenCalled();
    const kept = await deliveries();
    expect(kept).toHaveLength(2);
    for (const delivery of kept) {
      expect(delivery).toMatchObject({ status: "pending", attempts: 2 });
      expect(delivery.lastError).toContain(
        'SITE_URL ("insiderstays.example") is not an http(s) address',
      );
    }
  });
});
