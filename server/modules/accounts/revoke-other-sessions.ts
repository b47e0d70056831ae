import type { Actor } from "./actor";
import { authCall, type AuthRequest } from "./auth-call";
import type { AccountsDeps } from "./deps";
import { assertSignedIn } from "./policy";

/** "Sign out everywhere else": every session of the person except the one making the request. */
export async function revokeOtherSessions(deps: Pick<AccountsDeps, "auth">, actor: Actor, req: AuthRequest) {
  assertSignedIn(actor);
  await authCall(() => deps.auth.api.revokeOtherSessions({ headers: req.headers }));
  return { ok: true as const };
}
