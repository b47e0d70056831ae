import { and, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { achievements, levels, userAchievements, users, userStats, xpLedger, xpPeriodTotals } from "#server/db/schema";
import { PendingEvents } from "#server/platform/events";
import type { GamificationDeps, GamificationSettings, Tx } from "./deps";
import { monthStart, utcDay, weekStart } from "./periods";
import { applyModifiers, type AwardContext, type AwardModifier, type ModifierStep, type XpReason, type XpSourceKind } from "./pipeline";

export type StatsRow = typeof userStats.$inferSelect;
export type LedgerRow = typeof xpLedger.$inferSelect;
type AchievementRow = typeof achievements.$inferSelect;

/** One source's XP for one person: who gets it, why, for what, and the other person (the liker) if any. */
export type AwardKey = { userId: string; reason: XpReason; sourceId: string; counterpartId: string | null };
/** The latest award of a key and whether a later row reversed it. */
export type AwardState = LedgerRow & { reversed: boolean };
/**
 * Why XP was taken back, kept in a reversal's `details.cause` so the person's XP history can say it in words:
 * the source was hidden or deleted, or the like was removed (also when the liker's account went away).
 */
export type ReversalCause = "hidden" | "deleted" | "like_removed";

const SOURCE_KIND: Record<XpReason, XpSourceKind> = {
  thread_create: "thread",
  post_create: "post",
  like_received: "like",
  achievement: "achievement",
  adjustment: "admin",
};
const COUNTER: Partial<Record<XpReason, "threads" | "replies" | "likesReceived">> = {
  thread_create: "threads",
  post_create: "replies",
  like_received: "likesReceived",
};
const CAPPED_REASONS = ["thread_create", "post_create", "like_received"] as const;
type CappedReason = (typeof CAPPED_REASONS)[number];
const isCapped = (r: XpReason): r is CappedReason => (CAPPED_REASONS as readonly string[]).includes(r);

/** The value an achievement's condition looks at. */
export function achievementValue(
  type: AchievementRow["type"],
  s: Pick<StatsRow, "threads" | "replies" | "likesGiven" | "likesReceived" | "level">,
): number {
  switch (type) {
    case "threads":
      return s.threads;
    case "posts":
      return s.replies;
    case "likes_given":
      return s.likesGiven;
    case "likes_received":
      return s.likesReceived;
    case "level":
      return s.level;
  }
}

/**
 * The XP engine inside one transaction (decision 0017). It locks the stats rows of everyone whose numbers
 * may move — creating missing rows first (INSERT … ON CONFLICT DO NOTHING), then SELECT … FOR UPDATE in id
 * order, so concurrent sessions on one person wait for each other and two sessions never deadlock. Then it
 * writes ledger rows (awards, reversals, restores), and `finish` settles each person touched: counters, XP,
 * level (follows XP both ways), stat points for each level above the highest ever reached, achievements
 * (unlocked once by the primary key, their reward XP written to the ledger), the week and month totals.
 * The events it collects (level.up, achievement.unlocked) are published by `runSession` after the commit.
 */
export class XpSession {
  private readonly stats = new Map<string, StatsRow>();
  private readonly touched = new Set<string>();
  private readonly periodDelta = new Map<string, { period: "week" | "month"; startsOn: string; userId: string; xp: number }>();
  private achievementList: AchievementRow[] | null = null;
  private locked = false;
  readonly events = new PendingEvents();

  constructor(
    readonly tx: Tx,
    readonly settings: GamificationSettings,
    private readonly modifiers: readonly AwardModifier[],
    /** When this session acts: the time of reversals, restores, unlocks and level-ups. */
    readonly now: Date,
  ) {}

  /**
   * Locks (and creates) the stats rows of these people; call it once, with everyone the session may touch.
   * People without an account (deleted) are left out: their awards are skipped.
   */
  async lock(userIds: Iterable<string | null | undefined>): Promise<void> {
    if (this.locked) throw new Error("XpSession.lock is called once per session (lock order)");
    this.locked = true;
    const ids = [...new Set([...userIds].filter((id): id is string => !!id))].sort();
    if (!ids.length) return;
    await this.tx.execute(
      sql`insert into ${userStats} (user_id) select ${users.id} from ${users} where ${inArray(users.id, ids)} order by ${users.id} on conflict do nothing`,
    );
    const rows = await this.tx.select().from(userStats).where(inArray(userStats.userId, ids)).orderBy(userStats.userId).for("update");
    for (const r of rows) this.stats.set(r.userId, r);
  }

  isLocked(userId: string | null | undefined): userId is string {
    return !!userId && this.stats.has(userId);
  }

  statsOf(userId: string): StatsRow | undefined {
    return this.stats.get(userId);
  }

  /** The latest award of every key of one source for one person, by counterpart ("" when none). */
  async awardStates(userId: string, reason: XpReason, sourceId: string): Promise<Map<string, AwardState>> {
    const rows = await this.tx
      // Written out: drizzle leaves select-list columns unqualified, and "id" would be the subquery's own.
      .select({ row: xpLedger, reversed: sql<boolean>`exists (select 1 from xp_ledger r where r.reverses_id = xp_ledger.id)` })
      .from(xpLedger)
      .where(and(eq(xpLedger.userId, userId), eq(xpLedger.reason, reason), eq(xpLedger.sourceId, sourceId), isNull(xpLedger.reversesId)))
      .orderBy(xpLedger.awardNo);
    const states = new Map<string, AwardState>();
    for (const { row, reversed } of rows) states.set(row.counterpartId ?? "", { ...row, reversed });
    return states;
  }

  /**
   * Makes the ledger agree with what should be: an active award when `desired`, none otherwise. A missing
   * award is written anew (through the pipeline and the caps, dated `at`), or, when an earlier one was
   * reversed, restored with the same amount (content shown again); an unwanted active award is reversed,
   * noting `cause` (why the source no longer earns XP) on the reversal.
   */
  async converge(
    key: AwardKey,
    desired: boolean,
    at: Date,
    source: AwardContext["source"],
    state?: AwardState | null,
    cause?: ReversalCause,
  ): Promise<void> {
    if (!this.isLocked(key.userId)) return;
    const current =
      state === undefined ? (await this.awardStates(key.userId, key.reason, key.sourceId)).get(key.counterpartId ?? "") : state;
    const active = current && !current.reversed ? current : null;
    if (desired && !active) {
      if (current) await this.restore(current);
      else await this.award(key, at, source);
    } else if (!desired && active) {
      await this.reverse(active, cause);
    }
  }

  /** A new award: the base reward, the modifiers, then the daily caps; a capped award is kept with 0 XP. */
  async award(key: AwardKey, at: Date, source: AwardContext["source"], baseAmount?: number): Promise<LedgerRow | null> {
    if (!this.isLocked(key.userId)) return null;
    const base = baseAmount ?? (isCapped(key.reason) ? this.settings.rewards[key.reason] : 0);
    const award = { ...key, sourceKind: SOURCE_KIND[key.reason], amount: base, at };
    const modified =
      key.reason === "adjustment"
        ? { amount: base, steps: [] as ModifierStep[] }
        : await applyModifiers(award, { tx: this.tx, settings: this.settings, source }, this.modifiers);
    let amount = modified.amount;
    let capped: string | null = null;
    if (isCapped(key.reason) && amount > 0) {
      const day = utcDay(at);
      const cap = this.settings.dailyCaps[key.reason];
      if (cap !== null) {
        const room = Math.max(0, cap - (await this.earnedOn(key.userId, key.reason, day)));
        if (room < amount) [amount, capped] = [room, "daily"];
      }
      const pairCap = this.settings.pairDailyCap;
      if (key.reason === "like_received" && key.counterpartId && pairCap !== null && amount > 0) {
        const room = Math.max(0, pairCap - (await this.earnedOn(key.userId, key.reason, day, key.counterpartId)));
        if (room < amount) [amount, capped] = [room, "pair"];
      }
    }
    const details: Record<string, unknown> = { base };
    if (modified.steps.length) details.modifiers = modified.steps;
    if (capped) Object.assign(details, { capped, beforeCap: modified.amount });
    return this.write({ ...key, sourceKind: SOURCE_KIND[key.reason], amount, awardNo: 0, createdAt: at, details });
  }

  /** An admin's adjustment (any sign, no pipeline, no caps), with the admin's reason. */
  async adjust(userId: string, amount: number, adminId: string, note: string, sourceId: string): Promise<LedgerRow | null> {
    if (!this.isLocked(userId)) return null;
    return this.write({
      userId,
      reason: "adjustment",
      sourceKind: "admin",
      sourceId,
      counterpartId: adminId,
      amount,
      awardNo: 0,
      note,
      createdAt: this.now,
      details: {},
    });
  }

  private async restore(previous: AwardState): Promise<void> {
    await this.write({
      userId: previous.userId,
      reason: previous.reason,
      sourceKind: previous.sourceKind,
      sourceId: previous.sourceId,
      counterpartId: previous.counterpartId,
      amount: previous.amount,
      awardNo: previous.awardNo + 1,
      restoresId: previous.id,
      createdAt: this.now,
      details: { restores: previous.id },
    });
  }

  private async reverse(award: LedgerRow, cause?: ReversalCause): Promise<void> {
    await this.write({
      userId: award.userId,
      reason: award.reason,
      sourceKind: award.sourceKind,
      sourceId: award.sourceId,
      counterpartId: award.counterpartId,
      amount: -award.amount,
      awardNo: award.awardNo,
      reversesId: award.id,
      createdAt: this.now,
      details: cause ? { reverses: award.id, cause } : { reverses: award.id },
    });
  }

  /**
   * XP of a reason a person earned on one UTC day and still holds (awards not reversed; restored XP was
   * earned on its own day and does not count), optionally only what one liker gave.
   */
  private async earnedOn(userId: string, reason: XpReason, day: { start: Date; end: Date }, counterpartId?: string): Promise<number> {
    const [row] = await this.tx
      .select({ n: sql<number>`coalesce(sum(${xpLedger.amount}), 0)::int` })
      .from(xpLedger)
      .where(
        and(
          eq(xpLedger.userId, userId),
          eq(xpLedger.reason, reason),
          sql`${xpLedger.createdAt} >= ${day.start.toISOString()}::timestamptz and ${xpLedger.createdAt} < ${day.end.toISOString()}::timestamptz`,
          isNull(xpLedger.reversesId),
          isNull(xpLedger.restoresId),
          counterpartId ? eq(xpLedger.counterpartId, counterpartId) : undefined,
          sql`not exists (select 1 from xp_ledger r where r.reverses_id = xp_ledger.id)`,
        ),
      );
    return row.n;
  }

  /** Inserts one ledger row and moves the numbers it changes: XP, counters, week and month totals. */
  private async write(row: typeof xpLedger.$inferInsert): Promise<LedgerRow> {
    const [saved] = await this.tx.insert(xpLedger).values(row).returning();
    const s = this.stats.get(saved.userId)!;
    s.xp += saved.amount;
    const step = saved.reversesId ? -1 : 1;
    const counter = COUNTER[saved.reason];
    if (counter) s[counter] += step;
    if (saved.reason === "like_received" && this.isLocked(saved.counterpartId)) {
      this.stats.get(saved.counterpartId)!.likesGiven += step;
      this.touched.add(saved.counterpartId);
    }
    if (saved.amount !== 0) {
      for (const [period, startsOn] of [
        ["week", weekStart(saved.createdAt)],
        ["month", monthStart(saved.createdAt)],
      ] as const) {
        const k = `${period}|${startsOn}|${saved.userId}`;
        const d = this.periodDelta.get(k) ?? { period, startsOn, userId: saved.userId, xp: 0 };
        d.xp += saved.amount;
        this.periodDelta.set(k, d);
      }
    }
    this.touched.add(saved.userId);
    return saved;
  }

  /** Asks `finish` to settle these locked people even when nothing of theirs moved (a level table edit). */
  touch(userId: string): void {
    if (this.isLocked(userId)) this.touched.add(userId);
  }

  /** Overwrites a person's numbers (reconcile, under the lock): the next `finish` settles and saves them. */
  overwrite(userId: string, values: Partial<Pick<StatsRow, "xp" | "threads" | "replies" | "likesGiven" | "likesReceived">>): void {
    const s = this.stats.get(userId);
    if (!s) return;
    Object.assign(s, values);
    this.touched.add(userId);
  }

  private async levelFor(xp: number): Promise<number> {
    const [row] = await this.tx
      .select({ level: levels.level })
      .from(levels)
      .where(lte(levels.xpRequired, xp))
      .orderBy(desc(levels.xpRequired))
      .limit(1);
    return row?.level ?? 1;
  }

  private async allAchievements(): Promise<AchievementRow[]> {
    this.achievementList ??= await this.tx.select().from(achievements);
    return this.achievementList;
  }

  /** Level, stat points and achievements of one person, until nothing more changes (rewards can level up). */
  private async settle(userId: string): Promise<void> {
    const s = this.stats.get(userId)!;
    const perLevel = this.settings.statPointsPerLevel;
    for (let round = 0; round < 50; round++) {
      s.level = await this.levelFor(s.xp);
      if (s.level > s.peakLevel) {
        const points = (s.level - s.peakLevel) * perLevel;
        this.events.add("level.up", { userId, from: s.peakLevel, to: s.level, statPoints: points, at: this.now });
        s.statPoints += points;
        s.peakLevel = s.level;
      }
      const qualified = (await this.allAchievements()).filter((a) => achievementValue(a.type, s) >= a.threshold);
      if (!qualified.length) return;
      const inserted = await this.tx
        .insert(userAchievements)
        .values(qualified.map((a) => ({ userId, achievementId: a.id, createdAt: this.now })))
        .onConflictDoNothing()
        .returning({ achievementId: userAchievements.achievementId });
      if (!inserted.length) return;
      const won = new Set(inserted.map((r) => r.achievementId));
      for (const a of qualified.filter((q) => won.has(q.id))) {
        const key: AwardKey = { userId, reason: "achievement", sourceId: a.id, counterpartId: null };
        const earlier = (await this.awardStates(userId, "achievement", a.id)).get("");
        // An achievement deleted and created again with the same id never pays twice.
        const row = earlier ? null : await this.award(key, this.now, {}, a.rewardXp);
        this.events.add("achievement.unlocked", {
          userId,
          achievementId: a.id,
          key: a.key,
          nameKey: a.nameKey,
          names: { es: a.nameEs, en: a.nameEn },
          rarity: a.rarity,
          rewardXp: row?.amount ?? 0,
          at: this.now,
        });
      }
    }
  }

  /** Settles everyone touched and saves their stats rows and period totals. Returns who was touched. */
  async finish(): Promise<string[]> {
    for (const userId of [...this.touched]) await this.settle(userId);
    // Rewards written while settling touched nobody new (only the person settled).
    for (const userId of this.touched) {
      const s = this.stats.get(userId)!;
      await this.tx
        .update(userStats)
        .set({
          xp: s.xp,
          level: s.level,
          peakLevel: s.peakLevel,
          statPoints: s.statPoints,
          threads: s.threads,
          replies: s.replies,
          likesGiven: s.likesGiven,
          likesReceived: s.likesReceived,
          updatedAt: this.now,
        })
        .where(eq(userStats.userId, userId));
    }
    const totals = [...this.periodDelta.values()].filter((d) => d.xp !== 0);
    if (totals.length) {
      await this.tx
        .insert(xpPeriodTotals)
        .values(totals)
        .onConflictDoUpdate({
          target: [xpPeriodTotals.period, xpPeriodTotals.startsOn, xpPeriodTotals.userId],
          set: { xp: sql`${xpPeriodTotals.xp} + excluded.xp` },
        });
    }
    this.periodDelta.clear();
    return [...this.touched];
  }
}

/**
 * Runs `work` in one transaction with an XpSession, settles, commits, then publishes the session's events
 * (after the commit, decision 0013). `now` dates the session's reversals, unlocks and level-ups.
 */
export async function runSession<T>(
  deps: Pick<GamificationDeps, "db" | "settings" | "events" | "modifiers">,
  now: Date,
  work: (s: XpSession) => Promise<T>,
): Promise<T> {
  const settings = await deps.settings.get("gamification_settings");
  const { result, events } = await deps.db.transaction(async (tx) => {
    const session = new XpSession(tx, settings, deps.modifiers, now);
    const result = await work(session);
    await session.finish();
    return { result, events: session.events.list };
  });
  await deps.events.publishAll(events);
  return result;
}
