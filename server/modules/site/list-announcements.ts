import { asc, desc, gt } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { announcements } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { toAnnouncementView, type AnnouncementView, type PublicAnnouncement } from "./announcement-view";
import { ANNOUNCEMENT_SHOWN_AFTER_START_MS } from "./deps";
import { assertCan } from "./policy";

/** Every announcement, past ones included, the latest first (the admin tab). */
export async function listAnnouncements(deps: { db: Database }, actor: Actor): Promise<AnnouncementView[]> {
  assertCan(actor, "announcement.list");
  const rows = await deps.db.select().from(announcements).orderBy(desc(announcements.startsAt), asc(announcements.id));
  return rows.map(toAnnouncementView);
}

/**
 * The next events, soonest first, for everyone (side panel card 4, the home page). An event drops off by this
 * query a few hours after it starts: no job removes it.
 */
export async function upcomingAnnouncements(db: Pick<Database, "select">, now: Date, limit: number): Promise<PublicAnnouncement[]> {
  const rows = await db
    .select()
    .from(announcements)
    .where(gt(announcements.startsAt, new Date(now.getTime() - ANNOUNCEMENT_SHOWN_AFTER_START_MS)))
    .orderBy(asc(announcements.startsAt), asc(announcements.id))
    .limit(limit);
  return rows.map((r) => {
    const v = toAnnouncementView(r);
    return { id: v.id, titles: v.titles, startsAt: v.startsAt, imageUrl: v.imageUrl, videoUrl: v.videoUrl };
  });
}
