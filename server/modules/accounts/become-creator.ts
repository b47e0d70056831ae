import { and, eq, isNull } from "drizzle-orm";
import { profiles } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { Actor } from "./actor";
import { recordAudit } from "./audit";
import type { AccountsDeps } from "./deps";
import { assertCan } from "./policy";

/**
 * A player (a member without a profile role, SPEC §1) becomes a creator, who may request game keys.
 * Only a player may: a creator already is one and a company stays a company. The role is written only while
 * the profile still has none, so two requests at once change it once.
 */
export async function becomeCreator(deps: Pick<AccountsDeps, "db">, actor: Actor): Promise<{ role: "creator" }> {
  assertCan(actor, "profile.become_creator");
  await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(profiles)
      .set({ role: "creator", updatedAt: new Date() })
      .where(and(eq(profiles.id, actor.userId), isNull(profiles.role)))
      .returning({ id: profiles.id });
    if (changed.length === 0) throw new DomainError("auth.forbidden");
    await recordAudit(tx, actor, {
      action: "profile.became_creator",
      targetType: "user",
      targetId: actor.userId,
      targetName: actor.username,
      details: { from: "player", to: "creator" },
    });
  });
  return { role: "creator" };
}
