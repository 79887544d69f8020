import { test as setup } from "@playwright/test";
import { getPlatformProxy } from "wrangler";
import { invalidateLocationCaches } from "../../app/lib/cache.server";
import { rasterize } from "../../scripts/seed/raster";
import { roomTypeId, seedCatalogue, type SeedBindings } from "../../scripts/seed/seed";
import { hardCases, longNames } from "./support/hard-cases";
import { E2E_PERSIST_DIR } from "./support/server";
import { seedLocations } from "../../scripts/seed/data";
import { addDays, todayUtc } from "../../app/weeks/calendar";
import { COUNTRIES, US_STATES } from "../../app/catalogue/places";
import { searchMonths } from "../../app/weeks/month";
import { HOLD_HOURS } from "../../app/weeks/week";
import { daysFromResortToday, testNow } from "./support/clock";
import {
  LAYOUT_ACCOUNTS,
  LAYOUT_CHECKOUT,
  LAYOUT_HELD_WEEKS,
  LAYOUT_REQUESTS,
  LAYOUT_ROOM,
} from "./support/layout-pages";

// The running test server's D1, R2 and KV, reached through wrangler's platform proxy on the same
// local state; the cleared list cache makes the new locations show at once. Their pictures are
// raster photos in sized variants, like the rest of the seed and like an upload.
setup("seed the layout guard's hard cases", async () => {
  // The pictures are normally written already (./support/hard-case-pictures.ts); on a server
  // started by hand they are rendered here: about 60, each in every width and format.
  setup.setTimeout(300_000);
  const proxy = await getPlatformProxy<SeedBindings & { CACHE: KVNamespace }>({
    configPath: "wrangler.toml",
    persist: { path: `${E2E_PERSIST_DIR}/v3` },
  });
  try {
    await seedCatalogue(proxy.env, hardCases, { rasterize });
    await storeLayoutRequests(proxy.env.DB);
    await storeLayoutCheckout(proxy.env.DB);
    await storeLayoutHolds(proxy.env.DB);
    await storeLayoutAlert(proxy.env.DB);
    await storeLayoutDemand(proxy.env.DB);
    await invalidateLocationCaches(proxy.env.CACHE);
  } finally {
    // oxlint-disable-next-line epic-web/no-manual-dispose -- the platform proxy has no Symbol.asyncDispose
    await proxy.dispose();
  }
});

/**
 * The layout member's requests for the guard's request pages, one per state worth seeing, with
 * long text where a person can write it. Stored again (replaced) on every run.
 */
async function storeLayoutRequests(db: D1Database) {
  const member = await db
    .prepare("SELECT id FROM users WHERE email = ?")
    .bind(LAYOUT_ACCOUNTS.member!.email)
    .first<{ id: string }>();
  if (!member) throw new Error("The layout member is stored by the global setup first");
  const location = seedLocations.find((candidate) => !candidate.hidden)!;
  const checkIn = daysFromResortToday(location, 90);
  const checkOut = daysFromResortToday(location, 97);
  const now = testNow().toISOString();
  const rows = [
    { id: LAYOUT_REQUESTS.offered, status: "offered", waitlist: 1, note: null },
    {
      id: LAYOUT_REQUESTS.confirmed,
      status: "confirmed",
      waitlist: 0,
      note: "Your suite is on the top floor, facing the ocean. ".repeat(12).trim(),
    },
    {
      id: LAYOUT_REQUESTS.paid,
      status: "paid",
      waitlist: 0,
      note: null,
    },
    {
      id: LAYOUT_REQUESTS.declined,
      status: "declined",
      waitlist: 0,
      note: "The resort has closed this unit for maintenance that week. ".repeat(8).trim(),
    },
  ];
  await db.batch(
    rows.flatMap((row) => [
      db
        .prepare(
          `INSERT OR REPLACE INTO booking_requests (id, idempotency_key, status, user_id, first_name,
            last_name, email, phone, check_in_date, check_out_date, adults, children, infants,
            location_id, location_name, location_city, location_state, location_country,
            room_type_id, room_type_name, room_type_price, week_rate, estimated_total, waitlist,
            special_requests, staff_note, created_at, changed_at, amount_due, pay_by)
          VALUES (?, ?, ?, ?, 'Maximiliana', 'Featherstonehaugh-Wolfeschlegelstein', ?, '+1 555 0100',
            ?, ?, 2, 1, 1, ?, ?, ?, ?, ?, ?, ?, 2450, 2450, 3180.5, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          row.id,
          row.id,
          row.status,
          member.id,
          LAYOUT_ACCOUNTS.member!.email,
          checkIn,
          checkOut,
          location.id,
          location.name,
          location.city ?? null,
          location.state ?? null,
          location.country,
          roomTypeId(location, 0),
          location.roomTypes[0]!.name,
          row.waitlist,
          "A quiet room away from the elevator, please; we arrive late on the first night. "
            .repeat(6)
            .trim(),
          row.note,
          now,
          now,
          // A confirmed stay awaits its payment, for three days.
          row.status === "confirmed" || row.status === "paid" ? 3180.5 : null,
          row.status === "confirmed"
            ? new Date(testNow().getTime() + 72 * 3_600_000).toISOString()
            : null,
        ),
      db
        .prepare(
          "INSERT OR REPLACE INTO booking_request_events (id, request_id, event, actor, created_at) VALUES (?, ?, ?, ?, ?)",
        )
        .bind(`${row.id}:${row.status}`, row.id, row.status, null, now),
    ]),
  );
}

/** A local checkout's session for the confirmed request, its lines as long as names make them. */
async function storeLayoutCheckout(db: D1Database) {
  const location = seedLocations.find((candidate) => !candidate.hidden)!;
  const line = (name: string, cents: number) => ({
    quantity: 1,
    price_data: { currency: "usd", unit_amount: cents, product_data: { name } },
  });
  const stay = `${location.name}, ${location.roomTypes[0]!.name}: Sat, Mar 6, 2027 to Sat, Mar 13, 2027`;
  const params = {
    mode: "payment",
    line_items: [
      line(`${stay} (weekly rate)`, 245_000),
      line("Resort and amenities fee (US$45.50 × 7 nights)", 31_850),
      line("Transient accommodations tax (US$58.50 × 7 nights)", 40_950),
    ],
    customer_email: LAYOUT_ACCOUNTS.member!.email,
    metadata: { requestId: LAYOUT_REQUESTS.confirmed },
    success_url: `/members/requests/${LAYOUT_REQUESTS.confirmed}?paid`,
    cancel_url: `/members/requests/${LAYOUT_REQUESTS.confirmed}/pay`,
  };
  await db
    .prepare(
      `INSERT OR REPLACE INTO dev_checkout_sessions (id, request_id, params, status, payment_intent, expires_at)
      VALUES (?, ?, ?, 'open', 'pi_local_layout', ?)`,
    )
    .bind(
      LAYOUT_CHECKOUT,
      LAYOUT_REQUESTS.confirmed,
      JSON.stringify(params),
      new Date(testNow().getTime() + 24 * 3_600_000).toISOString(),
    )
    .run();
}

/**
 * Other members' holds on the layout room's weeks (LAYOUT_HELD_WEEKS), each with its members
 * waiting, as requests leave them: the week `requested` by its holder's request, the waiting ones
 * on its waitlist. Stored again (replaced) on every run.
 */
async function storeLayoutHolds(db: D1Database) {
  const { location, id: roomId } = LAYOUT_ROOM;
  const now = testNow();
  const heldUntil = new Date(now.getTime() + HOLD_HOURS * 3_600_000).toISOString();
  const request = (id: string, checkIn: string, waitlist: boolean) =>
    db
      .prepare(
        `INSERT OR REPLACE INTO booking_requests (id, idempotency_key, status, first_name,
          last_name, email, phone, check_in_date, check_out_date, adults, location_id,
          location_name, location_country, room_type_id, room_type_name, week_id, waitlist,
          created_at, changed_at)
        VALUES (?, ?, 'new', 'Holly', 'Holder', ?, '+1 555 0101', ?, ?, 2, ?, ?, ?, ?, ?,
          (SELECT id FROM weeks WHERE room_type_id = ? AND check_in = ?), ?, ?, ?)`,
      )
      .bind(
        id,
        id,
        `${id}@example.com`,
        checkIn,
        addDays(checkIn, 7),
        location.id,
        location.name,
        location.country,
        roomId,
        location.roomTypes[1]!.name,
        roomId,
        checkIn,
        waitlist ? 1 : 0,
        now.toISOString(),
        now.toISOString(),
      );
  await db.batch(
    LAYOUT_HELD_WEEKS.flatMap(({ checkIn, waiting }) => {
      const holder = `layout-hold-${checkIn}`;
      return [
        request(holder, checkIn, false),
        ...Array.from({ length: waiting }, (_, index) =>
          request(`layout-wait-${checkIn}-${index + 1}`, checkIn, true),
        ),
        db
          .prepare(
            `UPDATE weeks SET state = 'requested', request_id = ?, held_until = ?
            WHERE room_type_id = ? AND check_in = ? AND state IN ('open', 'requested')`,
          )
          .bind(holder, heldUntil, roomId, checkIn),
      ];
    }),
  );
}

/**
 * A week alert of the layout member's for /members: a search's words at their longest (one
 * unbroken word of 100 characters), a place and a price in euros. Stored again on every run.
 */
async function storeLayoutAlert(db: D1Database) {
  const location = seedLocations.find((candidate) => !candidate.hidden)!;
  const words = "Oceanfront".repeat(10);
  await db
    .prepare(
      `INSERT OR REPLACE INTO saved_searches (id, user_id, month, country, q, q_match, guests,
        max_price, currency, criteria)
      SELECT 'layout-alert', id, ?, ?, ?, ?, 4, 2500, 'EUR', 'layout alert' FROM users WHERE email = ?`,
    )
    .bind(
      daysFromResortToday(location, 90).slice(0, 7),
      location.country,
      words,
      `"${words.toLowerCase()}"*`,
      LAYOUT_ACCOUNTS.member!.email,
    )
    .run();
}

/**
 * Demand for /admin/demand at its fullest: requests that ended or wait (none holds a week or
 * awaits payment) at the long-named resort in every month of the window, and at a dozen seeded
 * resorts (a full top list); alerts and empty searches in every country and a dozen states (more
 * places than the chart draws). Stored again (replaced) on every run; none is on a member's page,
 * and all were sent a month ago, after the inbox's first page.
 */
async function storeLayoutDemand(db: D1Database) {
  const months = searchMonths(todayUtc(testNow())).map(({ value }) => value);
  const statuses = [
    ["declined", 0],
    ["paid", 0],
    ["lapsed", 0],
    ["new", 0],
    ["passed", 1],
    ["closed", 1],
    ["withdrawn", 0],
    ["payment-lapsed", 0],
  ] as const;
  const resorts = [longNames, ...seedLocations.filter((location) => !location.hidden).slice(0, 12)];
  const request = db.prepare(
    `INSERT OR REPLACE INTO booking_requests (id, idempotency_key, status, first_name, last_name,
      email, phone, check_in_date, check_out_date, adults, location_id, location_name,
      location_city, location_state, location_country, room_type_id, room_type_name, waitlist,
      created_at)
    VALUES (?1, ?1, ?2, 'Dee', 'Mand', 'layout-demand@example.com', '+1 555 0102', ?3, ?4, 2, ?5,
      ?6, ?7, ?8, ?9, ?10, 'Suite', ?11, ?12)`,
  );
  // Sent a month ago: the staff inbox's first page stays the layout requests' (newest first).
  const sent = new Date(testNow().getTime() - 30 * 24 * 3_600_000).toISOString();
  const requests = resorts.flatMap((resort, resortIndex) =>
    (resortIndex === 0 ? months : months.slice(resortIndex % 6, (resortIndex % 6) + 2)).flatMap(
      (month, monthIndex) =>
        Array.from({ length: ((monthIndex * 7 + resortIndex * 3) % 11) + 2 }, (_, index) => {
          const [status, waitlist] = statuses[(index + monthIndex) % statuses.length]!;
          const checkIn = `${month}-${String((index % 20) + 5).padStart(2, "0")}`;
          return request.bind(
            `layout-demand-${resort.id}-${month}-${index}`,
            status,
            checkIn,
            addDays(checkIn, 7),
            resort.id,
            resort.name,
            resort.city ?? null,
            resort.state ?? null,
            resort.country,
            roomTypeId(resort, 0),
            waitlist,
            sent,
          );
        }),
    ),
  );
  const places = [
    ...COUNTRIES.map((country) => ({ country, state: null })),
    ...US_STATES.slice(0, 12).map((state) => ({ country: "United States", state })),
    { country: null, state: null },
  ];
  // The alerts are a watcher's of their own, not on the layout member's page.
  const watcher = db.prepare(
    "INSERT OR IGNORE INTO users (id, email, role) VALUES ('layout-demand-watcher', 'layout-demand-watcher@example.com', 'member')",
  );
  const alert = db.prepare(
    `INSERT OR REPLACE INTO saved_searches (id, user_id, month, country, state, guests, criteria,
      alerted_at)
    VALUES (?1, 'layout-demand-watcher', ?2, ?3, ?4, ?5, ?1, ?6)`,
  );
  const search = db.prepare(
    `INSERT OR REPLACE INTO empty_month_searches (month, country, state, city, guests, searches)
    VALUES (?, ?, ?, '', ?, ?)`,
  );
  const placed = places.flatMap((place, index) => [
    alert.bind(
      `layout-demand-alert-${index}`,
      months[index % months.length]!,
      place.country,
      place.state,
      (index % 6) + 1,
      index % 3 === 0 ? testNow().toISOString() : null,
    ),
    search.bind(
      months[(index * 5) % months.length]!,
      place.country ?? "",
      place.state ?? "",
      (index % 8) + 1,
      ((index * 13) % 40) + 1,
    ),
  ]);
  const statements = [watcher, ...requests, ...placed];
  // D1 takes a batch of at most a few hundred statements at a time.
  for (let start = 0; start < statements.length; start += 200) {
    await db.batch(statements.slice(start, start + 200));
  }
}
