import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import type { CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { enqueueRender } from "./enqueue-render";
import type { RenderView } from "./renders";

/**
 * A person asks for a new render of their avatar (the "render again" button). Limited per person by the
 * `rendersPerMinute` setting: SPEC §8 'You are rendering too fast! Please wait a moment.'
 */
export async function requestRender(deps: CharacterDeps, actor: Actor): Promise<RenderView> {
  assertCan(actor, "avatar.render");
  const { rendersPerMinute } = await deps.settings.get("character_settings");
  const hit = await deps.rateLimiter.hit(`avatar-render:${actor.userId}`, { limit: rendersPerMinute, windowSeconds: 60 });
  if (!hit.allowed) throw new DomainError("character.render_too_fast", { retryAfterSeconds: hit.retryAfterSeconds });
  return enqueueRender(deps, { userId: actor.userId, requestedBy: actor.userId });
}
