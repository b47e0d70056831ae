import type { Actor } from "#server/modules/accounts/actor";
import { z } from "zod";
import { parseInput } from "#server/modules/validate";
import type { ContactDeps } from "./deps";
import { changeMessage } from "./messages";
import { assertCan } from "./policy";

const input = z.object({ messageId: z.unknown(), read: z.boolean() });

/** Marks a message read, or unread again (history and audit say who and when); no change when it already is. */
export async function setMessageRead(deps: Pick<ContactDeps, "db" | "now">, actor: Actor, raw: unknown) {
  assertCan(actor, "contact_message.mark");
  const { messageId, read } = parseInput(input, raw);
  const now = deps.now();
  return changeMessage(
    deps.db,
    actor,
    messageId,
    read ? "read" : "unread",
    (m) => ((m.readAt !== null) === read ? null : { readAt: read ? now : null }),
    {
      now,
    },
  );
}
