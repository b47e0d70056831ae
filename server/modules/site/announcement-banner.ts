import { createHash } from "node:crypto";
import { ANNOUNCEMENT_LIMITS } from "#shared/announcements";
import { processImage } from "#server/platform/images";
import { DomainError } from "#server/modules/errors";
import { throwImageRefusal } from "#server/modules/image-refusal";
import { BANNER_HEIGHT, BANNER_STORED_MAX_BYTES, BANNER_WIDTH, type SiteDeps } from "./deps";

/**
 * Takes in an announcement's banner: PNG, JPEG or WebP judged by content, decoded and re-encoded on the image
 * workers as a 1280×720 WebP without metadata, stored under a key with its content hash. Returns its URL and key.
 */
export async function storeBanner(deps: Pick<SiteDeps, "storage">, announcementId: string, bytes: Uint8Array) {
  if (bytes.byteLength > ANNOUNCEMENT_LIMITS.imageMaxBytes) throw new DomainError("site.announcement_image_too_large");
  const out = await processImage(bytes, {
    kind: "cover",
    width: BANNER_WIDTH,
    height: BANNER_HEIGHT,
    fit: "cover",
    position: "attention",
    quality: [82, 70, 56, 40],
    maxOutputBytes: BANNER_STORED_MAX_BYTES,
  })
    .then((image) => image.body)
    .catch(throwImageRefusal);
  const hash = createHash("sha256").update(out).digest("hex").slice(0, 16);
  const key = `announcements/${announcementId}/${hash}.webp`;
  return { url: await deps.storage.put(key, out), key };
}

/** The banner sent with a form: bytes, or null when none was chosen. */
export const hasBytes = (bytes: unknown): bytes is Uint8Array => bytes instanceof Uint8Array && bytes.byteLength > 0;
