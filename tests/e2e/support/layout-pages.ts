import { seedLocations } from "../../../scripts/seed/data";
import { roomTypeId } from "../../../scripts/seed/seed";
import { longNames, manyPhotos, noImages } from "./hard-cases";
import { type TestAccount } from "./session";

/** What the layout guard (tests/e2e/layout.test.ts) visits, and as whom. */

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

/** The addresses that show each page route, with real ids and slugs. */
export const LAYOUT_PAGES: Record<string, string[]> = {
  "routes/home.tsx": ["/"],
  "routes/locations.tsx": [
    "/locations",
    "/locations?country=united-states&state=hawaii&city=maui",
    // A search with every fit filter (the price for members), rows with excerpts.
    "/locations?q=beach&guests=4&bedrooms=2&maxPrice=3000",
    // An excerpt that is one 300-character word, and a notice for a bad filter.
    "/locations?q=featureful&guests=abc",
    "/locations?q=zzzz",
  ],
  "routes/location.tsx": [
    `/locations/${kaanapali.slug}`,
    "/locations/casa-marena-cabo",
    `/locations/${manyPhotos.slug}`,
    `/locations/${longNames.slug}`,
    `/locations/${noImages.slug}`,
    `/locations/${hidden.slug}`,
  ],
  "routes/about.tsx": ["/about"],
  "routes/nonprofits.tsx": ["/nonprofits"],
  "routes/privacy-policy.tsx": ["/privacy-policy"],
  "routes/terms-of-service.tsx": ["/terms-of-service"],
  "routes/login.tsx": ["/login"],
  "routes/auth.callback.tsx": ["/auth/callback?token=not-a-real-token&dest=%2Fmembers"],
  // Shown to an account with an authenticator app before its code (the admin visits as one).
  "routes/auth.verify.tsx": [VERIFY_PATH],
  "routes/account.security.tsx": ["/account/security"],
  "routes/members.tsx": ["/members"],
  "routes/join.tsx": ["/join"],
  "routes/book.tsx": [`/book?location=${kaanapali.slug}&roomType=${roomTypeId(kaanapali, 1)}`],
  "routes/booking-confirmation.tsx": ["/booking-confirmation"],
  "routes/agents.tsx": ["/agents"],
  "routes/contact.tsx": ["/contact"],
  "routes/admin/layout.tsx": [],
  "routes/admin/locations.tsx": [
    "/admin",
    `/admin?location=${manyPhotos.id}`,
    `/admin?location=${manyPhotos.id}&roomType=${twelvePhotosRoom}`,
    `/admin?location=${longNames.id}&roomType=${roomTypeId(longNames, 0)}`,
    "/admin?new=1",
  ],
  "routes/admin/overview.tsx": ["/admin/overview"],
  "routes/admin/featured.tsx": ["/admin/featured"],
  "routes/admin/rate-limits.tsx": ["/admin/rate-limits"],
  "routes/admin/users.tsx": ["/admin/users"],
  "routes/admin/requests.tsx": ["/admin/requests"],
  "routes/dev.outbox.tsx": ["/dev/outbox"],
  "routes/not-found.tsx": ["/no-such-page"],
};

/** The guard's visitor (no account), member and admin. */
export const LAYOUT_ACCOUNTS: Record<"visitor" | "member" | "admin", TestAccount | null> = {
  visitor: null,
  member: { email: "layout-member@example.com", role: "member" },
  admin: { email: "layout-admin@example.com", role: "admin" },
};
export type LayoutRole = keyof typeof LAYOUT_ACCOUNTS;

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

/**
 * The addresses a role visits: all of them for an admin; for visitors and members, whom every
 * admin page refuses with the same sign-in screen, one address per admin route.
 */
export function layoutPaths(role: LayoutRole) {
  return Object.entries(LAYOUT_PAGES).flatMap(([file, paths]) =>
    role === "admin" || !file.startsWith("routes/admin/") ? paths : paths.slice(0, 1),
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
