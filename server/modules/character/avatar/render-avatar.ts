import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { avatarRenders, characters, profiles } from "#server/db/schema";
import { userChannel } from "#server/platform/realtime";
import type { CharacterDeps } from "#server/modules/character/deps";
import { lockCharacter } from "#server/modules/character/gold";
import { drawableLoadout, parseStoredLoadout } from "./loadout";
import { renderLoadout } from "./rasterise";
import { isRenderedKey, RENDERED_PREFIX } from "./renders";

export type RenderOutcome = "done" | "failed" | "skipped";

/** The longest error message a failed render keeps (what the admin's queue shows). */
const ERROR_MAX = 500;

/**
 * The render job's handler: takes a pending render, draws its stored loadout, rasterises it to PNG and WebP,
 * stores both (public, named by render and content hash, so they can be cached for a year) and marks the render
 * done. It becomes the person's current rendered avatar unless a newer request already is; when the person
 * chose the rendered avatar, their profile picture follows (everywhere the site shows it). A render that is no
 * longer pending (cancelled, done by a forced render) is skipped. A failure is recorded with its error for the
 * admin's queue (requeue or force) and never retried by itself. The person's page hears either over realtime.
 */
export async function renderAvatar(
  deps: Pick<CharacterDeps, "db" | "storage" | "events" | "realtime" | "now" | "log">,
  data: { renderId: string },
): Promise<RenderOutcome> {
  const { db, storage } = deps;
  const [claimed] = await db
    .update(avatarRenders)
    .set({ startedAt: deps.now(), attempts: sql`${avatarRenders.attempts} + 1` })
    .where(and(eq(avatarRenders.id, data.renderId), eq(avatarRenders.status, "pending")))
    .returning();
  if (!claimed) return "skipped";
  const userId = claimed.userId;
  const written: string[] = [];
  try {
    const drawable = await drawableLoadout(storage, parseStoredLoadout(claimed.loadout));
    const out = await renderLoadout(drawable);
    const hash = createHash("sha256").update(out.png).digest("hex").slice(0, 12);
    const base = `${RENDERED_PREFIX}${userId}/${claimed.id}-${hash}`;
    const pngKey = `${base}.png`;
    const webpKey = `${base}.webp`;
    await storage.put(pngKey, out.png, { contentType: "image/png" });
    written.push(pngKey);
    await storage.put(webpKey, out.webp, { contentType: "image/webp" });
    written.push(webpKey);

    const result = await db.transaction(async (tx) => {
      const now = deps.now();
      const [done] = await tx
        .update(avatarRenders)
        .set({ status: "done", pngKey, webpKey, error: null, finishedAt: now })
        .where(and(eq(avatarRenders.id, claimed.id), eq(avatarRenders.status, "pending")))
        .returning({ id: avatarRenders.id });
      if (!done) return null;
      const character = await lockCharacter(tx, userId);
      let previous: { id: string; pngKey: string | null; webpKey: string | null } | null = null;
      if (character.renderedAvatarId && character.renderedAvatarId !== claimed.id) {
        const [prev] = await tx
          .select({
            id: avatarRenders.id,
            pngKey: avatarRenders.pngKey,
            webpKey: avatarRenders.webpKey,
            requestedAt: avatarRenders.requestedAt,
          })
          .from(avatarRenders)
          .where(eq(avatarRenders.id, character.renderedAvatarId))
          .limit(1);
        // Renders may finish out of order: a newer request that is already current stays.
        if (prev && prev.requestedAt > claimed.requestedAt) return { current: false, previous: null, pictureChanged: false };
        previous = prev ?? null;
      }
      await tx.update(characters).set({ renderedAvatarId: claimed.id, updatedAt: now }).where(eq(characters.userId, userId));
      let pictureChanged = false;
      if (character.avatarChoice === "rendered") {
        const [profile] = await tx.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId)).limit(1);
        if (profile && (!profile.avatarUrl || isRenderedKey(storage.keyOf(profile.avatarUrl)))) {
          await tx
            .update(profiles)
            .set({ avatarUrl: storage.urlFor(webpKey), updatedAt: now })
            .where(eq(profiles.id, userId));
          pictureChanged = true;
        } else if (profile) {
          // They uploaded a new picture after choosing the rendered one: the upload is their choice now.
          await tx.update(characters).set({ avatarChoice: "upload", uploadedAvatarUrl: null }).where(eq(characters.userId, userId));
        }
      }
      if (previous) await tx.update(avatarRenders).set({ pngKey: null, webpKey: null }).where(eq(avatarRenders.id, previous.id));
      return { current: true, previous, pictureChanged };
    });

    if (!result) {
      await Promise.all(written.map((key) => storage.remove(key).catch(() => {})));
      return "skipped";
    }
    if (result.previous) {
      const old = [result.previous.pngKey, result.previous.webpKey].filter((k): k is string => !!k && !written.includes(k));
      await Promise.all(old.map((key) => storage.remove(key).catch(() => {})));
    }
    if (result.current) await deps.events.publish("character.avatar_changed", { userId, at: deps.now() });
    await deps.realtime.publish(userChannel(userId), { type: "avatar.rendered", renderId: claimed.id });
    return "done";
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX);
    deps.log.warn("avatar render failed", { renderId: claimed.id, err });
    await Promise.all(written.map((key) => storage.remove(key).catch(() => {})));
    await db
      .update(avatarRenders)
      .set({ status: "failed", error: message, finishedAt: deps.now() })
      .where(and(eq(avatarRenders.id, claimed.id), eq(avatarRenders.status, "pending")));
    await deps.realtime.publish(userChannel(userId), { type: "avatar.failed", renderId: claimed.id });
    return "failed";
  }
}
