import { z } from "zod";
import { DomainError } from "#server/modules/errors";
import type { Actor } from "./actor";
import { authCall, type AuthRequest } from "./auth-call";
import { parseInput, type AccountsDeps } from "./deps";
import { ssoProviders } from "./list-sign-in-methods";
import { assertSignedIn } from "./policy";

const input = z.object({ provider: z.string().min(1).max(40) });

/**
 * Starts linking a single sign-on provider to the signed-in account: answers the provider's URL to send the
 * browser to, and the headers (state cookie) to send with that redirect.
 */
export async function linkSignInMethod(deps: Pick<AccountsDeps, "auth">, actor: Actor, raw: unknown, req: AuthRequest) {
  assertSignedIn(actor);
  const { provider } = parseInput(input, raw);
  if (!ssoProviders(deps.auth).includes(provider)) throw new DomainError("auth.sso_unavailable");
  const { headers, response } = await authCall(() =>
    deps.auth.api.linkSocialAccount({
      headers: req.headers,
      body: {
        provider: provider as never,
        callbackURL: "/account/connections?linked=1",
        errorCallbackURL: "/account/connections?linkError=1",
        disableRedirect: true,
      },
      returnHeaders: true,
    }),
  );
  if (!response?.url) throw new DomainError("auth.sso_unavailable");
  return { url: response.url, headers };
}
