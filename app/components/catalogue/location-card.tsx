import { Link } from "react-router";
import { cardSubtitle, locationPath, type LocationSummary } from "~/catalogue/locations";
import { ResortImage } from "./resort-image";

export function LocationCard({ location }: { location: LocationSummary }) {
  return (
    <Link
      to={locationPath(location)}
      state={{ from: "home" }}
      className="group block overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg"
    >
      <ResortImage
        image={location.image}
        name={location.name}
        slot="card"
        className="aspect-[16/10] w-full transition duration-500 group-hover:scale-[1.02]"
      />
      <div className="p-5">
        <h3 className="text-navy-900 font-serif text-xl">{location.name}</h3>
        <p className="mt-1 text-sm text-slate-600">{cardSubtitle(location)}</p>
      </div>
    </Link>
  );
}
