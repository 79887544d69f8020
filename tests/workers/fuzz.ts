import { env } from "cloudflare:workers";
import { afterAll, beforeAll, vi } from "vitest";
import { readAdminSignIn } from "~/accounts/admin-sign-in.server";
import { createUser, signIn } from "./auth-helpers";
import { BOT_CHECK, cookiePair, ORIGIN, request, toastOf, visibleSeed } from "./helpers";

/*
 * The fuzz suite's cases and runner (tests/workers/fuzz-*.test.ts, two files so they run side by
 * side). Hostile input everywhere: paths and slugs, query strings, form and JSON bodies of wrong types
 * and sizes, content types and uploads, as a visitor, a member and an admin. Whatever arrives,
 * the answer is never a 5xx, and a refused request (4xx) leaves no row behind.
 *
 * Nothing here uses a real id for a destructive intent: the seed is shared with other files.
 */

const HOSTILE_STRINGS = [
  "",
  " ",
  "x".repeat(100_000),
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "\u0000",
  "%00",
  "%",
  "%ff",
  "../../etc/passwd",
  "😀".repeat(2000),
  "1e309",
  "-1",
  "99999999999999999999",
  "NaN",
  "null",
  "[object Object]",
  "\u202egnp.exe",
  "javascript:alert(1)",
  "\r\nSet-Cookie: evil=1",
  "2099-99-99",
  "0000-00-00",
  // Full-text query syntax.
  '"',
  "*",
  "NEAR(a b, 2) OR name:x NOT (y)",
  "a".repeat(60) + "*",
];

/** Values of the wrong type for a JSON body's fields. */
const WRONG_JSON_VALUES: unknown[] = [
  null,
  123,
  -Number.MAX_VALUE,
  true,
  [],
  ["a", "b"],
  {},
  { nested: { deeper: [1, 2, 3] } },
  "x".repeat(300_000),
];

/**
 * The tables a request may write to: a refused request must leave all of them as they were.
 * Not counted: `rate_limits` (refusals are counted there on purpose), `sessions` (a member refused
 * an admin page is signed out on purpose) and `outbox_emails` (written after an earlier request's
 * response, in the background).
 */
const TABLES = [
  "locations",
  "room_types",
  "images",
  "users",
  "login_tokens",
  "totp_factors",
  "booking_requests",
  "agent_applications",
  "support_messages",
  "email_deliveries",
  "audit_events",
];

async function rowCounts() {
  const row = await env.DB.prepare(
    `SELECT ${TABLES.map((table) => `(SELECT count(*) FROM ${table}) AS ${table}`).join(", ")}`,
  ).first<Record<string, number>>();
  return row!;
}

export type Role = "visitor" | "member" | "admin";

/** Signed-in cookies, a fresh admin every 40 admin requests (the admin check allows 50 a minute). */
const sessions = {
  member: null as string | null,
  admin: null as string | null,
  adminUses: 0,
};

/** The role's cookie, and whether getting it wrote rows (a new account). */
async function cookieFor(role: Role): Promise<{ cookie: string | null; wrote: boolean }> {
  if (role === "visitor") return { cookie: null, wrote: false };
  if (role === "member") {
    const wrote = !sessions.member;
    sessions.member ??= await signIn((await createUser("member")).id);
    return { cookie: sessions.member, wrote };
  }
  const wrote = !sessions.admin || sessions.adminUses >= 40;
  if (wrote) {
    sessions.admin = await signIn((await createUser("admin")).id);
    sessions.adminUses = 0;
  }
  sessions.adminUses += 1;
  return { cookie: sessions.admin, wrote };
}

export interface Case {
  label: string;
  method: string;
  path: string;
  body?: BodyInit | null;
  headers?: Record<string, string>;
}

/** How a run's refusals came: answered with a redirect (forms without JavaScript), also checked for rows. */
export interface FuzzStats {
  redirectRefusals: number;
}

/**
 * A refused request: a 4xx, or (forms without JavaScript) a redirect back with an error toast or
 * with the admin sign-in screen's error, read as the next page reads them.
 */
async function isRefusal(response: Response) {
  if (response.status >= 400) return true;
  if (response.status < 300 || response.status >= 400) return false;
  if ((await toastOf(response))?.type === "error") return true;
  const cookies = response.headers.getSetCookie().map(cookiePair);
  const next = new Request(ORIGIN, { headers: { Cookie: cookies.join("; ") } });
  return (await readAdminSignIn({ env }, next)).outcome?.result.status === "error";
}

/** Sends each case as `role`; returns the ones answered with a 5xx or leaving rows after a refusal. */
export async function run(cases: Case[], role: Role, stats: FuzzStats) {
  const failures: string[] = [];
  // The counts after a refusal are the next request's before: nothing else writes in between.
  let counted: Awaited<ReturnType<typeof rowCounts>> | null = null;
  for (const testCase of cases) {
    const { cookie, wrote } = await cookieFor(role);
    const before = counted && !wrote ? counted : await rowCounts();
    counted = null;
    const response = await request(testCase.path, {
      method: testCase.method,
      body: testCase.body ?? null,
      headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}), ...testCase.headers },
      redirect: "manual",
    });
    await response.arrayBuffer();
    const what = `${role} ${testCase.method} ${testCase.path.slice(0, 80)} (${testCase.label}): ${response.status}`;
    if (response.status >= 500) {
      failures.push(what);
      continue;
    }
    if (await isRefusal(response)) {
      if (response.status < 400) stats.redirectRefusals += 1;
      const after = (counted = await rowCounts());
      const changed = TABLES.filter((table) => after[table] !== before[table]);
      if (changed.length > 0) failures.push(`${what} left rows in ${changed.join(", ")}`);
    }
  }
  return failures;
}

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});
export const json = (value: unknown) => ({
  body: JSON.stringify(value),
  headers: { "Content-Type": "application/json" },
});

/** Every kind of body a client could send to a POST endpoint, given the fields it reads. */
/** A body sent in 64 KB chunks with no Content-Length: its size is known only as it arrives. */
function chunked(text: string) {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, (at += 65_536)));
    },
  });
}

export function bodies(fields: string[], fixed: Record<string, string> = {}) {
  const cases: Omit<Case, "method" | "path">[] = [
    { label: "no body, no type" },
    { label: "empty form", ...form({}) },
    { label: "text/plain", body: "intent=x", headers: { "Content-Type": "text/plain" } },
    {
      label: "odd charset",
      ...form(fixed),
      headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-16" },
    },
    {
      label: "bad multipart",
      body: "--nope\r\n\r\n",
      headers: { "Content-Type": "multipart/form-data; boundary=other" },
    },
    {
      label: "multipart without boundary",
      body: "x",
      headers: { "Content-Type": "multipart/form-data" },
    },
    { label: "xml", body: "<a/>", headers: { "Content-Type": "application/xml" } },
    { label: "invalid json", body: "{", headers: { "Content-Type": "application/json" } },
    { label: "json array", ...json([1, 2]) },
    { label: "json null", ...json(null) },
    { label: "json string", ...json("hello") },
    { label: "json object", ...json({ ...fixed }) },
    {
      label: "2 MB form",
      body: `a=${"x".repeat(2_000_000)}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    },
    {
      label: "2 MB form in chunks, no length",
      body: chunked(`a=${"x".repeat(2_000_000)}`),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    },
    {
      label: "2 MB JSON in chunks, no length",
      body: chunked(JSON.stringify({ a: "x".repeat(2_000_000) })),
      headers: { "Content-Type": "application/json" },
    },
    {
      label: "declared 1 GB",
      body: "a=1",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": "1000000000",
      },
    },
    {
      label: "repeated keys",
      body: [...fields, ...Object.keys(fixed)]
        .flatMap((field) => [`${field}=a`, `${field}=b`])
        .join("&"),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    },
  ];
  for (const value of HOSTILE_STRINGS) {
    const all = Object.fromEntries(fields.map((field) => [field, value]));
    cases.push({
      label: `form ${JSON.stringify(value.slice(0, 12))}`,
      ...form({ ...all, ...fixed }),
    });
  }
  for (const value of WRONG_JSON_VALUES) {
    const all = Object.fromEntries(fields.map((field) => [field, value]));
    cases.push({
      label: `json ${JSON.stringify(value)?.slice(0, 12)}`,
      ...json({ ...all, ...fixed }),
    });
  }
  return cases;
}

const SENDER = ["firstName", "lastName", "email", "phone", "idempotencyKey"];
export const location = visibleSeed.find((candidate) => candidate.roomTypes.length > 0)!;

/** Each endpoint that takes a POST, the fields it reads and what fixes the rest. */
export const POST_ENDPOINTS: {
  path: string;
  fields: string[];
  fixed?: Record<string, string>;
  roles: Role[];
}[] = [
  {
    path: "/login",
    fields: ["email", "dest", "variant", "cf-turnstile-response"],
    roles: ["visitor"],
  },
  { path: "/auth/callback", fields: ["token", "dest"], roles: ["visitor"] },
  { path: "/auth/verify", fields: ["code", "dest"], roles: ["member"] },
  { path: "/account/security", fields: ["intent", "code", "factorId"], roles: ["member"] },
  { path: "/logout", fields: ["intent"], roles: ["visitor"] },
  // A member's request page: withdraw, or take up an offer (this id is nobody's: refused as such).
  { path: "/members/requests/fuzz-no-such-request", fields: ["intent"], roles: ["member"] },
  // Week alerts: save the list's search or remove one; stop one from its e-mail's link.
  {
    path: "/members/alerts",
    fields: ["intent", "month", "q", "country", "guests", "maxPrice", "currency", "alertId"],
    roles: ["member"],
  },
  { path: "/alerts/stop?token=fuzz", fields: ["List-Unsubscribe"], roles: ["visitor"] },
  {
    path: `/book?location=${location.slug}`,
    fields: [
      ...SENDER,
      "location",
      "roomType",
      "checkInDate",
      "checkOutDate",
      "adults",
      "children",
      "infants",
      "specialRequests",
      "referralCode",
    ],
    fixed: BOT_CHECK,
    roles: ["member"],
  },
  {
    path: "/agents",
    fields: [...SENDER, "isCurrentAgent", "currentOccupation", "whyThrive"],
    fixed: BOT_CHECK,
    roles: ["visitor"],
  },
  {
    path: "/contact",
    fields: [...SENDER, "message"],
    fixed: BOT_CHECK,
    roles: ["visitor", "member"],
  },
  {
    path: "/api/send-agent-application",
    fields: [...SENDER, "isCurrentAgent", "currentOccupation", "whyThrive"],
    fixed: BOT_CHECK,
    roles: ["visitor"],
  },
  {
    path: "/api/send-support-message",
    fields: [...SENDER, "message"],
    fixed: BOT_CHECK,
    roles: ["visitor"],
  },
  {
    path: "/api/manage-users",
    fields: ["action", "email", "redirectTo"],
    roles: ["admin", "member"],
  },
  {
    path: "/admin",
    fields: [
      "intent",
      "locationId",
      "roomTypeId",
      "name",
      "slug",
      "minimum_nights",
      "country",
      "confirmed",
    ],
    fixed: { locationId: "no-such-location" },
    roles: ["admin", "visitor"],
  },
  {
    path: "/admin",
    fields: ["intent", "locationId", "roomTypeId", "direction", "draggedId", "targetId"],
    fixed: { intent: "move-room-type", locationId: "no-such-location" },
    roles: ["admin"],
  },
  { path: "/admin/featured", fields: ["intent", "ids", "id", "direction"], roles: ["admin"] },
  {
    path: "/admin/requests",
    fields: ["intent", "kind", "id", "status"],
    fixed: { id: "no-such-request" },
    roles: ["admin"],
  },
  {
    path: "/admin/users",
    fields: ["intent", "email", "userId", "confirmed"],
    fixed: { userId: "no-such-user" },
    roles: ["admin"],
  },
  { path: "/admin/rate-limits", fields: ["intent"], roles: ["admin"] },
  {
    path: "/admin/images",
    fields: [
      "intent",
      "locationId",
      "roomTypeId",
      "kind",
      "imageId",
      "draggedId",
      "targetId",
      "redirectTo",
      "_format",
    ],
    fixed: { locationId: "no-such-location", imageId: "no-such-image" },
    roles: ["admin"],
  },
];

const HOSTILE_SEGMENTS = [
  "%",
  "%ff",
  "%00",
  "..%2f..%2fetc%2fpasswd",
  "%2e%2e",
  encodeURIComponent("<script>alert(1)</script>"),
  encodeURIComponent("' OR 1=1 --"),
  "x".repeat(5000),
  encodeURIComponent("😀".repeat(300)),
  "UPPER-Case",
  "-",
  "a.data",
  "1e309",
];

/** Pages with hostile paths and query strings. */
export function getCases(): Case[] {
  const paths = [
    ...HOSTILE_SEGMENTS.flatMap((segment) => [
      `/locations/${segment}`,
      `/locations/${segment}.data`,
      `/images/${segment}`,
      `/images/resort/${segment}/${segment}.jpg`,
      `/admin/${segment}`,
      `/${segment}`,
      `/book?location=${segment}&roomType=${segment}`,
      `/login?dest=${segment}`,
      `/auth/callback?token=${segment}&dest=${segment}`,
      `/auth/verify?dest=${segment}`,
    ]),
    ...HOSTILE_STRINGS.map(encodeURIComponent).flatMap((value) => [
      `/locations?q=${value}&country=${value}&page=${value}`,
      `/locations?q=${value}&guests=${value}&bedrooms=${value}&maxPrice=${value}`,
      `/locations.data?q=${value}&guests=${value}&maxPrice=${value}`,
      `/admin/requests?kind=${value}&status=${value}&page=${value}`,
      `/admin/users?page=${value}`,
      `/api/manage-users?page=${value}&perPage=${value}`,
      `/dev/outbox?to=${value}`,
      `/locations/${location.slug}?room=${value}&photo=${value}`,
      `/booking-confirmation?id=${value}`,
    ]),
    "/locations.data?_routes=" + encodeURIComponent("x".repeat(3000)),
    "/?a=1&a=2&a[]=3&a[b]=4",
  ];
  return paths.map((path) => ({ label: "GET", method: "GET", path }));
}

/** Refusals are logged (bad URLs, failed bot checks): in a fuzz file a failure is a status, not a log line. */
export function quietConsole() {
  beforeAll(() => {
    for (const level of ["error", "warn", "log"] as const) {
      vi.spyOn(console, level).mockImplementation(() => {});
    }
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });
}
