import { data } from "react-router";
import { isDomainErrorLike } from "#app/lib/form.server";

/**
 * A featured game that is unknown, hidden, not started, finished, ended early or homepage-only: the 404 page
 * with 'Featured game not found.' (a finished game answers 404 too, not 410: its address may be reused by a
 * later feature of the same game, and search engines drop a 404 as well). Any other failure goes on.
 */
export function featuredNotFound(err: unknown): never {
  if (isDomainErrorLike(err) && (err.code === "promotions.not_found" || err.code === "input.invalid"))
    throw data({ message: "errors:promotions.not_found" }, { status: 404 });
  throw err;
}
