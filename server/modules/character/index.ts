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
import type { CharacterDeps } from "./deps";
import { CHARACTER_ERRORS } from "./errors";
import { CHARACTER_ACTIONS, CHARACTER_CASES, can as canCharacter, characterAbilities } from "./policy";
import { publicCharacter } from "./public-character";

export type { CharacterDeps } from "./deps";
export type { CharacterAbilities } from "./policy";
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
  start: async (_deps, character) => {
    character.startArena();
  },
  stop: (character) => character.stopArena(),
  errors: CHARACTER_ERRORS,
  policy: { actions: CHARACTER_ACTIONS, can: canCharacter, cases: CHARACTER_CASES },
  sitemap: async () => ["/arena/leaderboard"],
});
