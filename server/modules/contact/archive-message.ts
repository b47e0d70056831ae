import type { Actor } from "#server/modules/accounts/actor";
import { z } from "zod";
import { parseInput } from "#server/modules/validate";
import type { ContactDeps } from "./deps";
import { changeMessage } from "./messages";
import { assertCan } from "./policy";

const input = z.object({ messageId: z.unknown(), archived: z.boolean() });

/**
 * Archives a message (out of the inbox and of the unread count), or brings it back. History and audit say who
 * and when; no change when it already is.
 */
export async function setMessageArchived(deps: Pick<ContactDeps, "db" | "now">, actor: Actor, raw: unknown) {
  assertCan(actor, "contact_message.archive");
  const { messageId, archived } = parseInput(input, raw);
  const now = deps.now();
  return changeMessage(
    deps.db,
    actor,
    messageId,
    archived ? "archived" : "unarchived",
    (m) => ((m.archivedAt !== null) === archived ? null : { archivedAt: archived ? now : null }),
    { now },
  );
}
