import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { GAME_LIMITS } from "#shared/campaigns";
import { companyGames } from "#server/db/schema";
import { processImage } from "#server/platform/images";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { throwImageRefusal } from "#server/modules/image-refusal";
import type { CampaignsDeps } from "./deps";
import { loadOwnGame } from "./owned";
import { assertCan } from "./policy";

/** The stored cover: 1280×720 WebP (16:9, the trailer's shape), at most this many bytes. */
export const COVER_WIDTH = 1280;
export const COVER_HEIGHT = 720;
const COVER_STORED_MAX_BYTES = 1024 * 1024;

/**
 * Sets a game's cover: PNG, JPEG or WebP judged by content (never by name), its dimensions and aspect checked
 * before decoding, re-encoded on a worker as WebP without metadata. The previous file is removed.
 */
export async function setGameCover(
  deps: Pick<CampaignsDeps, "db" | "storage" | "now">,
  actor: Actor,
  input: { gameId: string; bytes: Uint8Array },
) {
  assertCan(actor, "game.update");
  const game = await loadOwnGame(deps.db, actor, String(input?.gameId ?? ""));
  const bytes = input?.bytes;
  if (!(bytes instanceof Uint8Array) || bytes.byteLength === 0) throw new DomainError("accounts.avatar_type");
  if (bytes.byteLength > GAME_LIMITS.coverMaxBytes) throw new DomainError("accounts.avatar_too_large");
  const out = await processImage(bytes, {
    kind: "cover",
    width: COVER_WIDTH,
    height: COVER_HEIGHT,
    fit: "cover",
    position: "attention",
    quality: [82, 70, 56, 40],
    maxOutputBytes: COVER_STORED_MAX_BYTES,
  })
    .then((image) => image.body)
    .catch(throwImageRefusal);
  const hash = createHash("sha256").update(out).digest("hex").slice(0, 16);
  const key = `games/${game.id}/${hash}.webp`;
  const coverUrl = await deps.storage.put(key, out);
  await deps.db
    .update(companyGames)
    .set({ coverUrl, updatedAt: deps.now() })
    .where(and(eq(companyGames.id, game.id), eq(companyGames.companyId, actor.userId)));
  const oldKey = deps.storage.keyOf(game.coverUrl);
  if (oldKey && oldKey !== key) await deps.storage.remove(oldKey);
  return { coverUrl };
}
