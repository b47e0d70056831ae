import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { parseInput, type ContentDeps } from "./deps";
import { idInput, kindInput } from "./input";
import { KIND } from "./items";
import { assertCan } from "./policy";

const directionInput = z.object({ direction: z.enum(["up", "down"], "errors:input.invalid") });

/**
 * An Admin moves a video or an episode one place up or down its list. The list is numbered again from 0 in
 * its order, inside one transaction that locks every row of the kind (two moves at once never give two items
 * the same place). Moving the first item up, or the last down, changes nothing. In the audit log.
 */
export async function moveItem(
  deps: Pick<ContentDeps, "db" | "now">,
  actor: Actor,
  input: { kind: unknown; id: unknown; direction: unknown },
) {
  assertCan(actor, "content.reorder");
  const { kind } = parseInput(kindInput, { kind: input?.kind });
  const { id } = parseInput(idInput, { id: input.id });
  const { direction } = parseInput(directionInput, { direction: input.direction });
  const k = KIND[kind];
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: k.table.id, position: k.table.position, titleEn: k.table.titleEn })
      .from(k.table)
      .orderBy(asc(k.table.position), asc(k.table.id))
      .for("update");
    const at = rows.findIndex((r) => r.id === id);
    if (at < 0) throw new DomainError("content.not_found");
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= rows.length) return { id, moved: false, title: rows[at].titleEn };
    [rows[at], rows[to]] = [rows[to], rows[at]];
    for (const [position, r] of rows.entries())
      if (r.position !== position)
        await tx
          .update(k.table)
          .set({ position } as never)
          .where(eq(k.table.id, r.id));
    await recordAudit(tx, actor!, {
      action: kind === "video" ? "content.video_moved" : "content.episode_moved",
      targetType: k.target,
      targetId: id,
      targetName: rows[to].titleEn,
      details: { direction, position: to + 1 },
    });
    return { id, moved: true, title: rows[to].titleEn };
  });
}
