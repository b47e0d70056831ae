import type { Actor } from "#server/modules/accounts/actor";
import { defineArea } from "#server/modules/area";
import type { CharacterDeps } from "./deps";
import { CHARACTER_ERRORS } from "./errors";
import { CHARACTER_ACTIONS, CHARACTER_CASES, can as canCharacter, characterAbilities } from "./policy";

export type { CharacterDeps } from "./deps";
export type { CharacterAbilities } from "./policy";
export { CHARACTER_ACTIONS, can as canCharacter, type CharacterAction } from "./policy";

/**
 * The role-play layer, as route modules reach it (`context.services.character`): the character (class, stats,
 * gold), items and inventory, the rendered avatar and its queue, and the arena; every operation bound to its
 * dependencies, each taking the actor and checking its permission.
 */
export function createCharacterService(deps: CharacterDeps) {
  return {
    abilities: (actor: Actor) => characterAbilities(actor),
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
  errors: CHARACTER_ERRORS,
  policy: { actions: CHARACTER_ACTIONS, can: canCharacter, cases: CHARACTER_CASES },
});
