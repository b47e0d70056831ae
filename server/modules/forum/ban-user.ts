import { randomUUID } from "node:crypto";
import { and, eq, gt, isNull, or } from "drizzle-orm";
import { z } from "zod";
import { profiles, userBans, userRoles, users } from "#server/db/schema";
import type { Database } from "#server/db/client";
import type { Actor } from "#server/modules/accounts/actor";
import { ROLE_ADMIN, ROLE_MODERATOR } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { BAN_REASON_MAX, BAN_REASON_MIN } from "#shared/forum-limits";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned } from "./guards";
import { idField } from "./input";
import { reasonField } from "./moderation";
import { assertCan } from "./policy";

const banInput = z.object({
  userId: idField,
  reason: z
    .string({ error: "errors:forum.ban_reason_required" })
    .trim()
    .min(BAN_REASON_MIN, "errors:forum.ban_reason_required")
    .max(BAN_REASON_MAX, "errors:forum.ban_reason_required"),
  /** Until when (ISO date or Date); absent or null: for good. */
  until: z.coerce.date().optional().nullable(),
});
export type BanInput = z.input<typeof banInput>;
const unbanInput = z.object({ userId: idField, reason: reasonField });

type Tx = Pick<Database, "select">;

/** The target user, locked so that two moderators acting on one person go one after the other. */
async function lockTarget(tx: Tx, userId: string) {
  const [target] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).for("update");
  if (!target) throw new DomainError("not_found");
  const [profile] = await tx.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, userId)).limit(1);
  return { ...target, name: profile?.username ?? target.email };
}

const activeBans = (userId: string, now: Date) =>
  and(eq(userBans.userId, userId), isNull(userBans.liftedAt), or(isNull(userBans.until), gt(userBans.until, now)));

/**
 * Bans a member from writing in the forum (moderators): until a future date, or for good without one, with a
 * reason the person sees. A banned member still reads. A new ban replaces the active one (it is lifted).
 * Moderators and Admins cannot be banned (their role goes first), nor can one ban oneself.
 */
export async function banUser(
  deps: Pick<ForumDeps, "db" | "now">,
  actor: Actor,
  input: unknown,
): Promise<{ banId: string; until: Date | null }> {
  assertCan(actor, "user.ban");
  const data = parseInput(banInput, input);
  const now = deps.now();
  assertCan(actor, "user.ban", { targetUserId: data.userId });
  if (data.until && data.until.getTime() <= now.getTime()) throw new DomainError("forum.ban_until_past");
  return deps.db.transaction(async (tx) => {
    await assertNotBanned(tx, actor.userId, now);
    const target = await lockTarget(tx, data.userId);
    const staff = await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, target.id));
    const targetStaff = staff.some((r) => r.roleId === ROLE_ADMIN.toLowerCase() || r.roleId === ROLE_MODERATOR.toLowerCase());
    assertCan(actor, "user.ban", { targetUserId: target.id, targetStaff });
    const replaced = await tx
      .update(userBans)
      .set({ liftedAt: now, liftedBy: actor.userId })
      .where(activeBans(target.id, now))
      .returning({ id: userBans.id });
    const banId = randomUUID();
    const until = data.until ?? null;
    await tx.insert(userBans).values({ id: banId, userId: target.id, reason: data.reason, until, bannedBy: actor.userId, createdAt: now });
    await recordAudit(tx, actor, {
      action: "forum.user.ban",
      targetType: "user",
      targetId: target.id,
      targetName: target.name,
      reason: data.reason,
      details: { banId, until: until?.toISOString() ?? null, replaced: replaced.map((r) => r.id) },
    });
    return { banId, until };
  });
}

/** Lifts a member's active ban (moderators). Without an active ban it changes nothing and audits nothing. */
export async function unbanUser(deps: Pick<ForumDeps, "db" | "now">, actor: Actor, input: unknown): Promise<{ changed: boolean }> {
  assertCan(actor, "user.ban");
  const data = parseInput(unbanInput, input);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await assertNotBanned(tx, actor.userId, now);
    const target = await lockTarget(tx, data.userId);
    const lifted = await tx
      .update(userBans)
      .set({ liftedAt: now, liftedBy: actor.userId })
      .where(activeBans(target.id, now))
      .returning({ id: userBans.id });
    if (!lifted.length) return { changed: false };
    await recordAudit(tx, actor, {
      action: "forum.user.unban",
      targetType: "user",
      targetId: target.id,
      targetName: target.name,
      reason: data.reason,
      details: { bans: lifted.map((r) => r.id) },
    });
    return { changed: true };
  });
}
