import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput } from "#server/modules/validate";
import type { ContactDeps } from "./deps";
import { replyInput } from "./input";
import { sendReply } from "./mails";
import { changeMessage, findMessage } from "./messages";
import { assertCan } from "./policy";

/**
 * The team replies to a message by email from the panel: sent in the sender's language from the site's address,
 * Reply-To the team's, and then recorded in the message's history with who and when (the message counts as
 * read). If the mail server refuses it nothing is recorded and the team is told (`contact.reply_failed`), with
 * the text kept in the form.
 */
export async function replyToMessage(
  deps: Pick<ContactDeps, "db" | "now" | "mailer" | "siteName" | "baseUrl" | "contactEmail" | "log">,
  actor: Actor,
  input: { messageId: unknown; body: unknown },
) {
  assertCan(actor, "contact_message.reply");
  const message = await findMessage(deps.db, input.messageId);
  const { body } = parseInput(replyInput, { body: input.body });
  const mail = await sendReply(deps, message, body).catch((err: unknown) => {
    deps.log.error("contact reply not sent", { err });
    return null;
  });
  if (!mail || mail.status === "failed") throw new DomainError("contact.reply_failed");
  const now = deps.now();
  await changeMessage(deps.db, actor, message.id, "reply", (m) => ({ repliedAt: now, readAt: m.readAt ?? now }), {
    body,
    mailId: mail.id,
    now,
  });
  return { sentTo: message.email };
}
