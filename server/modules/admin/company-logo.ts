import { createHash } from "node:crypto";
import sharp from "sharp";
import { DomainError } from "../errors";

/** The same ceiling as avatars (their error message states it). */
export const LOGO_MAX_BYTES = 10 * 1024 * 1024;
export const LOGO_SIZE = 256;
const ACCEPTED = new Set(["png", "jpeg", "webp"]);

/**
 * A company logo, judged by its content (never by its name or declared type): PNG, JPG or WEBP, re-encoded
 * to a 256×256 WebP without metadata. Returns the bytes and a content-hash file name.
 */
export async function processLogo(bytes: Uint8Array): Promise<{ body: Buffer; name: string }> {
  if (bytes.byteLength > LOGO_MAX_BYTES) throw new DomainError("accounts.avatar_too_large");
  const format = await sharp(bytes, { limitInputPixels: 50_000_000 })
    .metadata()
    .then((m) => m.format as string | undefined)
    .catch(() => undefined);
  if (!format || !ACCEPTED.has(format)) throw new DomainError("accounts.avatar_type");
  const body = await sharp(bytes, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(LOGO_SIZE, LOGO_SIZE, { fit: "cover" })
    .webp({ quality: 85 })
    .toBuffer()
    .catch(() => {
      throw new DomainError("accounts.avatar_type");
    });
  return { body, name: `${createHash("sha256").update(body).digest("hex").slice(0, 32)}.webp` };
}
