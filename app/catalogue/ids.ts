/**
 * The catalogue's ids (UUIDs, or the seed's readable ids) are at most this long. A longer or an
 * empty one names nothing: it is refused as unknown without a query.
 */
export const MAX_ID_LENGTH = 200;

export const isIdShaped = (id: string) => id.length > 0 && id.length <= MAX_ID_LENGTH;

/** What an unknown (or deleted) id answers. */
export const NOT_FOUND = {
  location: "Location not found",
  roomType: "Room type not found",
  image: "Image not found",
} as const;
