import { data } from "react-router";
import { isDomainErrorLike } from "#app/lib/form.server";

/**
 * A campaign that does not exist, is a draft, or whose address is malformed: the 404 page with SPEC §8's
 * message ('Campaign not found.'); any other failure goes on to the error boundary.
 */
export function campaignNotFound(err: unknown): never {
  if (isDomainErrorLike(err) && (err.code === "campaigns.not_found" || err.code === "not_found" || err.code === "input.invalid"))
    throw data({ message: "errors:campaigns.not_found" }, { status: 404 });
  throw err;
}
