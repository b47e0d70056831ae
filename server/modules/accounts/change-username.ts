import { eq } from "drizzle-orm";
import { z } from "zod";
import { profiles } from "../../db/schema";
import { DomainError } from "../errors";
import type { Actor } from "./actor";
import { recordAudit } from "./audit";
import { parseInput, type AccountsDeps } from "./deps";
import { assertOwnAccount } from "./account-policy";
import { assertSignedIn } from "./policy";
import { isUniqueViolation } from "./unique-violation";
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
 * (the first change is free). Changing only the case of one's own name counts as a change.
 */
export async function changeUsername(deps: Pick<AccountsDeps, "db">, actor: Actor, raw: unknown, now = new Date()) {
  assertSignedIn(actor);
  const { username, userId } = parseInput(input, raw);
  assertOwnAccount(actor, userId);
  const problem = usernameProblem(username);
  if (problem) throw new DomainError(problem);
  const [current] = await deps.db
    .select({ username: profiles.username, changedAt: profiles.usernameChangedAt })
    .from(profiles)
    .where(eq(profiles.id, actor.userId))
    .limit(1);
  if (!current) throw new DomainError("not_found");
  if (current.username === username) return { username, changedAt: current.changedAt };
  const next = nextUsernameChange(current.changedAt, now);
  if (next) throw new DomainError("accounts.username_too_soon", { date: next.toISOString() });
  if (await usernameTaken(deps.db, username, actor.userId)) throw new DomainError("accounts.username_taken");
  try {
    await deps.db.transaction(async (tx) => {
      await tx.update(profiles).set({ username, usernameChangedAt: now, updatedAt: now }).where(eq(profiles.id, actor.userId));
      await recordAudit(tx, actor, {
        action: "profile.username_changed",
        targetType: "user",
        targetId: actor.userId,
        targetName: username,
        details: { from: current.username, to: username },
      });
    });
  } catch (err) {
    // Someone took the name between the check and the write.
    if (isUniqueViolation(err, "profiles_username_lower_idx")) throw new DomainError("accounts.username_taken");
    throw err;
  }
  return { username, changedAt: now };
}
