import { Link, NavLink } from "react-router";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-4 py-2 text-sm font-medium transition-colors hover:bg-white/10 ${
    isActive ? "text-gold-300" : "text-white"
  }`;

export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="sticky top-0 z-40 bg-navy-900/95 backdrop-blur supports-[backdrop-filter]:bg-navy-900/85">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6"
      >
        <Link to="/" className="font-serif text-xl tracking-wide text-white sm:text-2xl">
          {siteName}
        </Link>
        <div className="flex items-center gap-1 sm:gap-2">
          <NavLink to="/locations" className={navLinkClass}>
            Locations
          </NavLink>
          <NavLink
            to="/join"
            className="rounded-full bg-gold-500 px-4 py-2 text-sm font-semibold text-navy-950 transition-colors hover:bg-gold-400"
          >
            Join us
          </NavLink>
        </div>
      </nav>
    </header>
  );
}
