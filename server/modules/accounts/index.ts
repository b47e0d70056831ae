import { defineArea, type AreaContext, type ExportSection } from "#server/modules/area";
import { ACCOUNTS_ERRORS } from "./errors";
import { ACCOUNTS_ACTIONS, can as canAccounts } from "./policy";
import type { Actor } from "./actor";
import { createAuthFlows } from "./auth";
import { loadDashboard } from "./load-dashboard";
import type { AuthRequest } from "./auth-call";
import { becomeCreator } from "./become-creator";
import { changeEmail } from "./change-email";
import { changePassword } from "./change-password";
import { changeUsername } from "./change-username";
import { checkUsernameAvailability } from "./check-username-availability";
import { deleteAccount } from "./delete-account";
import type { AccountsDeps } from "./deps";
import { exportAccountData } from "./export-account-data";
import { getAccountSettings } from "./get-account-settings";
import { getPublicProfile } from "./get-public-profile";
import { linkSignInMethod } from "./link-sign-in-method";
import { listSessions } from "./list-sessions";
import { listSignInMethods } from "./list-sign-in-methods";
import { removeAvatar } from "./remove-avatar";
import { revokeOtherSessions } from "./revoke-other-sessions";
import { revokeSession } from "./revoke-session";
import { unlinkSignInMethod } from "./unlink-sign-in-method";
import { updateProfile } from "./update-profile";
import { uploadAvatar } from "./upload-avatar";

// Account mail other areas send (the admin panel's company decisions), in the member's language.
export { sendAccountEmail } from "./emails/send-account-email";
export type { AccountsDeps } from "./deps";
export type { PublicProfile } from "./get-public-profile";
export type { SessionSummary } from "./list-sessions";
export type { SignInMethods } from "./list-sign-in-methods";
export type { AccountExport } from "./export-account-data";

/**
 * The accounts area's public entry for pages and API routes: its operations bound to the services they
 * need. Callers pass the actor (and, for better-auth calls, the request's headers).
 */
export function createAccountsService(deps: AccountsDeps, extras: AccountsExtras) {
  return {
    /** Registration, sign-in, recovery, codes and single sign-on, with their rate limits. */
    authFlows: extras.authFlows,
    /** The signed-in home's data (what to do next, by role). */
    dashboard: (actor: Actor) => loadDashboard(deps.db, actor),
    getPublicProfile: (actor: Actor, input: { username: string }) => getPublicProfile(deps, actor, input),
    getAccountSettings: (actor: Actor) => getAccountSettings(deps, actor),
    checkUsernameAvailability: (actor: Actor, input: { username: string }) => checkUsernameAvailability(deps, actor, input),
    changeUsername: (actor: Actor, input: { username: string }) => changeUsername(deps, actor, input),
    updateProfile: (actor: Actor, input: unknown) => updateProfile(deps, actor, input),
    becomeCreator: (actor: Actor) => becomeCreator(deps, actor),
    uploadAvatar: (actor: Actor, input: { bytes: Uint8Array }) => uploadAvatar(deps, actor, input),
    removeAvatar: (actor: Actor) => removeAvatar(deps, actor),
    exportAccountData: (actor: Actor) => exportAccountData(deps, actor, extras.exportSections),
    deleteAccount: (actor: Actor, input: { password?: string; username?: string }) => deleteAccount(deps, actor, input),
    listSignInMethods: (actor: Actor, req: AuthRequest) => listSignInMethods(deps, actor, req),
    linkSignInMethod: (actor: Actor, input: { provider: string }, req: AuthRequest) => linkSignInMethod(deps, actor, input, req),
    unlinkSignInMethod: (actor: Actor, input: { accountId: string }, req: AuthRequest) => unlinkSignInMethod(deps, actor, input, req),
    changeEmail: (actor: Actor, input: { newEmail: string }, req: AuthRequest) => changeEmail(deps, actor, input, req),
    changePassword: (actor: Actor, input: { currentPassword: string; newPassword: string; confirmPassword: string }, req: AuthRequest) =>
      changePassword(deps, actor, input, req),
    listSessions: (actor: Actor) => listSessions(deps, actor),
    revokeSession: (actor: Actor, input: { sessionId: string }, req: AuthRequest) => revokeSession(deps, actor, input, req),
    revokeOtherSessions: (actor: Actor, req: AuthRequest) => revokeOtherSessions(deps, actor, req),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
type AccountsExtras = { authFlows: ReturnType<typeof createAuthFlows>; exportSections: Record<string, ExportSection> };

declare module "#server/modules/area" {
  interface AreaServices {
    accounts: AccountsService;
  }
}

/** Every other area's part of the account export, under its name. */
export const exportSectionsOf = (ctx: Pick<AreaContext, "areas">): Record<string, ExportSection> =>
  Object.fromEntries(ctx.areas.flatMap((area) => (area.exportSection ? [[area.name, area.exportSection]] : [])));

/** Accounts: profiles, the /account area, sign-in and registration, the account export. */
export const accountsArea = defineArea({
  name: "accounts",
  service: (_deps, ctx) =>
    createAccountsService(
      { db: ctx.db, auth: ctx.auth, storage: ctx.storage, log: ctx.log },
      {
        authFlows: createAuthFlows({
          auth: ctx.auth,
          db: ctx.db,
          rateLimiter: ctx.rateLimiter,
          env: ctx.env,
          log: ctx.log,
          mailer: ctx.mailer,
        }),
        exportSections: exportSectionsOf(ctx),
      },
    ),
  errors: ACCOUNTS_ERRORS,
  policy: { actions: ACCOUNTS_ACTIONS, can: canAccounts },
});
