import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { isUniqueViolation } from "#server/db/unique-violation";
import { companyGames } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput, type CampaignsDeps } from "./deps";
import { gameInput, idField } from "./input";
import { loadOwnGame } from "./owned";
import { assertCan } from "./policy";

const updateInput = gameInput.extend({ gameId: idField });

/** The company edits one of its own games (all fields; the cover has its own operation). */
export async function updateGame(deps: Pick<CampaignsDeps, "db" | "renderMarkdown" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "game.update");
  const { gameId, ...data } = parseInput(updateInput, input);
  const game = await loadOwnGame(deps.db, actor, gameId);
  const { html } =
    data.descriptionMd === game.descriptionMd ? { html: game.descriptionHtml } : await deps.renderMarkdown(data.descriptionMd);
  try {
    await deps.db
      .update(companyGames)
      .set({ ...data, descriptionHtml: html, updatedAt: deps.now() })
      .where(and(eq(companyGames.id, gameId), eq(companyGames.companyId, actor.userId)));
  } catch (err) {
    if (isUniqueViolation(err, "company_games_slug_idx"))
      throw new DomainError("campaigns.game_slug_taken", { fieldErrors: { slug: "errors:campaigns.game_slug_taken" } });
    throw err;
  }
  return { id: gameId, slug: data.slug };
}

export type UpdateGameInput = z.input<typeof updateInput>;
