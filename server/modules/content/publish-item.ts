import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { parseInput, type ContentDeps } from "./deps";
import { idInput, kindInput } from "./input";
import { KIND, loadItem } from "./items";
import { assertCan } from "./policy";

const publishedInput = z.object({ published: z.boolean("errors:input.invalid") });

/**
 * An Admin publishes or unpublishes a video or an episode. Its date is the first time it was published (kept
 * when it is unpublished and published again). Setting the state it already has changes nothing. In the audit log.
 */
export async function publishItem(
  deps: Pick<ContentDeps, "db" | "now">,
  actor: Actor,
  input: { kind: unknown; id: unknown; published: unknown },
) {
  assertCan(actor, "content.publish");
  const { kind } = parseInput(kindInput, { kind: input?.kind });
  const { id } = parseInput(idInput, { id: input.id });
  const { published } = parseInput(publishedInput, { published: input.published });
  const k = KIND[kind];
  const row = await loadItem(deps.db, kind, id);
  if (row.published === published) return { id, title: row.titleEn, changed: false };
  const now = deps.now();
  const audit = published
    ? { action: kind === "video" ? "content.video_published" : "content.episode_published" }
    : { action: kind === "video" ? "content.video_unpublished" : "content.episode_unpublished" };
  await deps.db.transaction(async (tx) => {
    await tx
      .update(k.table)
      .set({ published, publishedAt: row.publishedAt ?? (published ? now : null), updatedAt: now } as never)
      .where(eq(k.table.id, id));
    await recordAudit(tx, actor!, {
      ...audit,
      targetType: k.target,
      targetId: id,
      targetName: row.titleEn,
    });
  });
  return { id, title: row.titleEn, changed: true };
}
