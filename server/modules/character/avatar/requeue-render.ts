import type { Actor } from "#server/modules/accounts/actor";
import type { CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { changeRenderState, parseRenderId } from "./render-admin";
import { dispatchRender } from "./render-job";
import { toRenderView, type RenderView } from "./renders";

/** Puts a failed or cancelled render back in the queue (Admins), audited as `character.render.requeue`. */
export async function requeueRender(deps: CharacterDeps, actor: Actor, raw: unknown): Promise<RenderView> {
  assertCan(actor, "avatar_render.requeue");
  const renderId = parseRenderId(raw);
  const row = await deps.db.transaction((tx) =>
    changeRenderState(tx, actor, renderId, {
      from: ["failed", "cancelled"],
      to: "pending",
      action: "character.render.requeue",
      now: deps.now(),
    }),
  );
  await dispatchRender(deps, row.id);
  return toRenderView(deps.storage, row);
}
