import { Form, Link, NavLink, useMatches } from "react-router";

// Tighter on phones, and never wrapping: the signed-in header fits one line at 360 px.
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-full px-2 py-2 text-sm font-medium transition-colors hover:bg-white/10 sm:px-4 ${
    isActive ? "text-gold-300" : "text-white"
  }`;

export function SiteHeader({
  siteName,
  user,
}: {
  siteName: string;
  user: { email: string; isAdmin: boolean } | null;
}) {
  // The admin dashboard shows the admin's address and Logout in its own bar: one of each per page.
  const inAdminDashboard = useMatches().some(
    (match) => match.id === "routes/admin/layout" && match.loaderData !== undefined,
  );
  // Solid, not a blurred see-through bar: a phone would blur what passes under it on every
  // frame of a scroll.
  return (
    <header className="bg-navy-900 sticky top-0 z-40">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-3 sm:gap-4 sm:px-6"
      >
        <Link
          to="/"
          className="min-w-0 truncate font-serif text-base tracking-wide text-white min-[400px]:text-lg sm:text-2xl"
        >
          {siteName}
        </Link>
        <div className="flex shrink-0 items-center gap-0.5 sm:gap-2">
          {/* An admin's phone has room for four items beside the name: Locations gives way (the
              footer has it). */}
          <NavLink
            to="/locations"
            className={(state) =>
              `${navLinkClass(state)} ${user?.isAdmin ? "hidden sm:block" : ""}`
            }
          >
            Locations
          </NavLink>
          {user ? (
            <>
              {user.isAdmin && (
                <NavLink to="/admin/requests" className={navLinkClass}>
                  Admin
                </NavLink>
              )}
              {!inAdminDashboard && (
                <>
                  {/* The member's requests and account: "Account" on a phone, the address where
                      there is room for it. */}
                  <NavLink
                    to="/members"
                    className={(state) => `${navLinkClass(state)} block max-w-52 truncate`}
                    title="Your account"
                  >
                    <span className="sm:hidden">Account</span>
                    <span className="hidden sm:inline">{user.email}</span>
                  </NavLink>
                  <Form method="post" action="/logout">
                    <button
                      type="submit"
                      className="rounded-full border border-white/30 px-3 py-2 text-sm font-medium whitespace-nowrap text-white hover:bg-white/10 sm:px-4"
                    >
                      Sign out
                    </button>
                  </Form>
                </>
              )}
            </>
          ) : (
            <>
              <NavLink to="/login" className={navLinkClass}>
                Sign in
              </NavLink>
              <NavLink
                to="/join"
                className="bg-gold-500 text-navy-950 hover:bg-gold-400 rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors"
              >
                Join us
              </NavLink>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
