import { z } from "zod";
import type { Actor } from "./actor";
import { authCall, type AuthRequest } from "./auth-call";
import { parseInput, type AccountsDeps } from "./deps";
import { assertSignedIn } from "./policy";
import { DomainError } from "#server/modules/errors";

const input = z.object({ newEmail: z.email().max(254) });

/**
 * Starts a change of email: a verified account gets a confirmation link at the new address (the change
 * happens when it is opened); an unverified one changes at once and gets a new verification link. An
 * address already in use answers the same way, so the form does not reveal who is registered.
 */
export async function changeEmail(deps: Pick<AccountsDeps, "auth">, actor: Actor, raw: unknown, req: AuthRequest) {
  assertSignedIn(actor);
  const { newEmail } = parseInput(input, raw);
  if (newEmail.toLowerCase() === actor.email.toLowerCase()) throw new DomainError("accounts.email_same");
  const { headers } = await authCall(() =>
    deps.auth.api.changeEmail({
      headers: req.headers,
      body: { newEmail, callbackURL: "/auth/callback?changed=email" },
      returnHeaders: true,
    }),
  );
  return { headers, immediate: !actor.emailVerified };
}
