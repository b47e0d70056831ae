import { hasRole, ROLE_ADMIN, type Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";

/** Every action of the site area, one per verb. */
export const SITE_ACTIONS = [
  /** The settings tab's current values. */
  "settings.read",
  /** Changing settings and feature flags. */
  "settings.update",
  /** Turning maintenance mode on or off and setting its password. */
  "maintenance.configure",
  /** Using the site while maintenance mode is on. */
  "maintenance.bypass",
  /** The list of translation keys found missing. */
  "i18n_missing.read",
  /** Deleting the missing-translation records once the keys are fixed (all, or one language's). */
  "i18n_missing.clear",
  /** The admin list of announcements, past ones included. */
  "announcement.list",
  /** Adding an announced event (titles, time, banner, video channel). */
  "announcement.create",
  /** Editing an announced event. */
  "announcement.update",
  /** Deleting an announced event and its banner. */
  "announcement.delete",
  /** The page views counted (totals, visitors, most viewed paths) and the site section of /admin/analytics. */
  "analytics.read",
  /** Downloading the site analytics as CSV or Excel. */
  "analytics.export",
] as const;
export type SiteAction = (typeof SITE_ACTIONS)[number];

/** Pure rules: who may do what in the site area. */
export function can(actor: Actor, action: SiteAction): boolean {
  switch (action) {
    case "settings.read":
    case "settings.update":
    case "maintenance.configure":
    case "maintenance.bypass":
    case "i18n_missing.read":
    case "i18n_missing.clear":
    case "announcement.list":
    case "announcement.create":
    case "announcement.update":
    case "announcement.delete":
    case "analytics.read":
    case "analytics.export":
      return hasRole(actor, ROLE_ADMIN);
  }
}

export function assertCan(actor: Actor, action: SiteAction): void {
  if (!actor) throw new DomainError("auth.unauthenticated");
  if (!can(actor, action)) throw new DomainError("auth.forbidden");
}

/** What the admin's announcements and missing-translation screens may offer this person. */
export function siteAdminAbilities(actor: Actor) {
  return {
    createAnnouncement: can(actor, "announcement.create"),
    updateAnnouncement: can(actor, "announcement.update"),
    deleteAnnouncement: can(actor, "announcement.delete"),
    clearMissingTranslations: can(actor, "i18n_missing.clear"),
  };
}
