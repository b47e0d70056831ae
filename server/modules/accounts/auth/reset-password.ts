import { z } from "zod";
import { DomainError } from "#server/modules/errors";
import { parseInput } from "#server/modules/validate";
import { newPasswordSchema } from "#server/modules/accounts/password-rules";
import { authErrorCode, type AuthOpDeps } from "./deps";

const schema = z
  .object({
    token: z.string().min(10, "errors:auth.reset_token_invalid").max(512),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "errors:auth.password_mismatch" });

/** Sets a new password from a recovery link; every session of the account ends (revokeSessionsOnPasswordReset). */
export async function resetPassword(
  deps: AuthOpDeps,
  input: { token?: unknown; password?: unknown; confirmPassword?: unknown },
): Promise<void> {
  const data = parseInput(schema, input);
  try {
    await deps.auth.api.resetPassword({ body: { token: data.token, newPassword: data.password } });
  } catch (err) {
    if (authErrorCode(err) === "INVALID_TOKEN" || (err as { status?: string }).status === "BAD_REQUEST")
      throw new DomainError("auth.reset_token_invalid");
    throw err;
  }
}
