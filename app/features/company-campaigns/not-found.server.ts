import { isDomainErrorLike } from "#app/lib/form.server";

const NOT_FOUND = new Set(["not_found", "input.invalid", "campaigns.not_found", "campaigns.game_not_found"]);

/** A loader's "not found" for the company's campaign pages: another company's game or campaign is a 404 too. */
export function notFoundForCampaigns(err: unknown): never {
  if (isDomainErrorLike(err) && NOT_FOUND.has(err.code)) throw new Response("Not Found", { status: 404 });
  throw err;
}
