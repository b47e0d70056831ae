import type { Actor } from "./actor";
import { authCall, type AuthRequest } from "./auth-call";
import type { AccountsDeps } from "./deps";
import { assertSignedIn } from "./policy";

export type SignInMethods = {
  hasPassword: boolean;
  /** Accounts of single sign-on providers linked to this person (ids only, never tokens). */
  linked: { id: string; providerId: string; createdAt: string }[];
  /** Providers configured on this site (SSO keys set in the environment). */
  available: string[];
};

/** The configured single sign-on providers. */
export const ssoProviders = (auth: AccountsDeps["auth"]): string[] => Object.keys(auth.options.socialProviders ?? {});

/** How the signed-in person can sign in: a password, linked providers, and the providers they could link. */
export async function listSignInMethods(deps: Pick<AccountsDeps, "auth">, actor: Actor, req: AuthRequest): Promise<SignInMethods> {
  assertSignedIn(actor);
  const accounts = await authCall(() => deps.auth.api.listUserAccounts({ headers: req.headers }));
  return {
    hasPassword: accounts.some((a) => a.providerId === "credential"),
    linked: accounts
      .filter((a) => a.providerId !== "credential")
      .map((a) => ({ id: a.id, providerId: a.providerId, createdAt: new Date(a.createdAt).toISOString() })),
    available: ssoProviders(deps.auth),
  };
}
