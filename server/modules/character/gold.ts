import { eq, sql } from "drizzle-orm";
import { characters, goldLedger } from "#server/db/schema";
import { CLASS_PERKS, type CharacterClass, type GoldReason } from "#shared/character";
import { DomainError } from "#server/modules/errors";
import type { Tx } from "./deps";

/** Gold that is earned (and so grows by the mage's +5%); spending, losses and an admin's adjustment do not. */
const EARNED: ReadonlySet<GoldReason> = new Set(["level_up", "achievement", "arena_win", "daily_activity"]);

/** One step that changed an amount, stored in the ledger row's `details` ("+5% mage"). */
export type GoldStep = { perk: CharacterClass; percent: number; from: number; to: number };

export type GoldMove = {
  userId: string;
  reason: GoldReason;
  /** Positive to earn, negative to spend or lose. */
  amount: number;
  /** The cause: a level, an achievement id, a match id, a day, an item id, … Each cause pays once. */
  sourceId: string;
  counterpartId?: string | null;
  note?: string | null;
  details?: Record<string, unknown>;
  /**
   * A loss that takes what there is when the balance is short (an arena loss: never below zero), instead of
   * refusing with 'Not enough gold!' (a purchase).
   */
  clampAtZero?: boolean;
};

export type GoldMoved = { id: number; amount: number; balance: number; steps: GoldStep[] };

/** The character row, locked for this transaction; made (with no class) when the person has none yet. */
export async function lockCharacter(tx: Tx, userId: string) {
  await tx.insert(characters).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(characters).where(eq(characters.userId, userId)).for("update");
  return row!;
}

/** The mage's perk on earned gold (SPEC §9): +5%, rounded to whole coins. */
export function goldAfterPerks(
  characterClass: CharacterClass | null,
  reason: GoldReason,
  amount: number,
): { amount: number; steps: GoldStep[] } {
  if (amount <= 0 || !EARNED.has(reason) || characterClass !== "mage") return { amount, steps: [] };
  const percent = CLASS_PERKS.mage.percent;
  const to = Math.round((amount * (100 + percent)) / 100);
  return to === amount ? { amount, steps: [] } : { amount: to, steps: [{ perk: "mage", percent, from: amount, to }] };
}

/**
 * Moves gold inside the caller's transaction: locks the character row (so concurrent moves of one person queue
 * up), applies the perks, refuses to go below zero ('Not enough gold!') unless told to clamp, writes the ledger
 * row and the new balance. A cause already paid answers null and changes nothing (an event handled twice).
 */
export async function moveGold(tx: Tx, move: GoldMove): Promise<GoldMoved | null> {
  const character = await lockCharacter(tx, move.userId);
  const { amount: afterPerks, steps } = goldAfterPerks(character.characterClass, move.reason, move.amount);
  let amount = afterPerks;
  if (character.gold + amount < 0) {
    if (!move.clampAtZero) throw new DomainError("character.not_enough_gold");
    amount = -character.gold;
  }
  const balance = character.gold + amount;
  const [row] = await tx
    .insert(goldLedger)
    .values({
      userId: move.userId,
      reason: move.reason,
      amount,
      sourceId: move.sourceId,
      balanceAfter: balance,
      counterpartId: move.counterpartId ?? null,
      note: move.note ?? null,
      details: { ...move.details, base: move.amount, ...(steps.length ? { steps } : {}) },
    })
    .onConflictDoNothing()
    .returning({ id: goldLedger.id });
  if (!row) return null;
  if (amount !== 0) {
    await tx
      .update(characters)
      .set({ gold: sql`${characters.gold} + ${amount}`, updatedAt: sql`now()` })
      .where(eq(characters.userId, move.userId));
  }
  return { id: row.id, amount, balance, steps };
}
