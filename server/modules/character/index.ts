import type { Actor } from "#server/modules/accounts/actor";
import { defineArea } from "#server/modules/area";
import { arenaLeaderboard } from "./arena/arena-leaderboard";
import { arenaRecord } from "./arena/arena-record";
import { getMatch } from "./arena/get-match";
import { startMatchmakingTimer } from "./arena/jobs";
import { joinQueue } from "./arena/join-queue";
import { leaveQueue } from "./arena/leave-queue";
import { listMatches } from "./arena/list-matches";
import { matchmake } from "./arena/matchmake";
import { queueStatus } from "./arena/queue-status";
import { buyItem } from "./buy-item";
import { changeClass } from "./change-class";
import { chooseClass } from "./choose-class";
import type { CharacterDeps } from "./deps";
import { equipItem } from "./equip-item";
import { CHARACTER_ERRORS } from "./errors";
import { characterExportSection } from "./export-section";
import { getCharacter } from "./get-character";
import { goldHistory } from "./gold-history";
import { registerGoldListeners } from "./gold-listeners";
import { listInventory } from "./list-inventory";
import { reviewStatPoints } from "./review-stat-points";
import { spendStatPoints } from "./spend-stat-points";
import { traderPerk } from "./trader-perk";
import { unequipItem } from "./unequip-item";
import { CHARACTER_ACTIONS, CHARACTER_CASES, can as canCharacter, characterAbilities } from "./policy";
import { publicCharacter } from "./public-character";
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
export type { CharacterSheet } from "./get-character";
export type { GoldHistory, GoldHistoryRow, GoldSource } from "./gold-history";
export type { Inventory, OwnedItem, AvailableItem } from "./list-inventory";
export type { ItemView, StatBlock } from "./item-view";
export type { GoldStep } from "./gold";
export { CHARACTER_ACTIONS, can as canCharacter, type CharacterAction } from "./policy";
export type { ArenaLeaderboard, ArenaLeaderboardEntry } from "./arena/arena-leaderboard";
export type { ArenaRecord, ArenaStanding } from "./arena/arena-record";
export type { MatchPlayerView, MatchView } from "./arena/get-match";
export type { MatchList, MatchListItem } from "./arena/list-matches";
export type { QueueEntryView, QueueStatus } from "./arena/queue-status";
export type { CombatProfile, FighterSnapshot, Turn } from "./arena/resolve-match";
export type { MatchOutcome, PlayerOutcome, RatingChange } from "./arena/settle-match";
export { ARENA_MATCHES_PAGE_SIZE } from "./arena/input";
export type { PublicCharacter, PublicEquippedItem } from "./public-character";
export type { AvatarStatus } from "./avatar/avatar-status";
export type { RenderQueue, RenderQueueRow } from "./avatar/list-renders";
export type { RenderView } from "./avatar/renders";
export type { RenderedAvatar } from "./avatar/rendered-avatars";
export type { ItemView as AdminItemView } from "./items-admin/item-view";
export { ITEM_CATALOGUE, type CatalogueItem } from "./catalogue";
export { ensureItemCatalogue } from "./items-admin/ensure-catalogue";

/**
 * The role-play layer, as route modules reach it (`context.services.character`): the character (class, stats,
 * gold), items and inventory, the rendered avatar and its queue, and the arena; every operation bound to its
 * dependencies, each taking the actor and checking its permission.
 */
export function createCharacterService(deps: CharacterDeps) {
  let stopMatchmaking: (() => Promise<void>) | null = null;
  return {
    abilities: (actor: Actor) => characterAbilities(actor),
    /** A member's character as their public profile shows it (null before they pick a class). */
    publicCharacter: (actor: Actor, input: { userId: string }) => publicCharacter(deps, actor, input),
    // The arena: the queue (a member's), matches, records and leaderboards (everyone's).
    joinArenaQueue: (actor: Actor) => joinQueue(deps, actor),
    leaveArenaQueue: (actor: Actor) => leaveQueue(deps, actor),
    arenaQueueStatus: (actor: Actor) => queueStatus(deps, actor),
    getArenaMatch: (actor: Actor, input: unknown) => getMatch(deps, actor, input),
    listArenaMatches: (actor: Actor, input: unknown) => listMatches(deps, actor, input),
    arenaRecord: (actor: Actor, input: unknown) => arenaRecord(deps, actor, input),
    arenaLeaderboard: (actor: Actor, input: unknown) => arenaLeaderboard(deps, actor, input),
    /** One matchmaking run (the timer's, tests', the seed's): no actor, never reached from a page. */
    matchmakeArena: () => matchmake(deps),
    /** Starts the recurring matchmaking run (with a job worker only); `stopArena` ends it. */
    startArena: () => {
      stopMatchmaking ??= startMatchmakingTimer(deps);
    },
    stopArena: async () => {
      await stopMatchmaking?.();
      stopMatchmaking = null;
    },
    // The character sheet, class and stat points (/account/character).
    getCharacter: (actor: Actor, input: unknown) => getCharacter(deps, actor, input),
    chooseClass: (actor: Actor, input: unknown) => chooseClass(deps, actor, input),
    changeClass: (actor: Actor, input: unknown) => changeClass(deps, actor, input),
    /** The confirmation step: what a spend would do, checked, without doing it. */
    reviewStatPoints: (actor: Actor, input: unknown) => reviewStatPoints(deps, actor, input),
    spendStatPoints: (actor: Actor, input: unknown) => spendStatPoints(deps, actor, input),
    goldHistory: (actor: Actor, input: unknown) => goldHistory(deps, actor, input),
    // Items (/account/inventory): worn, owned and on sale; bought with gold, put on and taken off.
    listInventory: (actor: Actor, input: unknown) => listInventory(deps, actor, input),
    buyItem: (actor: Actor, input: unknown) => buyItem(deps, actor, input),
    equipItem: (actor: Actor, input: unknown) => equipItem(deps, actor, input),
    unequipItem: (actor: Actor, input: unknown) => unequipItem(deps, actor, input),
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
  start: async (deps, character, ctx) => {
    // The default items (after gamification's start wrote its achievements) and their previews.
    await ensureItemCatalogue(deps.db);
    await ensureCatalogueArt(deps.db, deps.storage);
    // Gold from level-ups, achievements (and their items) and daily activity.
    registerGoldListeners(deps);
    // The trader's +3% XP, a step of gamification's award pipeline.
    ctx.services.gamification.registerModifier(traderPerk);
    // The render queue and its listener (a changed loadout queues a render), then the arena's matchmaking.
    await registerRenderJob(deps);
    registerCharacterListeners(deps);
    character.startArena();
  },
  stop: (character) => character.stopArena(),
  errors: CHARACTER_ERRORS,
  exportSection: characterExportSection,
  policy: { actions: CHARACTER_ACTIONS, can: canCharacter, cases: CHARACTER_CASES },
  sitemap: async () => ["/arena/leaderboard"],
});
