import type { Actor } from "#server/modules/accounts/actor";
import { checkSignUpUsername } from "./check-sign-up-username";
import type { AuthOpDeps, RequestFacts } from "./deps";
import { register, type RegisterInput } from "./register";
import { requestPasswordReset } from "./request-password-reset";
import { resendVerification } from "./resend-verification";
import { resetPassword } from "./reset-password";
import { signIn } from "./sign-in";
import { sendSignInCode, signInWithCode } from "./sign-in-code";
import { startSingleSignOn } from "./start-single-sign-on";

export type { RequestFacts } from "./deps";

/** The sign-in and registration operations, bound to the services, for pages and API routes. */
export function createAuthFlows(deps: AuthOpDeps) {
  return {
    register: (req: RequestFacts, input: RegisterInput) => register(deps, req, input),
    checkSignUpUsername: (input: { username: string }) => checkSignUpUsername(deps, input),
    signIn: (req: RequestFacts, input: { email?: unknown; password?: unknown }) => signIn(deps, req, input),
    requestPasswordReset: (req: RequestFacts, input: { email?: unknown }) => requestPasswordReset(deps, req, input),
    resetPassword: (input: { token?: unknown; password?: unknown; confirmPassword?: unknown }) => resetPassword(deps, input),
    sendSignInCode: (req: RequestFacts, input: { email?: unknown }) => sendSignInCode(deps, req, input),
    signInWithCode: (req: RequestFacts, input: { email?: unknown; code?: unknown }) => signInWithCode(deps, req, input),
    resendVerification: (req: RequestFacts, actor: Actor) => resendVerification(deps, req, actor),
    startSingleSignOn: (req: RequestFacts, provider: string, returnTo: string) => startSingleSignOn(deps, req, provider, returnTo),
    ssoProviders: () => Object.keys(deps.env.sso),
  };
}

export type AuthFlows = ReturnType<typeof createAuthFlows>;
