import { createHash } from "node:crypto";
import { CONTENT_LIMITS } from "#shared/content";
import { processImage } from "#server/platform/images";
import type { Storage } from "#server/platform/storage";
import { ThumbnailUnavailable } from "#server/platform/youtube-thumbnail";
import { DomainError } from "#server/modules/errors";
import { throwImageRefusal } from "#server/modules/image-refusal";
import type { ContentDeps } from "./deps";

/** Stored thumbnails: 16:9 WebP, the size of a card and of the player's poster. */
const THUMB = { width: 960, height: 540, maxBytes: 400 * 1024 };
/** Stored avatars: a square WebP. */
const AVATAR = { size: 256, maxBytes: 200 * 1024 };

async function store(storage: Storage, folder: string, body: Uint8Array): Promise<string> {
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 16);
  return storage.put(`${folder}/${hash}.webp`, body, { contentType: "image/webp" });
}

/** An uploaded file as the form sends it: none, or its bytes. */
export const uploaded = (bytes: unknown): Uint8Array | null => (bytes instanceof Uint8Array && bytes.byteLength > 0 ? bytes : null);

/**
 * An uploaded thumbnail: PNG, JPEG or WebP judged by content, re-encoded on the image pool as 16:9 WebP and
 * stored under `content/<folder>/`. Returns its URL.
 */
export async function storeThumbnail(deps: Pick<ContentDeps, "storage">, folder: string, bytes: Uint8Array): Promise<string> {
  if (bytes.byteLength > CONTENT_LIMITS.imageMaxBytes) throw new DomainError("content.image_too_large");
  const out = await processImage(bytes, {
    kind: "cover",
    width: THUMB.width,
    height: THUMB.height,
    fit: "cover",
    position: "attention",
    quality: [80, 68, 52],
    maxOutputBytes: THUMB.maxBytes,
  }).catch(throwImageRefusal);
  return store(deps.storage, `content/${folder}`, out.body);
}

/** A collaborator's avatar, as a square WebP. */
export async function storeAvatar(deps: Pick<ContentDeps, "storage">, folder: string, bytes: Uint8Array): Promise<string> {
  if (bytes.byteLength > CONTENT_LIMITS.imageMaxBytes) throw new DomainError("content.image_too_large");
  const out = await processImage(bytes, {
    kind: "avatar",
    width: AVATAR.size,
    height: AVATAR.size,
    fit: "cover",
    position: "attention",
    quality: [82, 70, 56],
    maxOutputBytes: AVATAR.maxBytes,
  }).catch(throwImageRefusal);
  return store(deps.storage, `content/${folder}`, out.body);
}

/**
 * A video's thumbnail from YouTube's image host, re-encoded and stored like an upload. Null when YouTube did not
 * give one (the video is saved anyway, with the placeholder, and the admin is told).
 */
export async function fetchYoutubeThumbnail(
  deps: Pick<ContentDeps, "storage" | "fetchThumbnail" | "log">,
  folder: string,
  youtubeId: string,
): Promise<string | null> {
  try {
    const bytes = await deps.fetchThumbnail(youtubeId);
    return await storeThumbnail(deps, folder, bytes);
  } catch (err) {
    const reason = err instanceof ThumbnailUnavailable ? err.reason : err instanceof DomainError ? err.code : "error";
    deps.log.warn("youtube thumbnail not stored", { youtubeId, reason });
    return null;
  }
}

/** Removes a stored file that is no longer used (one of ours only; a failure is logged, never thrown). */
export async function removeStored(deps: Pick<ContentDeps, "storage" | "log">, url: string | null | undefined, keep?: string | null) {
  const key = deps.storage.keyOf(url);
  if (!key || url === keep) return;
  await deps.storage.remove(key).catch((err: unknown) => deps.log.warn("content file not removed", { key, err: String(err) }));
}
