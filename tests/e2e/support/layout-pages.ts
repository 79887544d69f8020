import { seedLocations } from "../../../scripts/seed/data";
import { roomTypeId } from "../../../scripts/seed/seed";
import { longNames, manyPhotos, noImages } from "./hard-cases";
import { nextWeekday } from "../../../app/weeks/calendar";
import { seededWeekAhead } from "./clock";
import { type TestAccount } from "./session";

/** What the layout guard (tests/e2e/layout.test.ts) visits, and as whom. */

export type LayoutRole = "visitor" | "member" | "admin";

const seeded = (slug: string) => {
  const location = seedLocations.find((candidate) => candidate.slug === slug);
  if (!location) throw new Error(`No seeded location ${slug}`);
  return location;
};
const kaanapali = seeded("kaanapali-shores-beach-club");
const hidden = seedLocations.find((location) => location.hidden)!;
const twelvePhotosRoom = roomTypeId(
  manyPhotos,
  manyPhotos.roomTypes.findIndex((room) => room.images.length === 12),
);

const VERIFY_PATH = "/auth/verify?dest=%2Faccount%2Fsecurity";

/** The layout member's requests, by the state each shows (stored by layout.setup.ts). */
export const LAYOUT_REQUESTS = {
  offered: "layout-request-offered",
  confirmed: "layout-request-confirmed",
  paid: "layout-request-paid",
  declined: "layout-request-declined",
} as const;

/** A local checkout's session with long lines (stored by layout.setup.ts). */
export const LAYOUT_CHECKOUT = "cs_local_layout";

/** The seeded room whose weeks the guard sees: its location page, month and booking form. */
export const LAYOUT_ROOM = { location: kaanapali, id: roomTypeId(kaanapali, 1) };
/** The month of its weeks the guard visits, in the month view and the month search. */
const LAYOUT_MONTH = seededWeekAhead(kaanapali, 60).slice(0, 7);

/**
 * Weeks of that room other members hold (stored by layout.setup.ts), so the pages show a held
 * week: one among the location page's next weeks, with two members waiting, and the month's
 * first, with nobody waiting yet (its month view and month search).
 */
export const LAYOUT_HELD_WEEKS = [
  { checkIn: seededWeekAhead(kaanapali, 14), waiting: 2 },
  { checkIn: nextWeekday(`${LAYOUT_MONTH}-01`, 6), waiting: 0 },
] as const;

/** An address and who it is seen as. */
interface LayoutVisit {
  path: string;
  roles: LayoutRole[];
}

const EVERYONE: LayoutRole[] = ["visitor", "member", "admin"];
/**
 * An address seen by `roles`. A role visits only where the page differs for it from the role
 * before it: a visitor sees everything once; a member where a loader reads who is signed in
 * (prices, the price filter, the members' pages); an admin where it differs from a member (the
 * Edit link, a hidden location's preview, the admin pages).
 */
const visit = (path: string, ...roles: LayoutRole[]): LayoutVisit => ({
  path,
  roles: roles.length ? roles : EVERYONE,
});
const visitorOnly = (path: string) => visit(path, "visitor");
const visitorAndMember = (path: string) => visit(path, "visitor", "member");

/** The addresses that show each page route, with real ids and slugs. */
export const LAYOUT_PAGES: Record<string, LayoutVisit[]> = {
  // The signed-in header is on every member's and admin's page below.
  "routes/home.tsx": [visitorOnly("/")],
  "routes/locations.tsx": [
    visitorAndMember("/locations"),
    visitorOnly("/locations?country=united-states&state=hawaii&city=maui"),
    // The list's last page, with its page links.
    visitorOnly("/locations?page=2"),
    // A search with every fit filter (the price for members), rows with excerpts.
    visitorAndMember("/locations?q=beach&guests=4&bedrooms=2&maxPrice=3000"),
    // An excerpt that is one 300-character word, and a notice for a bad filter.
    visitorOnly("/locations?q=featureful&guests=abc"),
    visitorOnly("/locations?q=zzzz"),
    // A month: each result with its open and held weeks (rates, request and waitlist links and
    // the alert form for members), and a month with nothing found.
    visitorAndMember(`/locations?month=${LAYOUT_MONTH}&guests=4`),
    visit(`/locations?month=${LAYOUT_MONTH}&q=zzzz`, "member"),
  ],
  "routes/location.tsx": [
    // With a held week: "Held" for a visitor, "Join the waitlist (2 waiting)" for a member.
    visitorAndMember(`/locations/${kaanapali.slug}`),
    visitorOnly("/locations/casa-marena-cabo"),
    visitorAndMember(`/locations/${manyPhotos.slug}`),
    visit(`/locations/${longNames.slug}`),
    visitorAndMember(`/locations/${noImages.slug}`),
    // Not found for visitors and members; a preview with a banner for admins.
    visit(`/locations/${hidden.slug}`, "visitor", "admin"),
    visitorOnly("/locations/no-such-resort"),
  ],
  "routes/location-weeks.tsx": [
    // A month of a seeded room's weeks: the calendar, and the open and held weeks (with rates
    // and the way onto a held week's waitlist for members).
    visitorAndMember(
      `/locations/${kaanapali.slug}/weeks?room=${LAYOUT_ROOM.id}&month=${LAYOUT_MONTH}`,
    ),
    visitorOnly(`/locations/${kaanapali.slug}/weeks?room=no-such-room`),
  ],
  "routes/about.tsx": [visitorOnly("/about")],
  "routes/nonprofits.tsx": [visitorOnly("/nonprofits")],
  "routes/privacy-policy.tsx": [visitorOnly("/privacy-policy")],
  "routes/terms-of-service.tsx": [visitorOnly("/terms-of-service")],
  "routes/login.tsx": [visitorAndMember("/login")],
  "routes/auth.callback.tsx": [
    visitorAndMember("/auth/callback?token=not-a-real-token&dest=%2Fmembers"),
  ],
  // Shown to an account with an authenticator app before its code (the admin visits as one).
  "routes/auth.verify.tsx": [visit(VERIFY_PATH, "member", "admin")],
  "routes/account.security.tsx": [visit("/account/security", "member")],
  // The member's live requests, and apart from them the ended ones; and a week alert with a
  // search's longest words (stored by layout.setup.ts).
  "routes/members.tsx": [visitorAndMember("/members")],
  // The layout member's own requests (stored by layout.setup.ts): an offer with its button and the
  // withdrawal's question, a confirmed stay with a long note, the history and the calendar link,
  // and a request declined (its week closed) with the note why.
  "routes/member-request.tsx": [
    visit(`/members/requests/${LAYOUT_REQUESTS.offered}?withdraw`, "member"),
    visit(`/members/requests/${LAYOUT_REQUESTS.confirmed}`, "member"),
    // Paid: booked, with its calendar link.
    visit(`/members/requests/${LAYOUT_REQUESTS.paid}`, "member"),
    visit(`/members/requests/${LAYOUT_REQUESTS.declined}`, "member"),
  ],
  // The confirmed stay's pay page: its lines, the total and the deadline.
  "routes/member-request.pay.tsx": [
    visit(`/members/requests/${LAYOUT_REQUESTS.confirmed}/pay`, "member"),
  ],
  // A week alert's stop link, one that is not ours: the page says so.
  "routes/alerts.stop.tsx": [visitorOnly("/alerts/stop?token=not-a-token")],
  "routes/join.tsx": [visitorOnly("/join")],
  "routes/book.tsx": [
    visitorAndMember(`/book?location=${kaanapali.slug}&roomType=${roomTypeId(kaanapali, 1)}`),
    // A week of the seeded calendar: its rate, charges and estimated total.
    visit(
      `/book?location=${kaanapali.slug}&roomType=${roomTypeId(kaanapali, 1)}&week=${seededWeekAhead(kaanapali, 21)}`,
      "member",
    ),
    // A held week's form reached by "Join the waitlist": the waitlist chosen.
    visit(
      `/book?location=${kaanapali.slug}&roomType=${LAYOUT_ROOM.id}&week=${LAYOUT_HELD_WEEKS[0].checkIn}&waitlist=yes`,
      "member",
    ),
  ],
  "routes/booking-confirmation.tsx": [visitorAndMember("/booking-confirmation")],
  "routes/agents.tsx": [visitorOnly("/agents")],
  "routes/contact.tsx": [visitorOnly("/contact")],
  "routes/admin/layout.tsx": [],
  // Every admin page refuses a visitor and a member with the same sign-in screen: seen once.
  "routes/admin/locations.tsx": [
    visit("/admin"),
    visit(`/admin?location=${manyPhotos.id}`, "admin"),
    visit(`/admin?location=${manyPhotos.id}&roomType=${twelvePhotosRoom}`, "admin"),
    visit(`/admin?location=${longNames.id}&roomType=${roomTypeId(longNames, 0)}`, "admin"),
    // A seeded room's 18 months of weeks and the form that sets them.
    visit(`/admin?location=${kaanapali.id}&roomType=${roomTypeId(kaanapali, 1)}`, "admin"),
    visit("/admin?new=1", "admin"),
  ],
  "routes/admin/overview.tsx": [
    visit("/admin/overview", "admin"),
    // A search that finds nothing: the empty state with its way back.
    visit("/admin/overview?q=no-such-resort&status=featured", "admin"),
  ],
  "routes/admin/featured.tsx": [visit("/admin/featured", "admin")],
  "routes/admin/rate-limits.tsx": [visit("/admin/rate-limits", "admin")],
  "routes/admin/users.tsx": [visit("/admin/users", "admin")],
  "routes/admin/requests.tsx": [
    visit("/admin/requests", "admin"),
    // Decided cards: who decided, when, and the note the member read.
    visit("/admin/requests?kind=booking&status=decided", "admin"),
    // A confirmed stay awaiting its payment, with the way to mark it paid.
    visit("/admin/requests?kind=booking&status=unpaid", "admin"),
  ],
  "routes/admin/weeks.tsx": [visit("/admin/weeks", "admin")],
  // Every room's weeks: a quarter of the first resorts (long names among them), a held week's
  // panel with its members waiting, and a search that finds no resort.
  "routes/admin/calendar.tsx": [
    visit(`/admin/calendar?from=${LAYOUT_MONTH}&span=quarter`, "admin"),
    visit(
      `/admin/calendar?from=${LAYOUT_HELD_WEEKS[0].checkIn.slice(0, 7)}&q=kaanapali&week=${LAYOUT_ROOM.id}-${LAYOUT_HELD_WEEKS[0].checkIn}`,
      "admin",
    ),
    visit("/admin/calendar?q=no-such-resort", "admin"),
  ],
  // Every chart full, long resort names, more places than the chart draws (layout.setup.ts).
  "routes/admin/demand.tsx": [visit("/admin/demand", "admin")],
  "routes/dev.outbox.tsx": [visitorOnly("/dev/outbox")],
  // The local checkout, with the estimate's lines at their longest.
  "routes/dev.checkout.tsx": [visitorOnly(`/dev/checkout/${LAYOUT_CHECKOUT}`)],
  // The list a member sees is /locations's.
  "routes/not-found.tsx": [visitorOnly("/no-such-page")],
};

/** The guard's visitor (no account), member and admin. */
export const LAYOUT_ACCOUNTS: Record<LayoutRole, TestAccount | null> = {
  visitor: null,
  member: { email: "layout-member@example.com", role: "member" },
  admin: { email: "layout-admin@example.com", role: "admin" },
};

/** An admin with an authenticator app, signed in but not yet past its code: /auth/verify's visitor. */
const LAYOUT_VERIFIER: TestAccount = {
  email: "layout-verifier@example.com",
  role: "admin",
  authenticator: true,
};

/** Who visits `path` for `role`: the role's account, or the one the page is for. */
export function layoutAccount(role: LayoutRole, path: string) {
  return role === "admin" && path === VERIFY_PATH ? LAYOUT_VERIFIER : LAYOUT_ACCOUNTS[role];
}

/** Pages for signed-in people only: a visitor is sent to sign in and brought back. */
const SIGNED_IN_ONLY = ["/members", "/account/security", "/auth/verify", "/book"];

/**
 * Where a visit to `path` ends for `role`: the page asked for, except where the site sends a person
 * on (so no page is measured in the guard while it shows another one).
 */
export function expectedLanding(role: LayoutRole, path: string) {
  const { pathname, searchParams } = new URL(path, "http://localhost");
  if (role === "visitor" && SIGNED_IN_ONLY.includes(pathname)) {
    return `/login?dest=${encodeURIComponent(path)}`;
  }
  // Signed in already; no authenticator, so nothing to verify: on to where they were going.
  if (role !== "visitor" && pathname === "/login") return "/members";
  if (role === "member" && pathname === "/auth/verify") return searchParams.get("dest")!;
  return path;
}

/**
 * Each visit has a session of its own: a member who opens an admin page is signed out, and must
 * not sign out another visit.
 */
export const layoutSessionName = (path: string, javaScript: boolean) =>
  `layout ${path} ${javaScript ? "js" : "no-js"}`;

/** The addresses `role` visits. */
export function layoutPaths(role: LayoutRole) {
  return Object.values(LAYOUT_PAGES).flatMap((visits) =>
    visits.filter((visit) => visit.roles.includes(role)).map((visit) => visit.path),
  );
}

/** Every session the guard uses, for the global setup to store before the tests start. */
export function layoutSessions() {
  const names = (path: string) => [layoutSessionName(path, false), layoutSessionName(path, true)];
  return [
    ...(["member", "admin"] as const).map((role) => ({
      account: LAYOUT_ACCOUNTS[role]!,
      names: layoutPaths(role)
        .filter((path) => layoutAccount(role, path) === LAYOUT_ACCOUNTS[role])
        .flatMap(names),
    })),
    { account: LAYOUT_VERIFIER, names: names(VERIFY_PATH) },
  ];
}
