/**
 * What kind of image some bytes are, by their magic bytes (PNG, JPEG, GIF,
 * WebP), with the pixel size read from the header. Shopify's media processing
 * refuses anything else; so does the stand-in.
 */

export interface ImageInfo {
  mimeType: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
  width: number | null;
  height: number | null;
}

function startsWith(bytes: Buffer, ...magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    const length = bytes.readUInt16BE(i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return null;
}

function webpSize(bytes: Buffer): { width: number; height: number } | null {
  const chunk = bytes.toString("ascii", 12, 16);
  if (chunk === "VP8X" && bytes.length >= 30) {
    return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  }
  if (chunk === "VP8 " && bytes.length >= 30) {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === "VP8L" && bytes.length >= 25) {
    const b = bytes.readUInt32LE(21);
    return { width: (b & 0x3fff) + 1, height: ((b >> 14) & 0x3fff) + 1 };
  }
  return null;
}

/** The image's type and size, or null when the bytes are not a PNG, JPEG, GIF or WebP image. */
export function sniffImage(bytes: Buffer): ImageInfo | null {
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) {
    const ok = bytes.length >= 24;
    return {
      mimeType: "image/png",
      width: ok ? bytes.readUInt32BE(16) : null,
      height: ok ? bytes.readUInt32BE(20) : null,
    };
  }
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) {
    const size = jpegSize(bytes);
    return { mimeType: "image/jpeg", width: size?.width ?? null, height: size?.height ?? null };
  }
  if (bytes.length >= 10 && ["GIF87a", "GIF89a"].includes(bytes.toString("ascii", 0, 6))) {
    return { mimeType: "image/gif", width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (
    bytes.length >= 16 &&
    bytes.toString("ascii", 0, 4) === "RIFF" &&
    bytes.toString("ascii", 8, 12) === "WEBP"
  ) {
    const size = webpSize(bytes);
    return { mimeType: "image/webp", width: size?.width ?? null, height: size?.height ?? null };
  }
  return null;
}
