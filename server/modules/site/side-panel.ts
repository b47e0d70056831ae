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

/**
 * The side panel's data. Cards 1-3 read threads, user stats and achievements; until the forum and
 * gamification areas exist and provide those reads, they are empty and the cards show their empty texts.
 */
export async function loadSidePanel(settings: SettingsStore): Promise<SidePanelData> {
  const { announcement } = await settings.all();
  return { threads: [], members: [], achievements: [], announcement };
}
