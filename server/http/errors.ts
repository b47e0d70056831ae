import type { Context } from "hono";
import { isDomainError } from "#server/modules/errors";

/** Maps a thrown error to the JSON error shape of the API: `{ error: { code, details? } }`. */
export function errorResponse(c: Context, err: unknown) {
  if (isDomainError(err)) {
    if (err.code === "rate_limited" && typeof err.details?.retryAfterSeconds === "number") {
      c.header("Retry-After", String(err.details.retryAfterSeconds));
    }
    return c.json({ error: { code: err.code, details: err.details } }, err.status as 400);
  }
  throw err;
}
