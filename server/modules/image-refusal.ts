import { ImageRefused } from "#server/platform/images";
import { DomainError } from "./errors";

/**
 * An image the pool refused, as the error codes every image form knows (a timeout reads as "too large to
 * process"); any other error is thrown as it is.
 */
export function throwImageRefusal(err: unknown): never {
  if (!(err instanceof ImageRefused)) throw err;
  switch (err.reason) {
    case "type":
      throw new DomainError("accounts.avatar_type");
    case "output_too_large":
      throw new DomainError("accounts.avatar_too_large");
    case "busy":
      throw new DomainError("rate_limited", { retryAfterSeconds: 5 });
    case "dimensions":
    case "timeout":
      throw new DomainError("images.dimensions", {
        maxSide: err.limits.maxSide,
        maxAspect: err.limits.maxAspect,
        megapixels: Math.floor(err.limits.maxPixels / 1_000_000),
      });
  }
}
