import { describe, expect, it } from "vitest";
import { isCurrentTab, visibleTabGroups, ADMIN_TABS } from "./nav";

describe("admin navigation", () => {
  it("hides the tabs a Moderator cannot use", () => {
    const mod = visibleTabGroups({
      panel: true,
      rolesView: true,
      companiesList: true,
      auditRead: true,
      mailRead: false,
      settingsUpdate: false,
      forumOverview: true,
      forumModeration: true,
      forumUsers: true,
      forumContent: false,
      forumSettings: false,
      gamificationSettings: false,
      gamificationLevels: false,
      gamificationAchievements: false,
      gamificationRanking: true,
      campaignsList: true,
      creatorsList: true,
      featuredList: true,
      promoCodes: false,
      featuredAnalytics: false,
      studioPromotions: false,
      contactMessages: true,
      jobOffers: false,
      jobApplications: false,
      contentList: false,
      collaboratorsList: false,
      avatars: false,
      episodeRooms: true,
    });
    const paths = mod.flatMap((g) => g.tabs.map((t) => t.to));
    expect(paths).toEqual([
      "/admin",
      "/admin/roles",
      "/admin/companies",
      "/admin/campaigns",
      "/admin/creators",
      "/admin/featured-games",
      "/admin/episode-rooms",
      "/admin/forum",
      "/admin/forum/moderation",
      "/admin/forum/users",
      "/admin/forum/audit",
      "/admin/gamification/ranking",
      "/admin/contacts",
      "/admin/audit",
    ]);
    const all = visibleTabGroups({
      panel: true,
      rolesView: true,
      companiesList: true,
      auditRead: true,
      mailRead: true,
      settingsUpdate: true,
      forumOverview: true,
      forumModeration: true,
      forumUsers: true,
      forumContent: true,
      forumSettings: true,
      gamificationSettings: true,
      gamificationLevels: true,
      gamificationAchievements: true,
      gamificationRanking: true,
      campaignsList: true,
      creatorsList: true,
      featuredList: true,
      promoCodes: true,
      featuredAnalytics: true,
      studioPromotions: true,
      contactMessages: true,
      announcements: true,
      missingTranslations: true,
      jobOffers: true,
      jobApplications: true,
      contentList: true,
      collaboratorsList: true,
      avatars: true,
      episodeRooms: true,
    });
    expect(all.flatMap((g) => g.tabs)).toHaveLength(ADMIN_TABS.length);
    expect(all.map((g) => g.group)).toEqual([
      "overview",
      "people",
      "campaigns",
      "promotions",
      "content",
      "jobs",
      "forum",
      "gamification",
      "site",
    ]);
  });

  it("marks the current tab; the quick view only on its own path", () => {
    const [quick, roles] = ADMIN_TABS;
    expect(isCurrentTab(quick, "/admin")).toBe(true);
    expect(isCurrentTab(quick, "/admin/roles")).toBe(false);
    expect(isCurrentTab(roles, "/admin/roles")).toBe(true);
    expect(isCurrentTab(roles, "/admin/rolesx")).toBe(false);
  });

  it("marks the forum overview on its own path only", () => {
    const overview = ADMIN_TABS.find((t) => t.to === "/admin/forum")!;
    expect(isCurrentTab(overview, "/admin/forum")).toBe(true);
    expect(isCurrentTab(overview, "/admin/forum/users")).toBe(false);
  });

  it("marks the gamification settings on their own path only, and the ranking on its own", () => {
    const settings = ADMIN_TABS.find((t) => t.to === "/admin/gamification")!;
    const ranking = ADMIN_TABS.find((t) => t.to === "/admin/gamification/ranking")!;
    expect(isCurrentTab(settings, "/admin/gamification")).toBe(true);
    expect(isCurrentTab(settings, "/admin/gamification/levels")).toBe(false);
    expect(isCurrentTab(ranking, "/admin/gamification/ranking")).toBe(true);
  });
});
