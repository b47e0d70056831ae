import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { contactMessages } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput } from "#server/modules/validate";
import { checkFormGuard } from "#server/platform/form-guard";
import { CONTACT_FORM, CONTACT_RATE_PER_CLIENT, type ContactDeps } from "./deps";
import { contactMessageInput } from "./input";
import { sendSenderCopy, sendTeamNotice } from "./mails";
import { assertCan } from "./policy";

export type ContactRequest = Record<string, unknown> & {
  /** The form's spam-check fields (server/platform/form-guard.ts). */
  ticket: unknown;
  honeypot: unknown;
  /** The client's address (`context.clientKey`), for the rate limit. */
  clientKey: string;
};

/**
 * Sends a message from /contact (SPEC §1, §3). In order: the spam checks (the hidden field, the signed ticket
 * and the time taken), every field's rule (errors per field), then at most five messages a minute from one
 * address. The message is written, the team is told at CONTACT_EMAIL and the sender gets a copy in their
 * language. If the mail server refuses either mail, the message is not kept and the person is told
 * "Error sending message. Please try again." (SPEC §8, `contact.send_failed`): they send it again with
 * everything they typed, and the team never gets the same message twice.
 */
export async function sendContactMessage(
  deps: ContactDeps,
  actor: Actor,
  input: ContactRequest,
): Promise<{ messageId: string; email: string }> {
  assertCan(actor, "contact_message.send");
  const now = deps.now();
  const { ticket, honeypot, clientKey, ...fields } = input;
  const verdict = checkFormGuard({ secret: deps.formSecret, form: CONTACT_FORM, now, minSeconds: deps.formMinSeconds, ticket, honeypot });
  if (verdict !== "ok") throw new DomainError(verdict);

  const data = parseInput(contactMessageInput, fields);

  const limit = await deps.rateLimiter.hit(`contact:client:${clientKey}`, CONTACT_RATE_PER_CLIENT);
  if (!limit.allowed) throw new DomainError("rate_limited", { retryAfterSeconds: limit.retryAfterSeconds });

  const message = { id: randomUUID(), ...data, createdAt: now };
  await deps.db.insert(contactMessages).values(message);
  try {
    const team = await sendTeamNotice(deps, message);
    if (team.status === "failed") throw new DomainError("contact.send_failed");
    const copy = await sendSenderCopy(deps, message);
    if (copy.status === "failed") throw new DomainError("contact.send_failed");
  } catch (err) {
    await deps.db.delete(contactMessages).where(eq(contactMessages.id, message.id));
    if (err instanceof DomainError) throw err;
    deps.log.error("contact message not sent", { err });
    throw new DomainError("contact.send_failed");
  }
  return { messageId: message.id, email: data.email };
}
