import { safeReturnPath } from "#shared/return-path";
import { SSO_PROVIDERS, type SsoProvider } from "#server/env";
import { DomainError } from "#server/modules/errors";
import { authHeaders, type AuthOpDeps, type RequestFacts, inLocale } from "./deps";

/**
 * Starts Google, Discord or Twitch sign-in; only providers with configured keys exist. Every return lands
 * on /auth/callback, which forwards to the page the person came from.
 */
export async function startSingleSignOn(
  deps: AuthOpDeps,
  req: RequestFacts,
  provider: string,
  returnTo: string,
): Promise<{ url: string; headers: Headers }> {
  if (!(SSO_PROVIDERS as readonly string[]).includes(provider) || !deps.env.sso[provider as SsoProvider])
    throw new DomainError("auth.sso_unavailable");
  // /auth/callback checks the path again when the person comes back; this keeps the link itself clean.
  const back = inLocale(req, `/auth/callback?redirectTo=${encodeURIComponent(safeReturnPath(returnTo, "/dashboard"))}`);
  const { headers, response } = await deps.auth.api.signInSocial({
    body: {
      provider: provider as SsoProvider,
      callbackURL: back,
      errorCallbackURL: inLocale(req, "/auth/callback"),
      newUserCallbackURL: back,
      disableRedirect: true,
    },
    headers: authHeaders(req),
    returnHeaders: true,
  });
  if (!response?.url) throw new DomainError("auth.sso_unavailable");
  return { url: response.url, headers };
}
