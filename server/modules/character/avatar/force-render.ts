import { eq } from "drizzle-orm";
import { avatarRenders } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { changeRenderState, parseRenderId } from "./render-admin";
import { renderAvatar } from "./render-avatar";
import { toRenderView, type RenderView } from "./renders";

/**
 * Renders now, in the request, ahead of the queue (Admins), audited as `character.render.force`: a pending,
 * failed or cancelled render, or a finished one drawn again from the same loadout. The answer is the render
 * after it ran (done or failed). A job that takes the same render meanwhile finds it no longer pending.
 */
export async function forceRender(deps: CharacterDeps, actor: Actor, raw: unknown): Promise<RenderView> {
  assertCan(actor, "avatar_render.force");
  const renderId = parseRenderId(raw);
  await deps.db.transaction((tx) =>
    changeRenderState(tx, actor, renderId, {
      from: ["pending", "failed", "cancelled", "done"],
      to: "pending",
      action: "character.render.force",
      now: deps.now(),
    }),
  );
  await renderAvatar(deps, { renderId });
  const [row] = await deps.db.select().from(avatarRenders).where(eq(avatarRenders.id, renderId)).limit(1);
  return toRenderView(deps.storage, row!);
}
