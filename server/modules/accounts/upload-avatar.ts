import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { AVATAR_MAX_BYTES } from "../../../app/features/account/social-sites";
import { profiles } from "../../db/schema";
import { DomainError } from "../errors";
import type { Actor } from "./actor";
import type { AccountsDeps } from "./deps";
import { assertOwnAccount } from "./account-policy";

export { AVATAR_MAX_BYTES };
/** SPEC §5 and §9: recommended 512×512; the stored file stays under 2 MB, the upload may be up to 10 MB. */
export const AVATAR_SIZE = 512;
export const AVATAR_STORED_MAX_BYTES = 2 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp"]);
/** Refuses decompression bombs: a 10 MB file may claim billions of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;
const QUALITY_STEPS = [86, 76, 64, 50, 36, 24];

/**
 * Takes an uploaded image, judges its type by its content (PNG, JPEG or WebP; never by name or declared type),
 * and stores it re-encoded as a 512×512 WebP without metadata under a content-hashed key. The previous avatar
 * file is removed.
 */
export async function uploadAvatar(deps: Pick<AccountsDeps, "db" | "storage">, actor: Actor, input: { bytes: Uint8Array; userId?: string }) {
  assertOwnAccount(actor, input?.userId);
  const bytes = input?.bytes;
  if (!(bytes instanceof Uint8Array) || bytes.byteLength === 0) throw new DomainError("accounts.avatar_type");
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw new DomainError("accounts.avatar_too_large");

  const format = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .then((m) => m.format as string | undefined)
    .catch(() => undefined);
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new DomainError("accounts.avatar_type");

  let out: Buffer | null = null;
  for (const quality of QUALITY_STEPS) {
    try {
      out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .rotate() // apply the EXIF orientation before the metadata goes
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
        .webp({ quality, effort: 4 })
        .toBuffer();
    } catch {
      throw new DomainError("accounts.avatar_type");
    }
    if (out.byteLength < AVATAR_STORED_MAX_BYTES) break;
  }
  if (!out || out.byteLength >= AVATAR_STORED_MAX_BYTES) throw new DomainError("accounts.avatar_too_large");

  const hash = createHash("sha256").update(out).digest("hex").slice(0, 16);
  const key = `avatars/${actor.userId}/${hash}.webp`;
  const [before] = await deps.db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, actor.userId)).limit(1);
  if (!before) throw new DomainError("not_found");
  const avatarUrl = await deps.storage.put(key, out);
  await deps.db.update(profiles).set({ avatarUrl, updatedAt: new Date() }).where(eq(profiles.id, actor.userId));
  const oldKey = deps.storage.keyOf(before.avatarUrl);
  if (oldKey && oldKey !== key) await deps.storage.remove(oldKey);
  return { avatarUrl, bytes: out.byteLength };
}
