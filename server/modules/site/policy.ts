import { hasRole, ROLE_ADMIN, type Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";

export type SiteAction = "settings.update" | "maintenance.configure" | "maintenance.bypass" | "i18n_missing.read";

/** Pure rules: who may do what in the site area. */
export function can(actor: Actor, action: SiteAction): boolean {
  switch (action) {
    case "settings.update":
    case "maintenance.configure":
    case "maintenance.bypass":
    case "i18n_missing.read":
      return hasRole(actor, ROLE_ADMIN);
  }
}

export function assertCan(actor: Actor, action: SiteAction): void {
  if (!actor) throw new DomainError("auth.unauthenticated");
  if (!can(actor, action)) throw new DomainError("auth.forbidden");
}
