import { and, eq, isNull } from "drizzle-orm";
import { goldLedger, items, userItems } from "#server/db/schema";
import type { CharacterDeps } from "./deps";
import { moveGold } from "./gold";

/** The UTC day of a moment, `YYYY-MM-DD`: daily activity pays once per such day. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Gold earned from what gamification and the forum announce (SPEC §1), each in its own transaction after their
 * commit, each cause paid once (the gold ledger's unique cause: handling an event twice pays once):
 * - a level-up pays `goldPerLevel` for every level gained (cause: the level reached);
 * - an achievement pays `goldPerAchievement` (cause: the achievement) and gives the items it grants;
 * - a thread or a reply pays `goldDailyActivity` once per UTC day (cause: the day).
 * The mage's +5% is applied by `moveGold`. Returns a function that unsubscribes.
 */
export function registerGoldListeners(deps: CharacterDeps): () => void {
  const { events, db } = deps;
  const settings = () => deps.settings.get("character_settings");

  const levelUp = async (e: { userId: string; from: number; to: number }) => {
    const gained = e.to - e.from;
    if (gained <= 0) return;
    const { goldPerLevel } = await settings();
    if (goldPerLevel <= 0) return;
    await db.transaction((tx) =>
      moveGold(tx, {
        userId: e.userId,
        reason: "level_up",
        amount: goldPerLevel * gained,
        sourceId: String(e.to),
        details: { from: e.from, to: e.to },
      }),
    );
  };

  const achievement = async (e: { userId: string; achievementId: string }) => {
    const { goldPerAchievement } = await settings();
    await db.transaction(async (tx) => {
      if (goldPerAchievement > 0) {
        await moveGold(tx, { userId: e.userId, reason: "achievement", amount: goldPerAchievement, sourceId: e.achievementId });
      }
      const granted = await tx
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.achievementId, e.achievementId), isNull(items.retiredAt)));
      if (granted.length) {
        await tx
          .insert(userItems)
          .values(granted.map((i) => ({ userId: e.userId, itemId: i.id, source: "achievement" as const, sourceId: e.achievementId })))
          .onConflictDoNothing();
      }
    });
  };

  const activity = async (e: { authorId: string; at: Date }) => {
    const { goldDailyActivity } = await settings();
    if (goldDailyActivity <= 0) return;
    const day = utcDay(e.at);
    // Most posts come after the day's reward was paid: one indexed read spares them the locking transaction
    // (the ledger's unique cause still decides when two race).
    const [paid] = await db
      .select({ id: goldLedger.id })
      .from(goldLedger)
      .where(and(eq(goldLedger.userId, e.authorId), eq(goldLedger.reason, "daily_activity"), eq(goldLedger.sourceId, day)))
      .limit(1);
    if (paid) return;
    await db.transaction((tx) => moveGold(tx, { userId: e.authorId, reason: "daily_activity", amount: goldDailyActivity, sourceId: day }));
  };

  const offs = [
    events.subscribe("level.up", levelUp),
    events.subscribe("achievement.unlocked", achievement),
    events.subscribe("thread.created", activity),
    events.subscribe("post.created", activity),
  ];
  return () => offs.forEach((off) => off());
}
