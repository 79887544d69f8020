import { Link } from "react-router";
import {
  adminHref,
  deleteQuestion,
  INTENTS,
  LOCATION_ADMIN_MESSAGES as M,
} from "~/catalogue/location-manager";
import { buttonClass } from "~/components/forms";
import { type Location } from "~/db/schema";
import { placeLine } from "~/catalogue/locations";
import { Badge, cardClass } from "../admin/admin-ui";
import { DeleteSection } from "../admin/delete-section";
import { clearRememberedSelection } from "./location-selection";

/** The selected location's name, place and badges, with a View link to its public page. */
export function LocationHeading({ location }: { location: Location }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <p className="text-gold-700 text-xs font-semibold tracking-wider uppercase">
          Edit location
        </p>
        <h1 className="text-navy-900 font-serif text-3xl [overflow-wrap:anywhere]">
          {location.name}
        </h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span className="min-w-0">{placeLine(location)}</span>
          {location.hidden && <Badge tone="hidden">Hidden</Badge>}
          {location.featured && <Badge tone="featured">Featured</Badge>}
        </p>
      </div>
      <a
        href={`/locations/${encodeURIComponent(location.slug)}`}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass.secondary}
      >
        View<span className="sr-only"> {location.name} (opens in a new tab)</span>
        <span aria-hidden="true" className="ml-1.5">
          ↗
        </span>
      </a>
    </div>
  );
}

export function NewLocationHeading() {
  return (
    <div>
      <p className="text-gold-700 text-xs font-semibold tracking-wider uppercase">New location</p>
      <h1 className="text-navy-900 font-serif text-3xl">Add Location</h1>
    </div>
  );
}

/** Nothing selected, or a location that is gone. */
export function EmptyState({ missing }: { missing: boolean }) {
  return (
    <section className={`${cardClass} text-center`}>
      <h1 className="text-navy-900 font-serif text-3xl">
        {missing ? "Location not found" : "Locations"}
      </h1>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        {missing
          ? "It may have been deleted. Choose another location from the list, or add a new one."
          : "Choose a location from the list to edit it, its room types and images, or add a new one."}
      </p>
      <Link
        to={adminHref({ isNew: true })}
        className="bg-navy-900 hover:bg-navy-800 mt-5 inline-flex rounded-lg px-5 py-2.5 text-sm font-semibold text-white"
      >
        Add a new location
      </Link>
    </section>
  );
}

/** Room types come once the location exists. */
export function RoomTypesLater() {
  return (
    <section aria-labelledby="room-types-heading" className={cardClass}>
      <h2 id="room-types-heading" className="text-navy-900 font-serif text-xl">
        Room Types
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Create the location first, then add its room types.
      </p>
    </section>
  );
}

export function DeleteLocation({
  location,
  confirming,
  cancelHref,
  staysAhead,
}: {
  location: Location;
  /** Without JavaScript, the second step. */
  confirming: boolean;
  cancelHref: string;
  /** Members' stays ahead at the location, confirmed or awaiting confirmation. */
  staysAhead: number;
}) {
  return (
    <DeleteSection
      id="delete-location"
      heading="Delete Location"
      description="Removes this location with its room types and images, from the site and from storage. This cannot be undone."
      intent={INTENTS.deleteLocation}
      fields={{ locationId: location.id }}
      question={deleteQuestion(M.confirmDeleteLocation, staysAhead)}
      name={location.name}
      confirming={confirming}
      cancelHref={cancelHref}
      // Not reopened as the remembered selection once it is gone (a failed delete comes back
      // to it, which remembers it again).
      onDelete={clearRememberedSelection}
    />
  );
}
