import { z } from "zod";
import { parseInput } from "#server/modules/validate";
import { limitAuthAttempt } from "#server/modules/accounts/auth-limits";
import { emailSchema } from "#server/modules/accounts/password-rules";
import { authHeaders, type AuthOpDeps, type RequestFacts, inLocale } from "./deps";

/**
 * Sends a recovery link when the address has an account. The answer is the same either way, so the form
 * does not tell strangers which addresses are registered.
 */
export async function requestPasswordReset(deps: AuthOpDeps, req: RequestFacts, input: { email?: unknown }): Promise<void> {
  const { email } = parseInput(z.object({ email: emailSchema }), input);
  await limitAuthAttempt(deps.rateLimiter, "recovery", { ip: req.ip, email });
  try {
    await deps.auth.api.requestPasswordReset({
      body: { email, redirectTo: inLocale(req, "/auth/reset-password") },
      headers: authHeaders(req),
    });
  } catch (err) {
    deps.log.warn("password reset request failed", { err });
  }
}
