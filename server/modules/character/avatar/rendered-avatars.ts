import { eq, inArray } from "drizzle-orm";
import { avatarRenders, characters } from "#server/db/schema";
import type { CharacterDeps } from "#server/modules/character/deps";

export type RenderedAvatar = { renderId: string; pngUrl: string; webpUrl: string | null };

/**
 * The current rendered avatar of each of these people (a public profile, a list of players), in one read; a
 * person without one is left out. Public: the pictures are served to everyone anyway.
 */
export async function renderedAvatars(
  deps: Pick<CharacterDeps, "db" | "storage">,
  userIds: readonly string[],
): Promise<Map<string, RenderedAvatar>> {
  const out = new Map<string, RenderedAvatar>();
  if (userIds.length === 0) return out;
  const rows = await deps.db
    .select({ userId: characters.userId, renderId: avatarRenders.id, pngKey: avatarRenders.pngKey, webpKey: avatarRenders.webpKey })
    .from(characters)
    .innerJoin(avatarRenders, eq(avatarRenders.id, characters.renderedAvatarId))
    .where(inArray(characters.userId, [...userIds]));
  for (const r of rows) {
    if (!r.pngKey) continue;
    out.set(r.userId, {
      renderId: r.renderId,
      pngUrl: deps.storage.urlFor(r.pngKey),
      webpUrl: r.webpKey ? deps.storage.urlFor(r.webpKey) : null,
    });
  }
  return out;
}
