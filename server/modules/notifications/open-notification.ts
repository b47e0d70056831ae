import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { notifications } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput, type NotificationsDeps } from "./deps";
import { selectNotificationViews, type NotificationView } from "./list-notifications";
import { publishUnread } from "./live";
import { assertCan } from "./policy";

const openInput = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/**
 * Opening one of one's notifications: it is marked read (if it was not) and returned, so the page can send
 * the person on to its thread and post. Someone else's, or one that does not exist, is `not_found`.
 */
export async function openNotification(
  deps: Pick<NotificationsDeps, "db" | "now" | "realtime" | "log">,
  actor: Actor,
  input: unknown,
): Promise<NotificationView> {
  assertCan(actor, "notifications.read");
  const { id } = parseInput(openInput, input);
  const mine = and(eq(notifications.userId, actor.userId), eq(notifications.id, id));
  const [view] = await selectNotificationViews(deps.db, mine, { limit: 1, offset: 0 });
  if (!view) throw new DomainError("not_found");
  if (!view.readAt) {
    const [row] = await deps.db
      .update(notifications)
      .set({ readAt: deps.now() })
      .where(and(mine, isNull(notifications.readAt)))
      .returning({ readAt: notifications.readAt });
    if (row) {
      view.readAt = row.readAt;
      await publishUnread(deps, [actor.userId], "unread");
    }
  }
  return view;
}
