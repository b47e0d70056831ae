import type { announcements } from "#server/db/schema";

/** An announcement as the admin sees it. */
export type AnnouncementView = {
  id: string;
  titles: { es: string; en: string };
  /** The instant it starts (ISO, UTC). */
  startsAt: string;
  /** The zone the time was entered in. */
  timeZone: string;
  imageUrl: string;
  videoUrl: string;
  updatedAt: string;
};

/** What the side panel and the home page show of an upcoming event. */
export type PublicAnnouncement = Pick<AnnouncementView, "id" | "titles" | "startsAt" | "imageUrl" | "videoUrl">;

export function toAnnouncementView(row: typeof announcements.$inferSelect): AnnouncementView {
  return {
    id: row.id,
    titles: { es: row.titleEs, en: row.titleEn },
    startsAt: row.startsAt.toISOString(),
    timeZone: row.timeZone,
    imageUrl: row.imageUrl,
    videoUrl: row.videoUrl,
    updatedAt: row.updatedAt.toISOString(),
  };
}
