import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { featuredGames } from "#server/db/schema";
import { GAME_EVENT_TYPES, type GameEventType } from "#shared/promotions";

const isGameEventType = (t: string): t is GameEventType => (GAME_EVENT_TYPES as readonly string[]).includes(t);

/**
 * Whether an analytics event may be stored as far as featured games go: a game event (a view of a game's
 * page, a click on its store link, trailer or campaign link) must carry the id of a featured game that
 * exists. Other events pass untouched. The site's analytics gate (flag, consent, bots, rate) runs before
 * this, so a game's numbers follow the same consent rules as page views.
 */
export async function gameEventAllowed(
  db: Pick<Database, "select">,
  eventType: string,
  gameId: string | null | undefined,
): Promise<boolean> {
  if (!isGameEventType(eventType)) return true;
  if (!gameId) return false;
  const [game] = await db.select({ id: featuredGames.id }).from(featuredGames).where(eq(featuredGames.id, gameId)).limit(1);
  return !!game;
}
