import { randomUUID } from "node:crypto";
import { collaborators } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { parseInput, type ContentDeps } from "./deps";
import { removeStored, storeAvatar, uploaded } from "./images";
import { collaboratorInput } from "./input";
import { assertCan } from "./policy";

/** An Admin adds a collaborator, with an avatar when one is uploaded (re-encoded and stored). In the audit log. */
export async function createCollaborator(
  deps: Pick<ContentDeps, "db" | "storage" | "now" | "log">,
  actor: Actor,
  input: { fields: unknown; avatar?: Uint8Array | null },
) {
  assertCan(actor, "collaborator.create");
  const v = parseInput(collaboratorInput, input?.fields);
  const id = randomUUID();
  const file = uploaded(input.avatar);
  const avatarUrl = file ? await storeAvatar(deps, `collaborators/${id}`, file) : null;
  const now = deps.now();
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(collaborators).values({ id, ...v, avatarUrl, createdAt: now, updatedAt: now });
      await recordAudit(tx, actor!, {
        action: "content.collaborator_created",
        targetType: "collaborator",
        targetId: id,
        targetName: v.name,
      });
    });
  } catch (err) {
    await removeStored(deps, avatarUrl);
    throw err;
  }
  return { id, name: v.name };
}
