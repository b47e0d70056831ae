import { ImagePool, ImagePoolError } from "./pool";
import { checkImageHeader, IMAGE_RULES, ImageRefused, limitsOf, type ImageKind } from "./rules";

export { readImageHeader, type ImageFormat, type ImageHeader } from "./header";
export { ImagePool, ImagePoolError, type ImagePoolOptions, type ImagePoolStats } from "./pool";
export {
  checkImageHeader,
  dimensionProblem,
  IMAGE_RULES,
  ImageRefused,
  type ImageKind,
  type ImageRefusalReason,
  type ImageRules,
} from "./rules";

export type ProcessImageOptions = {
  /** Which rules apply (IMAGE_RULES): largest side, aspect ratio, pixel count, formats. */
  kind: ImageKind;
  width: number;
  height: number;
  fit?: "cover" | "contain" | "inside";
  position?: "centre" | "attention" | "entropy";
  /** One WebP quality, or several tried in order until the file is under maxOutputBytes. */
  quality?: number | number[];
  effort?: number;
  maxOutputBytes?: number;
  /** The process-wide pool unless given (tests pass one with a tiny time limit). */
  pool?: ImagePool;
};

export type ProcessedImage = { body: Buffer; format: "webp"; width: number; height: number; quality: number };

let shared: ImagePool | null = null;

/** The process-wide image pool, started on first use (its workers start with the first image). */
export function imagePool(): ImagePool {
  shared ??= new ImagePool();
  return shared;
}

/** Stops the process-wide pool's workers (at shutdown); a later image starts a new pool. */
export async function closeImagePool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}

/**
 * The one way the site takes in an image. The type is judged by content and the dimensions are checked on
 * the header, before any decoding; then a worker thread decodes, applies the EXIF orientation, resizes and
 * re-encodes to WebP without metadata, within a time limit. Refusals throw ImageRefused with a reason
 * ("type", "dimensions", "output_too_large", "timeout", "busy") and the kind's limits.
 */
export async function processImage(bytes: Uint8Array, opts: ProcessImageOptions): Promise<ProcessedImage> {
  const rules = IMAGE_RULES[opts.kind];
  const header = checkImageHeader(bytes, rules);
  const input = bytes.slice(); // the worker gets its own copy, transferred rather than copied again
  const qualities = Array.isArray(opts.quality) ? opts.quality : [opts.quality ?? 85];
  let answer;
  try {
    answer = await (opts.pool ?? imagePool()).run(
      {
        bytes: input,
        expect: header,
        limitInputPixels: rules.maxPixels,
        width: opts.width,
        height: opts.height,
        fit: opts.fit ?? "cover",
        position: opts.position ?? "centre",
        qualities,
        effort: opts.effort ?? 4,
        maxOutputBytes: opts.maxOutputBytes ?? null,
      },
      [input.buffer as ArrayBuffer],
    );
  } catch (err) {
    if (err instanceof ImagePoolError && (err.reason === "timeout" || err.reason === "busy"))
      throw new ImageRefused(err.reason, limitsOf(rules));
    throw err;
  }
  if (!answer.ok) throw new ImageRefused(answer.reason, limitsOf(rules));
  return {
    body: Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength),
    format: "webp",
    width: answer.width,
    height: answer.height,
    quality: answer.quality,
  };
}
