import { Form, Link } from "react-router";
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
import { MAX_SEARCH_LENGTH } from "~/catalogue/location-search";
import { openMonths } from "~/catalogue/month-search.server";

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
  const app = getAppContext(context);
  try {
    // Only the months with a week to find: the list's own "When" offers every month, where a
    // member may ask to be told when one opens.
    const [locations, months] = await Promise.all([
      getVisibleLocationSummaries(app),
      openMonths(app),
    ]);
    return { featured: featuredLocations(locations), months };
  } catch (error) {
    throw unavailablePage("Failed to load featured locations", error);
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage featured={loaderData.featured} months={loaderData.months} error={null} />;
}

/** Without its featured locations the home page is still itself, saying what failed in their place. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <HomePage featured={[]} months={[]} error={errorMessage(error)} />;
}

const fieldClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-800";
const labelClass = "text-xs font-semibold tracking-wider text-slate-600 uppercase";

/** Where, when and how many: the locations list's search, which shows the results. */
function HomeSearch({ months }: { months: { value: string; label: string }[] }) {
  return (
    <Form
      method="get"
      action="/locations"
      role="search"
      aria-label="Find a week"
      className="mx-auto mt-8 grid max-w-4xl grid-cols-2 items-end gap-3 rounded-2xl bg-white p-4 shadow-lg ring-1 ring-slate-200 sm:grid-cols-[2fr_1.4fr_1fr_auto] sm:p-5"
    >
      <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
        <label htmlFor="home-q" className={labelClass}>
          Where
        </label>
        <input
          id="home-q"
          type="search"
          name="q"
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Resort or place"
          autoComplete="off"
          className={fieldClass}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="home-month" className={labelClass}>
          When
        </label>
        <select id="home-month" name="month" className={fieldClass}>
          <option value="">Any time</option>
          {months.map((month) => (
            <option key={month.value} value={month.value}>
              {month.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="home-guests" className={labelClass}>
          Guests
        </label>
        <select id="home-guests" name="guests" className={fieldClass}>
          <option value="">Any</option>
          {Array.from({ length: 12 }, (_, index) => (
            <option key={index} value={index + 1}>
              {index + 1}+
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="bg-navy-900 hover:bg-navy-800 col-span-2 rounded-lg px-6 py-2.5 text-sm font-semibold text-white sm:col-span-1"
      >
        Search
      </button>
    </Form>
  );
}

function HomePage({
  featured,
  months,
  error,
}: {
  featured: LocationSummary[];
  months: { value: string; label: string }[];
  error: string | null;
}) {
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

      <div className="relative px-4">
        <HomeSearch months={months} />
      </div>

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
