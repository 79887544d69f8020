import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { useDebouncedCallback } from "use-debounce";
import { adminHref, PICKER_PER_PAGE } from "~/catalogue/location-manager";
import { buttonClass, inputClass } from "~/components/forms";
import { useInputBeforeHydration } from "~/lib/use-input-before-hydration";
import { Badge, cardClass } from "../admin/admin-ui";

interface PickerLocation {
  id: string;
  name: string;
  place: string;
  hidden: boolean;
  featured: boolean;
}

const stepClass =
  "inline-flex items-center justify-center gap-1 whitespace-nowrap rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm font-semibold text-navy-900 hover:bg-slate-50";
const stepDisabledClass =
  "inline-flex cursor-not-allowed items-center justify-center gap-1 whitespace-nowrap rounded-lg border border-slate-200 px-2 py-2 text-sm font-semibold text-slate-400";

/** The picker's list: a page of the locations matching its search. */
export interface PickerList {
  items: PickerLocation[];
  page: number;
  pages: number;
  total: number;
}

/** Results follow typing once the admin pauses this long. */
const TYPING_PAUSE_MS = 300;

/**
 * The locations (hidden ones too) by name, 50 at a time, the page with the selected one first,
 * with a name search the server answers (a GET form; with JavaScript, as you type), '+ Add
 * Location', and Previous / Next in name order through all of them.
 */
export function LocationPicker({
  list,
  selectedId,
  query: initialQuery,
  previousId,
  nextId,
}: {
  list: PickerList;
  selectedId: string | null;
  query: string;
  previousId: string | null;
  nextId: string | null;
}) {
  const navigate = useNavigate();
  // The search box follows the address's search (a new `q` replaces what was typed).
  const [query, setQuery] = useState(initialQuery);
  const [addressQuery, setAddressQuery] = useState(initialQuery);
  if (addressQuery !== initialQuery) {
    setAddressQuery(initialQuery);
    setQuery(initialQuery);
  }
  const shown = list.items;
  // Links keep the search the list shows, not what is being typed.
  const q = initialQuery || null;
  // Another page of the list, for the same search (the selected location stays open).
  const pickerPageHref = (page: number) => adminHref({ location: selectedId, q, listPage: page });
  const search = useDebouncedCallback((typed: string) => {
    navigate(adminHref({ location: selectedId ?? undefined, q: typed.trim() || null }), {
      replace: true,
      preventScrollReset: true,
    });
  }, TYPING_PAUSE_MS);
  // A search typed before the scripts ran stays in the box and is applied as typing is.
  const searchForm = useInputBeforeHydration<HTMLFormElement>((values) => {
    const typed = values.get("q");
    if (typed === undefined) return;
    setQuery(typed);
    search(typed);
  });
  // A search still waiting when the admin goes elsewhere (a link such as Add Location, Back) is
  // dropped at once: it must not take over a navigation that has started but not arrived.
  useEffect(() => {
    const leaving = (event: Event) => {
      if (event.type === "popstate" || (event.target as Element | null)?.closest?.("a[href]"))
        search.cancel();
    };
    document.addEventListener("click", leaving, true);
    window.addEventListener("popstate", leaving);
    return () => {
      search.cancel();
      document.removeEventListener("click", leaving, true);
      window.removeEventListener("popstate", leaving);
    };
  }, [search]);

  // Keeps the selected location in view inside the scrolling list.
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!list || !item) return;
    const top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
    }
  }, [selectedId]);

  return (
    <section aria-labelledby="picker-heading" className={`${cardClass} !p-4`}>
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="picker-heading" className="text-navy-900 font-serif text-xl">
          Locations
        </h2>
        <span className="text-sm text-slate-500">{list.total}</span>
      </div>

      <Link
        to={adminHref({ isNew: true })}
        className="bg-gold-500 text-navy-950 hover:bg-gold-400 mt-3 flex w-full items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold"
      >
        + Add Location
      </Link>

      <Form
        ref={searchForm}
        method="get"
        action="/admin"
        role="search"
        className="mt-3"
        onSubmit={(event) => {
          // With JavaScript the list follows typing; Enter opens the first match of what is typed.
          event.preventDefault();
          search.cancel();
          const typed = query.trim() || null;
          if (typed !== q) navigate(adminHref({ location: selectedId ?? undefined, q: typed }));
          else if (shown[0]) navigate(adminHref({ location: shown[0].id, q }));
        }}
      >
        <label htmlFor="location-search" className="text-navy-900 text-sm font-semibold">
          Search locations
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="location-search"
            type="search"
            name="q"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              search(event.target.value);
            }}
            placeholder="By name"
            autoComplete="off"
            maxLength={100}
            aria-controls="location-options"
            className={`${inputClass} !mt-0`}
          />
          {selectedId && <input type="hidden" name="location" value={selectedId} />}
          <button type="submit" className={buttonClass.secondary}>
            Search
          </button>
        </div>
      </Form>

      <nav aria-label="Previous and next location" className="mt-3 grid grid-cols-2 gap-2">
        {previousId ? (
          <Link to={adminHref({ location: previousId, q })} className={stepClass} rel="prev">
            ← Previous
          </Link>
        ) : (
          <span aria-disabled="true" className={stepDisabledClass}>
            ← Previous
          </span>
        )}
        {nextId ? (
          <Link to={adminHref({ location: nextId, q })} className={stepClass} rel="next">
            Next →
          </Link>
        ) : (
          <span aria-disabled="true" className={stepDisabledClass}>
            Next →
          </span>
        )}
      </nav>

      <p aria-live="polite" className="sr-only">
        {list.total === 1 ? "1 location" : `${list.total} locations`}
      </p>
      {shown.length === 0 ? (
        <p
          id="location-options"
          className="bg-sand-100 mt-4 rounded-lg px-3 py-4 text-center text-sm text-slate-700"
        >
          No locations found
        </p>
      ) : (
        <ul
          id="location-options"
          ref={listRef}
          aria-label="Locations by name"
          className="-mx-1 mt-3 max-h-72 space-y-0.5 overflow-y-auto px-1 py-1 lg:max-h-[34rem]"
        >
          {shown.map((location) => {
            const selected = location.id === selectedId;
            return (
              <li key={location.id}>
                <Link
                  to={adminHref({ location: location.id, q })}
                  aria-current={selected ? "true" : undefined}
                  className={`block rounded-lg px-3 py-2 ${
                    selected ? "bg-navy-900 text-white" : "text-navy-900 hover:bg-sand-100"
                  }`}
                >
                  <span className="flex items-center gap-2">
                    <span className="min-w-0 flex-1 text-sm leading-snug font-semibold">
                      {location.name}
                    </span>
                    {location.hidden && <Badge tone="hidden">Hidden</Badge>}
                  </span>
                  <span
                    className={`block truncate text-xs ${selected ? "text-slate-200" : "text-slate-500"}`}
                  >
                    {location.place}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {list.pages > 1 && (
        <nav
          aria-label="Pages of the location list"
          className="mt-3 flex items-center justify-between gap-2 text-sm"
        >
          {list.page > 1 ? (
            <Link to={pickerPageHref(list.page - 1)} className={stepClass}>
              ← Previous 50
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600 tabular-nums">
            {(list.page - 1) * PICKER_PER_PAGE + 1}–
            {(list.page - 1) * PICKER_PER_PAGE + shown.length} of {list.total}
          </span>
          {list.page < list.pages ? (
            <Link to={pickerPageHref(list.page + 1)} className={stepClass}>
              Next 50 →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
