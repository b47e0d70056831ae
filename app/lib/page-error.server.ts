import { data } from "react-router";
import { isDomainErrorLike } from "#app/lib/form.server";

/** A refusal that means "there is no such thing here": a DomainError whose code carries status 404 in its area's table. */
export function isNotFound(err: unknown): boolean {
  return isDomainErrorLike(err) && err.status === 404;
}

/**
 * A loader's failure as a page. A not-found refusal (status 404), or `input.invalid` (the address holds an id
 * that cannot be one), is the 404 page, whose message is the code's translation key, or `message` where the
 * page names what it did not find ("errors:campaigns.not_found" for a plain "not_found" too). Anything else is
 * rethrown unchanged, to the error boundary. An action calls it only for `isNotFound` refusals: there
 * `input.invalid` is the form's own message.
 */
export function pageErrorFor(err: unknown, message?: string): never {
  if (isDomainErrorLike(err) && (err.status === 404 || err.code === "input.invalid"))
    throw data({ message: message ?? (err.status === 404 ? `errors:${err.code}` : "errors:not_found") }, { status: 404 });
  throw err;
}
