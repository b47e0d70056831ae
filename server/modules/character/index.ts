import type { Actor } from "#server/modules/accounts/actor";
import { defineArea } from "#server/modules/area";
import type { CharacterDeps } from "./deps";
import { CHARACTER_ERRORS } from "./errors";
import { CHARACTER_ACTIONS, CHARACTER_CASES, can as canCharacter, characterAbilities } from "./policy";
import { avatarStatus } from "./avatar/avatar-status";
import { cancelRender } from "./avatar/cancel-render";
import { chooseAvatar } from "./avatar/choose-avatar";
import { enqueueRender } from "./avatar/enqueue-render";
import { forceRender } from "./avatar/force-render";
import { listRenders } from "./avatar/list-renders";
import { registerRenderJob } from "./avatar/render-job";
import { renderAvatar } from "./avatar/render-avatar";
import { renderedAvatars } from "./avatar/rendered-avatars";
import { requestRender } from "./avatar/request-render";
import { requeueRender } from "./avatar/requeue-render";
import { createItem } from "./items-admin/create-item";
import { ensureCatalogueArt, ensureItemCatalogue } from "./items-admin/ensure-catalogue";
import { listAllItems } from "./items-admin/list-items";
import { retireItem } from "./items-admin/retire-item";
import { updateItem } from "./items-admin/update-item";
import { uploadItemArt } from "./items-admin/upload-item-art";
import { registerCharacterListeners } from "./listeners";
import { ITEM_ART } from "./avatar/art/items";

export type { CharacterDeps } from "./deps";
export type { CharacterAbilities } from "./policy";
export { CHARACTER_ACTIONS, can as canCharacter, type CharacterAction } from "./policy";
export type { AvatarStatus } from "./avatar/avatar-status";
export type { RenderQueue, RenderQueueRow } from "./avatar/list-renders";
export type { RenderView } from "./avatar/renders";
export type { RenderedAvatar } from "./avatar/rendered-avatars";
export type { ItemView } from "./items-admin/item-view";
export { ITEM_CATALOGUE, type CatalogueItem } from "./catalogue";
export { ensureItemCatalogue } from "./items-admin/ensure-catalogue";

/**
 * The role-play layer, as route modules reach it (`context.services.character`): the character (class, stats,
 * gold), items and inventory, the rendered avatar and its queue, and the arena; every operation bound to its
 * dependencies, each taking the actor and checking its permission.
 */
export function createCharacterService(deps: CharacterDeps) {
  return {
    abilities: (actor: Actor) => characterAbilities(actor),
    // The rendered avatar (SPEC §2 /account avatar, §4 render queue).
    avatarStatus: (actor: Actor) => avatarStatus(deps, actor),
    requestRender: (actor: Actor) => requestRender(deps, actor),
    chooseAvatar: (actor: Actor, input: unknown) => chooseAvatar(deps, actor, input),
    /** Public: the current rendered avatar of each of these people (a profile, a list of players). */
    renderedAvatars: (userIds: readonly string[]) => renderedAvatars(deps, userIds),
    // The avatars admin tab: the render queue and the items (Admins).
    listRenders: (actor: Actor, input: unknown) => listRenders(deps, actor, input),
    requeueRender: (actor: Actor, input: unknown) => requeueRender(deps, actor, input),
    forceRender: (actor: Actor, input: unknown) => forceRender(deps, actor, input),
    cancelRender: (actor: Actor, input: unknown) => cancelRender(deps, actor, input),
    listAllItems: (actor: Actor) => listAllItems(deps, actor),
    createItem: (actor: Actor, input: unknown) => createItem(deps, actor, input),
    updateItem: (actor: Actor, input: unknown) => updateItem(deps, actor, input),
    uploadItemArt: (actor: Actor, input: { itemId?: unknown; bytes?: unknown }) => uploadItemArt(deps, actor, input),
    retireItem: (actor: Actor, input: unknown) => retireItem(deps, actor, input),
    /** The built-in drawings' keys, for the item form's select. */
    builtInArtKeys: () => Object.keys(ITEM_ART).sort(),
    // Maintenance (jobs, seed, bench): no actor, never reached from a page.
    enqueueRender: (userId: string, opts: { requestedBy?: string | null } = {}) =>
      enqueueRender(deps, { userId, requestedBy: opts.requestedBy ?? null, reusePending: true }),
    renderAvatar: (renderId: string) => renderAvatar(deps, { renderId }),
    ensureItemCatalogue: () => ensureItemCatalogue(deps.db),
  };
}

export type CharacterService = ReturnType<typeof createCharacterService>;

declare module "#server/modules/area" {
  interface AreaServices {
    character: CharacterService;
  }
}

/** The role-play character (SPEC §1, §3, §4, §9): class, gold, inventory, avatar renders, arena. */
export const characterArea = defineArea({
  name: "character",
  deps: (ctx): CharacterDeps => ({
    db: ctx.db,
    settings: ctx.settings,
    storage: ctx.storage,
    events: ctx.events,
    realtime: ctx.realtime,
    rateLimiter: ctx.rateLimiter,
    jobs: ctx.jobs,
    now: ctx.now,
    log: ctx.log.child({ area: "character" }),
  }),
  service: createCharacterService,
  async start(deps) {
    // The default items (after gamification's start wrote its achievements) and their previews, the render
    // queue, the listeners.
    await ensureItemCatalogue(deps.db);
    await ensureCatalogueArt(deps.db, deps.storage);
    await registerRenderJob(deps);
    registerCharacterListeners(deps);
  },
  errors: CHARACTER_ERRORS,
  policy: { actions: CHARACTER_ACTIONS, can: canCharacter, cases: CHARACTER_CASES },
});
