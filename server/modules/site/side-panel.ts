import type { Database } from "../../db/client";
import { latestThreads } from "../forum";
import type { SettingsStore } from "./settings";

/** Shapes of SPEC §7's side-panel reads (4 threads, 5 members, 3 achievements). */
export type SidePanelThread = { title: string; slug: string; forumSlug: string; createdAt: string; author: { username: string; avatarUrl: string | null } };
export type SidePanelMember = { username: string; level: number };
export type SidePanelAchievement = { key: string; nameKey: string; iconUrl: string | null; createdAt: string; username: string };
export type SidePanelData = {
  threads: SidePanelThread[];
  members: SidePanelMember[];
  achievements: SidePanelAchievement[];
  announcement: { url: string; imageUrl: string };
};

/** SPEC §9: the side panel lists 4 threads. */
export const SIDE_PANEL_THREADS = 4;

/**
 * The side panel's data. Card 1 lists the newest visible threads while the forum is enabled (when it is off,
 * the forum's pages are 404 and the card shows its empty text). Cards 2-3 read user stats and achievements;
 * until the gamification area provides those reads, they are empty and the cards show their empty texts.
 */
export async function loadSidePanel(settings: SettingsStore, db?: Pick<Database, "select">): Promise<SidePanelData> {
  const { announcement, forum_enabled } = await settings.all();
  const threads = forum_enabled && db ? await latestThreads(db, SIDE_PANEL_THREADS) : [];
  return { threads, members: [], achievements: [], announcement };
}
