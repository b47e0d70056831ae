import { and, desc, eq } from "drizzle-orm";
import { avatarRenders } from "#server/db/schema";
import type { CharacterDeps } from "#server/modules/character/deps";
import { readLoadout, sameLoadout, parseStoredLoadout } from "./loadout";
import { dispatchRender } from "./render-job";
import { toRenderView, type RenderView } from "./renders";

/**
 * The one way a render is asked for (a person's button, a changed loadout, the seed): stores a pending render
 * with the person's loadout as it is now and hands it to the queue (or renders it at once without a worker).
 * With `reusePending`, a pending render of the same loadout answers instead of a new one, so an event heard
 * twice or a burst of changes queues no duplicates.
 */
export async function enqueueRender(
  deps: CharacterDeps,
  opts: { userId: string; requestedBy: string | null; reusePending?: boolean },
): Promise<RenderView> {
  const loadout = await readLoadout(deps.db, opts.userId);
  if (opts.reusePending) {
    const [pending] = await deps.db
      .select()
      .from(avatarRenders)
      .where(and(eq(avatarRenders.userId, opts.userId), eq(avatarRenders.status, "pending")))
      .orderBy(desc(avatarRenders.requestedAt))
      .limit(1);
    if (pending && sameLoadout(parseStoredLoadout(pending.loadout), loadout)) return toRenderView(deps.storage, pending);
  }
  const [row] = await deps.db
    .insert(avatarRenders)
    .values({ userId: opts.userId, loadout, requestedBy: opts.requestedBy, requestedAt: deps.now() })
    .returning();
  const outcome = await dispatchRender(deps, row!.id);
  if (outcome === "queued") return toRenderView(deps.storage, row!);
  const [after] = await deps.db.select().from(avatarRenders).where(eq(avatarRenders.id, row!.id)).limit(1);
  return toRenderView(deps.storage, after ?? row!);
}
