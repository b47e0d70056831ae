import { eq } from "drizzle-orm";
import { uploadedAvatarKey } from "./upload-avatar";
import { profiles } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { Actor } from "./actor";
import type { AccountsDeps } from "./deps";
import { assertOwnAccount } from "./account-policy";
import { assertNotOnHold } from "./policy";

/** Removes the signed-in person's avatar: the profile falls back to their initial (SPEC §3). */
export async function removeAvatar(deps: Pick<AccountsDeps, "db" | "storage">, actor: Actor, input: { userId?: string } = {}) {
  assertNotOnHold(actor);
  assertOwnAccount(actor, input.userId);
  const [before] = await deps.db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, actor.userId)).limit(1);
  if (!before) throw new DomainError("not_found");
  await deps.db.update(profiles).set({ avatarUrl: null, updatedAt: new Date() }).where(eq(profiles.id, actor.userId));
  const oldKey = uploadedAvatarKey(deps.storage, before.avatarUrl, actor.userId);
  if (oldKey) await deps.storage.remove(oldKey);
  return { avatarUrl: null };
}
