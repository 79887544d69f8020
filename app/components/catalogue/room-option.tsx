import { useEffect, useRef } from "react";
import Swiper from "swiper";
import { A11y, EffectFade, Navigation } from "swiper/modules";
import { type PublicImage } from "~/catalogue/locations";
import { A11Y, Carousel, navigationOf, Slide, startWhenNear } from "./carousel";
import { ResortImage } from "./resort-image";

export interface RoomOptionData {
  id: string;
  name: string;
  description: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  maxGuests: number | null;
  roomFeatures: string[];
  freeParking: boolean;
  noResortFees: boolean;
  images: PublicImage[];
}

/** Feature chips: the room's features, then 'Free Parking' and 'No Resort Fees' when they apply. */
export function roomChips(
  room: Pick<RoomOptionData, "roomFeatures" | "freeParking" | "noResortFees">,
) {
  return [
    ...room.roomFeatures,
    ...(room.freeParking ? ["Free Parking"] : []),
    ...(room.noResortFees ? ["No Resort Fees"] : []),
  ];
}

/** Tiles for Bedrooms and Bathrooms when known, Max Guests only above 0. */
export function roomTiles(room: Pick<RoomOptionData, "bedrooms" | "bathrooms" | "maxGuests">) {
  const tiles: Array<{ label: string; value: string }> = [];
  if (room.bedrooms !== null) {
    tiles.push({
      label: "Bedrooms",
      value: room.bedrooms === 0 ? "Studio" : String(room.bedrooms),
    });
  }
  if (room.bathrooms !== null) tiles.push({ label: "Bathrooms", value: String(room.bathrooms) });
  if (room.maxGuests !== null && room.maxGuests > 0) {
    tiles.push({ label: "Max Guests", value: String(room.maxGuests) });
  }
  return tiles;
}

export function RoomOption({
  room,
  locationName,
  children,
}: {
  room: RoomOptionData;
  locationName: string;
  /** What follows the room's facts: pricing for members, the sign-in prompt for visitors. */
  children?: React.ReactNode;
}) {
  const tiles = roomTiles(room);
  const chips = roomChips(room);
  return (
    // minmax(0, …) tracks: a carousel sizes itself to its slides, so an auto track would grow with them.
    <article className="grid grid-cols-1 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      {/* The photo keeps its shape at the top of the card, however tall the facts beside it. */}
      <div className="min-w-0 bg-slate-100 md:self-start">
        {room.images.length > 1 ? (
          <RoomGallery room={room} locationName={locationName} />
        ) : (
          <ResortImage
            image={room.images[0] ?? null}
            name={room.name}
            alt={room.images[0] && roomImageAlt(room.images[0], room, locationName)}
            slot="room"
            className="aspect-[3/2] w-full"
          />
        )}
      </div>
      <div className="min-w-0 p-6 md:p-8">
        <h3 className="text-navy-900 font-serif text-2xl">{room.name}</h3>
        {room.description && <p className="mt-2 text-slate-700">{room.description}</p>}
        {tiles.length > 0 && (
          <dl className="mt-5 grid grid-cols-3 gap-3">
            {tiles.map((tile) => (
              <div
                key={tile.label}
                className="bg-sand-100 rounded-xl px-1.5 py-3 text-center sm:px-3"
              >
                <dt className="text-xs text-slate-600 uppercase sm:tracking-wider">{tile.label}</dt>
                <dd className="text-navy-900 mt-1 text-lg font-semibold">{tile.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {chips.length > 0 && (
          <ul className="mt-5 flex flex-wrap gap-2" aria-label="Features">
            {chips.map((chip) => (
              <li
                key={chip}
                className="bg-navy-900/5 text-navy-900 ring-navy-900/10 max-w-full rounded-full px-3 py-1 text-sm [overflow-wrap:anywhere] ring-1"
              >
                {chip}
              </li>
            ))}
          </ul>
        )}
        {children}
      </div>
    </article>
  );
}

function roomImageAlt(image: PublicImage, room: RoomOptionData, locationName: string) {
  return image.alt || `${locationName}, ${room.name}`;
}

/** A room's photos, one at a time: a fade gallery with arrows. */
function RoomGallery({ room, locationName }: { room: RoomOptionData; locationName: string }) {
  const gallery = useRef<HTMLDivElement>(null);
  const slides = room.images.map((image) => image.url).join(" ");
  useEffect(
    () =>
      startWhenNear(gallery.current, () => [
        new Swiper(gallery.current!, {
          modules: [EffectFade, Navigation, A11y],
          effect: "fade",
          fadeEffect: { crossFade: true },
          navigation: navigationOf(gallery.current!),
          a11y: A11Y,
        }),
      ]),
    [slides],
  );
  return (
    <>
      <Carousel ref={gallery} label={`${room.name} photos`} navigation>
        {room.images.map((image) => (
          <Slide key={image.url}>
            <ResortImage
              image={image}
              name={room.name}
              alt={roomImageAlt(image, room, locationName)}
              slot="room"
              className="aspect-[3/2] w-full"
            />
          </Slide>
        ))}
      </Carousel>
      {/* Without JavaScript there are no arrows: this says how to see the other photos. */}
      <p className="hidden px-3 py-2 text-xs text-slate-600 noscript:block">
        {room.images.length} photos: swipe or scroll sideways to see them all.
      </p>
    </>
  );
}
