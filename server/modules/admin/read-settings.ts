import type { Actor } from "#server/modules/accounts/actor";
import { assertCan } from "#server/modules/site/policy";
import type { SettingsStore } from "#server/modules/site/settings";

/**
 * The settings tab's current values (Admin only). The maintenance password and its hash never leave the
 * server: the page learns only whether one is set.
 */
export async function readSettings(deps: { settings: SettingsStore }, actor: Actor) {
  assertCan(actor, "settings.read");
  const all = await deps.settings.all();
  return {
    maintenance: { enabled: all.maintenance.enabled, hasPassword: !!all.maintenance.passwordHash, changedAt: all.maintenance.changedAt },
    flags: { analytics_enabled: all.analytics_enabled, forum_enabled: all.forum_enabled, i18n_missing_enabled: all.i18n_missing_enabled },
    announcement: all.announcement,
    /** The forum admin's settings tab edits these. */
    forumPostingLimits: all.forum_posting_limits,
    /** Months after an offer closes before its applications are deleted. */
    applicationsRetentionMonths: all.applications_retention_months,
    /** The episode rooms tab edits these: invitation links' days, chat messages per minute. */
    episodeRooms: all.episode_rooms,
  };
}
