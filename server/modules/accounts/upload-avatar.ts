import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { AVATAR_MAX_BYTES } from "#shared/profile-limits";
import { profiles } from "#server/db/schema";
import { processImage } from "#server/platform/images";
import { throwImageRefusal } from "#server/modules/image-refusal";
import { DomainError } from "#server/modules/errors";
import type { Actor } from "./actor";
import type { AccountsDeps } from "./deps";
import { assertOwnAccount } from "./account-policy";
import { assertNotOnHold } from "./policy";

export { AVATAR_MAX_BYTES };
/** SPEC §5 and §9: recommended 512×512; the stored file stays under 2 MB, the upload may be up to 10 MB. */
export const AVATAR_SIZE = 512;
export const AVATAR_STORED_MAX_BYTES = 2 * 1024 * 1024;
const QUALITY_STEPS = [86, 76, 64, 50, 36, 24];

/**
 * Takes an uploaded image, judges its type by its content (PNG, JPEG or WebP; never by name or declared type),
 * and stores it re-encoded as a 512×512 WebP without metadata under a content-hashed key. The previous avatar
 * file is removed. The image rules (dimensions and aspect checked before decoding, a worker thread, a time
 * limit) are those of server/platform/images for the "avatar" kind.
 */
export async function uploadAvatar(
  deps: Pick<AccountsDeps, "db" | "storage">,
  actor: Actor,
  input: { bytes: Uint8Array; userId?: string },
) {
  assertNotOnHold(actor);
  assertOwnAccount(actor, input?.userId);
  const bytes = input?.bytes;
  if (!(bytes instanceof Uint8Array) || bytes.byteLength === 0) throw new DomainError("accounts.avatar_type");
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw new DomainError("accounts.avatar_too_large");

  const out = await processImage(bytes, {
    kind: "avatar",
    width: AVATAR_SIZE,
    height: AVATAR_SIZE,
    fit: "cover",
    position: "attention",
    quality: QUALITY_STEPS,
    maxOutputBytes: AVATAR_STORED_MAX_BYTES,
  })
    .then((image) => image.body)
    .catch(throwImageRefusal);

  const hash = createHash("sha256").update(out).digest("hex").slice(0, 16);
  const key = `avatars/${actor.userId}/${hash}.webp`;
  const [before] = await deps.db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, actor.userId)).limit(1);
  if (!before) throw new DomainError("not_found");
  const avatarUrl = await deps.storage.put(key, out);
  await deps.db.update(profiles).set({ avatarUrl, updatedAt: new Date() }).where(eq(profiles.id, actor.userId));
  const oldKey = uploadedAvatarKey(deps.storage, before.avatarUrl, actor.userId);
  if (oldKey && oldKey !== key) await deps.storage.remove(oldKey);
  return { avatarUrl, bytes: out.byteLength };
}

/**
 * The storage key of a picture the person uploaded, or null for any other picture: the rendered character
 * (`avatars/rendered/…`) stays when an upload replaces it or the picture is removed, as the avatar page still
 * offers it.
 */
export function uploadedAvatarKey(storage: Pick<AccountsDeps["storage"], "keyOf">, url: string | null, userId: string): string | null {
  const key = storage.keyOf(url);
  return key?.startsWith(`avatars/${userId}/`) ? key : null;
}
