import type { Actor } from "#server/modules/accounts/actor";
import type { CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { changeRenderState, parseRenderId } from "./render-admin";
import { toRenderView, type RenderView } from "./renders";

/** Cancels a pending render (Admins), audited as `character.render.cancel`; its queued job then skips it. */
export async function cancelRender(deps: Pick<CharacterDeps, "db" | "storage" | "now">, actor: Actor, raw: unknown): Promise<RenderView> {
  assertCan(actor, "avatar_render.cancel");
  const renderId = parseRenderId(raw);
  const row = await deps.db.transaction((tx) =>
    changeRenderState(tx, actor, renderId, { from: ["pending"], to: "cancelled", action: "character.render.cancel", now: deps.now() }),
  );
  return toRenderView(deps.storage, row);
}
