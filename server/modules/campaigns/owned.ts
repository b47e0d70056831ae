import { and, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { campaigns, companyGames } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";

type Reader = Pick<Database, "select">;

/**
 * The company's own game, or "not found": another company's game is not found either (its existence is not
 * the asker's business). Callers have already asserted the company action.
 */
export async function loadOwnGame(db: Reader, actor: NonNullable<Actor>, gameId: string) {
  const [game] = await db
    .select()
    .from(companyGames)
    .where(and(eq(companyGames.id, gameId), eq(companyGames.companyId, actor.userId)))
    .limit(1);
  if (!game) throw new DomainError("campaigns.game_not_found");
  return game;
}

/** The company's own campaign with its game's name; `forUpdate` locks the campaign's row. */
export async function loadOwnCampaign(db: Reader, actor: NonNullable<Actor>, campaignId: string, opts: { forUpdate?: boolean } = {}) {
  const query = db
    .select({ campaign: campaigns, gameName: companyGames.name, gameSlug: companyGames.slug })
    .from(campaigns)
    .innerJoin(companyGames, eq(companyGames.id, campaigns.gameId))
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.companyId, actor.userId)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for("update", { of: campaigns }) : await query;
  if (!row) throw new DomainError("campaigns.not_found");
  return row;
}
