import type { Database } from "#server/db/client";
import { defineArea, type AnyArea } from "#server/modules/area";
import { ADMIN_ERRORS } from "./errors";
import type { Env } from "#server/env";
import type { Logger } from "#server/platform/logger";
import type { Mailer } from "#server/platform/mail";
import type { Storage } from "#server/platform/storage";
import type { Actor } from "#server/modules/accounts/actor";
import type { SettingsStore } from "#server/modules/site/settings";
import { configureMaintenance, updateSetting } from "#server/modules/site";
import { capabilityTable } from "./capabilities";
import { getMail } from "./get-mail";
import { getPublicCompany } from "./get-public-company";
import { grantRole } from "./grant-role";
import { listAudit } from "./list-audit";
import { listCompanies } from "./list-companies";
import { listMail } from "./list-mail";
import { listUsers } from "./list-users";
import { getMyCompany } from "./my-company";
import { adminAbilities } from "./policy";
import { quickView } from "./quick-view";
import { readSettings } from "./read-settings";
import { rejectCompany } from "./reject-company";
import { retryMail } from "./retry-mail";
import { revokeRole } from "./revoke-role";
import { updateCompanyProfile } from "./update-company-profile";
import { verifyCompany } from "./verify-company";

export type AdminDeps = {
  db: Database;
  mailer: Mailer;
  storage: Storage;
  settings: SettingsStore;
  log: Logger;
  env: Pick<Env, "siteName" | "baseUrl">;
};

/**
 * The admin area's public entry, as route modules reach it (`context.services.admin`): every operation
 * bound to its dependencies, each still taking the actor and checking its permission itself.
 */
export function createAdminService(deps: AdminDeps, areas: readonly AnyArea[]) {
  const { db, mailer, storage, settings, log } = deps;
  const review = { db, mailer, siteName: deps.env.siteName, baseUrl: deps.env.baseUrl };
  return {
    abilities: (actor: Actor) => adminAbilities(actor),
    /** What each kind of person may do, evaluated from the policies (the roles tab shows it). */
    capabilities: () => capabilityTable(areas),
    quickView: (actor: Actor) => quickView({ db, areas }, actor),
    listUsers: (actor: Actor, input: unknown) => listUsers({ db }, actor, input),
    grantRole: (actor: Actor, input: unknown) => grantRole({ db }, actor, input),
    revokeRole: (actor: Actor, input: unknown) => revokeRole({ db }, actor, input),
    listCompanies: (actor: Actor, input: unknown) => listCompanies({ db }, actor, input),
    verifyCompany: (actor: Actor, input: unknown) => verifyCompany(review, actor, input),
    rejectCompany: (actor: Actor, input: unknown) => rejectCompany(review, actor, input),
    myCompany: (actor: Actor) => getMyCompany({ db }, actor),
    updateCompanyProfile: (actor: Actor, input: unknown) => updateCompanyProfile({ db, storage, log }, actor, input),
    publicCompany: (actor: Actor, input: unknown) => getPublicCompany({ db }, actor, input),
    listMail: (actor: Actor, input: unknown) => listMail({ db }, actor, input),
    getMail: (actor: Actor, input: unknown) => getMail({ db }, actor, input),
    retryMail: (actor: Actor, input: unknown) => retryMail({ db, mailer }, actor, input),
    listAudit: (actor: Actor, input: unknown) => listAudit({ db }, actor, input),
    readSettings: (actor: Actor) => readSettings({ settings }, actor),
    /** The site area's operations, reused as they are. */
    updateSetting: (actor: Actor, input: unknown) => updateSetting({ settings }, actor, input),
    configureMaintenance: (actor: Actor, input: unknown) => configureMaintenance({ settings }, actor, input),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

declare module "#server/modules/area" {
  interface AreaServices {
    admin: AdminService;
  }
}

/** The admin panel's own tabs: users and roles, companies, mail, the audit log, settings, the capability table. */
export const adminArea = defineArea({
  name: "admin",
  service: (_deps, ctx) =>
    createAdminService(
      { db: ctx.db, mailer: ctx.mailer, settings: ctx.settings, log: ctx.log, env: ctx.env, storage: ctx.storage },
      ctx.areas,
    ),
  errors: ADMIN_ERRORS,
});
export type { AdminAbilities, AdminAbility } from "./policy";
export type { CapabilityArea, CapabilityCase, CapabilityRole, CapabilityRow, CapabilityTable } from "./capabilities";
export type { CompanyStatus } from "./list-companies";
export type { MailStatus } from "./list-mail";
