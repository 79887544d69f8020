import { Fragment, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useSubmit } from "react-router";
import { useDebouncedCallback } from "use-debounce";
import {
  FIT_LIMITS,
  filtersAfterChange,
  filtersToSearch,
  isFiltered,
  type FilterOption,
  type LocationFilters,
} from "~/catalogue/location-filters";
import { markWords, MAX_SEARCH_LENGTH } from "~/catalogue/location-search";
import { pageHref } from "~/lib/pages";
import { Pager } from "~/components/pager";
import { Picture } from "~/components/catalogue/resort-image";
import { locationPath, placeLine } from "~/catalogue/locations";
import { type LocationListData, type LocationRow } from "~/catalogue/location-list-loader.server";
import { type FoundWeek } from "~/catalogue/month-search.server";
import { WeekOffer } from "~/components/catalogue/room-availability";
import { monthDay } from "~/lib/dates";
import { DEFAULT_CURRENCY } from "~/catalogue/location-defaults";
import { isCurrency, type Currency } from "~/lib/money";
import { useScrollMemory } from "~/lib/scroll-memory";
import { SubmitButton } from "~/components/forms";
import { useSubmitting } from "~/lib/use-submitting";
import { useHydrated } from "~/lib/use-hydrated";
import { useInputBeforeHydration } from "~/lib/use-input-before-hydration";

/** Where another page of the list opens: at its rows, not above the filters again. */
const LIST_ANCHOR = "list";

/** Results follow typing once the person pauses this long. */
const TYPING_PAUSE_MS = 300;

export function LocationListPage({
  data,
  heading = "Our Locations",
}: {
  data: LocationListData;
  heading?: string;
}) {
  const { filters, notices, words, featured, all, page, pages, total } = data;
  const month = data.months.find((option) => option.value === filters.month);
  const searching = words.length > 0;
  const filtered = isFiltered(filters);
  useScrollMemory("scroll:locations");

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 md:py-14">
      <ListIntro heading={heading} />

      <FilterBar data={data} filtered={filtered} />

      {notices.length > 0 && (
        <ul className="mt-4 space-y-1 rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
          {notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      )}
      {/* Announces each new result as the list follows the filters; the page links open here. */}
      <p
        id={LIST_ANCHOR}
        aria-live="polite"
        className="mt-6 min-h-5 scroll-mt-4 text-sm text-slate-600"
      >
        {total > 0 ? countLine(total, featured.length, filtered) : ""}
      </p>

      {month && data.canFilterByPrice && <WeekAlertForm filters={filters} page={page} />}

      {all.length === 0 ? (
        <div className="mt-4 rounded-2xl bg-white p-10 text-center ring-1 ring-slate-200">
          <p className="text-slate-700">No locations found with the selected filters.</p>
          <Link to="/locations" className="text-gold-700 mt-4 inline-block font-medium underline">
            View all locations
          </Link>
        </div>
      ) : searching || month ? (
        <div className="mt-4">
          {month && !data.canFilterByPrice && (
            <p className="mb-4 text-sm text-slate-600">
              <Link to="/login" className="text-gold-700 font-medium underline">
                Sign in
              </Link>{" "}
              to see each week's rate and request it, or to be told when a week opens.
            </p>
          )}
          <LocationRows
            title="Results"
            locations={all}
            words={words}
            eagerCount={4}
            month={month}
          />
        </div>
      ) : (
        <div className="mt-4 space-y-12">
          {featured.length > 0 && (
            <LocationRows title="Featured" locations={featured} words={words} eagerCount={4} />
          )}
          <LocationRows
            title="All"
            locations={all}
            words={words}
            eagerCount={featured.length > 0 ? 0 : 4}
          />
        </div>
      )}
      <Pager
        label="Pages of the list"
        page={page}
        pages={pages}
        total={total}
        href={(number) =>
          `${pageHref("/locations", filtersToSearch(filters), number)}#${LIST_ANCHOR}`
        }
      />
    </div>
  );
}

/**
 * "Tell me when a week opens": saves the list's search (its words, month and filters, as the address has
 * them) as an alert, and comes back to this page of the list. A plain form: it works before and
 * without JavaScript.
 */
function WeekAlertForm({ filters, page }: { filters: LocationFilters; page: number }) {
  const saving = useSubmitting({ intent: "save", action: "/members/alerts" });
  const fields = Object.entries(filters).filter(([, value]) => value !== null && value !== "");
  return (
    <Form
      method="post"
      action="/members/alerts"
      // It comes back to this page of the list: where the member was.
      preventScrollReset
      className="bg-sand-50 mt-4 flex flex-col items-start gap-x-4 gap-y-2 rounded-xl px-4 py-3 ring-1 ring-slate-200 sm:flex-row sm:items-center"
    >
      <input type="hidden" name="intent" value="save" />
      {fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
      {page > 1 && <input type="hidden" name="page" value={page} />}
      <p className="min-w-0 text-sm text-slate-700 sm:flex-1">
        We can write when a week opens for this search, at most once a day.
      </p>
      <SubmitButton busy={saving} busyText="Saving..." variant="secondary">
        Tell me when a week opens
      </SubmitButton>
    </Form>
  );
}

function ListIntro({ heading }: { heading: string }) {
  return (
    <>
      <h1 className="text-navy-900 font-serif text-4xl md:text-5xl">{heading}</h1>
      <p className="mt-3 max-w-2xl text-slate-600">
        Hand-picked resorts around the world, available to our members by the week at insider rates.
      </p>
    </>
  );
}

/** The list's page when its locations could not be read: what failed, and a way to try again. */
export function LocationListUnavailable({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 md:py-14">
      <ListIntro heading="Our Locations" />
      <p role="alert" className="mt-10 rounded-lg bg-red-50 p-4 text-red-800">
        Error loading locations: {message}
      </p>
      <a href="/locations" className="text-gold-700 mt-6 inline-block font-medium underline">
        Try again
      </a>
    </div>
  );
}

/**
 * How many locations the list has, or matched its filters; the Featured rows repeat some of them,
 * which it says.
 */
function countLine(count: number, alsoFeatured: number, filtered: boolean) {
  const line = `${count} ${count === 1 ? "location" : "locations"}${filtered ? " found" : ""}`;
  return alsoFeatured > 0 ? `${line}, ${alsoFeatured} of them also under Featured` : line;
}

/**
 * A text box that follows the address: what the person types stays as typed while its results
 * load; a value the address gets another way (Back, 'Clear all filters') replaces it.
 */
function useTypedValue(value: string) {
  const [typed, setTyped] = useState(value);
  // What typing has asked the address for since it last caught up. The results for an earlier
  // keystroke can arrive after later ones were typed (a slow phone): they must not put the
  // earlier text back.
  const sent = useRef<string[]>([]);
  useEffect(() => {
    const at = sent.current.lastIndexOf(value);
    if (at === -1) {
      sent.current = [];
      setTyped(value);
    } else {
      sent.current = sent.current.slice(at + 1);
    }
  }, [value]);
  /** `text` as typed; `asSent`: how it reads back from the address once applied. */
  const type = (text: string, asSent: string) => {
    sent.current = [...sent.current.slice(-50), asSent];
    setTyped(text);
  };
  return [typed, type] as const;
}

const sizeOptions = (upTo: number, current: number | null): FilterOption[] =>
  [
    ...new Set([
      ...Array.from({ length: upTo }, (_, index) => index + 1),
      ...(current ? [current] : []),
    ]),
  ]
    .sort((a, b) => a - b)
    .map((size) => ({ value: String(size), label: `${size}+` }));

const numberOrNull = (value: string) => (value ? Number(value) : null);
const priceOrNull = (value: string) => {
  const price = Number(value);
  return value.trim() && Number.isFinite(price) && price > 0 ? price : null;
};

/**
 * A GET form: without JavaScript it is sent with 'Apply filters'; with it, every change shows
 * its results at once (the search and the price once typing pauses), and the button sends it too.
 */
function FilterBar({ data, filtered }: { data: LocationListData; filtered: boolean }) {
  const { filters, dropdowns, canFilterByPrice } = data;
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [searchText, typeSearch] = useTypedValue(filters.q ?? "");
  const [priceText, typePrice] = useTypedValue(
    filters.maxPrice === null ? "" : String(filters.maxPrice),
  );
  // The currency chosen is kept while no amount is typed (only a price carries it in the
  // address); a currency the address gets another way (Back) replaces it.
  const [currency, setCurrency] = useState<Currency>(filters.currency ?? DEFAULT_CURRENCY);
  const [addressCurrency, setAddressCurrency] = useState(filters.currency);
  if (filters.currency !== addressCurrency) {
    setAddressCurrency(filters.currency);
    if (filters.currency) setCurrency(filters.currency);
  }
  const priceChange = (maxPrice: number | null, inCurrency = currency) => ({
    maxPrice,
    currency: maxPrice === null ? null : inCurrency,
  });

  const show = (change: Partial<LocationFilters>) => {
    // A filter already set is refined in place: Back leaves the search rather than each
    // keystroke, and the country rather than each one skimmed with the arrow keys. The address
    // says what this entry has set: on a slow phone the page may still show the list from before
    // the last change's results arrived.
    const address = new URLSearchParams(window.location.search);
    const changed = Object.entries(change).filter(
      ([key, value]) => value !== null || address.has(key),
    );
    void navigate(`/locations${filtersToSearch(filtersAfterChange(filters, change))}`, {
      preventScrollReset: true,
      replace: changed.length > 0 && changed.every(([key]) => address.has(key)),
    });
  };
  const showAfterPause = useDebouncedCallback(show, TYPING_PAUSE_MS);
  // Filters chosen before the scripts ran are sent as the form would send them without scripts.
  const submit = useSubmit();
  const form = useInputBeforeHydration<HTMLFormElement>((values, element) => {
    const q = values.get("q");
    if (q !== undefined) typeSearch(q, q.trim());
    const maxPrice = values.get("maxPrice");
    if (maxPrice !== undefined) typePrice(maxPrice, String(priceOrNull(maxPrice) ?? ""));
    const chosenCurrency = values.get("currency");
    if (chosenCurrency !== undefined && isCurrency(chosenCurrency)) setCurrency(chosenCurrency);
    void submit(element, { preventScrollReset: true });
  });
  const select =
    (
      key: keyof LocationFilters,
      read: (value: string) => string | number | null = (v) => v || null,
    ) =>
    (event: React.ChangeEvent<HTMLSelectElement>) =>
      show({ [key]: read(event.target.value) });

  return (
    <Form
      ref={form}
      method="get"
      action="/locations"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        showAfterPause.cancel();
        show({ q: searchText.trim() || null, ...priceChange(priceOrNull(priceText)) });
      }}
      className="mt-8 grid grid-cols-2 items-end gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex sm:flex-wrap"
    >
      {/* What the dropdowns showed, so the server can apply the clearing rules without JavaScript. */}
      <input type="hidden" name="prevCountry" value={filters.country ?? ""} />
      <input type="hidden" name="prevState" value={filters.state ?? ""} />
      <div className="col-span-2 flex w-full flex-col gap-1">
        <label htmlFor="filter-q" className={filterLabelClass}>
          Search
        </label>
        <input
          id="filter-q"
          type="search"
          name="q"
          value={searchText}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Resort, place or room feature"
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => {
            const q = event.target.value.trim() || null;
            typeSearch(event.target.value, q ?? "");
            showAfterPause({ q });
          }}
          className={`${filterControlClass} w-full`}
        />
      </div>
      <FilterSelect
        name="country"
        label="Country"
        value={filters.country}
        options={dropdowns.countries}
        onChange={select("country")}
      />
      {dropdowns.states && (
        <FilterSelect
          name="state"
          label="State"
          value={filters.state}
          options={dropdowns.states}
          onChange={select("state")}
        />
      )}
      {dropdowns.cities && (
        <FilterSelect
          name="city"
          label={dropdowns.cities.label}
          value={filters.city}
          options={dropdowns.cities.options}
          onChange={select("city")}
        />
      )}
      <FilterSelect
        name="month"
        label="When"
        value={filters.month}
        options={data.months}
        onChange={select("month")}
        anyLabel="Any time"
      />
      <FilterSelect
        name="guests"
        label="Guests"
        value={filters.guests === null ? null : String(filters.guests)}
        options={sizeOptions(12, filters.guests)}
        onChange={select("guests", numberOrNull)}
        narrow
      />
      <FilterSelect
        name="bedrooms"
        label="Bedrooms"
        value={filters.bedrooms === null ? null : String(filters.bedrooms)}
        options={sizeOptions(6, filters.bedrooms)}
        onChange={select("bedrooms", numberOrNull)}
        narrow
      />
      {canFilterByPrice && (
        // A resort prices in its own currency and none is converted: the amount is compared with
        // the prices in the currency beside it only.
        <fieldset className="flex min-w-0 flex-col gap-1 sm:w-56">
          {/* Floated, a legend is laid out as content (a flex item), like the other labels. */}
          <legend className={`${filterLabelClass} float-left`}>Weekly price up to</legend>
          <span className="flex">
            <label htmlFor="filter-currency" className="sr-only">
              Currency
            </label>
            <select
              id="filter-currency"
              name="currency"
              value={currency}
              onChange={(event) => {
                const chosen = event.target.value;
                if (!isCurrency(chosen)) return;
                setCurrency(chosen);
                const maxPrice = priceOrNull(priceText);
                if (maxPrice !== null) show(priceChange(maxPrice, chosen));
              }}
              className={`${filterControlClass} rounded-r-none border-r-0 pr-1`}
            >
              {data.currencies.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <label htmlFor="filter-max-price" className="sr-only">
              Amount
            </label>
            <input
              id="filter-max-price"
              type="number"
              name="maxPrice"
              inputMode="numeric"
              min={1}
              max={FIT_LIMITS.maxPrice}
              step="any"
              value={priceText}
              onChange={(event) => {
                const maxPrice = priceOrNull(event.target.value);
                typePrice(event.target.value, maxPrice === null ? "" : String(maxPrice));
                showAfterPause(priceChange(maxPrice));
              }}
              className={`${filterControlClass} w-full min-w-0 rounded-l-none`}
            />
          </span>
        </fieldset>
      )}
      {/* With scripts the list follows every change, so the button is quiet; it stays for a
          keyboard or switch user, who sends the form with it. */}
      <button
        type="submit"
        className={`rounded-lg px-5 py-2.5 text-sm font-semibold ${
          hydrated
            ? "text-navy-900 ring-1 ring-slate-300 hover:bg-slate-50"
            : "bg-navy-900 hover:bg-navy-800 text-white"
        }`}
      >
        Apply filters
      </button>
      {filtered && (
        <Link to="/locations" className="text-gold-700 py-2.5 text-sm font-medium underline">
          Clear all filters
        </Link>
      )}
    </Form>
  );
}

const filterLabelClass = "text-xs font-semibold tracking-wider text-slate-600 uppercase";
const filterControlClass =
  "rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-800";

function FilterSelect({
  name,
  label,
  value,
  options,
  onChange,
  narrow = false,
  anyLabel = "All",
}: {
  name: string;
  label: string;
  value: string | null;
  options: FilterOption[];
  onChange: (event: React.ChangeEvent<HTMLSelectElement>) => void;
  /** The option that sets no filter. */
  anyLabel?: string;
  /** For short options (sizes): narrower beside the others from the small breakpoint up. */
  narrow?: boolean;
}) {
  const id = `filter-${name}`;
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${narrow ? "sm:min-w-28" : "sm:min-w-44"}`}>
      <label htmlFor={id} className={filterLabelClass}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value ?? ""}
        onChange={onChange}
        className={`${filterControlClass} w-full`}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The text with the words that start with a search word marked. */
function Marked({ text, words }: { text: string; words: string[] }) {
  return markWords(text, words).map((part, index) =>
    part.match ? (
      <mark key={index} className="bg-gold-300/60 text-navy-900 rounded-sm">
        {part.text}
      </mark>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}

const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * A result's open and held weeks in the month asked for: their dates and rooms, and which are
 * held; for a member, each rate and a link that asks for the week or joins its waitlist.
 */
function MonthWeeks({
  location,
  weeks,
  month,
}: {
  location: LocationRow;
  weeks: FoundWeek[];
  month: FilterOption | undefined;
}) {
  const more = location.moreWeeks ?? 0;
  return (
    <div className="px-4 pb-4 sm:pl-42">
      <h3 className="text-xs font-semibold tracking-wider text-slate-600 uppercase">
        Weeks{month ? ` in ${month.label}` : ""}
      </h3>
      <ul className="mt-2 space-y-2">
        {weeks.map((week) => (
          <li
            key={`${week.roomTypeId} ${week.checkIn}`}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm"
          >
            <span className="text-navy-900 font-medium">
              {monthDay(dayOf(week.checkIn))} to {monthDay(dayOf(week.checkOut))}
            </span>
            <span className="min-w-0 break-words text-slate-600">{week.roomName}</span>
            <WeekOffer
              week={week}
              currency={week.currency}
              href={week.requestHref ?? null}
              nameSuffix={`: ${location.name}, ${week.roomName}, ${monthDay(dayOf(week.checkIn))}`}
            />
          </li>
        ))}
      </ul>
      {more > 0 && (
        <Link
          to={`${locationPath(location)}#room-options`}
          className="text-gold-700 mt-2 inline-block text-sm underline"
        >
          {more} more {more === 1 ? "week" : "weeks"} at {location.name}
        </Link>
      )}
    </div>
  );
}

function LocationRows({
  title,
  locations,
  words,
  eagerCount,
  month,
}: {
  title: string;
  locations: LocationRow[];
  words: string[];
  eagerCount: number;
  /** The month searched for, whose weeks the rows list. */
  month?: FilterOption;
}) {
  return (
    <section aria-labelledby={`rows-${title}`}>
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
                <span className="text-navy-900 block font-serif text-lg break-words">
                  <Marked text={location.name} words={words} />
                </span>
                <span className="block text-sm text-slate-600">
                  <Marked text={location.place ?? placeLine(location)} words={words} />
                </span>
                {location.excerpt && (
                  <span className="mt-1 line-clamp-2 text-sm break-words text-slate-500">
                    <Marked text={location.excerpt} words={words} />
                  </span>
                )}
              </span>
              <span aria-hidden="true" className="ml-auto text-slate-400">
                →
              </span>
            </Link>
            {location.weeks && (
              <MonthWeeks location={location} weeks={location.weeks} month={month} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
