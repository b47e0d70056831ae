import type { Database } from "#server/db/client";
import { latestThreads } from "#server/modules/forum";
import type { GamificationService } from "#server/modules/gamification";
import { SIDE_PANEL_EVENTS } from "#shared/announcements";
import type { PublicAnnouncement } from "./announcement-view";
import { upcomingAnnouncements } from "./list-announcements";
import type { SettingsStore } from "./settings";

/** Shapes of SPEC §7's side-panel reads (4 threads, 5 members, 3 achievements). */
export type SidePanelThread = {
  title: string;
  slug: string;
  forumSlug: string;
  createdAt: string;
  author: { id: string; username: string; avatarUrl: string | null };
};
export type SidePanelMember = { userId: string; username: string; avatarUrl: string | null; level: number };
export type SidePanelAchievement = {
  key: string;
  /** In the `badges` namespace, unless an admin typed the names (`names`, per language). */
  nameKey: string;
  names: { es: string | null; en: string | null };
  createdAt: string;
  username: string;
};
export type SidePanelData = {
  threads: SidePanelThread[];
  members: SidePanelMember[];
  achievements: SidePanelAchievement[];
  /** The next announced event (card 4); when there is none, the card shows the channel's banner (`announcement`). */
  events: PublicAnnouncement[];
  announcement: { url: string; imageUrl: string };
};

/** SPEC §9: the side panel lists 4 threads, 5 members and 3 achievements. */
export const SIDE_PANEL_THREADS = 4;
export const SIDE_PANEL_MEMBERS = 5;
export const SIDE_PANEL_ACHIEVEMENTS = 3;

/** The gamification reads the side panel needs (cards 2 and 3). */
export type SidePanelGamification = Pick<GamificationService, "topByXp" | "recentAchievements">;

/**
 * The side panel's data. Card 1 lists the newest visible threads while the forum is enabled (when it is off,
 * the forum's pages are 404 and the card shows its empty text). Card 2 lists the members with the most XP and
 * card 3 the newest unlocked achievements (gamification's reads, one statement each), card 4 the next announced
 * event (or the channel's banner when none is coming). The reads run side by
 * side; only what the page shows leaves the server (user ids only for the generated avatars).
 */
export async function loadSidePanel(
  settings: SettingsStore,
  db?: Pick<Database, "select">,
  gamification?: SidePanelGamification,
  now: Date = new Date(),
): Promise<SidePanelData> {
  const { announcement, forum_enabled } = await settings.all();
  const [threads, top, recent, events] = await Promise.all([
    forum_enabled && db ? latestThreads(db, SIDE_PANEL_THREADS) : [],
    gamification ? gamification.topByXp(SIDE_PANEL_MEMBERS) : [],
    gamification ? gamification.recentAchievements(SIDE_PANEL_ACHIEVEMENTS) : [],
    db ? upcomingAnnouncements(db, now, SIDE_PANEL_EVENTS) : [],
  ]);
  return {
    threads,
    members: top.map((m) => ({ userId: m.userId, username: m.username, avatarUrl: m.avatarUrl, level: m.level })),
    achievements: recent.map((a) => ({ key: a.key, nameKey: a.nameKey, names: a.names, createdAt: a.createdAt, username: a.username })),
    events,
    announcement,
  };
}
