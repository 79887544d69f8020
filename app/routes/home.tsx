import { Link } from "react-router";
import { type Route } from "./+types/home";
import { LocationCard } from "~/components/catalogue/location-card";
import { PartnerLogos } from "~/components/partner-logos";
import { getAppContext } from "~/context";
import { unavailablePage } from "~/lib/errors.server";
import { featuredLocations, type LocationSummary } from "~/catalogue/locations";
import { errorMessage } from "~/lib/route-errors";
import { useScrollMemory } from "~/lib/scroll-memory";
import { pageMeta } from "~/lib/seo";
import { getVisibleLocationSummaries } from "~/catalogue/location-reads.server";
import { HERO_POSTER, HeroVideo } from "~/components/hero-video";

// The hero's poster is the first paint's largest picture: fetched with the page. A browser that
// reads no AVIF skips the preload (its type) and fetches the JPEG the picture falls back to.
export const links: Route.LinksFunction = () => [
  {
    rel: "preload",
    href: HERO_POSTER.avif,
    as: "image",
    type: "image/avif",
    fetchPriority: "high",
  },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Luxury stays. Unprecedented prices.",
    description:
      "Curated luxury resort destinations at insider rates: weekly stays in Hawaii, Mexico, the Caribbean, Europe and the Maldives for our members.",
    path: "/",
    image: { url: HERO_POSTER.jpg, alt: HERO_POSTER.description },
  });

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const locations = await getVisibleLocationSummaries(getAppContext(context));
    return { featured: featuredLocations(locations) };
  } catch (error) {
    throw unavailablePage("Failed to load featured locations", error);
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage featured={loaderData.featured} error={null} />;
}

/** Without its featured locations the home page is still itself, saying what failed in their place. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <HomePage featured={[]} error={errorMessage(error)} />;
}

function HomePage({ featured, error }: { featured: LocationSummary[]; error: string | null }) {
  useScrollMemory("scroll:home");
  return (
    <>
      {/* Dark under the picture, so the white text stays readable while it loads or if it fails. */}
      <section className="bg-navy-950 relative isolate flex h-[520px] items-center justify-center overflow-hidden md:h-[720px]">
        <HeroVideo className="absolute inset-0 -z-10 h-full w-full object-cover" />
        <div className="from-navy-950/30 via-navy-950/10 to-navy-950/40 absolute inset-0 -z-10 bg-gradient-to-b" />
        <div className="px-6 text-center text-white">
          <h1 className="font-serif text-5xl drop-shadow-lg sm:text-6xl md:text-7xl">
            Welcome home
          </h1>
          <p className="mt-5 text-lg font-light tracking-wide drop-shadow sm:text-2xl">
            Luxury stays. Unprecedented prices.
          </p>
        </div>
      </section>

      <section className="mx-auto max-w-4xl px-6 py-16 text-center md:py-20">
        <p className="text-navy-900 font-serif text-3xl md:text-4xl">
          Curated destinations at insider rates.
        </p>
        <Link
          to="/about"
          className="text-gold-700 mt-6 inline-block font-medium underline-offset-4 hover:underline"
        >
          Read our story →
        </Link>
      </section>

      <PartnerLogos />

      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-6 py-16 md:py-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="featured-heading" className="text-navy-900 font-serif text-3xl md:text-4xl">
            Featured Locations
          </h2>
          <Link
            to="/locations"
            state={{ scrollToTop: true }}
            className="text-gold-700 font-medium underline-offset-4 hover:underline"
          >
            See all locations
          </Link>
        </div>
        {error ? (
          <p role="alert" className="mt-8 rounded-lg bg-red-50 p-4 text-red-800">
            Error loading locations: {error}
          </p>
        ) : featured.length === 0 ? (
          <p className="mt-8 text-slate-600">
            No featured locations available yet. Check back soon!
          </p>
        ) : (
          <ul className="mt-10 grid grid-cols-1 gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {featured.map((location) => (
              <li key={location.id}>
                <LocationCard location={location} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
