import { describe, expect, it } from "vitest";
import { pictureSources } from "~/catalogue/image-variants";

const photo = {
  url: "/images/loc/1_photo.jpg",
  variants: { widths: [400, 800, 1200, 1600, 2400], avif: [400, 800] },
};
const widthsOf = (srcset: string | null | undefined) =>
  srcset?.split(", ").map((candidate) => Number(candidate.split(" ")[1]!.slice(0, -1)));

describe("a picture's srcset for each place it is shown", () => {
  it("lists only the widths the slot can use, up to the first that covers its densest screen", () => {
    expect(widthsOf(pictureSources(photo, "row")?.jpg)).toEqual([400]);
    expect(widthsOf(pictureSources(photo, "thumb")?.webp)).toEqual([400]);
    expect(widthsOf(pictureSources(photo, "card")?.webp)).toEqual([400, 800, 1200]);
    expect(widthsOf(pictureSources(photo, "hero")?.jpg)).toEqual([400, 800, 1200, 1600, 2400]);
  });

  it("keeps AVIF where it was made, WebP above, and every width of a smaller picture", () => {
    expect(pictureSources(photo, "card")?.avif).toBe(
      "/images/loc/1_photo.jpg/w400.avif 400w, /images/loc/1_photo.jpg/w800.avif 800w, /images/loc/1_photo.jpg/w1200.webp 1200w",
    );
    const small = { url: "/images/a.jpg", variants: { widths: [400, 800], avif: [400, 800] } };
    expect(widthsOf(pictureSources(small, "hero")?.jpg)).toEqual([400, 800]);
    expect(pictureSources({ url: "/images/a.svg", variants: null }, "card")).toBeNull();
  });
});
