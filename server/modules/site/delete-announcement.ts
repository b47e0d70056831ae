import { eq } from "drizzle-orm";
import { announcements } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import type { SiteDeps } from "./deps";
import { assertCan } from "./policy";

/** Deletes an announced event and its banner (Admins), audited with its title and time. */
export async function deleteAnnouncement(
  deps: Pick<SiteDeps, "db" | "storage" | "events" | "now">,
  actor: Actor,
  input: { id: unknown },
): Promise<{ id: string; title: string }> {
  assertCan(actor, "announcement.delete");
  const id = typeof input?.id === "string" ? input.id : "";
  const removed = id
    ? await deps.db.transaction(async (tx) => {
        const [row] = await tx.delete(announcements).where(eq(announcements.id, id)).returning();
        if (!row) return null;
        await recordAudit(tx, actor!, {
          action: "announcement.delete",
          targetType: "announcement",
          targetId: id,
          targetName: row.titleEn,
          details: { startsAt: row.startsAt.toISOString(), titleEs: row.titleEs },
        });
        return row;
      })
    : null;
  if (!removed) throw new DomainError("site.announcement_not_found");
  const key = deps.storage.keyOf(removed.imageUrl);
  if (key) await deps.storage.remove(key).catch(() => undefined);
  await deps.events.publish("announcement.changed", { announcementId: id, change: "deleted", at: deps.now() });
  return { id, title: removed.titleEn };
}
