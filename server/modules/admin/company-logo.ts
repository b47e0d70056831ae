import { createHash } from "node:crypto";
import { processImage } from "#server/platform/images";
import { throwImageRefusal } from "#server/modules/image-refusal";
import { DomainError } from "#server/modules/errors";

/** The same ceiling as avatars (their error message states it). */
export const LOGO_MAX_BYTES = 10 * 1024 * 1024;
export const LOGO_SIZE = 256;

/**
 * A company logo, judged by its content (never by its name or declared type): PNG, JPG or WEBP, re-encoded
 * to a 256×256 WebP without metadata. Returns the bytes and a content-hash file name. The image rules
 * (dimensions and aspect checked before decoding, a worker thread, a time limit) are those of
 * server/platform/images for the "logo" kind.
 */
export async function processLogo(bytes: Uint8Array): Promise<{ body: Buffer; name: string }> {
  if (bytes.byteLength > LOGO_MAX_BYTES) throw new DomainError("accounts.avatar_too_large");
  const { body } = await processImage(bytes, { kind: "logo", width: LOGO_SIZE, height: LOGO_SIZE, fit: "cover", quality: 85 }).catch(
    throwImageRefusal,
  );
  return { body, name: `${createHash("sha256").update(body).digest("hex").slice(0, 32)}.webp` };
}
