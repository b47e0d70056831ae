import { eq } from "drizzle-orm";
import { z } from "zod";
import { profiles } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { Actor } from "./actor";
import { recordAudit } from "./audit";
import { parseInput, type AccountsDeps } from "./deps";
import { assertOwnAccount } from "./account-policy";
import { assertNotOnHold } from "./policy";
import { isUniqueViolation } from "#server/db/unique-violation";
import { USERNAME_CHANGE_DAYS, usernameProblem, usernameTaken } from "./username";

const input = z.object({ username: z.string().trim().max(100), userId: z.string().optional() });
const DAY_MS = 24 * 3600 * 1000;

/** When a person whose name last changed at `changedAt` may change it again (null: now). */
export function nextUsernameChange(changedAt: Date | null, now = new Date()): Date | null {
  if (!changedAt) return null;
  const next = new Date(changedAt.getTime() + USERNAME_CHANGE_DAYS * DAY_MS);
  return next > now ? next : null;
}

/**
 * SPEC §5: 3–30 letters, digits, `_` or `-`, not reserved, unique ignoring case, once every 30 days
 * (the first change is free). Changing only the case of one's own name counts as a change. The rule is read
 * and the change written in one transaction that holds the person's profile row locked: changes sent at the
 * same moment are checked one after the other, so only the first passes the 30 days. A company waiting for
 * verification keeps its name (SPEC §4).
 */
export async function changeUsername(deps: Pick<AccountsDeps, "db">, actor: Actor, raw: unknown, now = new Date()) {
  assertNotOnHold(actor);
  const { username, userId } = parseInput(input, raw);
  assertOwnAccount(actor, userId);
  const problem = usernameProblem(username);
  if (problem) throw new DomainError(problem);
  try {
    return await deps.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ username: profiles.username, changedAt: profiles.usernameChangedAt })
        .from(profiles)
        .where(eq(profiles.id, actor.userId))
        .for("update");
      if (!current) throw new DomainError("not_found");
      if (current.username === username) return { username, changedAt: current.changedAt };
      const next = nextUsernameChange(current.changedAt, now);
      if (next) throw new DomainError("accounts.username_too_soon", { date: next.toISOString() });
      if (await usernameTaken(tx, username, actor.userId)) throw new DomainError("accounts.username_taken");
      await tx.update(profiles).set({ username, usernameChangedAt: now, updatedAt: now }).where(eq(profiles.id, actor.userId));
      await recordAudit(tx, actor, {
        action: "profile.username_changed",
        targetType: "user",
        targetId: actor.userId,
        targetName: username,
        details: { from: current.username, to: username },
      });
      return { username, changedAt: now };
    });
  } catch (err) {
    // Someone else took the name between the check and the write.
    if (isUniqueViolation(err, "profiles_username_lower_idx")) throw new DomainError("accounts.username_taken");
    throw err;
  }
}
