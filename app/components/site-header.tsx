import { Form, Link, NavLink } from "react-router";

// Tighter on phones, and never wrapping: the signed-in header fits one line at 360 px.
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-full px-2.5 py-2 text-sm font-medium transition-colors hover:bg-white/10 sm:px-4 ${
    isActive ? "text-gold-300" : "text-white"
  }`;

export function SiteHeader({
  siteName,
  user,
}: {
  siteName: string;
  user: { email: string; isAdmin: boolean } | null;
}) {
  return (
    <header className="bg-navy-900/95 supports-[backdrop-filter]:bg-navy-900/85 sticky top-0 z-40 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-3 sm:gap-4 sm:px-6"
      >
        <Link
          to="/"
          className="min-w-0 truncate font-serif text-lg tracking-wide text-white sm:text-2xl"
        >
          {siteName}
        </Link>
        <div className="flex shrink-0 items-center gap-0.5 sm:gap-2">
          <NavLink to="/locations" className={navLinkClass}>
            Locations
          </NavLink>
          {user ? (
            <>
              {user.isAdmin && (
                <NavLink to="/admin/requests" className={navLinkClass}>
                  Admin
                </NavLink>
              )}
              <NavLink
                to="/members"
                className="hidden max-w-48 truncate px-2 text-sm text-slate-200 hover:text-white sm:block"
                title="Your account"
              >
                {user.email}
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
          ) : (
            <NavLink
              to="/join"
              className="bg-gold-500 text-navy-950 hover:bg-gold-400 rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors"
            >
              Join us
            </NavLink>
          )}
        </div>
      </nav>
    </header>
  );
}
