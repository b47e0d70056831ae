import type { CharacterDeps } from "./deps";
import { enqueueRender } from "./avatar/enqueue-render";

/**
 * What the character area hears: a changed loadout (a class picked or changed, an item put on or taken off)
 * queues a render of the avatar, reusing a pending render of the same loadout (handling the event twice queues
 * one render). Returns a function that unsubscribes.
 */
export function registerCharacterListeners(deps: CharacterDeps): () => void {
  const offs = [
    deps.events.subscribe("character.loadout_changed", async (e) => {
      await enqueueRender(deps, { userId: e.userId, requestedBy: null, reusePending: true });
    }),
  ];
  return () => offs.forEach((off) => off());
}
