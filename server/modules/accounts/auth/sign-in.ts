import { z } from "zod";
import { DomainError } from "#server/modules/errors";
import { assertAccountNotLocked, limitAuthAttempt, recordSignInFailure } from "#server/modules/accounts/auth-limits";
import { authErrorCode, authHeaders, type AuthOpDeps, type RequestFacts } from "./deps";

const schema = z.object({ email: z.string().trim().max(254), password: z.string().max(256) });

/**
 * Email and password sign-in. SPEC §5/§7: both are required, else the auth layer's requirement message.
 * Limits: 6 a minute and 30 an hour per IP; 10 failures in 15 minutes lock the account's sign-in.
 */
export async function signIn(
  deps: AuthOpDeps,
  req: RequestFacts,
  input: { email?: unknown; password?: unknown },
): Promise<{ headers: Headers }> {
  const parsed = schema.safeParse({ email: input.email ?? "", password: input.password ?? "" });
  if (!parsed.success || !parsed.data.email || !parsed.data.password) throw new DomainError("auth.credentials_required");
  const email = parsed.data.email.toLowerCase();

  await limitAuthAttempt(deps.rateLimiter, "signIn", { ip: req.ip });
  await assertAccountNotLocked(deps.rateLimiter, email);
  try {
    const { headers } = await deps.auth.api.signInEmail({
      body: { email, password: parsed.data.password },
      headers: authHeaders(req),
      returnHeaders: true,
    });
    return { headers };
  } catch (err) {
    const code = authErrorCode(err);
    if (
      code === "INVALID_EMAIL_OR_PASSWORD" ||
      code === "INVALID_EMAIL" ||
      code === "INVALID_PASSWORD" ||
      code === "CREDENTIAL_ACCOUNT_NOT_FOUND"
    ) {
      await recordSignInFailure(deps.rateLimiter, email);
      throw new DomainError("auth.invalid_credentials");
    }
    throw err;
  }
}
