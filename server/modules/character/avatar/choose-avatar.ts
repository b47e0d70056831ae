import { eq } from "drizzle-orm";
import { z } from "zod";
import { avatarRenders, characters, profiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { AVATAR_CHOICES, type AvatarChoice } from "#shared/character";
import { parseInput, type CharacterDeps } from "#server/modules/character/deps";
import { lockCharacter } from "#server/modules/character/gold";
import { assertCan } from "#server/modules/character/policy";
import { enqueueRender } from "./enqueue-render";
import { isRenderedKey } from "./renders";

const input = z.object({ choice: z.enum(AVATAR_CHOICES, { error: "errors:character.avatar_choice" }) });

/**
 * Chooses which picture stands for the person across the site (SPEC §2 /account avatar): the uploaded one or
 * the rendered character. Choosing the rendered one keeps the uploaded picture's address
 * (`characters.uploaded_avatar_url`) and puts the current render's WebP in the profile; going back restores it.
 * Choosing the rendered avatar before any render exists asks for one (it takes the picture's place when done).
 */
export async function chooseAvatar(deps: CharacterDeps, actor: Actor, raw: unknown): Promise<{ choice: AvatarChoice; changed: boolean }> {
  assertCan(actor, "avatar.choose");
  const { choice } = parseInput(input, raw);
  const userId = actor.userId;
  const { changed, needsRender } = await deps.db.transaction(async (tx) => {
    const character = await lockCharacter(tx, userId);
    const [profile] = await tx.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId)).limit(1);
    const shown = profile?.avatarUrl ?? null;
    const showsRender = isRenderedKey(deps.storage.keyOf(shown));
    const now = deps.now();
    if (choice === "rendered") {
      const uploaded = shown && !showsRender ? shown : character.uploadedAvatarUrl;
      await tx
        .update(characters)
        .set({ avatarChoice: "rendered", uploadedAvatarUrl: uploaded, updatedAt: now })
        .where(eq(characters.userId, userId));
      if (!character.renderedAvatarId) return { changed: false, needsRender: true };
      const [render] = await tx
        .select({ webpKey: avatarRenders.webpKey })
        .from(avatarRenders)
        .where(eq(avatarRenders.id, character.renderedAvatarId))
        .limit(1);
      if (!profile || !render?.webpKey) return { changed: false, needsRender: !render?.webpKey };
      const url = deps.storage.urlFor(render.webpKey);
      if (url === shown) return { changed: false, needsRender: false };
      await tx.update(profiles).set({ avatarUrl: url, updatedAt: now }).where(eq(profiles.id, userId));
      return { changed: true, needsRender: false };
    }
    await tx
      .update(characters)
      .set({ avatarChoice: "upload", uploadedAvatarUrl: null, updatedAt: now })
      .where(eq(characters.userId, userId));
    // A picture uploaded since the rendered one was chosen stays; the rendered one gives its place back.
    if (!profile || !showsRender) return { changed: false, needsRender: false };
    await tx.update(profiles).set({ avatarUrl: character.uploadedAvatarUrl, updatedAt: now }).where(eq(profiles.id, userId));
    return { changed: true, needsRender: false };
  });
  if (changed) await deps.events.publish("character.avatar_changed", { userId, at: deps.now() });
  if (needsRender) await enqueueRender(deps, { userId, requestedBy: userId, reusePending: true });
  return { choice, changed };
}
