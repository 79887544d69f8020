import { and, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES, bookingRequests, weeks } from "~/db/schema";
import { bookingState, isUndecided, MOVES } from "~/request-life/moves";
import { hasBegun, undecided, weekMayHaveBegun } from "~/request-life/rules.server";
import { addDays, localDate } from "~/weeks/calendar";
import { testApp } from "./helpers";

const { db } = testApp;

/** The zones furthest ahead of and behind UTC, and one on each side. */
const ZONES = ["Pacific/Kiritimati", "Indian/Maldives", "America/New_York", "Pacific/Pago_Pago"];

describe("the rules of a request's life, SQL and code side by side", () => {
  it("undecided: the database and the pages agree on every status", async () => {
    const prefix = `rules-${crypto.randomUUID().slice(0, 8)}`;
    // One a statement: D1 binds at most 100 values to one.
    for (const status of BOOKING_STATUSES) {
      await db.insert(bookingRequests).values({
        id: `${prefix}-${status}`,
        idempotencyKey: `${prefix}-${status}`,
        status,
        firstName: "Rule",
        lastName: "Check",
        email: "rules@example.com",
        phone: "+1 555 0100",
        checkInDate: "2030-01-05",
        checkOutDate: "2030-01-12",
        adults: 2,
        locationId: "nowhere",
        locationName: "Nowhere",
        locationCountry: "Nowhere",
        roomTypeId: "nowhere",
        roomTypeName: "Nowhere",
      });
    }
    const found = await db
      .select({ status: bookingRequests.status })
      .from(bookingRequests)
      .where(and(undecided, sql`${bookingRequests.id} like ${`${prefix}-%`}`));
    expect(found.map((row) => row.status).toSorted()).toEqual(
      BOOKING_STATUSES.filter(isUndecided).toSorted(),
    );
    // An undecided request is one its member may still withdraw, and every move's start is one.
    for (const status of BOOKING_STATUSES) {
      expect(bookingState({ status, waitlist: false }).open).toBe(isUndecided(status));
    }
    expect([...MOVES.withdraw.from].toSorted()).toEqual(
      BOOKING_STATUSES.filter(isUndecided).toSorted(),
    );
    await db.delete(bookingRequests).where(
      inArray(
        bookingRequests.id,
        BOOKING_STATUSES.map((status) => `${prefix}-${status}`),
      ),
    );
  });

  it("begun: every week begun at its resort is one the sweep's SQL finds, at any moment", async () => {
    const moments = ["2027-03-06T22:30:00Z", "2026-12-31T23:45:00Z", "2028-02-29T00:30:00Z"];
    const begun: string[] = [];
    const missed: string[] = [];
    for (const at of moments) {
      const now = new Date(at);
      for (const zone of ZONES) {
        const today = localDate(now, zone);
        for (const checkIn of [addDays(today, -1), today, addDays(today, 1)]) {
          if (!hasBegun(checkIn, zone, now)) continue;
          const [row] = await db
            .select({ found: sql<number>`1` })
            .from(sql`(select ${checkIn} as check_in) as ${weeks}`)
            .where(weekMayHaveBegun(now));
          begun.push(`${checkIn} in ${zone} at ${at}`);
          if (!row) missed.push(`${checkIn} in ${zone} at ${at}`);
        }
      }
    }
    expect(begun).toHaveLength(moments.length * ZONES.length * 2);
    expect(missed).toEqual([]);
  });

  it("the moves that let a week go: staff's declines, a withdrawal, a lapse, a passed offer and an unpaid stay", () => {
    // The table's moves that free a week name how; the rest keep it as it is.
    const freeing = Object.entries(MOVES).filter(([, move]) => "frees" in move);
    expect(freeing.map(([name]) => name).toSorted()).toEqual([
      "decline",
      "declineAndClose",
      "lapse",
      "pass",
      "paymentLapse",
      "withdraw",
    ]);
  });
});
