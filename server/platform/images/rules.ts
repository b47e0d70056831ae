import { readImageHeader, type ImageFormat, type ImageHeader } from "./header";

/**
 * What the site accepts, per kind of image. Checked on the header, before any pixel is decoded: a 1 KB PNG
 * may claim 100000×10 pixels, and resizing that to cover a square builds a gigantic intermediate image.
 * A new kind (a game's banner, a screenshot) adds its line here; every upload goes through processImage.
 */
export type ImageRules = {
  /** Longest side, in pixels. */
  maxSide: number;
  /** Longest side over shortest side: 8 allows 8:1 (and 1:8), never a 10000:1 strip. */
  maxAspect: number;
  /** Width × height: bounds the decoder's memory (40 MP ≈ 160 MB of RGBA). */
  maxPixels: number;
  formats: readonly ImageFormat[];
};

const WEB_FORMATS = ["png", "jpeg", "webp"] as const;

export const IMAGE_RULES = {
  avatar: { maxSide: 8192, maxAspect: 8, maxPixels: 40_000_000, formats: WEB_FORMATS },
  logo: { maxSide: 8192, maxAspect: 8, maxPixels: 50_000_000, formats: WEB_FORMATS },
  /** A company game's cover, shown 16:9: a banner up to 4:1 is cropped, a strip refused. */
  cover: { maxSide: 8192, maxAspect: 4, maxPixels: 50_000_000, formats: WEB_FORMATS },
  /** A featured game's screenshot: landscape or a phone's portrait, never a strip. */
  screenshot: { maxSide: 8192, maxAspect: 4, maxPixels: 50_000_000, formats: WEB_FORMATS },
} satisfies Record<string, ImageRules>;

export type ImageKind = keyof typeof IMAGE_RULES;

/** Why an image was refused; callers turn it into their own error codes. */
export type ImageRefusalReason =
  /** Not a well-formed PNG, JPEG or WebP (judged by content), or it failed to decode. */
  | "type"
  /** A side, the aspect ratio or the pixel count is over the kind's limits. */
  | "dimensions"
  /** Even at the lowest quality the re-encoded file is over the size the caller allows. */
  | "output_too_large"
  /** The work went over its time limit (the worker was stopped). */
  | "timeout"
  /** Too many images are waiting already: try again in a moment. */
  | "busy";

export class ImageRefused extends Error {
  constructor(
    readonly reason: ImageRefusalReason,
    readonly limits: { maxSide: number; maxAspect: number; maxPixels: number },
  ) {
    super(`image refused: ${reason}`);
    this.name = "ImageRefused";
  }
}

export const limitsOf = (rules: ImageRules) => ({ maxSide: rules.maxSide, maxAspect: rules.maxAspect, maxPixels: rules.maxPixels });

/** Why these dimensions break the rules, or null when they are fine. */
export function dimensionProblem(width: number, height: number, rules: ImageRules): "side" | "aspect" | "pixels" | null {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) return "side";
  if (Math.max(width, height) > rules.maxSide) return "side";
  if (Math.max(width, height) / Math.min(width, height) > rules.maxAspect) return "aspect";
  if (width * height > rules.maxPixels) return "pixels";
  return null;
}

/**
 * The check done before decoding: the header must be a PNG, JPEG or WebP the kind accepts, and its dimensions
 * within the kind's limits. Throws ImageRefused ("type" or "dimensions"); returns what the header says.
 */
export function checkImageHeader(bytes: Uint8Array, rules: ImageRules): ImageHeader {
  const header = readImageHeader(bytes);
  if (!header || !rules.formats.includes(header.format)) throw new ImageRefused("type", limitsOf(rules));
  if (dimensionProblem(header.width, header.height, rules)) throw new ImageRefused("dimensions", limitsOf(rules));
  return header;
}
