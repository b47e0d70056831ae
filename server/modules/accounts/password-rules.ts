import { z } from "zod";
import { isCommonPassword } from "./common-passwords";

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** SPEC §5: at least 6 characters, and not one of the most common passwords. Messages are i18n keys. */
export const newPasswordSchema = z
  .string({ error: "errors:auth.password_too_short" })
  .min(PASSWORD_MIN, "errors:auth.password_too_short")
  .max(PASSWORD_MAX, "errors:input.invalid")
  .refine((p) => !isCommonPassword(p), "errors:auth.password_common");

export const emailSchema = z
  .string({ error: "errors:auth.credentials_required" })
  .trim()
  .min(1, "errors:auth.credentials_required")
  .max(254, "errors:input.invalid")
  .pipe(z.email("errors:auth.email_invalid"))
  .transform((e) => e.toLowerCase());

export type PasswordProblem = "auth.password_too_short" | "auth.password_common" | "input.invalid";

/**
 * What is wrong with a new password under the rules above (an `errors` key), or null: for the checks that
 * guard every way of setting a password, better-auth's HTTP endpoints included (server/platform/auth.ts).
 */
export function newPasswordProblem(password: unknown): PasswordProblem | null {
  const r = newPasswordSchema.safeParse(password);
  if (r.success) return null;
  return (r.error.issues[0]?.message.replace(/^errors:/, "") ?? "input.invalid") as PasswordProblem;
}
