import { randomUUID } from "node:crypto";
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
 * Adds an announced event (Admins): its titles, time and video channel are checked first, then its banner is
 * taken in, then the row and its audit entry are written together; the side panel and the home page hear of it.
 */
export async function createAnnouncement(
  deps: Pick<SiteDeps, "db" | "storage" | "events" | "now">,
  actor: Actor,
  input: { fields: unknown; image?: Uint8Array | null },
): Promise<AnnouncementView> {
  assertCan(actor, "announcement.create");
  const d = parseInput(announcementInput, input?.fields);
  if (!hasBytes(input?.image)) throw new DomainError("site.announcement_image_required");
  const id = randomUUID();
  const banner = await storeBanner(deps, id, input.image);
  const now = deps.now();
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(announcements)
        .values({
          id,
          titleEs: d.titleEs,
          titleEn: d.titleEn,
          startsAt: d.startsAt,
          timeZone: d.timeZone,
          imageUrl: banner.url,
          videoUrl: d.videoUrl,
          createdBy: actor!.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordAudit(tx, actor!, {
        action: "announcement.create",
        targetType: "announcement",
        targetId: id,
        targetName: d.titleEn,
        details: { startsAt: d.startsAt.toISOString(), timeZone: d.timeZone, videoUrl: d.videoUrl },
      });
      return created!;
    });
    await deps.events.publish("announcement.changed", { announcementId: id, change: "created", at: now });
    return toAnnouncementView(row);
  } catch (err) {
    await deps.storage.remove(banner.key).catch(() => undefined);
    throw err;
  }
}
