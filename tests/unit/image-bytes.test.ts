import { describe, expect, it } from "vitest";
import { IMAGE_RULES } from "~/admin/image-actions";
import { readImageInfo } from "~/admin/image-bytes";
import { IMAGE_MESSAGES, MAX_FILES_PER_UPLOAD, MAX_IMAGE_BYTES } from "~/admin/images.server";
import { buffer, fixture, fixtureNames, pngOfSize } from "../fixtures/images";

describe("readImageInfo (app/admin/image-bytes.ts)", () => {
  it.each([
    ["navy-300x200.png", "png", 300, 200],
    ["gold-320x180.jpg", "jpeg", 320, 180],
    ["tiny-7x3.gif", "gif", 7, 3],
    ["tiny-10x6-lossy.webp", "webp", 10, 6],
    ["tiny-11x5-lossless.webp", "webp", 11, 5],
    ["tiny-12x8-alpha.webp", "webp", 12, 8],
    ["tiny-16x10.avif", "avif", 16, 10],
  ] as const)("reads %s as %s, %i×%i", (name, format, width, height) => {
    expect(readImageInfo(buffer(fixture(name)))).toEqual({ format, width, height });
  });

  it("refuses text, empty and truncated data", () => {
    const encode = (text: string) => buffer(new TextEncoder().encode(text));
    expect(
      readImageInfo(encode("This is not an image, even if it is called photo.png. ".repeat(4))),
    ).toBeNull();
    expect(readImageInfo(new ArrayBuffer(0))).toBeNull();
    for (const name of fixtureNames) {
      // The signature alone, or cut before the size: not an image we can record.
      expect(readImageInfo(buffer(fixture(name).slice(0, 12)))).toBeNull();
    }
    expect(readImageInfo(buffer(fixture("gold-320x180.jpg").slice(0, 40)))).toBeNull();
    expect(readImageInfo(buffer(fixture("tiny-16x10.avif").slice(0, 40)))).toBeNull();
  });

  it("reads a JPEG's size from its start-of-frame segment, past the tables before it", () => {
    const jpeg = fixture("gold-320x180.jpg");
    // In this file the SOF0 segment starts at byte 0xba, after JFIF, comment, DQT and DHT segments.
    expect(jpeg[0xba]).toBe(0xff);
    expect(jpeg[0xbb]).toBe(0xc0);
    expect(readImageInfo(buffer(jpeg.slice(0, 0xba + 12)))).toEqual({
      format: "jpeg",
      width: 320,
      height: 180,
    });
    expect(readImageInfo(buffer(jpeg.slice(0, 0xba)))).toBeNull();
    // A segment that does not start with 0xff: not a JPEG after all.
    const broken = jpeg.slice();
    broken[0x14] = 0x00;
    expect(readImageInfo(buffer(broken))).toBeNull();
  });

  it("reads the format from the bytes, whatever else they claim", () => {
    const riff = fixture("tiny-11x5-lossless.webp");
    riff.set(new TextEncoder().encode("VP8Z"), 12);
    expect(readImageInfo(buffer(riff))).toBeNull();
    const png = fixture("navy-300x200.png");
    png.set(new TextEncoder().encode("IDAT"), 12);
    expect(readImageInfo(buffer(png))).toBeNull();
    const heif = fixture("tiny-16x10.avif");
    heif.set(new TextEncoder().encode("heic"), 8);
    expect(readImageInfo(buffer(heif))).toBeNull();
  });

  it("refuses a zero-sized picture", () => {
    expect(readImageInfo(buffer(pngOfSize(0, 10)))).toBeNull();
    const gif = fixture("tiny-7x3.gif");
    gif.set([0, 0], 6);
    expect(readImageInfo(buffer(gif))).toBeNull();
  });

  it("reads sizes beyond 16 bits where the format allows them", () => {
    expect(readImageInfo(buffer(pngOfSize(70_000, 1)))).toEqual({
      format: "png",
      width: 70_000,
      height: 1,
    });
  });

  it("matches the rules the page checks early to the model's", () => {
    expect(IMAGE_RULES.maxBytes).toBe(MAX_IMAGE_BYTES);
    expect(IMAGE_RULES.onlyImages).toBe(IMAGE_MESSAGES.onlyImages);
    expect(IMAGE_RULES.noFiles).toBe(IMAGE_MESSAGES.noFiles);
    expect(IMAGE_RULES.tooLarge).toBe(IMAGE_MESSAGES.tooLarge);
    expect(IMAGE_RULES.maxFiles).toBe(MAX_FILES_PER_UPLOAD);
    expect(IMAGE_RULES.tooMany).toBe(`Upload at most ${MAX_FILES_PER_UPLOAD} images at a time`);
  });
});
