/**
 * The image fixtures (tests/fixtures/images, made with ffmpeg from solid colours), as bytes.
 * workerd has no file system to read them from, so Vite inlines them as data URLs.
 */
import goldJpg from "../fixtures/images/gold-320x180.jpg?inline";
import navyPng from "../fixtures/images/navy-300x200.png?inline";
import lossyWebp from "../fixtures/images/tiny-10x6-lossy.webp?inline";
import losslessWebp from "../fixtures/images/tiny-11x5-lossless.webp?inline";
import alphaWebp from "../fixtures/images/tiny-12x8-alpha.webp?inline";
import avif from "../fixtures/images/tiny-16x10.avif?inline";
import gif from "../fixtures/images/tiny-7x3.gif?inline";

const dataUrls = {
  "navy-300x200.png": navyPng,
  "gold-320x180.jpg": goldJpg,
  "tiny-7x3.gif": gif,
  "tiny-10x6-lossy.webp": lossyWebp,
  "tiny-11x5-lossless.webp": losslessWebp,
  "tiny-12x8-alpha.webp": alphaWebp,
  "tiny-16x10.avif": avif,
} as const;

export type FixtureName = keyof typeof dataUrls;
export const fixtureNames = Object.keys(dataUrls) as FixtureName[];

/** A fixture file's bytes (a new copy each time). */
export function fixture(name: FixtureName): Uint8Array<ArrayBuffer> {
  const dataUrl = dataUrls[name];
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

export const buffer = (bytes: Uint8Array<ArrayBuffer>) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);

/** A PNG that says it is `width`×`height`: the fixture with its IHDR size rewritten (the pixels are not read). */
export function pngOfSize(width: number, height: number) {
  const bytes = fixture("navy-300x200.png");
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}
