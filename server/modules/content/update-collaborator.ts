import { eq } from "drizzle-orm";
import { collaborators } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { parseInput, type ContentDeps } from "./deps";
import { removeStored, storeAvatar, uploaded } from "./images";
import { collaboratorInput, idInput } from "./input";
import { assertCan } from "./policy";

/** An Admin edits a collaborator; a new avatar replaces the old one (whose file is removed). In the audit log. */
export async function updateCollaborator(
  deps: Pick<ContentDeps, "db" | "storage" | "now" | "log">,
  actor: Actor,
  input: { id: unknown; fields: unknown; avatar?: Uint8Array | null },
) {
  assertCan(actor, "collaborator.update");
  const { id } = parseInput(idInput, { id: input?.id });
  const v = parseInput(collaboratorInput, input.fields);
  const [before] = await deps.db.select().from(collaborators).where(eq(collaborators.id, id)).limit(1);
  if (!before) throw new DomainError("content.collaborator_not_found");
  const file = uploaded(input.avatar);
  const avatarUrl = file ? await storeAvatar(deps, `collaborators/${id}`, file) : before.avatarUrl;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(collaborators)
      .set({ ...v, avatarUrl, updatedAt: deps.now() })
      .where(eq(collaborators.id, id));
    await recordAudit(tx, actor!, {
      action: "content.collaborator_updated",
      targetType: "collaborator",
      targetId: id,
      targetName: v.name,
      details: { avatar: avatarUrl !== before.avatarUrl },
    });
  });
  if (avatarUrl !== before.avatarUrl) await removeStored(deps, before.avatarUrl, avatarUrl);
  return { id, name: v.name };
}
