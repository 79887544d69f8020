import { Form, Link, useNavigate } from "react-router";
import {
  filtersAfterChange,
  filtersToSearch,
  type FilterOption,
  type LocationFilters,
} from "~/lib/location-filters";
import { Picture } from "~/components/resort-image";
import { locationPath, placeLine, type LocationSummary } from "~/lib/locations";
import { type LocationListData } from "~/models/location-list.server";
import { useScrollMemory } from "~/lib/scroll-memory";
import { useHydrated } from "~/lib/use-hydrated";

export function LocationListPage({
  data,
  heading = "Our Locations",
}: {
  data: LocationListData;
  heading?: string;
}) {
  const { filters, dropdowns, featured, all, error } = data;
  const filtered = Boolean(filters.country || filters.state || filters.city);
  useScrollMemory("scroll:locations");

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 md:py-14">
      <h1 className="text-navy-900 font-serif text-4xl md:text-5xl">{heading}</h1>
      <p className="mt-3 max-w-2xl text-slate-600">
        Hand-picked resorts around the world, available to our members by the week at insider rates.
      </p>

      <FilterBar filters={filters} dropdowns={dropdowns} filtered={filtered} />

      {error ? (
        <p role="alert" className="mt-10 rounded-lg bg-red-50 p-4 text-red-800">
          Error loading locations: {error}
        </p>
      ) : all.length === 0 ? (
        <div className="mt-10 rounded-2xl bg-white p-10 text-center ring-1 ring-slate-200">
          <p className="text-slate-700">No locations found with the selected filters.</p>
          <Link to="/locations" className="text-gold-700 mt-4 inline-block font-medium underline">
            View all locations
          </Link>
        </div>
      ) : (
        <>
          {featured.length > 0 && (
            <LocationRows title="Featured" locations={featured} eagerCount={4} />
          )}
          <LocationRows title="All" locations={all} eagerCount={featured.length > 0 ? 0 : 4} />
        </>
      )}
    </div>
  );
}

function FilterBar({
  filters,
  dropdowns,
  filtered,
}: {
  filters: LocationFilters;
  dropdowns: LocationListData["dropdowns"];
  filtered: boolean;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const change = (key: keyof LocationFilters) => (event: React.ChangeEvent<HTMLSelectElement>) => {
    const next = filtersAfterChange(filters, key, event.target.value || null);
    navigate(`/locations${filtersToSearch(next)}`, { preventScrollReset: true });
  };

  return (
    <Form
      method="get"
      action="/locations"
      className="mt-8 flex flex-wrap items-end gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      {/* What the dropdowns showed, so the server can apply the clearing rules without JavaScript. */}
      <input type="hidden" name="prevCountry" value={filters.country ?? ""} />
      <input type="hidden" name="prevState" value={filters.state ?? ""} />
      <FilterSelect
        name="country"
        label="Country"
        value={filters.country}
        options={dropdowns.countries}
        onChange={change("country")}
      />
      {dropdowns.states && (
        <FilterSelect
          name="state"
          label="State"
          value={filters.state}
          options={dropdowns.states}
          onChange={change("state")}
        />
      )}
      {dropdowns.cities && (
        <FilterSelect
          name="city"
          label={dropdowns.cities.label}
          value={filters.city}
          options={dropdowns.cities.options}
          onChange={change("city")}
        />
      )}
      {!hydrated && (
        <button
          type="submit"
          className="bg-navy-900 hover:bg-navy-800 rounded-lg px-5 py-2.5 text-sm font-semibold text-white"
        >
          Apply filters
        </button>
      )}
      {filtered && (
        <Link to="/locations" className="text-gold-700 py-2.5 text-sm font-medium underline">
          Clear all filters
        </Link>
      )}
    </Form>
  );
}

function FilterSelect({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string;
  label: string;
  value: string | null;
  options: FilterOption[];
  onChange: (event: React.ChangeEvent<HTMLSelectElement>) => void;
}) {
  const id = `filter-${name}`;
  return (
    <div className="flex min-w-44 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold tracking-wider text-slate-600 uppercase">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value ?? ""}
        onChange={onChange}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-800"
      >
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function LocationRows({
  title,
  locations,
  eagerCount,
}: {
  title: string;
  locations: LocationSummary[];
  eagerCount: number;
}) {
  return (
    <section className="mt-12" aria-labelledby={`rows-${title}`}>
      <h2 id={`rows-${title}`} className="text-navy-900 font-serif text-2xl">
        {title}
      </h2>
      <ul className="mt-5 divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
        {locations.map((location, index) => (
          <li key={location.id}>
            <Link
              to={locationPath(location)}
              className="hover:bg-sand-50 flex items-center gap-4 p-4 transition sm:gap-6"
            >
              {location.image ? (
                <Picture
                  image={location.image}
                  slot="row"
                  alt=""
                  loading={index < eagerCount ? "eager" : "lazy"}
                  decoding="async"
                  className="h-16 w-24 flex-none rounded-lg object-cover sm:h-20 sm:w-32"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="bg-navy-900 text-gold-300 flex h-16 w-24 flex-none items-center justify-center rounded-lg font-serif text-2xl sm:h-20 sm:w-32"
                >
                  {location.name.charAt(0)}
                </span>
              )}
              <span className="min-w-0">
                <span className="text-navy-900 block truncate font-serif text-lg">
                  {location.name}
                </span>
                <span className="block text-sm text-slate-600">{placeLine(location)}</span>
              </span>
              <span aria-hidden="true" className="ml-auto text-slate-400">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
