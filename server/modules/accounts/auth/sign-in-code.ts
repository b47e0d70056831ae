import { z } from "zod";
import { DomainError } from "#server/modules/errors";
import { parseInput } from "#server/modules/validate";
import { assertAccountNotLocked, limitAuthAttempt, recordSignInFailure } from "#server/modules/accounts/auth-limits";
import { emailSchema } from "#server/modules/accounts/password-rules";
import { authErrorCode, authHeaders, type AuthOpDeps, type RequestFacts } from "./deps";

/**
 * Step 1 of signing in with a one-time code: a 6-digit code valid 5 minutes is emailed when the address has
 * an account (codes never create accounts). The answer is the same either way.
 */
export async function sendSignInCode(deps: AuthOpDeps, req: RequestFacts, input: { email?: unknown }): Promise<{ email: string }> {
  const { email } = parseInput(z.object({ email: emailSchema }), input);
  await limitAuthAttempt(deps.rateLimiter, "code", { ip: req.ip, email });
  try {
    await deps.auth.api.sendVerificationOTP({ body: { email, type: "sign-in" }, headers: authHeaders(req) });
  } catch (err) {
    deps.log.warn("sign-in code not sent", { err, code: authErrorCode(err) });
  }
  return { email };
}

/** Step 2: the code signs the person in. Wrong codes count as failed sign-ins for the account lock. */
export async function signInWithCode(
  deps: AuthOpDeps,
  req: RequestFacts,
  input: { email?: unknown; code?: unknown },
): Promise<{ headers: Headers }> {
  const { email, code } = parseInput(
    z.object({
      email: emailSchema,
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, "errors:auth.code_invalid"),
    }),
    input,
  );
  await limitAuthAttempt(deps.rateLimiter, "signIn", { ip: req.ip });
  await assertAccountNotLocked(deps.rateLimiter, email);
  try {
    const { headers } = await deps.auth.api.signInEmailOTP({ body: { email, otp: code }, headers: authHeaders(req), returnHeaders: true });
    return { headers };
  } catch (err) {
    if (authErrorCode(err)) {
      await recordSignInFailure(deps.rateLimiter, email);
      throw new DomainError("auth.code_invalid", { fieldErrors: { code: "errors:auth.code_invalid" } });
    }
    throw err;
  }
}
