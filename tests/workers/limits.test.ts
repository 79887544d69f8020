import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import {
  agentApplications,
  bookingRequests,
  emailDeliveries,
  loginTokens,
  supportMessages,
} from "~/db/schema";
import { hitRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import { createUser, signIn } from "./auth-helpers";
import { BOT_CHECK, post, request, roomWithoutWeeks, uniqueEmail, visibleSeed } from "./helpers";
import { daysFromResortToday, testNow } from "./clock";
import { placeTimeZone } from "~/catalogue/time-zones";

/*
 * Every limit holds when many requests arrive at once from one address: exactly the limit is
 * accepted, the rest get 429 with Retry-After. And what a sender gets back by e-mail never carries
 * their own words (the request forms must not relay spam from our address).
 */

const db = createDb(env.DB);
/** How many requests past its limit each burst sends: enough to show the rest are refused. */
const PAST_THE_LIMIT = 15;
const location = visibleSeed.find((candidate) => candidate.roomTypes.length > 0)!;
// Many forms ask for the same nights: a room no week of which holds them.
const { id: roomTypeId } = roomWithoutWeeks(location, 0);

const randomHextet = () => crypto.randomUUID().slice(0, 4);

/** An address no other test uses (nor any in its /64). */
const uniqueIp = () => `2001:db8:${randomHextet()}:${randomHextet()}::1`;

/** The fields each request form needs to be stored, with a marker to find its rows by. */
const FORMS = {
  contact: (marker: string) => ({
    firstName: "Sam",
    lastName: marker,
    email: uniqueEmail("limit"),
    phone: "555-0199",
    message: "Is the Maui villa free in May?",
  }),
  agents: (marker: string) => ({
    firstName: "Ada",
    lastName: marker,
    email: uniqueEmail("limit"),
    phone: "+1 555 0100",
    isCurrentAgent: "no",
    currentOccupation: "Teacher",
    whyThrive: "I have planned group trips for twenty years and my friends ask me first.",
  }),
  book: (marker: string) => ({
    location: location.slug,
    roomType: roomTypeId,
    firstName: "Ana",
    lastName: marker,
    email: uniqueEmail("limit"),
    phone: "+1 555 0100",
    checkInDate: daysFromResortToday(placeTimeZone(location), 30),
    checkOutDate: daysFromResortToday(placeTimeZone(location), 37),
    adults: "2",
    children: "0",
    infants: "0",
  }),
};

const storedWith = {
  contact: (marker: string) => db.$count(supportMessages, eq(supportMessages.lastName, marker)),
  agents: (marker: string) => db.$count(agentApplications, eq(agentApplications.lastName, marker)),
  book: (marker: string) => db.$count(bookingRequests, eq(bookingRequests.lastName, marker)),
};

function formPost(path: string, fields: Record<string, string>, ip: string, cookie?: string) {
  return post(path, { ...fields, idempotencyKey: crypto.randomUUID(), ...BOT_CHECK }, cookie, {
    "CF-Connecting-IP": ip,
  });
}

function jsonPost(path: string, body: Record<string, string>, ip: string) {
  return request(path, {
    method: "POST",
    body: JSON.stringify({ ...body, idempotencyKey: crypto.randomUUID(), ...BOT_CHECK }),
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
  });
}

/** Sends `limit` + PAST_THE_LIMIT requests at once and sorts the answers by status. */
async function burst(limit: number, send: (index: number) => Promise<Response>) {
  const responses = await Promise.all(
    Array.from({ length: limit + PAST_THE_LIMIT }, (_, index) => send(index)),
  );
  const limited = responses.filter((response) => response.status === 429);
  const accepted = responses.filter((response) => response.status !== 429);
  return { responses, limited, accepted };
}

/** Each refused answer says when to come back, within the rule's window. */
function expectRetryAfter(limited: Response[], windowSeconds: number) {
  for (const response of limited) {
    const seconds = Number(response.headers.get("Retry-After"));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(windowSeconds);
  }
}

describe("a rate-limit counter", () => {
  it("gives each of 200 simultaneous calls its own count", async () => {
    const SIMULTANEOUS = 200;
    const subject = uniqueIp();
    const rule = { name: "test-burst", limit: 20, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: SIMULTANEOUS }, () =>
        hitRateLimit(db, rule, subject, testNow().getTime()),
      ),
    );
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: SIMULTANEOUS }, (_, index) => index + 1),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(20);
  });

  it("starts a new window at the first call after the last one ended", async () => {
    const subject = uniqueIp();
    const rule = { name: "test-window", limit: 2, windowSeconds: 60 };
    const start = testNow().getTime();
    expect((await hitRateLimit(db, rule, subject, start)).count).toBe(1);
    expect(await hitRateLimit(db, rule, subject, start + 59_000)).toMatchObject({
      count: 2,
      allowed: true,
      retryAfterSeconds: 1,
    });
    expect(await hitRateLimit(db, rule, subject, start + 59_500)).toMatchObject({
      count: 3,
      allowed: false,
    });
    expect(await hitRateLimit(db, rule, subject, start + 60_000)).toMatchObject({
      count: 1,
      allowed: true,
      retryAfterSeconds: 60,
    });
  });
});

describe("more requests than the limit at once from one address", () => {
  const { limit, windowSeconds } = RATE_LIMITS.requestFormsPerIp;

  it.each(["contact", "agents", "book"] as const)(
    "to /%s (form posts): exactly the limit is stored, the rest get 429 with Retry-After",
    async (page) => {
      const ip = uniqueIp();
      const marker = `Burst${crypto.randomUUID().slice(0, 8)}`;
      // A member each: a member may ask only once for the same room and dates.
      const cookies =
        page === "book"
          ? await Promise.all(
              Array.from({ length: limit + PAST_THE_LIMIT }, async () =>
                signIn((await createUser()).id),
              ),
            )
          : [];
      const path = page === "book" ? `/book?location=${location.slug}` : `/${page}`;
      const { limited, accepted } = await burst(limit, (index) =>
        formPost(path, FORMS[page](marker), ip, cookies[index]),
      );

      expect(accepted).toHaveLength(limit);
      expect(limited).toHaveLength(PAST_THE_LIMIT);
      expect(await storedWith[page](marker)).toBe(limit);
      expectRetryAfter(limited, windowSeconds);
      expect(await limited[0]!.text()).toContain(
        "Too many requests. Please wait a few minutes and try again.",
      );
    },
    60_000,
  );

  it.each([
    ["/api/send-support-message", "contact"],
    ["/api/send-agent-application", "agents"],
  ] as const)(
    "to %s: exactly the limit is stored, the rest get 429 with Retry-After",
    async (path, form) => {
      const ip = uniqueIp();
      const marker = `Burst${crypto.randomUUID().slice(0, 8)}`;
      const { limited, accepted } = await burst(limit, () =>
        jsonPost(path, FORMS[form](marker), ip),
      );

      expect(accepted.map((response) => response.status)).toEqual(Array(limit).fill(201));
      expect(limited).toHaveLength(PAST_THE_LIMIT);
      expect(await storedWith[form](marker)).toBe(limit);
      expectRetryAfter(limited, windowSeconds);
      expect(await limited[0]!.json()).toEqual({
        success: false,
        message: "Too many requests. Please wait a few minutes and try again.",
      });
    },
    60_000,
  );

  it("from a new IPv6 address each time, all in one /64 (one subscriber's network): counted as one address", async () => {
    const network = uniqueIp().replace(/::1$/, "");
    const marker = `Burst${crypto.randomUUID().slice(0, 8)}`;
    const { limited, accepted } = await burst(limit, () =>
      formPost(
        "/contact",
        FORMS.contact(marker),
        `${network}:${randomHextet()}:${randomHextet()}::1`,
      ),
    );

    expect(accepted).toHaveLength(limit);
    expect(limited).toHaveLength(PAST_THE_LIMIT);
    expect(await storedWith.contact(marker)).toBe(limit);
  }, 60_000);

  it("to /login: exactly 10 sign-in links are issued, the rest get 429 with Retry-After", async () => {
    const ip = uniqueIp();
    const emails: string[] = [];
    const rule = RATE_LIMITS.magicLinkPerIp;
    const { limited, accepted } = await burst(rule.limit, () => {
      const email = uniqueEmail("burst");
      emails.push(email);
      return post(
        "/login",
        { email, dest: "/members", variant: "login", ...BOT_CHECK },
        undefined,
        { "CF-Connecting-IP": ip },
      );
    });

    expect(accepted.map((response) => response.status)).toEqual(Array(rule.limit).fill(200));
    expect(limited).toHaveLength(PAST_THE_LIMIT);
    expectRetryAfter(limited, rule.windowSeconds);
    let issued = 0;
    for (let start = 0; start < emails.length; start += 50) {
      issued += await db.$count(
        loginTokens,
        inArray(loginTokens.email, emails.slice(start, start + 50)),
      );
    }
    expect(issued).toBe(rule.limit);
  }, 60_000);

  it("to an admin page: exactly 50 admin checks pass, the rest get 429 with Retry-After", async () => {
    const admin = await createUser("admin");
    const cookie = await signIn(admin.id);
    const rule = RATE_LIMITS.adminCheck;
    const { limited, accepted } = await burst(rule.limit, () =>
      request("/admin/overview", { headers: { Cookie: cookie } }),
    );

    expect(accepted.map((response) => response.status)).toEqual(Array(rule.limit).fill(200));
    expect(limited).toHaveLength(PAST_THE_LIMIT);
    expectRetryAfter(limited, rule.windowSeconds);
  }, 60_000);
});

describe("receipts to the sender", () => {
  it.each([
    ["/contact", "contact", supportMessages],
    ["/agents", "agents", agentApplications],
  ] as const)(
    "%s from a visitor: mailed to staff only, never to the address typed",
    async (path, form, table) => {
      const marker = `Visitor${crypto.randomUUID().slice(0, 8)}`;
      const response = await formPost(
        path,
        { ...FORMS[form](marker), email: `stranger-${marker}@example.com` },
        uniqueIp(),
      );
      expect(response.status).toBe(200);
      const [row] = await db.select({ id: table.id }).from(table).where(eq(table.lastName, marker));
      const recipients = await db
        .select({ to: emailDeliveries.to })
        .from(emailDeliveries)
        .where(eq(emailDeliveries.requestId, row!.id));
      expect(recipients).toEqual([{ to: env.STAFF_EMAIL }]);
    },
  );

  const SPAM = "Win a prize at https://spam.example/claim";

  /** The receipt (the e-mail not to staff) queued for the request with this marker. */
  async function receiptFor(
    table: typeof supportMessages | typeof agentApplications | typeof bookingRequests,
    marker: string,
  ) {
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.lastName, marker));
    expect(row).toBeDefined();
    const emails = await db
      .select()
      .from(emailDeliveries)
      .where(eq(emailDeliveries.requestId, row!.id));
    const staff = emails.find((email) => email.to === env.STAFF_EMAIL)!;
    const receipt = emails.find((email) => email.to !== env.STAFF_EMAIL)!;
    return { staff, receipt, id: row!.id };
  }

  it.each([
    ["/contact", "contact", supportMessages, { firstName: SPAM, message: SPAM }],
    [
      "/agents",
      "agents",
      agentApplications,
      {
        firstName: SPAM,
        currentOccupation: SPAM,
        whyThrive: `${SPAM}, and I have planned trips for years.`,
      },
    ],
    [
      "/book",
      "book",
      bookingRequests,
      { firstName: SPAM, specialRequests: SPAM, referralCode: "SPAM1" },
    ],
  ] as const)(
    "%s: a fixed text naming the request, never the sender's own words",
    async (path, form, table, spam) => {
      const marker = `Receipt${crypto.randomUUID().slice(0, 8)}`;
      // Only a signed-in sender gets a receipt: the site mails no address a visitor typed.
      const cookie = await signIn((await createUser()).id);
      const target = form === "book" ? `/book?location=${location.slug}` : path;
      const response = await formPost(
        target,
        { ...FORMS[form](marker), ...spam },
        uniqueIp(),
        cookie,
      );
      expect([200, 302]).toContain(response.status);

      const { staff, receipt, id } = await receiptFor(table, marker);
      // Staff read everything the sender wrote.
      expect(staff.text).toContain(SPAM);
      for (const part of [receipt.subject, receipt.text, receipt.html]) {
        expect(part).not.toContain("spam.example");
        expect(part).not.toContain(marker);
        expect(part).not.toContain("SPAM1");
      }
      expect(receipt.text).toContain(id);
    },
  );
});
