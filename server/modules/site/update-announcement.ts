import { eq } from "drizzle-orm";
import { announcements } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { announcementInput } from "./announcement-input";
import { hasBytes, storeBanner } from "./announcement-banner";
import { toAnnouncementView, type AnnouncementView } from "./announcement-view";
import { parseInput, type SiteDeps } from "./deps";
import { assertCan } from "./policy";

/**
 * Edits an announced event (Admins). A new banner replaces the old one (whose file is removed); without one
 * the banner stays. Audited with the fields that changed.
 */
export async function updateAnnouncement(
  deps: Pick<SiteDeps, "db" | "storage" | "events" | "now">,
  actor: Actor,
  input: { id: unknown; fields: unknown; image?: Uint8Array | null },
): Promise<AnnouncementView> {
  assertCan(actor, "announcement.update");
  const id = typeof input?.id === "string" ? input.id : "";
  const d = parseInput(announcementInput, input?.fields);
  const [existing] = id ? await deps.db.select().from(announcements).where(eq(announcements.id, id)) : [];
  if (!existing) throw new DomainError("site.announcement_not_found");
  const banner = hasBytes(input.image) ? await storeBanner(deps, id, input.image) : null;
  const now = deps.now();
  const next = {
    titleEs: d.titleEs,
    titleEn: d.titleEn,
    startsAt: d.startsAt,
    timeZone: d.timeZone,
    videoUrl: d.videoUrl,
    imageUrl: banner?.url ?? existing.imageUrl,
  };
  const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => String(next[k]) !== String(existing[k]));
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(announcements)
      .set({ ...next, updatedAt: now })
      .where(eq(announcements.id, id))
      .returning();
    if (!updated) throw new DomainError("site.announcement_not_found");
    if (changed.length)
      await recordAudit(tx, actor!, {
        action: "announcement.update",
        targetType: "announcement",
        targetId: id,
        targetName: d.titleEn,
        details: { changed },
      });
    return updated;
  });
  const oldKey = banner ? deps.storage.keyOf(existing.imageUrl) : null;
  if (oldKey && oldKey !== banner?.key) await deps.storage.remove(oldKey).catch(() => undefined);
  if (changed.length) await deps.events.publish("announcement.changed", { announcementId: id, change: "updated", at: now });
  return toAnnouncementView(row);
}
