import { z } from "zod";
import { DomainError } from "#server/modules/errors";
import type { Actor } from "./actor";
import { authCall, type AuthRequest } from "./auth-call";
import { parseInput, type AccountsDeps } from "./deps";
import { assertSignedIn } from "./policy";

const input = z.object({ accountId: z.string().min(1).max(200) });

/** Unlinks one of the person's sign-in methods, refused when it is the only way left to sign in. */
export async function unlinkSignInMethod(deps: Pick<AccountsDeps, "auth">, actor: Actor, raw: unknown, req: AuthRequest) {
  assertSignedIn(actor);
  const { accountId } = parseInput(input, raw);
  const accounts = await authCall(() => deps.auth.api.listUserAccounts({ headers: req.headers }));
  const target = accounts.find((a) => a.id === accountId);
  if (!target) throw new DomainError("not_found");
  if (accounts.length <= 1) throw new DomainError("accounts.last_sign_in_method");
  await authCall(() => deps.auth.api.unlinkAccount({ headers: req.headers, body: { accountId } }));
  return { providerId: target.providerId };
}
