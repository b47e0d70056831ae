import { createEmailVerificationToken } from "better-auth/api";
import { sendAccountEmail } from "#server/modules/accounts/emails/send-account-email";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { assertSignedIn } from "#server/modules/accounts/policy";
import { limitAuthAttempt } from "#server/modules/accounts/auth-limits";
import { VERIFY_EMAIL_SECONDS } from "#server/platform/auth";
import type { Mailer } from "#server/platform/mail";
import { inLocale, type AuthOpDeps, type RequestFacts } from "./deps";

/**
 * Sends the signed-in person a new verification link, made with better-auth's own token so that its
 * /verify-email endpoint accepts it. SPEC §8: 'Failed to resend verification email.' when the mail server
 * refuses the message (it stays in the outbox for the retry job).
 */
export async function resendVerification(deps: AuthOpDeps & { mailer: Mailer }, req: RequestFacts, actor: Actor): Promise<void> {
  assertSignedIn(actor);
  if (actor.emailVerified) throw new DomainError("auth.already_verified");
  await limitAuthAttempt(deps.rateLimiter, "resendVerification", { ip: req.ip, email: actor.email });
  try {
    const token = await createEmailVerificationToken(deps.env.authSecret, actor.email, undefined, VERIFY_EMAIL_SECONDS, {
      userId: actor.userId,
    });
    const url = `${deps.env.baseUrl}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(inLocale(req, "/auth/callback?verified=1"))}`;
    const sent = await sendAccountEmail({ db: deps.db, mailer: deps.mailer, siteName: deps.env.siteName }, actor.email, {
      template: "verify-email",
      url,
    });
    if (sent.status === "failed") throw new Error("delivery refused");
  } catch (err) {
    deps.log.error("verification email not resent", { err });
    throw new DomainError("auth.resend_failed");
  }
}
