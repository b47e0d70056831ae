import type { AdminAbility } from "#server/modules/admin";

/**
 * The admin area's side navigation (SPEC §2 "Admin tabs"), as data: later issues add their tabs here
 * (analytics, content, forum admin…). `requires` names an ability the layout's loader computed from the
 * policies; a tab whose ability is false is hidden, and its loader refuses it anyway.
 */
export type AdminTab = {
  /** Path without the language prefix. */
  to: string;
  /** Key in the `admin` namespace. */
  labelKey: string;
  group: AdminGroup;
  requires?: AdminAbility;
  /** Only the exact path is current (the index tab). */
  end?: boolean;
};

export const ADMIN_GROUPS = ["overview", "people", "campaigns", "promotions", "content", "jobs", "forum", "gamification", "site"] as const;
export type AdminGroup = (typeof ADMIN_GROUPS)[number];

/** The audit log showing the forum's actions only; `/admin/forum/audit` redirects there. */
export const FORUM_AUDIT_PATH = "/admin/audit?action=forum.";

export const ADMIN_TABS: AdminTab[] = [
  { to: "/admin", labelKey: "nav.quickView", group: "overview", end: true },
  { to: "/admin/roles", labelKey: "nav.roles", group: "people", requires: "rolesView" },
  { to: "/admin/companies", labelKey: "nav.companies", group: "people", requires: "companiesList" },
  // Creator key campaigns: every company's campaigns, and creators with their channels.
  { to: "/admin/campaigns", labelKey: "nav.campaigns", group: "campaigns", requires: "campaignsList" },
  { to: "/admin/creators", labelKey: "nav.creators", group: "campaigns", requires: "creatorsList" },
  // Featured games: the review queue and schedule, promo codes, game analytics, studio promotions.
  { to: "/admin/featured-games", labelKey: "nav.featuredGames", group: "promotions", requires: "featuredList" },
  { to: "/admin/promo-codes", labelKey: "nav.promoCodes", group: "promotions", requires: "promoCodes" },
  { to: "/admin/analytics", labelKey: "nav.analytics", group: "promotions", requires: "featuredAnalytics" },
  { to: "/admin/studio-promotions", labelKey: "nav.studioPromotions", group: "promotions", requires: "studioPromotions" },
  // Jobs: the offers and the applications (Admins).
  { to: "/admin/jobs", labelKey: "nav.jobOffers", group: "jobs", requires: "jobOffers" },
  { to: "/admin/applications", labelKey: "nav.jobApplications", group: "jobs", requires: "jobApplications" },
  // Videos and the podcast, and the people who appear in them (SPEC §2: content, collaborators).
  { to: "/admin/content", labelKey: "nav.content", group: "content", requires: "contentList" },
  { to: "/admin/collaborators", labelKey: "nav.collaborators", group: "content", requires: "collaboratorsList" },
  // Episode rooms: the podcast's private rooms where a host prepares an episode with its guest (the team).
  { to: "/admin/episode-rooms", labelKey: "nav.episodeRooms", group: "content", requires: "episodeRooms" },
  // Forum admin (SPEC §2: overview, moderation, content, settings, users, audit log).
  { to: "/admin/forum", labelKey: "nav.forumOverview", group: "forum", requires: "forumOverview", end: true },
  { to: "/admin/forum/moderation", labelKey: "nav.forumModeration", group: "forum", requires: "forumModeration" },
  { to: "/admin/forum/content", labelKey: "nav.forumContent", group: "forum", requires: "forumContent" },
  { to: "/admin/forum/settings", labelKey: "nav.forumSettings", group: "forum", requires: "forumSettings" },
  { to: "/admin/forum/users", labelKey: "nav.forumUsers", group: "forum", requires: "forumUsers" },
  { to: "/admin/forum/audit", labelKey: "nav.forumAudit", group: "forum", requires: "auditRead" },
  // Gamification admin (SPEC §2: settings, levels, achievements for Admins; ranking for the team).
  { to: "/admin/gamification", labelKey: "nav.gamificationSettings", group: "gamification", requires: "gamificationSettings", end: true },
  { to: "/admin/gamification/levels", labelKey: "nav.gamificationLevels", group: "gamification", requires: "gamificationLevels" },
  {
    to: "/admin/gamification/achievements",
    labelKey: "nav.gamificationAchievements",
    group: "gamification",
    requires: "gamificationAchievements",
  },
  { to: "/admin/gamification/ranking", labelKey: "nav.gamificationRanking", group: "gamification", requires: "gamificationRanking" },
  // The role-play layer's items and avatar render queue (Admins).
  { to: "/admin/avatars", labelKey: "nav.avatars", group: "gamification", requires: "avatars" },
  // Contact messages from /contact (personal and business).
  { to: "/admin/contacts", labelKey: "nav.contacts", group: "site", requires: "contactMessages" },
  { to: "/admin/mail", labelKey: "nav.mail", group: "site", requires: "mailRead" },
  { to: "/admin/settings", labelKey: "nav.settings", group: "site", requires: "settingsUpdate" },
  { to: "/admin/announcements", labelKey: "nav.announcements", group: "site", requires: "announcements" },
  { to: "/admin/translations", labelKey: "nav.translations", group: "site", requires: "missingTranslations" },
  { to: "/admin/audit", labelKey: "nav.audit", group: "site", requires: "auditRead" },
];

export type AbilityFlags = Partial<Record<AdminAbility, boolean>>;

/** The tabs this person may use, grouped in display order (empty groups left out). */
export function visibleTabGroups(abilities: AbilityFlags, tabs: AdminTab[] = ADMIN_TABS): { group: AdminGroup; tabs: AdminTab[] }[] {
  const allowed = tabs.filter((t) => !t.requires || abilities[t.requires] === true);
  return ADMIN_GROUPS.map((group) => ({ group, tabs: allowed.filter((t) => t.group === group) })).filter((g) => g.tabs.length > 0);
}

export function isCurrentTab(tab: AdminTab, path: string): boolean {
  if (tab.end) return path === tab.to || path === `${tab.to}/`;
  return path === tab.to || path.startsWith(`${tab.to}/`);
}
