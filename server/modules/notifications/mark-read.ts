import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { notifications } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput, type NotificationsDeps } from "./deps";
import { publishKnownUnread, publishUnread } from "./live";
import { assertCan } from "./policy";

const markReadInput = z.union([z.object({ id: z.coerce.number().int().positive() }), z.object({ all: z.literal(true) })]);
export type MarkReadInput = z.input<typeof markReadInput>;

/**
 * Marks one of one's notifications read (`{ id }`; someone else's is `not_found`; already read stays as it
 * was), or all of them (`{ all: true }`). Answers how many changed; one's other open pages get the new count.
 */
export async function markRead(
  deps: Pick<NotificationsDeps, "db" | "now" | "realtime" | "log">,
  actor: Actor,
  input: unknown,
): Promise<{ updated: number }> {
  assertCan(actor, "notifications.read");
  const data = parseInput(markReadInput, input);
  const now = deps.now();
  const mine = eq(notifications.userId, actor.userId);
  if ("all" in data) {
    const rows = await deps.db
      .update(notifications)
      .set({ readAt: now })
      .where(and(mine, isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (rows.length) await publishKnownUnread(deps, actor.userId, 0);
    return { updated: rows.length };
  }
  const [row] = await deps.db
    .update(notifications)
    .set({ readAt: now })
    .where(and(mine, eq(notifications.id, data.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (row) {
    await publishUnread(deps, [actor.userId], "unread");
    return { updated: 1 };
  }
  const [exists] = await deps.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(mine, eq(notifications.id, data.id)))
    .limit(1);
  if (!exists) throw new DomainError("not_found");
  return { updated: 0 };
}
