import { and, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { mailOutbox } from "#server/db/schema";
import type { Mailer } from "#server/platform/mail";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { assertCan } from "#server/modules/accounts/policy";
import { DomainError } from "#server/modules/errors";
import { mailIdInput } from "./get-mail";

/**
 * Sends a failed message again now. Its attempt counter starts over (the automatic retries stop after 5),
 * then the mailer's retry runs, which also retries any other failed message. Without SMTP nothing can be
 * delivered and the message stays failed.
 */
export async function retryMail(
  deps: { db: Database; mailer: Mailer },
  actor: Actor,
  input: unknown,
): Promise<{ status: string; delivers: boolean }> {
  assertCan(actor, "mail.retry");
  const parsed = mailIdInput.safeParse(input);
  if (!parsed.success) throw new DomainError("not_found");
  const { id } = parsed.data;
  await deps.db.transaction(async (tx) => {
    const reset = await tx
      .update(mailOutbox)
      .set({ attempts: 0 })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "failed")))
      .returning({ to: mailOutbox.to, template: mailOutbox.template });
    if (!reset.length) throw new DomainError("not_found");
    await recordAudit(tx, actor, {
      action: "mail.retry",
      targetType: "mail",
      targetId: String(id),
      targetName: reset[0].to,
      details: { template: reset[0].template },
    });
  });
  await deps.mailer.retryFailed();
  const [row] = await deps.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return { status: row?.status ?? "failed", delivers: deps.mailer.delivers };
}
