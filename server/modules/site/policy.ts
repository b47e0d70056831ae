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
    case "analytics.read":
    case "analytics.export":
      return hasRole(actor, ROLE_ADMIN);
  }
}

export function assertCan(actor: Actor, action: SiteAction): void {
  if (!actor) throw new DomainError("auth.unauthenticated");
  if (!can(actor, action)) throw new DomainError("auth.forbidden");
}
