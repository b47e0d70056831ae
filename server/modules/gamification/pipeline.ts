import type { XP_REASONS, XP_SOURCE_KINDS } from "#server/db/schema";
import type { GamificationSettings, Tx } from "./deps";

export type XpReason = (typeof XP_REASONS)[number];
export type XpSourceKind = (typeof XP_SOURCE_KINDS)[number];

/** An award on its way to the ledger. Modifiers change `amount`; who, why and for what stay as they are. */
export type Award = {
  userId: string;
  reason: XpReason;
  amount: number;
  sourceKind: XpSourceKind;
  sourceId: string;
  counterpartId: string | null;
  at: Date;
};

/** What a modifier may look at: the transaction (to read, e.g. the person's class), settings, the source. */
export type AwardContext = {
  tx: Tx;
  settings: GamificationSettings;
  /** Facts about the source: the thread and its author for a reply, the post for a like. */
  source: { threadId?: string; threadAuthorId?: string | null; postId?: string };
};

/**
 * A step of the award pipeline (e.g. the character area's class perks: the trader's +3% XP). Modifiers run in
 * the order they were registered, before the daily caps; the result is rounded to a whole number, never below
 * zero. They apply to earned XP (threads, replies, likes, achievement rewards), never to an admin's adjustment
 * or to XP restored when content is shown again. Register one with `services.gamification.registerModifier`.
 */
export type AwardModifier = (award: Readonly<Award>, context: AwardContext) => Award | Promise<Award>;

export type ModifierStep = { modifier: string; from: number; to: number };

/** Runs the modifiers; answers the final whole amount and the steps that changed it (stored in `details`). */
export async function applyModifiers(
  award: Award,
  context: AwardContext,
  modifiers: readonly AwardModifier[],
): Promise<{ amount: number; steps: ModifierStep[] }> {
  let amount = award.amount;
  const steps: ModifierStep[] = [];
  for (const modifier of modifiers) {
    const next = await modifier({ ...award, amount }, context);
    if (next.amount !== amount) steps.push({ modifier: modifier.name || "modifier", from: amount, to: next.amount });
    amount = next.amount;
  }
  return { amount: Math.max(0, Math.round(Number.isFinite(amount) ? amount : 0)), steps };
}
