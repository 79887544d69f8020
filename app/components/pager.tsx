import { Link } from "react-router";

/** The pages shown around the current one: the first, the last, and one on either side. */
function pagesAround(page: number, pages: number) {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((number) => number >= 1 && number <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((number, index) =>
    index > 0 && number - shown[index - 1]! > 1 ? [null, number] : [number],
  );
}

/**
 * A list's pages as real links (crawlable, no JavaScript needed), each keeping the list's filters
 * (`href`): Previous, the page numbers around this one, Next, and how many items there are.
 */
export function Pager({
  label,
  page,
  pages,
  total,
  href,
  noun = "locations",
}: {
  label: string;
  page: number;
  pages: number;
  total: number;
  href: (page: number) => string;
  /** What the list counts, in the plural. */
  noun?: string;
}) {
  if (pages <= 1) return null;
  const linkClass =
    "text-navy-900 flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 font-medium ring-1 ring-slate-300 hover:bg-white";
  return (
    <nav aria-label={label} className="mt-8">
      <p className="text-sm text-slate-600">
        Page {page} of {pages} · {total} {noun}
      </p>
      <ul className="mt-3 flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} rel="prev" className={linkClass}>
              ← Previous
            </Link>
          </li>
        )}
        {pagesAround(page, pages).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={number}>
              {number === page ? (
                <span
                  aria-current="page"
                  className="bg-navy-900 flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 font-semibold text-white"
                >
                  <span className="sr-only">Page </span>
                  {number}
                </span>
              ) : (
                <Link to={href(number)} className={linkClass}>
                  <span className="sr-only">Page </span>
                  {number}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link to={href(page + 1)} rel="next" className={linkClass}>
              Next →
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
