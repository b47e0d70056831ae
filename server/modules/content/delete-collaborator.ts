import { eq } from "drizzle-orm";
import { collaborators } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { parseInput, type ContentDeps } from "./deps";
import { removeStored } from "./images";
import { idInput } from "./input";
import { assertCan } from "./policy";

/** An Admin deletes a collaborator: their links to videos and episodes go with them, then their avatar. In the audit log. */
export async function deleteCollaborator(deps: Pick<ContentDeps, "db" | "storage" | "log">, actor: Actor, input: { id: unknown }) {
  assertCan(actor, "collaborator.delete");
  const { id } = parseInput(idInput, { id: input?.id });
  const [row] = await deps.db.select().from(collaborators).where(eq(collaborators.id, id)).limit(1);
  if (!row) throw new DomainError("content.collaborator_not_found");
  await deps.db.transaction(async (tx) => {
    await tx.delete(collaborators).where(eq(collaborators.id, id));
    await recordAudit(tx, actor!, {
      action: "content.collaborator_deleted",
      targetType: "collaborator",
      targetId: id,
      targetName: row.name,
    });
  });
  await removeStored(deps, row.avatarUrl);
  return { id, name: row.name };
}
