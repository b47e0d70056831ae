import type { ForumService, LatestThread } from "#server/modules/forum";
import type { GamificationService } from "#server/modules/gamification";
import { HOME_MEMBERS, HOME_THREADS } from "#shared/page-sizes";
import type { SettingsStore } from "./settings";

export type HomeHighlights = {
  threads: LatestThread[];
  members: { userId: string; username: string; avatarUrl: string | null; level: number }[];
};

/** The home page's live content: the newest visible threads (while the forum is on) and the members with the most XP. */
export async function loadHomeHighlights(
  settings: Pick<SettingsStore, "runtimeFlags">,
  forum: Pick<ForumService, "latestThreads">,
  gamification: Pick<GamificationService, "topByXp">,
): Promise<HomeHighlights> {
  const { forum_enabled } = await settings.runtimeFlags();
  const [threads, members] = await Promise.all([
    forum_enabled ? forum.latestThreads(HOME_THREADS) : [],
    gamification.topByXp(HOME_MEMBERS),
  ]);
  return { threads, members: members.map((m) => ({ userId: m.userId, username: m.username, avatarUrl: m.avatarUrl, level: m.level })) };
}
