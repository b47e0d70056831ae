import { eq } from "drizzle-orm";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { parseInput, type ContentDeps } from "./deps";
import { removeStored } from "./images";
import { idInput, kindInput } from "./input";
import { KIND, loadItem } from "./items";
import { assertCan } from "./policy";

/** An Admin deletes a video or an episode (its collaborator links go with it, then its thumbnail). In the audit log. */
export async function deleteItem(deps: Pick<ContentDeps, "db" | "storage" | "log">, actor: Actor, input: { kind: unknown; id: unknown }) {
  assertCan(actor, "content.delete");
  const { kind } = parseInput(kindInput, { kind: input?.kind });
  const { id } = parseInput(idInput, { id: input.id });
  const k = KIND[kind];
  const row = await loadItem(deps.db, kind, id);
  await deps.db.transaction(async (tx) => {
    await tx.delete(k.table).where(eq(k.table.id, id));
    await recordAudit(tx, actor!, {
      action: kind === "video" ? "content.video_deleted" : "content.episode_deleted",
      targetType: k.target,
      targetId: id,
      targetName: row.titleEn,
      details: { slug: row.slug },
    });
  });
  await removeStored(deps, row.thumbnailUrl);
  return { id, title: row.titleEn };
}
