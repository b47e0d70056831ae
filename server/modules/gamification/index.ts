import { and, eq, gte, sql } from "drizzle-orm";
import { userStats } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { defineArea } from "#server/modules/area";
import { GAMIFICATION_ERRORS } from "./errors";
import { GAMIFICATION_ACTIONS, can as canGamification, GAMIFICATION_CASES } from "./policy";
import { adjustXp } from "./adjust-xp";
import { createAchievement } from "./create-achievement";
import { ensureGamificationDefaults } from "./defaults";
import { deleteAchievement } from "./delete-achievement";
import { deleteLevel } from "./delete-level";
import type { GamificationDeps, Tx } from "./deps";
import { registerGamificationJobs, requestSettle } from "./jobs";
import { leaderboard } from "./leaderboard";
import { listAchievements } from "./list-achievements";
import { listLedger } from "./list-ledger";
import { listLevels } from "./list-levels";
import { registerGamificationListeners } from "./listeners";
import { personSummary } from "./person-summary";
import type { AwardModifier } from "./pipeline";
import { gamificationAbilities } from "./policy";
import { ranking } from "./ranking";
import { rankingTab } from "./ranking-tab";
import { readGamificationSettings } from "./read-settings";
import { recentAchievements } from "./recent-achievements";
import { reconcile } from "./reconcile";
import { replayForum } from "./replay";
import { settleAll } from "./settle-all";
import { earnedFor, levelsOf, standingOf, type Standing } from "./standing";
import { topByXp } from "./top-by-xp";
import { achievementUnlockCounts } from "./unlock-counts";
import { updateAchievement } from "./update-achievement";
import { updateGamificationSettings } from "./update-settings";
import { upsertLevel } from "./upsert-level";
import { xpRules } from "./xp-rules";

export type { GamificationDeps, GamificationSettings } from "./deps";
export { LEADERBOARD_PAGE_SIZE, LEADERBOARD_SIZE } from "./deps";
export type { Award, AwardContext, AwardModifier, XpReason, XpSourceKind } from "./pipeline";
export type { AchievementView, AchievementRarity, AchievementType } from "./views";
export type { PersonSummary, AchievementProgress } from "./person-summary";
export type { Leaderboard, LeaderboardEntry, LeaderboardInput } from "./leaderboard";
export type { TopMember } from "./top-by-xp";
export type { RecentAchievement } from "./recent-achievements";
export type { LevelView } from "./list-levels";
export type { LedgerEntry } from "./list-ledger";
export type { RankingTab, RankingTabMember } from "./ranking-tab";
export type { ReconcileReport } from "./reconcile";
export type { UpdateGamificationSettingsInput } from "./update-settings";
export type { UpsertLevelInput } from "./upsert-level";
export type { CreateAchievementInput } from "./create-achievement";
export type { UpdateAchievementInput } from "./update-achievement";
export type { AdjustXpInput } from "./adjust-xp";
export type { Earned, Standing } from "./standing";
export { ensureGamificationDefaults, DEFAULT_ACHIEVEMENTS, DEFAULT_LEVELS, xpForLevel } from "./defaults";
export { replayForum } from "./replay";

/**
 * Takes `n` unspent stat points from a person inside the caller's transaction (the character area spends them
 * on stats), by one conditional update, so two spends at once can never take more than there is. Answers the
 * points left, or null (and takes nothing) when there are fewer than `n`.
 */
export async function takeStatPoints(tx: Tx, userId: string, n: number): Promise<number | null> {
  if (!Number.isInteger(n) || n <= 0) return null;
  const [row] = await tx
    .update(userStats)
    .set({ statPoints: sql`${userStats.statPoints} - ${n}`, updatedAt: sql`now()` })
    .where(and(eq(userStats.userId, userId), gte(userStats.statPoints, n)))
    .returning({ left: userStats.statPoints });
  return row ? row.left : null;
}

/**
 * The gamification area's public entry (`services.gamification`, decision 0017). Creating it
 * subscribes the XP listeners to the forum's events on `deps.events`; `start()` writes the default levels and
 * achievements on a new database and registers the jobs; `stop()` unsubscribes. Reads are public unless noted;
 * admin operations take the actor and check it themselves.
 */
export function createGamificationService(input: Omit<GamificationDeps, "modifiers"> & { modifiers?: AwardModifier[] }) {
  const deps: GamificationDeps = { ...input, modifiers: input.modifiers ?? [] };
  const stop = registerGamificationListeners(deps);
  return {
    async start(opts: { pollingIntervalSeconds?: number } = {}) {
      await ensureGamificationDefaults(deps.db);
      await registerGamificationJobs(deps, opts);
    },
    stop,
    /**
     * Adds a step to the award pipeline (the character area's class perks); answers a function that removes
     * it. See `AwardModifier`.
     */
    registerModifier(modifier: AwardModifier): () => void {
      deps.modifiers.push(modifier);
      return () => {
        const i = deps.modifiers.indexOf(modifier);
        if (i >= 0) deps.modifiers.splice(i, 1);
      };
    },
    abilities: (actor: Actor) => gamificationAbilities(actor),
    // Reads for the side panel, the leaderboard, /account and /u/{username}.
    topByXp: (limit?: number) => topByXp(deps, limit),
    recentAchievements: (limit?: number) => recentAchievements(deps, limit),
    personSummary: (input: unknown) => personSummary(deps, input),
    leaderboard: (viewer: Actor, input: unknown) => leaderboard(deps, viewer, input),
    listLevels: () => listLevels(deps),
    listAchievements: () => listAchievements(deps),
    xpRules: () => xpRules(deps),
    /** The level of each of these members (a thread page's authors), in one read. */
    levelsOf: (userIds: readonly string[]) => levelsOf(deps, userIds),
    /** One's highest level before an act, to tell afterwards whether the act reached a new one (`earnedFor`). */
    standing: (actor: NonNullable<Actor>) => standingOf(deps, actor),
    /** What one's new reply or thread earned: its XP and a new level, if reached (read after the act). */
    earnedFor: (actor: NonNullable<Actor>, source: Parameters<typeof earnedFor>[2], before: Standing) =>
      earnedFor(deps, actor, source, before),
    listLedger: (actor: Actor, input: unknown) => listLedger(deps, actor, input),
    // The admin tabs: settings, levels, achievements (Admins); ranking (Admins and Moderators).
    readSettings: (actor: Actor) => readGamificationSettings(deps, actor),
    updateSettings: (actor: Actor, input: unknown) => updateGamificationSettings(deps, actor, input),
    upsertLevel: (actor: Actor, input: unknown) => upsertLevel(deps, actor, input),
    deleteLevel: (actor: Actor, input: unknown) => deleteLevel(deps, actor, input),
    createAchievement: (actor: Actor, input: unknown) => createAchievement(deps, actor, input),
    updateAchievement: (actor: Actor, input: unknown) => updateAchievement(deps, actor, input),
    deleteAchievement: (actor: Actor, input: unknown) => deleteAchievement(deps, actor, input),
    unlockCounts: (actor: Actor) => achievementUnlockCounts(deps, actor),
    ranking: (actor: Actor, input: unknown) => ranking(deps, actor, input),
    /** The ranking tab in one read: leaderboard, members found, one member's history (Admins and Moderators). */
    rankingTab: (actor: Actor, input: unknown) => rankingTab(deps, actor, input),
    adjustXp: (actor: Actor, input: unknown) => adjustXp(deps, actor, input),
    // Maintenance (jobs, CLI, seed): no actor, never reached from a page.
    reconcile: (opts?: { replaySince?: Date | null }) => reconcile(deps, opts),
    settleAll: () => settleAll(deps),
    requestSettle: () => requestSettle(deps),
    replayForum: (opts?: { since?: Date; historic?: boolean }) => replayForum(deps, opts),
  };
}

export type GamificationService = ReturnType<typeof createGamificationService>;

declare module "#server/modules/area" {
  interface AreaServices {
    gamification: GamificationService;
  }
}

/** Gamification: the XP ledger, levels, achievements and leaderboards, fed by the forum's events. */
export const gamificationArea = defineArea({
  name: "gamification",
  service: (_deps, ctx) =>
    createGamificationService({
      db: ctx.db,
      settings: ctx.settings,
      events: ctx.events,
      jobs: ctx.jobs,
      now: ctx.now,
      log: ctx.log.child({ area: "gamification" }),
    }),
  // PGlite serialises every query: its job queue is polled less often (as in platform/jobs.ts).
  start: (_deps, gamification, ctx) => gamification.start({ pollingIntervalSeconds: ctx.database.kind === "pglite" ? 30 : 5 }),
  errors: GAMIFICATION_ERRORS,
  policy: { actions: GAMIFICATION_ACTIONS, can: canGamification, cases: GAMIFICATION_CASES },
  // The leaderboard is there whatever the forum's switch says.
  sitemap: async () => ["/leaderboard"],
});
