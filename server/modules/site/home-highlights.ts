import type { ForumService, LatestThread } from "#server/modules/forum";
import type { GamificationService } from "#server/modules/gamification";
import { HOME_MEMBERS, HOME_THREADS } from "#shared/page-sizes";
import type { Database } from "#server/db/client";
import { HOME_EVENTS } from "#shared/announcements";
import type { PublicAnnouncement } from "./announcement-view";
import { upcomingAnnouncements } from "./list-announcements";
import type { SettingsStore } from "./settings";

export type HomeHighlights = {
  threads: LatestThread[];
  members: { userId: string; username: string; avatarUrl: string | null; level: number }[];
  /** The next announced events, soonest first. */
  events: PublicAnnouncement[];
};

/** The home page's live content: the newest visible threads (while the forum is on), the members with the most XP and the next events. */
export async function loadHomeHighlights(
  settings: Pick<SettingsStore, "runtimeFlags">,
  forum: Pick<ForumService, "latestThreads">,
  gamification: Pick<GamificationService, "topByXp">,
  db?: Pick<Database, "select">,
  now: Date = new Date(),
): Promise<HomeHighlights> {
  const { forum_enabled } = await settings.runtimeFlags();
  const [threads, members, events] = await Promise.all([
    forum_enabled ? forum.latestThreads(HOME_THREADS) : [],
    gamification.topByXp(HOME_MEMBERS),
    db ? upcomingAnnouncements(db, now, HOME_EVENTS) : [],
  ]);
  return {
    threads,
    members: members.map((m) => ({ userId: m.userId, username: m.username, avatarUrl: m.avatarUrl, level: m.level })),
    events,
  };
}
