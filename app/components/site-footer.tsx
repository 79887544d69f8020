import { Link } from "react-router";
import { LogoList } from "./logo-list";

const paymentBadges = [
  { file: "visa.svg", name: "Visa" },
  { file: "mastercard.svg", name: "Mastercard" },
  { file: "amex.svg", name: "American Express" },
  { file: "discover.svg", name: "Discover" },
  { file: "apple-pay.svg", name: "Apple Pay" },
];

const footerLinks = [
  { to: "/locations", label: "Locations" },
  { to: "/about", label: "About us" },
  { to: "/nonprofits", label: "Nonprofits" },
  { to: "/contact", label: "Contact us" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
];

// The site takes no payment (no checkout to vouch for): staff confirm a week first.
const trustBadges = [{ file: "verified-partner.svg", name: "Verified partner" }];

/** How a stay is paid for, said where the card logos are. */
const PAYMENT_NOTE =
  "No card is asked for on this site. Once our team confirms your week, we write with how to pay; we accept:";

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
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-5">
          <div>
            <p className="text-xs font-semibold tracking-widest text-slate-400 uppercase">
              Paying for a stay
            </p>
            <p className="mt-2 max-w-xs text-sm leading-relaxed text-slate-300">{PAYMENT_NOTE}</p>
            <LogoList
              folder="badges"
              logos={paymentBadges}
              width={48}
              height={32}
              className="mt-3 flex flex-wrap gap-2"
            />
          </div>
          <LogoList
            folder="badges"
            logos={trustBadges}
            width={120}
            height={32}
            className="flex flex-wrap gap-3"
            imageClassName="h-8 w-auto"
            label="Trust and security"
          />
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
