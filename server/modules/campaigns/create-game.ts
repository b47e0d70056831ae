import { randomUUID } from "node:crypto";
import { isUniqueViolation } from "#server/db/unique-violation";
import { companyGames } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput, type CampaignsDeps } from "./deps";
import { gameInput } from "./input";
import { assertCan } from "./policy";

/** A verified company adds one of its games (SPEC §2 /company/games/new). Its slug is unique site-wide. */
export async function createGame(deps: Pick<CampaignsDeps, "db" | "renderMarkdown" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "game.create");
  const data = parseInput(gameInput, input);
  const { html } = await deps.renderMarkdown(data.descriptionMd);
  const id = randomUUID();
  const now = deps.now();
  try {
    await deps.db
      .insert(companyGames)
      .values({ id, companyId: actor.userId, ...data, descriptionHtml: html, createdAt: now, updatedAt: now });
  } catch (err) {
    if (isUniqueViolation(err, "company_games_slug_idx"))
      throw new DomainError("campaigns.game_slug_taken", { fieldErrors: { slug: "errors:campaigns.game_slug_taken" } });
    throw err;
  }
  return { id, slug: data.slug };
}
