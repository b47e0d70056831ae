import { z } from "zod";
import type { Actor } from "./actor";
import { authCall, type AuthRequest } from "./auth-call";
import { parseInput, type AccountsDeps } from "./deps";
import { assertSignedIn } from "./policy";
import { DomainError } from "#server/modules/errors";
import { newPasswordProblem, PASSWORD_MAX } from "./password-rules";

const input = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX),
  newPassword: z.string().max(PASSWORD_MAX),
  confirmPassword: z.string().max(PASSWORD_MAX),
});

/**
 * Changes the password after checking the current one; every other session is signed out and this one gets
 * a fresh session (the returned headers carry its cookie).
 */
export async function changePassword(deps: Pick<AccountsDeps, "auth">, actor: Actor, raw: unknown, req: AuthRequest) {
  assertSignedIn(actor);
  const data = parseInput(input, raw);
  // The same rules as every other way to set a password (the auth hooks apply them too).
  const problem = newPasswordProblem(data.newPassword);
  if (problem) throw new DomainError(problem);
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
