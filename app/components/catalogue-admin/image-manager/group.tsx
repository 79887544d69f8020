/** What every form of one group of pictures (a location's own, or one room type's) carries. */

import { type ImageVariants } from "~/catalogue/image-variants";

export interface ManagedImage {
  id: string;
  url: string;
  width: number;
  height: number;
  variants?: ImageVariants | null;
  alt: string | null;
}

export interface ImageGroup {
  locationId: string;
  roomTypeId: string | null;
  /** The page to come back to after a post without JavaScript, with the group's fragment. */
  redirectTo: string;
}

export const buttonBase =
  "inline-flex items-center justify-center rounded-lg text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50";
export const smallButton = `${buttonBase} h-9 min-w-9 px-2.5`;

export function sectionIdOf(locationId: string, roomTypeId: string | null) {
  return `images-${(roomTypeId ?? locationId).replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

/** Back to this section after a post without JavaScript. */
export function withSectionHash(path: string, sectionId: string) {
  return path.includes("#") ? path : `${path}#${sectionId}`;
}

/** A picture's alt text, or its place in the group ('Resort Images 2'). */
export function altOf(image: ManagedImage, position: number, title: string) {
  return image.alt?.trim() ? image.alt : `${title} ${position}`;
}

/** The fields naming the group, in every form of it. */
export function GroupFields({ locationId, roomTypeId, redirectTo }: ImageGroup) {
  return (
    <>
      <input type="hidden" name="locationId" value={locationId} />
      <input type="hidden" name="roomTypeId" value={roomTypeId ?? ""} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
}
