import { z } from "zod";
import type { Actor } from "./actor";
import { authCall, type AuthRequest } from "./auth-call";
import { parseInput, type AccountsDeps } from "./deps";
import { assertSignedIn } from "./policy";
import { DomainError } from "../errors";
import { isCommonPassword } from "./common-passwords";
import { PASSWORD_MIN } from "./password-rules";

const input = z.object({
  currentPassword: z.string().min(1).max(256),
  newPassword: z.string().max(256),
  confirmPassword: z.string().max(256),
});

/**
 * Changes the password after checking the current one; every other session is signed out and this one gets
 * a fresh session (the returned headers carry its cookie).
 */
export async function changePassword(deps: Pick<AccountsDeps, "auth">, actor: Actor, raw: unknown, req: AuthRequest) {
  assertSignedIn(actor);
  const data = parseInput(input, raw);
  if (data.newPassword.length < PASSWORD_MIN) throw new DomainError("auth.password_too_short");
  if (isCommonPassword(data.newPassword)) throw new DomainError("auth.password_common");
  if (data.newPassword !== data.confirmPassword) throw new DomainError("auth.password_mismatch");
  const { headers } = await authCall(() =>
    deps.auth.api.changePassword({
      headers: req.headers,
      body: { currentPassword: data.currentPassword, newPassword: data.newPassword, revokeOtherSessions: true },
      returnHeaders: true,
    }),
  );
  return { headers };
}
