import { desc, eq } from "drizzle-orm";
import { avatarRenders, characters, profiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { AvatarChoice } from "#shared/character";
import type { CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { isRenderedKey, toRenderView, type RenderView } from "./renders";

export type AvatarStatus = {
  choice: AvatarChoice;
  /** The current rendered avatar (the last finished render), or null before the first. */
  current: RenderView | null;
  /** The latest render asked for: pending, failed or cancelled when it is not the current one. */
  latest: RenderView | null;
  /** The uploaded picture, shown beside the choice (null when none was uploaded). */
  uploadedAvatarUrl: string | null;
  rendersPerMinute: number;
};

/** One's own avatar page (SPEC §2 /account avatar): the rendered avatar, the latest render's state and the choice. */
export async function avatarStatus(deps: Pick<CharacterDeps, "db" | "storage" | "settings">, actor: Actor): Promise<AvatarStatus> {
  assertCan(actor, "character.view", { userId: actor?.userId });
  const userId = actor.userId;
  const [character] = await deps.db
    .select({
      choice: characters.avatarChoice,
      renderedAvatarId: characters.renderedAvatarId,
      uploadedAvatarUrl: characters.uploadedAvatarUrl,
    })
    .from(characters)
    .where(eq(characters.userId, userId))
    .limit(1);
  const [latest] = await deps.db
    .select()
    .from(avatarRenders)
    .where(eq(avatarRenders.userId, userId))
    .orderBy(desc(avatarRenders.requestedAt))
    .limit(1);
  let current = latest && latest.id === character?.renderedAvatarId ? latest : null;
  if (!current && character?.renderedAvatarId) {
    [current] = await deps.db.select().from(avatarRenders).where(eq(avatarRenders.id, character.renderedAvatarId)).limit(1);
  }
  const [profile] = await deps.db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId)).limit(1);
  const shown = profile?.avatarUrl ?? null;
  const uploaded = shown && !isRenderedKey(deps.storage.keyOf(shown)) ? shown : (character?.uploadedAvatarUrl ?? null);
  const { rendersPerMinute } = await deps.settings.get("character_settings");
  return {
    choice: character?.choice ?? "upload",
    current: current ? toRenderView(deps.storage, current) : null,
    latest: latest ? toRenderView(deps.storage, latest) : null,
    uploadedAvatarUrl: uploaded,
    rendersPerMinute,
  };
}
