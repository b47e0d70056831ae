import { count, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { achievements, goldLedger, items } from "#server/db/schema";
import type { CharacterClass, GoldReason } from "#shared/character";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type CharacterDeps } from "./deps";
import type { GoldStep } from "./gold";
import { assertCan } from "./policy";

/** Rows per page of the gold history. */
export const GOLD_HISTORY_PAGE_SIZE = 20;

const input = z.object({
  userId: z.string().min(1).max(64),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

/** What a gold row was for, resolved for the page (names in both languages; the page picks). */
export type GoldSource =
  | { kind: "level"; level: number }
  | { kind: "achievement"; key: string; nameKey: string; names: { en: string | null; es: string | null } | null }
  | { kind: "item"; name: { en: string; es: string } | null }
  | { kind: "day"; day: string }
  | { kind: "match"; matchId: string }
  | { kind: "class"; from: CharacterClass | null; to: CharacterClass | null }
  | { kind: "none" };

export type GoldHistoryRow = {
  id: number;
  createdAt: string;
  reason: GoldReason;
  amount: number;
  balanceAfter: number;
  /** The amount before the perks, when they changed it, and each perk's step ("+5% mage"). */
  base: number | null;
  steps: GoldStep[];
  source: GoldSource;
  /** An admin's reason for an adjustment. */
  note: string | null;
};

export type GoldHistory = { rows: GoldHistoryRow[]; page: number; pageCount: number; total: number };

const isStep = (s: unknown): s is GoldStep =>
  !!s && typeof s === "object" && typeof (s as GoldStep).perk === "string" && typeof (s as GoldStep).percent === "number";

/**
 * One person's gold ledger, newest first, every row explained (SPEC: every coin has a recorded cause): why,
 * what for (the level, the achievement, the item, the day, the match, the class change), and how the amount
 * came about (the base and the mage's "+5%"). Their own, or anyone's for the team.
 */
export async function goldHistory(deps: CharacterDeps, actor: Actor, raw: unknown): Promise<GoldHistory> {
  const { userId, page } = parseInput(input, raw);
  assertCan(actor, "character.view", { userId });
  const db = deps.db;
  const [{ total }] = await db.select({ total: count() }).from(goldLedger).where(eq(goldLedger.userId, userId));
  const pageCount = Math.max(1, Math.ceil(total / GOLD_HISTORY_PAGE_SIZE));
  const rows = await db
    .select()
    .from(goldLedger)
    .where(eq(goldLedger.userId, userId))
    .orderBy(desc(goldLedger.id))
    .limit(GOLD_HISTORY_PAGE_SIZE)
    .offset((page - 1) * GOLD_HISTORY_PAGE_SIZE);
  const ids = (reason: GoldReason) => [...new Set(rows.filter((r) => r.reason === reason).map((r) => r.sourceId))];
  const [achievementIds, itemIds] = [ids("achievement"), ids("item_purchase")];
  const [achievementRows, itemRows] = await Promise.all([
    achievementIds.length
      ? db
          .select({
            id: achievements.id,
            key: achievements.key,
            nameKey: achievements.nameKey,
            nameEn: achievements.nameEn,
            nameEs: achievements.nameEs,
          })
          .from(achievements)
          .where(inArray(achievements.id, achievementIds))
      : [],
    itemIds.length
      ? db.select({ id: items.id, nameEn: items.nameEn, nameEs: items.nameEs }).from(items).where(inArray(items.id, itemIds))
      : [],
  ]);
  const achievementById = new Map(achievementRows.map((a) => [a.id, a]));
  const itemById = new Map(itemRows.map((i) => [i.id, i]));
  const sourceOf = (row: (typeof rows)[number]): GoldSource => {
    const details = row.details ?? {};
    switch (row.reason) {
      case "level_up":
        return { kind: "level", level: Number(row.sourceId) || 0 };
      case "achievement": {
        const a = achievementById.get(row.sourceId);
        return a
          ? { kind: "achievement", key: a.key, nameKey: a.nameKey, names: a.nameEn || a.nameEs ? { en: a.nameEn, es: a.nameEs } : null }
          : { kind: "none" };
      }
      case "item_purchase": {
        const i = itemById.get(row.sourceId);
        return { kind: "item", name: i ? { en: i.nameEn, es: i.nameEs } : null };
      }
      case "daily_activity":
        return { kind: "day", day: row.sourceId };
      case "arena_win":
      case "arena_loss":
        return { kind: "match", matchId: row.sourceId };
      case "class_change":
        return {
          kind: "class",
          from: (details.from as CharacterClass | undefined) ?? null,
          to: (details.to as CharacterClass | undefined) ?? null,
        };
      default:
        return { kind: "none" };
    }
  };
  return {
    rows: rows.map((row) => {
      const steps = Array.isArray(row.details?.steps) ? row.details.steps.filter(isStep) : [];
      return {
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        reason: row.reason,
        amount: row.amount,
        balanceAfter: row.balanceAfter,
        base: steps.length && typeof row.details?.base === "number" ? row.details.base : null,
        steps,
        source: sourceOf(row),
        note: row.reason === "adjustment" ? row.note : null,
      };
    }),
    page,
    pageCount,
    total,
  };
}
