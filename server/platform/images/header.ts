/**
 * Reads an image's format and dimensions from its first bytes (PNG IHDR, JPEG SOF, WebP VP8/VP8L/VP8X),
 * without decoding a single pixel, so the limits can be checked before any decoder runs. Anything that is
 * not a well-formed PNG, JPEG or WebP header answers null.
 */
export type ImageFormat = "png" | "jpeg" | "webp";
export type ImageHeader = { format: ImageFormat; width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  if (!(bytes instanceof Uint8Array)) return null;
  const header = startsWith(bytes, PNG_SIGNATURE)
    ? readPng(bytes)
    : bytes[0] === 0xff && bytes[1] === 0xd8
      ? readJpeg(bytes)
      : readWebp(bytes);
  if (!header || header.width < 1 || header.height < 1) return null;
  return header;
}

function startsWith(bytes: Uint8Array, prefix: number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  bytes.length < at + length ? "" : String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32le = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;

/** PNG: the signature, then IHDR must be the first chunk (length 13): width, height (big-endian, ≤ 2^31−1). */
function readPng(b: Uint8Array): ImageHeader | null {
  if (b.length < 8 + 8 + 13 || u32be(b, 8) !== 13 || ascii(b, 12, 4) !== "IHDR") return null;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  if (width > 0x7fffffff || height > 0x7fffffff) return null;
  return { format: "png", width, height };
}

/** The JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not frames. */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** JPEG: walks the marker segments from SOI until the first SOF, which holds the height and width. */
function readJpeg(b: Uint8Array): ImageHeader | null {
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) return null;
    while (at < b.length && b[at] === 0xff) at++; // fill bytes
    if (at >= b.length) return null;
    const marker = b[at++];
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // TEM, RSTn: no length
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda || marker === 0x00) return null; // SOI again, EOI or scan data before a frame
    if (at + 2 > b.length) return null;
    const length = u16be(b, at);
    if (length < 2) return null;
    if (SOF_MARKERS.has(marker)) {
      // length(2) precision(1) height(2) width(2): a height of 0 (defined later by DNL) is refused.
      if (length < 7 || at + 7 > b.length) return null;
      return { format: "jpeg", height: u16be(b, at + 3), width: u16be(b, at + 5) };
    }
    at += length;
  }
  return null;
}

/** WebP: RIFF….WEBP, then a VP8 (lossy), VP8L (lossless) or VP8X (extended: the canvas size) chunk. */
function readWebp(b: Uint8Array): ImageHeader | null {
  if (ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 4) !== "WEBP") return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8 ") {
    // frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height (2 bits of scale above each).
    if (b.length < 30 || b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { format: "webp", width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === "VP8L") {
    // signature 0x2F, then width−1 and height−1 on 14 bits each.
    if (b.length < 25 || b[20] !== 0x2f) return null;
    const bits = u32le(b, 21);
    return { format: "webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    // flags (1), reserved (3), canvas width−1 and height−1 on 24 bits each.
    if (b.length < 30) return null;
    return { format: "webp", width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  }
  return null;
}
