import { Link } from "react-router";

const paymentBadges = [
  { file: "visa.svg", label: "Visa" },
  { file: "mastercard.svg", label: "Mastercard" },
  { file: "amex.svg", label: "American Express" },
  { file: "discover.svg", label: "Discover" },
  { file: "apple-pay.svg", label: "Apple Pay" },
];

const trustBadges = [
  { file: "secure-checkout.svg", label: "Secure checkout" },
  { file: "verified-partner.svg", label: "Verified partner" },
  { file: "ssl.svg", label: "SSL encrypted" },
];

export function SiteFooter({
  siteName,
  contactEmail,
  year,
}: {
  siteName: string;
  contactEmail: string;
  /** The server's year; left out if the page has no root data. */
  year: number | undefined;
}) {
  return (
    <footer className="bg-navy-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-6 py-12 md:grid-cols-3">
        <div>
          <p className="font-serif text-2xl text-white">{siteName}</p>
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-slate-300">
            Luxury stays. Unprecedented prices. Weekly resort stays at insider rates, confirmed by
            hand by our team.
          </p>
          {contactEmail && (
            <p className="mt-4 text-sm">
              <a
                href={`mailto:${contactEmail}`}
                className="text-gold-300 underline-offset-4 hover:underline"
              >
                {contactEmail}
              </a>
            </p>
          )}
        </div>
        <nav aria-label="Footer" className="text-sm">
          <ul className="space-y-2">
            <li>
              <Link to="/locations" className="hover:text-white">
                Locations
              </Link>
            </li>
            <li>
              <Link to="/about" className="hover:text-white">
                About us
              </Link>
            </li>
            <li>
              <Link to="/nonprofits" className="hover:text-white">
                Nonprofits
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className="hover:text-white">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className="hover:text-white">
                Terms of Service
              </Link>
            </li>
          </ul>
        </nav>
        <div className="space-y-5">
          <div>
            <p className="text-xs font-semibold tracking-widest text-slate-400 uppercase">
              We accept
            </p>
            <ul className="mt-3 flex flex-wrap gap-2">
              {paymentBadges.map((badge) => (
                <li key={badge.file}>
                  <img
                    src={`/brand/badges/${badge.file}`}
                    alt={badge.label}
                    width={48}
                    height={32}
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          </div>
          <ul className="flex flex-wrap gap-3" aria-label="Trust and security">
            {trustBadges.map((badge) => (
              <li key={badge.file}>
                <img
                  src={`/brand/badges/${badge.file}`}
                  alt={badge.label}
                  height={32}
                  width={120}
                  className="h-8 w-auto"
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-6 py-5 text-xs text-slate-400">
          © {year ? `${year} ` : ""}
          {siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
