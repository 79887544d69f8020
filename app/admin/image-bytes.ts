/**
 * What an uploaded file really is, read from its bytes (never its name or declared type), and its
 * pixel size, for JPEG, PNG, WebP, GIF and AVIF.
 */
export type ImageFormat = "jpeg" | "png" | "webp" | "gif" | "avif";

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};

export const EXTENSIONS: Record<ImageFormat, string> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "avif",
};

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, offset: number, length: number) =>
  String.fromCharCode(...bytes.subarray(offset, offset + length));

function pngSize(view: DataView) {
  // IHDR is the first chunk: width and height as big-endian 32-bit numbers.
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function gifSize(view: DataView) {
  return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
}

function jpegSize(bytes: Uint8Array, view: DataView) {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (view.getUint8(offset) !== 0xff) return null;
    const marker = view.getUint8(offset + 1);
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = view.getUint16(offset + 2);
    // Start-of-frame markers carry the size (not DHT 0xc4, JPG 0xc8, DAC 0xcc).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

function webpSize(bytes: Uint8Array, view: DataView) {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8X") {
    // 24-bit little-endian sizes, minus one.
    const width = 1 + (view.getUint16(24, true) | (view.getUint8(26) << 16));
    const height = 1 + (view.getUint16(27, true) | (view.getUint8(29) << 16));
    return { width, height };
  }
  if (chunk === "VP8L") {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8 ") {
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  return null;
}

function avifSize(bytes: Uint8Array, view: DataView) {
  // The image spatial extents ("ispe") property box holds width and height.
  for (let offset = 12; offset + 20 <= bytes.length; offset++) {
    if (ascii(bytes, offset, 4) === "ispe") {
      return { width: view.getUint32(offset + 8), height: view.getUint32(offset + 12) };
    }
  }
  return null;
}

export function readImageInfo(buffer: ArrayBuffer): ImageInfo | null {
  const bytes = new Uint8Array(buffer);
  if (bytes.length < 32) return null;
  const view = new DataView(buffer);
  let format: ImageFormat | null = null;
  let size: { width: number; height: number } | null = null;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
      format = "jpeg";
      size = jpegSize(bytes, view);
    } else if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n" && ascii(bytes, 12, 4) === "IHDR") {
      format = "png";
      size = pngSize(view);
    } else if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") {
      format = "webp";
      size = webpSize(bytes, view);
    } else if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") {
      format = "gif";
      size = gifSize(view);
    } else if (ascii(bytes, 4, 4) === "ftyp" && ["avif", "avis"].includes(ascii(bytes, 8, 4))) {
      format = "avif";
      size = avifSize(bytes, view);
    }
  } catch {
    return null;
  }
  if (!format || !size || size.width < 1 || size.height < 1) return null;
  return { format, ...size };
}
